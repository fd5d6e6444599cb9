import Catalog
import Foundation

extension Commands {
    static func catalog(_ arguments: Arguments, dbPath: String) throws -> Int32 {
        switch arguments.positional.first {
        case "generate":
            guard let tracksText = arguments.options["tracks"], let tracks = Int(tracksText), tracks > 0 else {
                throw UsageError("--tracks N (a positive number) is required")
            }
            guard let out = arguments.options["out"] else { throw UsageError("--out FILE.jsonl is required") }
            guard let seed = UInt64(arguments.options["seed"] ?? "1") else {
                throw UsageError("--seed must be a non-negative whole number")
            }
            let started = Date()
            var generator = CatalogGenerator(tracks: tracks, seed: seed)
            generator.crowded = arguments.flags.contains("crowded")
            let counts = try generator.write(to: out) { done in
                guard isTerminal else { return }
                let fraction = Double(done) / Double(tracks)
                FileHandle.standardError.write(Data("\r\(progressBar(fraction)) \(done)/\(tracks) tracks".utf8))
            }
            if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
            let seconds = Date().timeIntervalSince(started)
            print(
                "Wrote \(counts.rows) rows to \(out) in \(String(format: "%.1f", seconds)) s: \(counts.tracks) tracks on "
                    + "\(counts.albums) albums by \(counts.artists) artists, \(counts.shows) podcasts with "
                    + "\(counts.episodes) episodes, \(counts.audiobooks) audiobooks, \(counts.stations) radio stations."
            )
            return 0
        case "build":
            guard let out = arguments.options["out"] else { throw UsageError("--out SNAPSHOT.db is required") }
            let built = try CatalogSnapshot.build(from: dbPath, to: out)
            print(
                "Built the snapshot \(out) from \(dbPath): \(built.items) items, "
                    + String(format: "%.1f MiB in %.1f s.", Double(built.bytes) / 1_048_576, built.seconds))
            return 0
        case nil:
            let store = CatalogSnapshot.isSnapshot(dbPath) ? try CatalogStore(snapshot: dbPath) : try CatalogStore(path: dbPath)
            let counts = try store.counts()
            for (type, count) in counts.sorted(by: { $0.key < $1.key }) { print("\(type): \(count)") }
            print("size: \(fileSize(dbPath)) on disk")
            return 0
        case let other?:
            throw UsageError("unknown catalog command '\(other)'")
        }
    }

    /// "[#########-----------]  45%".
    static func progressBar(_ fraction: Double, width: Int = 30) -> String {
        let clamped = min(max(fraction, 0), 1)
        let filled = Int(clamped * Double(width))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            + String(format: "%3d%%", Int(clamped * 100))
    }

    /// A file's size (with its WAL, for a database) in MiB.
    static func fileSize(_ path: String) -> String {
        let bytes = [path, path + "-wal"].compactMap {
            (try? FileManager.default.attributesOfItem(atPath: $0))?[.size] as? UInt64
        }.reduce(0, +)
        return String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}

import Catalog
import Fingerprints
import Foundation

extension Commands {
    /// `hark identify FILE`: which of the catalog's tracks a recording is, or that none is.
    static func identify(_ arguments: Arguments, dbPath: String) throws -> Int32 {
        guard arguments.positional.count == 1, let file = arguments.positional.first else {
            throw UsageError("hark identify FILE")
        }
        let store = try CatalogStore(path: dbPath)
        guard let fingerprints = try FingerprintStore.reading(store), try fingerprints.count() > 0 else {
            warn("hark identify: no track in \(dbPath) has a fingerprint yet (hark fingerprints makes them)")
            return 1
        }
        let started = Date()
        let excerpt: Excerpt
        do {
            excerpt = try Excerpt.read(file, keepStart: true)
        } catch let error as AudioError {
            warn("hark identify: \(error)")
            return 1
        }
        let match = try MatchIndex(fingerprints).identify(excerpt.samples)
        let elapsed = Date().timeIntervalSince(started)
        let item = try match.flatMap { try fingerprints.item(path: $0.path) }
        if arguments.flags.contains("json") {
            let result = IdentifyResult(
                match: match, identifier: item?.item.identifier, title: item?.item.title, artist: item?.item.artist,
                milliseconds: elapsed * 1000)
            print(json(result, pretty: true))
            return match == nil ? 2 : 0
        }
        guard let match else {
            print("No track here sounds like \(file).")
            return 2
        }
        let name = item.map { [$0.item.title, $0.item.artist].compactMap { $0 }.joined(separator: " by ") } ?? match.path
        print(
            "\(name), from \(Int(match.offset) / 60):\(String(format: "%02d", Int(match.offset) % 60))"
                + " (score \(String(format: "%.2f", match.score)), \(Int((elapsed * 1000).rounded())) ms)")
        return 0
    }

    /// `hark fingerprints`: fingerprints every catalog track whose file is here and new or changed.
    static func fingerprints(_ arguments: Arguments, dbPath: String) throws -> Int32 {
        let store = try CatalogStore(path: dbPath)
        let pass = try fingerprintPass(store, root: arguments.options["music-dir"])
        if arguments.flags.contains("json") { print(json(pass, pretty: true)) }
        return pass.failed.isEmpty ? 0 : 1
    }

    /// Fingerprints what needs it, with a progress bar on a terminal, and says what was done.
    static func fingerprintPass(_ store: CatalogStore, root: String?) throws -> FingerprintPass {
        let started = Date()
        var lastDraw = Date.distantPast
        let pass = try FingerprintIndexer(try FingerprintStore(store: store), root: root).run { done, total in
            guard isTerminal, done == total || Date().timeIntervalSince(lastDraw) > 0.2 else { return }
            lastDraw = Date()
            let rate = Double(done) / max(Date().timeIntervalSince(started), 0.001)
            let line = "\(progressBar(Double(done) / Double(max(total, 1)))) \(done)/\(total) fingerprinted  \(String(format: "%.1f", rate)) tracks/s"
            FileHandle.standardError.write(Data(("\r" + line.padding(toLength: 78, withPad: " ", startingAt: 0)).utf8))
        }
        if isTerminal, pass.made + pass.failed.count > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
        let seconds = Date().timeIntervalSince(started)
        print(
            "Fingerprints: \(pass.fingerprinted) of \(pass.tracks) tracks have one; \(pass.made) made now in"
                + " \(String(format: "%.1f", seconds)) s, \(pass.unchanged) unchanged, \(pass.unreachable) not on this machine,"
                + " \(pass.failed.count) could not be read.")
        for failure in pass.failed.prefix(10) { warn("  \(failure)") }
        return pass
    }
}

/// `hark identify --json`.
struct IdentifyResult: Encodable {
    var match: SoundMatch?
    /// The catalog's item for the matched file, when it has one.
    var identifier: String?
    var title: String?
    var artist: String?
    var milliseconds: Double
}

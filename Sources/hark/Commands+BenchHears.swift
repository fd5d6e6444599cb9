import Apps
import Assistant
import Catalog
import Foundation
import Storage
import Understanding

/// `hark bench hears`: what a person hears. Spoken-style requests in every language are asked of a
/// whole assistant over a catalog that holds what they name among many others, and each is scored
/// by the item that plays: the right one, a wrong one, an offer ("Do you want …?"), or nothing
/// played ("I couldn't find …"). A row that names what the catalog lacks is right when nothing plays.
extension Commands {
    /// One request of a `bench hears` file: {"id", "lang", "text", "plays": {"title", "artist",
    /// "type"} or {"genre"} or null}. A `plays` of type "artist" without a title is right for any of their items.
    struct HeardRequest: Decodable {
        struct Expected: Decodable {
            var title: String?
            var artist: String?
            var type: String?
            /// For a genre asked for ("play some jazz"): any item of the genre is right.
            var genre: String?
        }
        var id: String?
        var lang: String
        var text: String
        var plays: Expected?
    }

    /// What one request did, as the person heard it.
    enum Heard: String, CaseIterable {
        case right, wrong, offered, notFound
    }

    static func benchHears(_ arguments: Arguments) async throws -> Int32 {
        let files = Array(arguments.positional.dropFirst())
        guard let catalog = arguments.options["catalog"], !files.isEmpty else {
            throw UsageError("bench hears needs --catalog FILE.jsonl and at least one requests file")
        }
        let others = Int(arguments.options["tracks"] ?? "100000") ?? 100_000
        guard let seed = UInt64(arguments.options["seed"] ?? "1") else { throw UsageError("--seed takes a whole number") }
        var requests: [HeardRequest] = []
        for file in files {
            for (number, line) in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").enumerated()
            where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                do {
                    requests.append(try JSONDecoder().decode(HeardRequest.self, from: Data(line.utf8)))
                } catch {
                    throw UsageError("\(file):\(number + 1): not a request row (\(error))")
                }
            }
        }
        let folder = FileManager.default.temporaryDirectory.path
        // Named by what the catalog file holds, so two files of one name (or a file edited) never share one.
        let catalogName = URL(fileURLWithPath: catalog).deletingPathExtension().lastPathComponent
        let digest = ModelInputs.digest(try Data(contentsOf: URL(fileURLWithPath: catalog)))
        let path = arguments.options["db"] ?? "\(folder)/hark-hears-\(catalogName)-\(digest)-\(others)-\(seed).db"
        try ensureHearsCatalog(path: path, catalog: catalog, others: others, seed: seed, fresh: arguments.flags.contains("fresh"))
        let statePath = "\(folder)/hark-hears-state-\(getpid()).db"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: statePath + suffix) } }
        let assistant = try Assistant(app: BuiltInMediaApp(path: path, state: .file(statePath)))
        var tally: [String: [Heard: Int]] = [:]
        var misses: [HearsReport.Miss] = []
        var times: [Double] = []
        var timesByLanguage: [String: [Double]] = [:]
        var slow: [HearsReport.Slow] = []
        let slowerThan = arguments.options["slow"].flatMap(Double.init)
        for (index, request) in requests.enumerated() {
            // A person and a speaker of their own: nothing one request leaves behind reaches the next.
            let context = RequestContext(user: "hears-\(index)", device: "hears-\(index)", language: request.lang)
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome = await assistant.ask(request.text, context: context)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            times.append(elapsed)
            timesByLanguage[request.lang, default: []].append(elapsed)
            if let slowerThan, elapsed > slowerThan {
                slow.append(HearsReport.Slow(id: request.id ?? "", text: request.text, ms: (elapsed * 1000).rounded() / 1000))
            }
            let heard = judge(outcome, expected: request.plays)
            tally[request.lang, default: [:]][heard, default: 0] += 1
            tally["all", default: [:]][heard, default: 0] += 1
            if heard != .right {
                let expected = [request.plays?.title, request.plays?.artist].compactMap { $0 }.joined(separator: " — ")
                misses.append(
                    HearsReport.Miss(
                        id: request.id ?? "", text: request.text, heard: heard.rawValue,
                        expected: expected.isEmpty ? "nothing" : expected, reply: outcome.reply))
            }
        }
        func at(_ q: Double, of times: [Double]) -> Double {
            let sorted = times.sorted()
            return sorted.isEmpty ? 0 : (sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 1000).rounded() / 1000
        }
        timesByLanguage["all"] = times
        let shown = Int(arguments.options["misses"] ?? "0") ?? 0
        let report = HearsReport(
            languages: Dictionary(uniqueKeysWithValues: tally.map { language, counts in
                let rows = counts.values.reduce(0, +)
                let spent = timesByLanguage[language] ?? []
                return (language, HearsReport.Counts(
                    rows: rows, right: counts[.right] ?? 0, wrong: counts[.wrong] ?? 0, offered: counts[.offered] ?? 0,
                    notFound: counts[.notFound] ?? 0,
                    rightShare: (Double(counts[.right] ?? 0) / Double(max(rows, 1)) * 1000).rounded() / 1000,
                    medianMs: at(0.5, of: spent), p99Ms: at(0.99, of: spent)))
            }),
            medianMs: at(0.5, of: times), p99Ms: at(0.99, of: times), catalog: catalog, otherTracks: others,
            misses: shown > 0 ? Array(misses.prefix(shown)) : nil,
            slow: slowerThan == nil ? nil : slow.sorted { $0.ms > $1.ms })
        print(json(report, pretty: true))
        return 0
    }

    /// What `bench hears` prints.
    struct HearsReport: Encodable {
        struct Counts: Encodable {
            var rows, right, wrong, offered, notFound: Int
            var rightShare: Double
            var medianMs, p99Ms: Double
        }
        /// A request slower than `--slow MS`.
        struct Slow: Encodable {
            var id, text: String
            var ms: Double
        }
        struct Miss: Encodable {
            var id, text, heard, expected, reply: String
        }
        /// Per language, and "all".
        var languages: [String: Counts]
        var medianMs, p99Ms: Double
        var catalog: String
        var otherTracks: Int
        var misses: [Miss]?
        var slow: [Slow]?
    }

    /// Right when what plays is the expected item (by its folded title and credit; for an artist,
    /// anything of theirs), or when nothing plays for a row that names what the catalog lacks.
    static func judge(_ outcome: Outcome, expected: HeardRequest.Expected?) -> Heard {
        let played = outcome.code == .success ? outcome.nowPlaying?.item : nil
        guard let played else {
            if expected == nil { return .right }
            return outcome.code == .needsConfirmation ? .offered : .notFound
        }
        guard let expected else { return .wrong }
        func same(_ a: String?, _ b: String?) -> Bool {
            guard let a, let b else { return false }
            return NameFolding.key(a) == NameFolding.key(b)
        }
        if let genre = expected.genre {
            return played.genres.contains { NameFolding.key($0) == NameFolding.key(genre) } ? .right : .wrong
        }
        if expected.type == "artist", expected.title == nil {
            let credit = NameFolding.key(played.artist ?? "")
            let artist = NameFolding.key(expected.artist ?? "")
            return !artist.isEmpty && (credit == artist || credit.hasPrefix(artist + " ")) ? .right : .wrong
        }
        // A show or a book plays an episode or a chapter of it; an album its first track.
        let titles = [played.title, played.album].compactMap { $0 }
        guard titles.contains(where: { same($0, expected.title) }) else { return .wrong }
        if let artist = expected.artist, expected.type == "song" || expected.type == "album" {
            return same(played.artist, artist) ? .right : .wrong
        }
        return .right
    }

    /// The benchmark's catalog: `others` generated tracks and then the named items of `catalog`,
    /// built once per catalog, size and seed (again with `fresh`).
    static func ensureHearsCatalog(path: String, catalog: String, others: Int, seed: UInt64, fresh: Bool) throws {
        let marker = path + ".done"
        if !fresh, FileManager.default.fileExists(atPath: marker) { return }
        for suffix in ["", "-wal", "-shm", ".done"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let generated = path + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: generated) }
        try runSelf(["catalog", "generate", "--tracks", String(others), "--seed", String(seed), "--out", generated])
        try runSelf(["import", "--db", path, generated])
        try runSelf(["import", "--db", path, catalog])
        _ = FileManager.default.createFile(atPath: marker, contents: Data())
    }
}

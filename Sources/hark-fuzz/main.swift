import Assistant
import CFuzzerDriver
import Catalog
import Foundation
import MediaIntents
import Server
import Storage

/// Fuzz targets for libFuzzer. `HARK_FUZZ_TARGET` names the part of Hark each input goes to:
///   understand  the understanding, the first byte choosing the language (or detection)
///   fold        name folding and the resolver's term keys
///   json        a JSON body to a route that decodes one, the first byte choosing the route
///   import      catalog import lines, the first byte choosing CSV or JSON Lines
///   http        a whole request: "METHOD PATH?QUERY", then headers, a blank line, the body
/// Built by `scripts/fuzz` with `-sanitize=fuzzer,address -D FUZZING`, it is libFuzzer's program;
/// built plainly, it replays the inputs (files or folders) given as arguments and exits non-zero
/// on none: a crash is the failure.
enum FuzzTarget: String, CaseIterable {
    case understand, fold, json, importLines = "import", http
}

/// Everything the targets share: one assistant over a scratch database, and its API.
final class Harness: @unchecked Sendable {
    let target: FuzzTarget
    let assistant: Assistant
    let api: HarkAPI
    let scratch: String

    static let languages: [String?] = [nil, "en", "ru", "de", "fr", "es", "ja", "zh-Hans", "zh-Hant"]
    static let jsonRoutes = [
        ("POST", "/v1/ask"), ("POST", "/v1/player/next"), ("POST", "/v1/library/affinities"), ("POST", "/v1/playlists"),
        ("POST", "/v1/playlists/Road%20Trip/items"), ("PUT", "/v1/vocabulary/playlistTitle"), ("POST", "/v1/apps"),
        ("PUT", "/v1/home/fuzz"), ("POST", "/v1/suggestions/perform"), ("PUT", "/v1/apps/default"),
    ]

    init(target: FuzzTarget) throws {
        self.target = target
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hark-fuzz-\(getpid())").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        assistant = try Assistant(databasePath: scratch + "/hark.db")
        api = HarkAPI(assistant: assistant)
    }

    func run(_ data: Data) {
        switch target {
        case .understand:
            let language = Self.languages[Int(data.first ?? 0) % Self.languages.count]
            _ = assistant.understand(String(decoding: data.dropFirst(), as: UTF8.self), language: language)
        case .fold:
            let text = String(decoding: data, as: UTF8.self)
            _ = NameFolding.key(text)
            _ = NameFolding.readingKeys(text)
            for word in text.split(separator: " ").prefix(16) { _ = TermKeys.keys(String(word)) }
        case .json:
            let (method, path) = Self.jsonRoutes[Int(data.first ?? 0) % Self.jsonRoutes.count]
            let request = HTTPRequest(
                method: method, path: path, headers: ["content-type": "application/json", "host": "127.0.0.1"],
                body: Data(data.dropFirst()))
            _ = blocking { await self.api.respond(request) }
        case .importLines:
            let file = scratch + ((data.first ?? 0) % 2 == 0 ? "/input.csv" : "/input.jsonl")
            FileManager.default.createFile(atPath: file, contents: Data(data.dropFirst()))
            if let store = try? CatalogStore(db: Database(path: ":memory:")) {
                _ = try? CatalogImporter(store: store).importFile(file, skipBadRows: true)
            }
        case .http:
            let request = Self.request(data)
            // An event stream never ends; its route is fuzzed through its refusals only.
            if request.path.hasPrefix("/v1/events"), request.method == "GET" { return }
            _ = blocking { await self.api.respond(request) }
        }
    }

    /// "METHOD PATH?QUERY\nName: value\n…\n\nbody" as a request.
    static func request(_ data: Data) -> HTTPRequest {
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\n\n")
        var lines = (parts.first ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = lines.isEmpty ? "" : lines.removeFirst()
        let words = start.split(separator: " ", maxSplits: 1).map(String.init)
        let target = words.count > 1 ? words[1] : "/"
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        var headers = ["host": "127.0.0.1"]
        for line in lines {
            let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { headers[pair[0].lowercased()] = pair[1] }
        }
        return HTTPRequest(
            method: words.first ?? "GET", path: components?.percentEncodedPath ?? target, query: query, headers: headers,
            body: Data(parts.dropFirst().joined(separator: "\n\n").utf8))
    }
}

/// Async work and its result, handed between the fuzzer's thread and the task that does the work.
final class Box<T>: @unchecked Sendable {
    var work: (@Sendable () async -> T)?
    var value: T?

    /// Does the work once; the work (and all it captured, the input among it) is let go before the
    /// waiting thread is woken, so the fuzzer's leak check never sees it still held by the task.
    func run() async {
        let work = self.work
        self.work = nil
        value = await work?()
    }
}

/// Waits for async work from the fuzzer's synchronous callback.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = Box<T>()
    box.work = work
    let done = DispatchSemaphore(value: 0)
    Task {
        await box.run()
        done.signal()
    }
    done.wait()
    let value = box.value!
    box.value = nil
    return value
}

guard let target = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["HARK_FUZZ_TARGET"] ?? "") else {
    FileHandle.standardError.write(Data(
        "set HARK_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
    exit(2)
}
nonisolated(unsafe) let harness = try Harness(target: target)

#if FUZZING
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { bytes, size in
        harness.run(bytes.map { Data(bytes: $0, count: size) } ?? Data())
        return 0
    })
#else
    // Replays every input file (or every file of a folder) given.
    var replayed = 0
    for argument in CommandLine.arguments.dropFirst() {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else { continue }
        let files = isFolder.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map { argument + "/" + $0 }
            : [argument]
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            harness.run(data)
            replayed += 1
        }
    }
    print("\(target.rawValue): \(replayed) inputs replayed without a crash")
    exit(replayed > 0 ? 0 : 1)
#endif

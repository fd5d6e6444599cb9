import Apps
public import Assistant
import Catalog
import Foundation
import Library
import MediaIntents
import MusicFiles
import Playback
import Synchronization
import Understanding

/// Hark's JSON API under `/v1`, on top of one `Assistant`: ask, now playing, player buttons,
/// search, health and metrics. Users come from the request body or a bearer token.
public final class HarkAPI: Sendable {
    let assistant: Assistant
    /// Bearer tokens to user names; empty means no token is needed (loopback only).
    let tokens: [String: String]
    let metrics = Metrics()
    let events = NowPlayingEvents()
    let log: @Sendable (String) -> Void

    public static let maximumText = 1_000

    public init(
        assistant: Assistant, tokens: [String: String] = [:], log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.assistant = assistant
        self.tokens = tokens
        self.log = log
    }

    /// Answers one HTTP request.
    public func respond(_ request: HTTPRequest) async -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let (route, response) = await route(request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        metrics.record(route: route, status: response.status, seconds: seconds)
        let line = AccessLine(
            time: Self.timestamps.now(), method: request.method, path: request.path, status: response.status,
            ms: (seconds * 100_000).rounded() / 100)
        log((try? StreamingJSONEncoder.string(line)) ?? "{}")
        return response
    }

    private func route(_ request: HTTPRequest) async -> (String, HTTPResponse) {
        /// The route's answer when the request uses its method; 405 naming every method the path takes.
        func only(_ method: String, _ name: String, allow: String? = nil, _ body: () async -> HTTPResponse) async -> (
            String, HTTPResponse
        ) {
            guard request.method == method else {
                let allowed = allow ?? method
                return (
                    name, Self.error(405, "\(request.path) takes \(allowed), not \(request.method)", allow: allowed)
                )
            }
            return (name, await body())
        }
        let parts = request.path.split(separator: "/").map(String.init)
        if parts.isEmpty || parts == ["index.html"] {
            return await only("GET", "page") { Self.resource("index.html", type: "text/html; charset=utf-8") }
        }
        guard parts.first == "v1" else { return ("unknown", Self.error(404, "no such route: \(request.path)")) }
        let rest = Array(parts.dropFirst())
        switch rest {
        case ["openapi.json"]:
            return await only("GET", "openapi") { Self.resource("openapi.json", type: "application/json") }
        case ["health"]: return await only("GET", "health") { Self.json(200, ["status": "ok"]) }
        case ["metrics"]:
            return await only("GET", "metrics") {
                HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Data(metrics.text().utf8))
            }
        case ["ask"]: return await only("POST", "ask") { await authorized(request) { await ask(request, user: $0) } }
        case ["now-playing"]:
            return await only("GET", "now-playing") {
                await authorized(request) { _ in
                    let device = request.query["device"] ?? "default"
                    let info = await self.assistant.nowPlaying(device: device)
                    return Self.json(200, NowPlayingBody(device: device, nowPlaying: info))
                }
            }
        case ["events"]:
            return await only("GET", "events") { await authorized(request) { _ in await subscribe(request) } }
        case ["search"]:
            return await only("GET", "search") { await authorized(request) { await search(request, user: $0) } }
        case ["library"]:
            return await only("GET", "library") {
                await authorized(request) { tokenUser in
                    let user = tokenUser ?? request.query["user"] ?? "default"
                    return await result { try await self.assistant.library(user: user) }
                }
            }
        case ["library", "affinities"]:
            return await only("POST", "library") { await authorized(request) { await affinity(request, user: $0) } }
        case ["playlists"]:
            if request.method == "GET" {
                return (
                    "playlists",
                    await authorized(request) { tokenUser in
                        let user = tokenUser ?? request.query["user"] ?? "default"
                        return await result { try await self.assistant.library(user: user).playlists }
                    }
                )
            }
            return await only("POST", "playlists", allow: "GET, POST") {
                await authorized(request) { await createPlaylist(request, user: $0) }
            }
        case let path where path.count == 3 && path[0] == "playlists" && path[2] == "items":
            // Identifiers hold slashes, so removal names the item in the query: DELETE …/items?identifier=…
            if request.method == "DELETE" {
                return (
                    "playlists",
                    await authorized(request) { user in
                        guard let identifier = request.query["identifier"] else {
                            return Self.error(400, "name the item to remove with ?identifier=")
                        }
                        return await editPlaylist(path[1], identifier, request, user: user)
                    }
                )
            }
            return await only("POST", "playlists", allow: "POST, DELETE") {
                await authorized(request) { await editPlaylist(path[1], nil, request, user: $0) }
            }
        case let path where path.count == 2 && path[0] == "vocabulary":
            return await only("PUT", "vocabulary") {
                await authorized(request) { await vocabulary(path[1], request, user: $0) }
            }
        case ["apps"]:
            return await only("POST", "apps") { await authorized(request) { _ in await registerApp(request) } }
        case let path where path.count == 2 && path[0] == "player":
            return await only("POST", "player") {
                await authorized(request) { await player(path[1], request, user: $0) }
            }
        default: return ("unknown", Self.error(404, "no such route: \(request.path)"))
        }
    }

    /// The user a request acts for: its bearer token's, else the one named in it, else "default".
    /// The token may also come as `?access_token=` (a browser's EventSource cannot set headers).
    private func authorized(_ request: HTTPRequest, _ body: (String?) async -> HTTPResponse) async -> HTTPResponse {
        if tokens.isEmpty { return await body(nil) }
        let header = request.headers["authorization"].flatMap {
            $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil
        }
        guard let token = header ?? request.query["access_token"], let user = tokens[token] else {
            return Self.error(401, "a valid bearer token is needed (Authorization: Bearer …)")
        }
        return await body(user)
    }

    /// `GET /v1/events[?device=]`: a Server-Sent Events stream of now-playing changes.
    private func subscribe(_ request: HTTPRequest) async -> HTTPResponse {
        let device = request.query["device"].flatMap { $0.isEmpty ? nil : $0 }
        let shown = device ?? "default"
        let current = await self.assistant.nowPlaying(device: shown)
        events.update(device: shown, info: current)
        let channel = events.subscribe(device: device, current: current, shownDevice: shown)
        events.startTicking { [weak self] device in
            guard let self else { return nil }
            return wait { await self.assistant.nowPlaying(device: device) }
        }
        return HTTPResponse(
            status: 200, contentType: "text/event-stream", body: Data(),
            headers: ["Cache-Control": "no-cache", "X-Accel-Buffering": "no"], stream: channel)
    }

    struct AskBody: Decodable {
        var text: String
        var lang: String?
        var user: String?
        var device: String?
    }

    private func ask(_ request: HTTPRequest, user tokenUser: String?) async -> HTTPResponse {
        let body: AskBody
        switch decode(AskBody.self, request, example: #"{"text": "play skyfall"}"#) {
        case .failure(let response): return response
        case .success(let decoded): body = decoded
        }
        // Counted as JSON Schema's maxLength counts: Unicode code points.
        let length = body.text.unicodeScalars.count
        guard length <= Self.maximumText else {
            return Self.error(400, "text is \(length) characters; at most \(Self.maximumText)")
        }
        let context = RequestContext(
            user: tokenUser ?? body.user ?? "default", device: body.device, language: body.lang)
        let outcome = await self.assistant.ask(body.text, context: context)
        events.update(device: outcome.device, info: outcome.nowPlaying)
        if request.headers["accept"]?.contains("audio/wav") == true {
            // The reply spoken (espeak-ng, in the request's language); the text rides in a header.
            do {
                let language = outcome.language.isEmpty ? "en" : outcome.language
                let reply = outcome.reply
                let audio = try await Self.offThePool { try Speech.wav(reply, language: language) }
                let text = outcome.reply.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                return HTTPResponse(
                    status: 200, contentType: "audio/wav", body: audio,
                    headers: ["X-Hark-Reply": text, "X-Hark-Code": outcome.code.rawValue])
            } catch {
                return Self.error(503, "cannot speak the reply: \(error)")
            }
        }
        return Self.json(200, outcome)
    }

    private func search(_ request: HTTPRequest, user tokenUser: String?) async -> HTTPResponse {
        guard let query = request.query["q"], Self.hasVisibleText(query) else {
            return Self.error(400, "give the words to look for as ?q=")
        }
        var type: MediaItemType?
        if let raw = request.query["type"] {
            guard let parsed = MediaItemType(rawValue: raw) else { return Self.error(400, "unknown type \"\(raw)\"") }
            type = parsed
        }
        let limit = Int(request.query["limit"] ?? "10") ?? 0
        guard (1...50).contains(limit) else { return Self.error(400, "limit is a whole number from 1 to 50") }
        let user = tokenUser ?? request.query["user"] ?? "default"
        let wanted = type
        let items = await self.assistant.search(query, type: wanted, limit: limit, user: user)
        return Self.json(200, ["items": items])
    }

    struct PlayerBody: Decodable {
        var device: String?
        var user: String?
        var seconds: Double?
        var position: Double?
        var volume: Int?
        var on: Bool?
        var mode: String?
        var affinity: String?

        /// What is wrong with a field that is present, whichever command it came with.
        var problem: String? {
            if let volume, !(0...100).contains(volume) { return "volume is 0…100, not \(volume)" }
            if let affinity, AffinityType(rawValue: affinity) == nil { return "affinity is \"like\" or \"dislike\"" }
            if let mode, RepeatMode(rawValue: mode) == nil { return "mode is \"off\", \"one\" or \"all\"" }
            if let position, position < 0 { return "position is seconds from the start, 0 or more" }
            for value in [seconds, position].compactMap({ $0 }) where !value.isFinite {
                return "numbers must be finite"
            }
            return nil
        }
    }

    private func player(_ command: String, _ request: HTTPRequest, user tokenUser: String?) async -> HTTPResponse {
        var body = PlayerBody()
        if !request.body.isEmpty || request.bodyTooLarge {
            switch decode(PlayerBody.self, request, example: #"{"device": "kitchen"}"#) {
            case .failure(let response): return response
            case .success(let decoded): body = decoded
            }
        }
        if let problem = body.problem { return Self.error(400, problem) }
        var params = IntentParameters()
        let intent: IntentKind
        var search: MediaSearch?
        switch command {
        case "play": intent = .resume
        case "pause": intent = .pause
        case "next": intent = .nextTrack
        case "previous": intent = .previousTrack
        case "seek":
            guard let position = body.position else { return Self.error(400, "seek needs {\"position\": seconds}") }
            intent = .seek
            params.position = position
        case "skip":
            let seconds = body.seconds ?? 30
            intent = seconds < 0 ? .skipBackward : .skipForward
            params.interval = abs(seconds)
        case "rate":
            guard let affinity = body.affinity.flatMap(AffinityType.init(rawValue:)) else {
                return Self.error(400, "rate needs {\"affinity\": \"like\"} or \"dislike\"")
            }
            intent = .updateMediaAffinity
            params.affinityType = affinity
            search = MediaSearch(reference: .currentlyPlaying)
        case "shuffle":
            intent = .setShuffleMode
            params.shuffle = body.on ?? true
        case "repeat":
            guard let mode = RepeatMode(rawValue: body.mode ?? "all") else {
                return Self.error(400, "repeat needs {\"mode\": \"off\" | \"one\" | \"all\"}")
            }
            intent = .setRepeatMode
            params.repeatMode = mode
        case "volume":
            guard let volume = body.volume, (0...100).contains(volume) else {
                return Self.error(400, "volume needs {\"volume\": 0…100}")
            }
            intent = .setVolume
            params.volume = volume
        default:
            return Self.error(
                404,
                "no player command \"\(command)\" (play, pause, next, previous, seek, skip, rate, shuffle, repeat, volume)"
            )
        }
        let understood = Understood(intent: intent, search: search, params: params)
        let context = RequestContext(user: tokenUser ?? body.user ?? "default", device: body.device)
        let outcome = await self.assistant.perform(understood, context: context)
        events.update(device: outcome.device, info: outcome.nowPlaying)
        return Self.json(200, outcome)
    }

    // MARK: Library, vocabulary, apps

    struct NamedBody: Decodable {
        var name: String
        var user: String?
    }

    struct ItemBody: Decodable {
        var identifier: String
        var user: String?
        var affinity: String?
    }

    private func decode<T: Decodable>(_ type: T.Type, _ request: HTTPRequest, example: String) -> Result<
        T, HTTPResponse
    > {
        if request.bodyTooLarge { return .failure(Self.error(413, "the request body is over 64 KiB")) }
        do {
            return .success(try JSONDecoder().decode(T.self, from: request.body))
        } catch {
            return .failure(Self.error(400, "the body must be JSON like \(example): \(Self.describe(error))"))
        }
    }

    private func affinity(_ request: HTTPRequest, user tokenUser: String?) async -> HTTPResponse {
        switch decode(ItemBody.self, request, example: #"{"identifier": "song/adele/skyfall", "affinity": "like"}"#) {
        case .failure(let response): return response
        case .success(let body):
            guard let affinity = AffinityType(rawValue: body.affinity ?? "like") else {
                return Self.error(400, "affinity is \"like\" or \"dislike\"")
            }
            let user = tokenUser ?? body.user ?? "default"
            return await result {
                try await self.assistant.setAffinity(affinity, identifier: body.identifier, user: user)
            }
        }
    }

    private func createPlaylist(_ request: HTTPRequest, user tokenUser: String?) async -> HTTPResponse {
        switch decode(NamedBody.self, request, example: #"{"name": "Driving"}"#) {
        case .failure(let response): return response
        case .success(let body):
            guard Self.hasVisibleText(body.name), body.name.unicodeScalars.count <= 200 else {
                return Self.error(400, "a playlist needs a name of 1 to 200 characters")
            }
            let user = tokenUser ?? body.user ?? "default"
            var response = await result { try await self.assistant.createPlaylist(named: body.name, user: user) }
            if response.status == 200 { response.status = 201 }
            return response
        }
    }

    private func editPlaylist(_ name: String, _ identifier: String?, _ request: HTTPRequest, user tokenUser: String?)
        async -> HTTPResponse
    {
        let playlist = name.removingPercentEncoding ?? name
        if let identifier {
            let item = identifier.removingPercentEncoding ?? identifier
            let user = tokenUser ?? request.query["user"] ?? "default"
            return await result {
                try await self.assistant.editPlaylist(named: playlist, identifier: item, add: false, user: user)
            }
        }
        switch decode(ItemBody.self, request, example: #"{"identifier": "song/adele/skyfall"}"#) {
        case .failure(let response): return response
        case .success(let body):
            let user = tokenUser ?? body.user ?? "default"
            return await result {
                try await self.assistant.editPlaylist(
                    named: playlist, identifier: body.identifier, add: true, user: user)
            }
        }
    }

    struct VocabularyBody: Decodable {
        var phrases: [String]
        var user: String?
    }

    private func vocabulary(_ typeName: String, _ request: HTTPRequest, user tokenUser: String?) async -> HTTPResponse {
        guard let type = VocabularyType(rawValue: typeName) else {
            let known = VocabularyType.allCases.map(\.rawValue).joined(separator: ", ")
            return Self.error(404, "no vocabulary type \"\(typeName)\" (\(known))")
        }
        switch decode(VocabularyBody.self, request, example: #"{"phrases": ["Road Trip", "Chill"]}"#) {
        case .failure(let response): return response
        case .success(let body):
            let user = tokenUser ?? body.user ?? "default"
            let phrases = body.phrases
            return await result {
                try await self.assistant.setVocabulary(phrases, type: type, user: user)
                return ["type": typeName, "phrases": phrases.joined(separator: "\n")]
            }
        }
    }

    struct AppBody: Decodable {
        var identifier: String
        var name: String
        var alternativeNames: [String]?
        var pronunciationHint: String?
    }

    private func registerApp(_ request: HTTPRequest) async -> HTTPResponse {
        switch decode(AppBody.self, request, example: #"{"identifier": "com.example.walkmate", "name": "Walk Mate"}"#) {
        case .failure(let response): return response
        case .success(let body):
            guard (body.alternativeNames ?? []).count <= 3 else {
                return Self.error(400, "at most 3 alternative names")
            }
            let app = AppRegistration(
                identifier: body.identifier, name: body.name, alternativeNames: body.alternativeNames ?? [],
                pronunciationHint: body.pronunciationHint)
            var response = await result {
                try await self.assistant.register(app)
                return ["identifier": app.identifier, "name": app.name, "effective": "now"]
            }
            if response.status == 200 { response.status = 201 }
            return response
        }
    }

    /// Runs library work and encodes its result, or names the failure (404 for what does not exist).
    private func result<T: Encodable & Sendable>(_ work: () async throws -> T) async -> HTTPResponse {
        let outcome: Result<T, any Error>
        do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
        switch outcome {
        case .success(let value): return Self.json(200, value)
        case .failure(let error as LibraryRequestError):
            return Self.error(error.notFound ? 404 : 400, error.description)
        case .failure(let error as LibraryError):
            // The request is well formed but the item cannot take it (a catalog playlist, a
            // dislike of what is not a song): 409, as the document says.
            switch error.code {
            case .playlistNotFound: return Self.error(404, error.description)
            case .dislikeNotSong, .playlistNotEditable: return Self.error(409, error.description)
            case .emptyName: return Self.error(400, error.description)
            }
        case .failure(let error): return Self.error(500, "\(error)")
        }
    }

    // MARK: Helpers

    struct NowPlayingBody: Encodable {
        var device: String
        var nowPlaying: NowPlayingInfo?
    }

    /// One access log line.
    struct AccessLine: Encodable {
        var time: String
        var method: String
        var path: String
        var status: Int
        var ms: Double
    }

    static let timestamps = Timestamps()

    struct ErrorBody: Encodable {
        var error: String
        var status: Int
    }

    /// A file from the module's resources (the web page, the OpenAPI document).
    static func resource(_ name: String, type: String) -> HTTPResponse {
        guard let url = Bundle.module.url(forResource: "Resources/" + name, withExtension: nil),
            let data = FileManager.default.contents(atPath: url.path)
        else { return error(500, "\(name) is missing from the installation") }
        return HTTPResponse(status: 200, contentType: type, body: data)
    }

    /// Characters that show nothing: spaces and line breaks, control characters, the byte order mark
    /// (the document's `pattern` for names and queries says the same).
    static let invisible = CharacterSet.whitespacesAndNewlines
        .union(CharacterSet(charactersIn: "\u{0}"..."\u{1F}"))
        .union(CharacterSet(charactersIn: "\u{7F}"..."\u{9F}"))
        .union(CharacterSet(charactersIn: "\u{FEFF}"))

    static func hasVisibleText(_ text: String) -> Bool {
        text.unicodeScalars.contains { !invisible.contains($0) }
    }

    static func error(_ status: Int, _ message: String, allow: String? = nil) -> HTTPResponse {
        var response = json(status, ErrorBody(error: message, status: status))
        if let allow { response.headers["Allow"] = allow }
        return response
    }

    static func json<T: Encodable>(_ status: Int, _ value: T) -> HTTPResponse {
        let body = (try? StreamingJSONEncoder.encode(value)) ?? Data("{}".utf8)
        return HTTPResponse(status: status, body: body)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing field \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        case DecodingError.dataCorrupted: return "not valid JSON"
        default: return "\(error)"
        }
    }

    /// Runs blocking work (a program that renders speech) on a thread outside the concurrency pool,
    /// so the pool's few threads go on answering other requests meanwhile.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs async work from a thread of its own (the event ticker) and waits for it; never call
    /// it from the concurrency pool, whose threads the work needs.
    func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

private final class Box<T>: @unchecked Sendable {
    var value: T?
}

/// ISO 8601 times for log lines, formatted once a second rather than once a request.
final class Timestamps: Sendable {
    private let last = Mutex<(second: Int, text: String)>((-1, ""))

    func now() -> String {
        let date = Date()
        let second = Int(date.timeIntervalSince1970)
        if let text = last.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = date.formatted(.iso8601)
        last.withLock { $0 = (second, text) }
        return text
    }
}

/// Request counts, latency histogram and errors, in Prometheus' text format.
final class Metrics: Sendable {
    static let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    struct State {
        var requests: [String: Int] = [:]
        var bucketCounts: [Int] = Array(repeating: 0, count: Metrics.buckets.count)
        var count = 0
        var sum = 0.0
        var errors = 0
    }

    private let state = Mutex(State())

    /// Resident memory from /proc (Linux); 0 where it cannot be read.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func record(route: String, status: Int, seconds: Double) {
        state.withLock { state in
            state.requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1
            for (index, bound) in Self.buckets.enumerated() where seconds <= bound { state.bucketCounts[index] += 1 }
            state.count += 1
            state.sum += seconds
            if status >= 500 { state.errors += 1 }
        }
    }

    func text() -> String {
        state.withLock { state in
            var lines = [
                "# HELP hark_requests_total HTTP requests by route and status.", "# TYPE hark_requests_total counter",
            ]
            for (labels, count) in state.requests.sorted(by: { $0.key < $1.key }) {
                lines.append("hark_requests_total{\(labels)} \(count)")
            }
            lines += [
                "# HELP hark_request_duration_seconds Time to answer a request.",
                "# TYPE hark_request_duration_seconds histogram",
            ]
            for (index, bound) in Self.buckets.enumerated() {
                lines.append("hark_request_duration_seconds_bucket{le=\"\(bound)\"} \(state.bucketCounts[index])")
            }
            lines.append("hark_request_duration_seconds_bucket{le=\"+Inf\"} \(state.count)")
            lines.append("hark_request_duration_seconds_sum \(state.sum)")
            lines.append("hark_request_duration_seconds_count \(state.count)")
            lines += [
                "# HELP hark_errors_total Requests answered with a server error.", "# TYPE hark_errors_total counter",
                "hark_errors_total \(state.errors)",
                "# HELP hark_sqlite_memory_bytes Memory SQLite holds (page caches of every connection).",
                "# TYPE hark_sqlite_memory_bytes gauge", "hark_sqlite_memory_bytes \(Database.memoryUsed)",
                "# HELP hark_resident_memory_bytes The server's resident memory.",
                "# TYPE hark_resident_memory_bytes gauge", "hark_resident_memory_bytes \(Metrics.residentBytes())",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
    }
}

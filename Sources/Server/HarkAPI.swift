public import Assistant
public import Foundation
import MediaIntents
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
    let log: @Sendable (String) -> Void

    public static let maximumText = 1_000

    public init(
        assistant: Assistant, tokens: [String: String] = [:], log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.assistant = assistant
        self.tokens = tokens
        self.log = log
    }

    /// Answers one HTTP request (called on a server thread; waits for the assistant).
    public func respond(_ request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let (route, response) = route(request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        metrics.record(route: route, status: response.status, seconds: seconds)
        let line: [String: String] = [
            "time": ISO8601DateFormatter().string(from: Date()), "method": request.method, "path": request.path,
            "status": String(response.status), "ms": String(format: "%.2f", seconds * 1000),
        ]
        log(Self.encode(line))
        return response
    }

    private func route(_ request: HTTPRequest) -> (String, HTTPResponse) {
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.first == "v1" else { return ("unknown", Self.error(404, "no such route: \(request.path)")) }
        let rest = Array(parts.dropFirst())
        func only(_ method: String, _ name: String, _ body: () -> HTTPResponse) -> (String, HTTPResponse) {
            guard request.method == method else {
                return (name, Self.error(405, "\(request.path) takes \(method), not \(request.method)", allow: method))
            }
            return (name, body())
        }
        switch rest {
        case ["health"]: return only("GET", "health") { Self.json(200, ["status": "ok"]) }
        case ["metrics"]:
            return only("GET", "metrics") {
                HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Data(metrics.text().utf8))
            }
        case ["ask"]: return only("POST", "ask") { authorized(request) { ask(request, user: $0) } }
        case ["now-playing"]:
            return only("GET", "now-playing") {
                authorized(request) { _ in
                    let device = request.query["device"] ?? "default"
                    let info = wait { await self.assistant.nowPlaying(device: device) }
                    return Self.json(200, NowPlayingBody(device: device, nowPlaying: info))
                }
            }
        case ["search"]: return only("GET", "search") { authorized(request) { search(request, user: $0) } }
        case let path where path.count == 2 && path[0] == "player":
            return only("POST", "player") { authorized(request) { player(path[1], request, user: $0) } }
        default: return ("unknown", Self.error(404, "no such route: \(request.path)"))
        }
    }

    /// The user a request acts for: its bearer token's, else the one named in it, else "default".
    private func authorized(_ request: HTTPRequest, _ body: (String?) -> HTTPResponse) -> HTTPResponse {
        if tokens.isEmpty { return body(nil) }
        guard let header = request.headers["authorization"], header.hasPrefix("Bearer "),
            let user = tokens[String(header.dropFirst(7))]
        else { return Self.error(401, "a valid bearer token is needed (Authorization: Bearer …)") }
        return body(user)
    }

    struct AskBody: Decodable {
        var text: String
        var lang: String?
        var user: String?
        var device: String?
    }

    private func ask(_ request: HTTPRequest, user tokenUser: String?) -> HTTPResponse {
        if request.bodyTooLarge { return Self.error(413, "the request body is over 64 KiB") }
        let body: AskBody
        do {
            body = try JSONDecoder().decode(AskBody.self, from: request.body)
        } catch {
            return Self.error(400, "the body must be JSON like {\"text\": \"play skyfall\"}: \(Self.describe(error))")
        }
        guard body.text.count <= Self.maximumText else {
            return Self.error(400, "text is \(body.text.count) characters; at most \(Self.maximumText)")
        }
        let context = RequestContext(
            user: tokenUser ?? body.user ?? "default", device: body.device, language: body.lang)
        let outcome = wait { await self.assistant.ask(body.text, context: context) }
        return Self.json(200, outcome)
    }

    private func search(_ request: HTTPRequest, user tokenUser: String?) -> HTTPResponse {
        guard let query = request.query["q"], !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            return Self.error(400, "give the words to look for as ?q=")
        }
        var type: MediaItemType?
        if let raw = request.query["type"] {
            guard let parsed = MediaItemType(rawValue: raw) else { return Self.error(400, "unknown type \"\(raw)\"") }
            type = parsed
        }
        let limit = min(max(Int(request.query["limit"] ?? "10") ?? 10, 1), 50)
        let user = tokenUser ?? request.query["user"] ?? "default"
        let wanted = type
        let items = wait { await self.assistant.search(query, type: wanted, limit: limit, user: user) }
        return Self.json(200, ["items": items])
    }

    struct PlayerBody: Decodable {
        var device: String?
        var user: String?
        var seconds: Double?
        var position: Double?
        var rate: Double?
        var volume: Int?
        var on: Bool?
        var mode: String?
        var affinity: String?
    }

    private func player(_ command: String, _ request: HTTPRequest, user tokenUser: String?) -> HTTPResponse {
        if request.bodyTooLarge { return Self.error(413, "the request body is over 64 KiB") }
        var body = PlayerBody()
        if !request.body.isEmpty {
            do {
                body = try JSONDecoder().decode(PlayerBody.self, from: request.body)
            } catch {
                return Self.error(400, "the body must be JSON like {\"device\": \"kitchen\"}: \(Self.describe(error))")
            }
        }
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
        let outcome = wait { await self.assistant.perform(understood, context: context) }
        return Self.json(200, outcome)
    }

    // MARK: Helpers

    struct NowPlayingBody: Encodable {
        var device: String
        var nowPlaying: NowPlayingInfo?
    }

    struct ErrorBody: Encodable {
        var error: String
        var status: Int
    }

    static func error(_ status: Int, _ message: String, allow: String? = nil) -> HTTPResponse {
        var response = json(status, ErrorBody(error: message, status: status))
        if let allow { response.headers["Allow"] = allow }
        return response
    }

    static func json<T: Encodable>(_ status: Int, _ value: T) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return HTTPResponse(status: status, body: body)
    }

    static func encode(_ value: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "{}"
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

    /// Runs async work from a server thread and waits for it (server threads are not the
    /// concurrency pool's, so waiting here blocks nothing the work needs).
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
            ]
            return lines.joined(separator: "\n") + "\n"
        }
    }
}

import Assistant
import Foundation

/// How the API writes its answers: JSON bodies, errors that name what is wrong, the access log.
extension HarkAPI {
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

    /// Runs blocking work (speech synthesis) on a thread outside the concurrency pool,
    /// so the pool's few threads go on answering other requests meanwhile.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}

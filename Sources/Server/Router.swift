import Foundation

/// One endpoint of the API: its method and path, the name metrics count it under, and whether it
/// acts for a user (then a bearer token is checked when the server has tokens).
struct Route: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// Any one path segment, handed to the handler.
        case capture
    }

    let method: String
    let segments: [Segment]
    let name: String
    let actsForUser: Bool
    let handle: @Sendable (HarkAPI, RouteRequest) async -> HTTPResponse

    /// `path` is written as it is requested, with `{name}` for a captured segment:
    /// "/v1/playlists/{name}/items".
    init(
        _ method: String, _ path: String, name: String, actsForUser: Bool = true,
        _ handle: @escaping @Sendable (HarkAPI, RouteRequest) async -> HTTPResponse
    ) {
        self.method = method
        self.segments = path.split(separator: "/").map { $0.hasPrefix("{") ? .capture : .literal(String($0)) }
        self.name = name
        self.actsForUser = actsForUser
        self.handle = handle
    }

    /// The captured segments when `parts` is this route's path.
    func captures(_ parts: [String]) -> [String]? {
        guard parts.count == segments.count else { return nil }
        var captured: [String] = []
        for (part, segment) in zip(parts, segments) {
            switch segment {
            case .literal(let text): guard part == text else { return nil }
            case .capture: captured.append(part)
            }
        }
        return captured
    }
}

/// A request as a route's handler sees it.
struct RouteRequest: Sendable {
    let http: HTTPRequest
    /// The path's captured segments, in order.
    let captures: [String]
    /// The bearer token's user; nil when the server has no tokens (the request may name one).
    let tokenUser: String?

    /// The user a request acts for: the token's, else the one it names, else "default".
    func user(named: String?) -> String { tokenUser ?? named ?? "default" }
}

/// Finds the route for a request among `routes`.
struct Router: Sendable {
    enum Match {
        case found(Route, captures: [String])
        /// The path exists, but not with this method; `allowed` lists the methods it takes.
        case wrongMethod(name: String, allowed: [String])
        case notFound
    }

    let routes: [Route]

    /// `path` as the server hands it over: decoded but for "%2F", "%25" and "%00", so that a segment
    /// may hold a "/" ("/v1/playlists/AC%2FDC/items"); each segment is decoded once it is cut.
    func match(method: String, path: String) -> Match {
        let parts = path.split(separator: "/").map { Self.decoded(String($0)) }
        var allowed: [String] = []
        var name = ""
        for route in routes {
            guard let captures = route.captures(parts) else { continue }
            if route.method == method { return .found(route, captures: captures) }
            if allowed.isEmpty { name = route.name }
            allowed.append(route.method)
        }
        return allowed.isEmpty ? .notFound : .wrongMethod(name: name, allowed: allowed)
    }

    /// The escapes the server left in a segment or query value ("%2F", "%25", "%00") decoded; the text
    /// as it is when it holds a "%" that starts no escape.
    static func decoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.removingPercentEncoding ?? text
    }
}

import Assistant
import Foundation

/// What every request passes before its handler sees it: bounded names and query values, the
/// loopback server's own Host, no cross-origin changes, JSON bodies, and tokens checked in constant
/// time with failed attempts counted per client.
extension HarkAPI {
    /// The longest name in a path (`/v1/playlists/{name}`), the longest item identifier in one
    /// (`/v1/items/{id}`: as long as one in a query or a body) and the longest query value, in characters.
    static let maximumNameInPath = 200
    static let maximumIdentifierInPath = 1_000
    static let maximumQueryValue = 1_000
    /// Routes whose path holds an item's identifier rather than a name.
    static let identifierRoutes: Set<String> = ["items", "art", "lyrics"]

    /// Methods that change state: refused cross-origin, and their bodies must be JSON.
    static let changingMethods: Set<String> = ["POST", "PUT", "DELETE", "PATCH"]

    /// Why a routed request is refused, if it is.
    func refusal(of request: HTTPRequest, route: String, body: [String: Any]?, captures: [String]) -> HTTPResponse? {
        let identifiers = Self.identifierRoutes.contains(route)
        let longest = identifiers ? Self.maximumIdentifierInPath : Self.maximumNameInPath
        if captures.contains(where: { $0.unicodeScalars.count > longest }) {
            return Self.error(400, "\(identifiers ? "an identifier" : "a name") in the path is longer than \(longest) characters")
        }
        if let (name, _) = request.query.first(where: { $0.value.unicodeScalars.count > Self.maximumQueryValue }) {
            return Self.error(400, "?\(name)= is longer than \(Self.maximumQueryValue) characters")
        }
        if let (field, _) = Self.names(in: request, body: body).first(where: { !Self.isName($0.value) }) {
            return Self.error(
                400, "\(field) must be at most \(Self.maximumName) characters, without control characters")
        }
        // Without tokens the server is the user's own on loopback: a page from elsewhere that reaches
        // it through a name of its own (DNS rebinding) is refused.
        let host = request.headers["host"]
        if tokens.isEmpty, let host, !Self.isLoopback(host: host) {
            return Self.error(403, "this server answers only to its loopback address, not to Host: \(host)")
        }
        guard Self.changingMethods.contains(request.method) else { return nil }
        // A browser names the page's origin; a page of another site may not change anything here.
        if let origin = request.headers["origin"], !Self.sameOrigin(origin, host: host) {
            return Self.error(403, "requests from another origin (\(origin)) may not change anything")
        }
        if request.headers["sec-fetch-site"] == "cross-site" {
            return Self.error(403, "requests from another site may not change anything")
        }
        if !request.body.isEmpty, !request.bodyTooLarge {
            let type = request.headers["content-type"]?.lowercased() ?? ""
            // A recording to recognise comes as sound. Neither JSON nor sound may be sent by another
            // site's form without the browser asking this server first.
            if Self.bodyLimits[request.path.split(separator: "?").first.map(String.init) ?? ""] != nil {
                guard type.hasPrefix("audio/") || type.hasPrefix("application/octet-stream") else {
                    return Self.error(
                        415, "send the recording as sound (Content-Type: audio/webm, audio/ogg, audio/mpeg, audio/wav, …; not \(type.isEmpty ? "none" : type))")
                }
                return nil
            }
            guard type.hasPrefix("application/json") else {
                return Self.error(415, "send the body as application/json (Content-Type: \(type.isEmpty ? "none" : type))")
            }
        }
        return nil
    }

    /// The longest user, device, home or person name, in characters: each names stored state
    /// (a device's player, a user's library), so none may be of any size.
    static let maximumName = 100
    static let nameFields = ["user", "device", "home", "person", "voiceProfile"]

    /// The names a request gives, in its query and at the top of its JSON body (`body`).
    static func names(in request: HTTPRequest, body: [String: Any]?) -> [(field: String, value: String)] {
        var names = nameFields.compactMap { field in request.query[field].map { (field, $0) } }
        if let object = body {
            names += nameFields.compactMap { field in (object[field] as? String).map { (field, $0) } }
        }
        return names
    }

    static func isName(_ text: String) -> Bool {
        text.unicodeScalars.count <= maximumName
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `127.0.0.1`, `localhost` or `[::1]`, with any port.
    static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") {
            name = String(name.dropFirst().prefix { $0 != "]" })
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        return name == "localhost" || name == "::1" || name.hasPrefix("127.")
    }

    /// True when `origin` is this server as the request's Host names it.
    static func sameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host else { return false }
        return origin.lowercased() == "http://" + host.lowercased() || origin.lowercased() == "https://" + host.lowercased()
    }

    /// Routes that take the token as `?access_token=`: a browser's EventSource and `<img>` cannot
    /// set headers (the event stream, pictures). Every other route needs the header.
    static let tokenInQuery: Set<String> = ["events", "art"]

    /// The user of the request's bearer token, if it holds a known one (`tokenInQuery` routes also
    /// take it in the query); every token is compared in full, so timing does not tell how much of
    /// a guess was right.
    func user(of request: HTTPRequest, route: String) -> String? {
        let header = request.headers["authorization"].flatMap {
            $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil
        }
        let given = header ?? (Self.tokenInQuery.contains(route) ? request.query["access_token"] : nil)
        guard let given, !given.isEmpty else { return nil }
        var found: String?
        for (token, user) in tokens where Self.sameBytes(token, given) { found = user }
        return found
    }
}

/// Failed token attempts per client address: after `allowed` failures within `window` seconds, the
/// client is answered 429 until the window has passed.
final class FailedAttempts: Sendable {
    let allowed: Int
    let window: Double
    private let failures = Locked<[String: [Double]]>([:])

    init(allowed: Int = 20, window: Double = 60) {
        self.allowed = allowed
        self.window = window
    }

    func isBlocked(_ client: String, now: Double = HTTPServer.uptime()) -> Bool {
        failures.withLock { failures in
            let recent = (failures[client] ?? []).filter { now - $0 < window }
            failures[client] = recent.isEmpty ? nil : recent
            return recent.count >= allowed
        }
    }

    func record(_ client: String, now: Double = HTTPServer.uptime()) {
        failures.withLock { failures in
            // Bounded: the oldest clients are forgotten first when many addresses fail at once.
            if failures.count > 10_000, failures[client] == nil { failures.removeAll() }
            failures[client, default: []].append(now)
        }
    }
}

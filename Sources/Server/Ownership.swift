import Foundation

/// With tokens, users are kept apart in what they play: a device named outside a home is the
/// token user's own (its player is "user:NAME/DEVICE", so "kitchen" of one user is not another's),
/// and a home belongs to the user who first wrote or used it; others get 403.
extension HarkAPI {
    /// Routes whose device comes in the query, and routes whose device comes in the JSON body.
    static let deviceInQuery: Set<String> = ["/v1/now-playing", "/v1/events", "/v1/suggestions", "/v1/queue"]
    static let deviceInBody: Set<String> = ["ask", "player", "suggestions", "apps", "play", "queue"]

    /// The request as the token user's: homes it names checked (and claimed when new), devices
    /// outside a home made the user's own. A refusal when a home is another user's.
    func owned(_ request: HTTPRequest, body: [String: Any]?, captures: [String], routeName: String, user: String) async
        -> Result<HTTPRequest, HTTPResponse>
    {
        var request = request
        var homes: [String] = []
        if routeName == "home", let id = captures.first { homes.append(id) }
        if let id = request.query["home"] { homes.append(id) }
        if let id = body?["home"] as? String { homes.append(id) }
        for id in homes where (try? await assistant.claimHome(id, for: user)) != true {
            return .failure(Self.error(403, "the home \(id) belongs to another user"))
        }
        guard homes.isEmpty else { return .success(request) }
        if Self.deviceInQuery.contains(request.path) {
            request.query["device"] = Self.deviceKey(request.query["device"], user: user)
        } else if Self.deviceInBody.contains(routeName), Self.changingMethods.contains(request.method), var object = body {
            object["device"] = Self.deviceKey(object["device"] as? String, user: user)
            if let data = try? JSONSerialization.data(withJSONObject: object) { request.body = data }
        }
        return .success(request)
    }

    /// A user's own device: "user:NAME/DEVICE", the name written so that no two users share a
    /// prefix (letters and digits as they are, anything else as %XX).
    static func deviceKey(_ device: String?, user: String) -> String {
        let name = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics.subtracting(.nonBaseCharacters)) ?? user
        return "user:\(name)/" + (device.flatMap { $0.isEmpty ? nil : $0 } ?? "default")
    }

    /// A JSON body's top-level object, if it is one.
    static func jsonObject(_ body: Data) -> [String: Any]? {
        guard body.first == UInt8(ascii: "{") else { return nil }
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}

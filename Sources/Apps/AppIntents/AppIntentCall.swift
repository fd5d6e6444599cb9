import COpenSSL
public import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A parameter's value as Hark hands it to an app: an entity it matched, a number (clamped to the
/// parameter's range), a choice's value, free text, or for a name that matched nothing, the words
/// said as a query.
public struct AppParameterValue: Codable, Sendable, Hashable {
    public var entity: AppEntity?
    public var number: Double?
    public var choice: String?
    public var text: String?
    public var query: String?

    public init(
        entity: AppEntity? = nil, number: Double? = nil, choice: String? = nil, text: String? = nil, query: String? = nil
    ) {
        self.entity = entity
        self.number = number
        self.choice = choice
        self.text = text
        self.query = query
    }

    /// How a reply says it.
    public var spoken: String {
        if let entity { return entity.name }
        if let number { return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number) }
        return choice ?? text ?? query ?? ""
    }
}

/// What Hark asks an app to do: one of its intents with resolved parameters, for a person on a
/// device, in a language, to be answered before `deadline` (seconds since 1970).
public struct AppIntentCall: Codable, Sendable, Hashable {
    public var app: String
    public var intent: String
    public var parameters: [String: AppParameterValue]
    public var user: String
    public var device: String
    public var language: String
    public var deadline: Double

    public init(
        app: String, intent: String, parameters: [String: AppParameterValue], user: String, device: String,
        language: String, deadline: Double
    ) {
        self.app = app
        self.intent = intent
        self.parameters = parameters
        self.user = user
        self.device = device
        self.language = language
        self.deadline = deadline
    }
}

/// An app's answer, typed.
public struct AppIntentResult: Codable, Sendable, Hashable {
    public enum Status: String, Codable, Sendable {
        /// Done: `reply` is a key of the manifest's replies, filled with `values` and the parameters.
        case success
        /// `parameter` is wanted: Hark asks the parameter's prompt and calls again with the answer.
        case needsValue
        /// Several things fit `parameter`: Hark asks "Which one?" among `choices`.
        case disambiguation
        /// Could not do it; `reply` (a key) says why when given.
        case failure
    }

    public var status: Status
    public var reply: String?
    public var values: [String: String]?
    public var parameter: String?
    public var choices: [AppEntity]?
    public var reason: String?
    /// On success, how the person's record of it is shown in suggestions ("Load Berlin Loop");
    /// without it, Hark names it by the intent's title and the values said.
    public var donationTitle: String?

    public init(
        status: Status, reply: String? = nil, values: [String: String]? = nil, parameter: String? = nil,
        choices: [AppEntity]? = nil, reason: String? = nil, donationTitle: String? = nil
    ) {
        self.status = status
        self.reply = reply
        self.values = values
        self.parameter = parameter
        self.choices = choices
        self.reason = reason
        self.donationTitle = donationTitle
    }
}

/// Carries out an app's intents: in process (built-in apps and tests) or over HTTP.
public protocol AppIntentHandling: Sendable {
    func handle(_ call: AppIntentCall) async throws -> AppIntentResult
}

/// The app did not answer in time, or not with a result.
public struct AppNotAnswering: Error, Sendable, CustomStringConvertible {
    public var app: String
    public var reason: String
    public var description: String { "\(app) did not answer: \(reason)" }

    public init(app: String, reason: String) {
        self.app = app
        self.reason = reason
    }
}

/// An app reached over HTTP: `POST {endpoint}/handle` with the call as JSON, signed with the app's
/// secret (`X-Hark-Signature: sha256=<hex HMAC-SHA256 of the body>`), within the call's deadline.
public struct HTTPAppHandler: AppIntentHandling {
    public var endpoint: String
    public var secret: String

    public init(endpoint: String, secret: String) {
        self.endpoint = endpoint
        self.secret = secret
    }

    public func handle(_ call: AppIntentCall) async throws -> AppIntentResult {
        let data = try await Self.post(
            try JSONEncoder().encode(call), to: endpoint, path: "/handle", secret: secret, deadline: call.deadline,
            app: call.app)
        do {
            return try JSONDecoder().decode(AppIntentResult.self, from: data)
        } catch {
            throw AppNotAnswering(app: call.app, reason: "not a result: \(error)")
        }
    }

    /// Posts a signed body to the app and returns what it answered with 200 before `deadline`.
    static func post(_ body: Data, to endpoint: String, path: String, secret: String, deadline: Double, app: String)
        async throws -> Data
    {
        let base = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        guard let url = URL(string: base + path) else { throw AppNotAnswering(app: app, reason: "bad endpoint \(endpoint)") }
        let remaining = deadline - Date().timeIntervalSince1970
        guard remaining > 0.01 else { throw AppNotAnswering(app: app, reason: "no time left") }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: remaining)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("sha256=" + Self.signature(body, secret: secret), forHTTPHeaderField: "X-Hark-Signature")
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await Self.session.data(for: request)
        } catch {
            throw AppNotAnswering(app: app, reason: "\(error)")
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw AppNotAnswering(app: app, reason: "HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        guard Date().timeIntervalSince1970 <= deadline else {
            throw AppNotAnswering(app: app, reason: "answered after the deadline")
        }
        return data
    }

    /// One session for every app call: no cache, no cookies.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 8
        return URLSession(configuration: configuration)
    }()

    /// Hex HMAC-SHA256 of `body` under `secret` (OpenSSL's libcrypto).
    public static func signature(_ body: Data, secret: String) -> String {
        var digest = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        let key = Array(secret.utf8)
        body.withUnsafeBytes { raw in
            _ = HMAC(
                EVP_sha256(), key, Int32(key.count), raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &digest,
                &length)
        }
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }
}

public import Foundation
public import MediaIntents

/// One of an app's own commands, as its manifest declares it (the App Intents model): a title,
/// whether it opens the app, typed parameters and phrases per language.
public struct AppIntentDefinition: Codable, Sendable, Hashable {
    public var identifier: String
    public var title: String
    /// True when carrying it out brings the app to the front ("Load Berlin in Walk Mate"); false
    /// when it runs in the background.
    public var opensApp: Bool?
    public var parameters: [AppParameterDefinition]?
    /// Language tag → phrases, each with `{applicationName}` and at most one entity or text parameter.
    public var phrases: [String: [String]]
    /// When the entity said matches none of the app's, the app is still called with the words said
    /// as a query ("find walks near the river" opens its list of walks for that query).
    public var searchesWhenUnmatched: Bool?
    /// False when Hark should not record the command as done once it succeeds (a rename, a
    /// delete): "do that again" and suggestions then never repeat it. Default: recorded, as
    /// App Intents donates an intent the system performs.
    public var donates: Bool?

    public init(
        identifier: String, title: String, opensApp: Bool? = nil, parameters: [AppParameterDefinition]? = nil,
        phrases: [String: [String]], searchesWhenUnmatched: Bool? = nil, donates: Bool? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.opensApp = opensApp
        self.parameters = parameters
        self.phrases = phrases
        self.searchesWhenUnmatched = searchesWhenUnmatched
        self.donates = donates
    }

    public func parameter(_ name: String) -> AppParameterDefinition? { parameters?.first { $0.name == name } }
}

/// A typed parameter of an app's command.
public struct AppParameterDefinition: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, Hashable { case entity, number, choice, text }

    public var name: String
    public var kind: Kind
    /// For an entity: which of the app's entity types.
    public var entityType: String?
    /// For a number: the unit said after it, per language ("km", "км", "キロ"), and its range.
    public var unit: [String: String]?
    public var minimum: Double?
    public var maximum: Double?
    /// For a choice: value → phrases per language.
    public var choices: [String: [String: [String]]]?
    /// False when the command can go without it (default: required).
    public var required: Bool?
    /// The follow-up question when it is missing, per language ("How long should the walk be?").
    public var prompt: [String: String]?
    /// What it is called in a reply about its range, per language ("Routes", «Маршрут»).
    public var title: [String: String]?

    public init(
        name: String, kind: Kind, entityType: String? = nil, unit: [String: String]? = nil, minimum: Double? = nil,
        maximum: Double? = nil, choices: [String: [String: [String]]]? = nil, required: Bool? = nil,
        prompt: [String: String]? = nil, title: [String: String]? = nil
    ) {
        self.name = name
        self.kind = kind
        self.entityType = entityType
        self.unit = unit
        self.minimum = minimum
        self.maximum = maximum
        self.choices = choices
        self.required = required
        self.prompt = prompt
        self.title = title
    }

    public var isRequired: Bool { required ?? true }
}

/// A manifest that cannot be registered: where, and why.
public struct AppManifestError: Error, CustomStringConvertible, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension AppRegistration {
    /// Checks what the phrases' compilation cannot: names, parameters' kinds and ranges, entity
    /// types, the endpoint. Throws naming the intent and parameter at fault.
    public func validate() throws {
        func fail(_ text: String) -> AppManifestError { AppManifestError("app \(identifier): \(text)") }
        guard !identifier.isEmpty, identifier.count <= 100 else { throw fail("identifier must be 1 to 100 characters") }
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 100 else {
            throw fail("name must be 1 to 100 characters")
        }
        if alternativeNames.count > 3 { throw fail("at most three alternative names") }
        if let endpoint {
            guard let url = URL(string: endpoint), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw fail("endpoint \(endpoint) is not an http(s) URL")
            }
        }
        let media: Set<String> = ["playMedia", "addMedia", "updateMediaAffinity", "searchForMedia"]
        if let unknown = (mediaIntents ?? []).first(where: { !media.contains($0) }) {
            throw fail("mediaIntents: \(unknown) is not one of \(media.sorted().joined(separator: ", "))")
        }
        if !(mediaIntents ?? []).isEmpty, endpoint == nil { throw fail("an app answering media intents needs an endpoint") }
        var seen = Set<String>()
        for intent in intents ?? [] {
            let at = "intent \(intent.identifier)"
            guard !intent.identifier.isEmpty, seen.insert(intent.identifier).inserted else {
                throw fail("\(at): intent identifiers must be present and different")
            }
            if intent.phrases.values.allSatisfy(\.isEmpty) { throw fail("\(at): no phrases") }
            var names = Set<String>()
            for parameter in intent.parameters ?? [] {
                let where_ = "\(at), parameter \(parameter.name)"
                guard !parameter.name.isEmpty, parameter.name != "applicationName",
                    parameter.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), names.insert(parameter.name).inserted
                else { throw fail("\(where_): a name of letters, digits and _, not applicationName, once") }
                switch parameter.kind {
                case .entity:
                    guard let type = parameter.entityType, (entityTypes ?? []).contains(type) else {
                        throw fail("\(where_): entityType must be one of the app's entityTypes")
                    }
                case .number:
                    if let low = parameter.minimum, let high = parameter.maximum, low > high {
                        throw fail("\(where_): minimum is above maximum")
                    }
                case .choice:
                    if (parameter.choices ?? [:]).isEmpty { throw fail("\(where_): a choice needs choices") }
                case .text: break
                }
            }
        }
    }

    public func intent(_ identifier: String) -> AppIntentDefinition? { intents?.first { $0.identifier == identifier } }
}

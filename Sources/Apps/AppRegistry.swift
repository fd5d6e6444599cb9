import Foundation
import MediaIntents

/// An app Hark can send requests to, with the names people call it by.
public struct AppRegistration: Codable, Sendable, Hashable {
    public var identifier: String
    public var name: String
    /// Up to three other names ("Walk Mate" / "walkmate").
    public var alternativeNames: [String]
    /// How the name is said, when spelling misleads a speech recogniser.
    public var pronunciationHint: String?
    /// The app's global vocabulary (AppIntentVocabulary structure).
    public var vocabulary: AppVocabulary?
    /// Its own commands (`AppManifest.swift`), the kinds of things it lets people name, where Hark
    /// calls it, and its replies: reply key → language → text with `{parameter}` marks.
    public var intents: [AppIntentDefinition]?
    public var entityTypes: [String]?
    /// Where Hark posts its calls (`POST {endpoint}/handle`), signed with the app's secret.
    public var endpoint: String?
    /// An in-process handler's name instead of an endpoint (built-in apps and tests).
    public var handlerName: String?
    public var replies: [String: [String: String]]?
    /// The media intents it answers itself over HTTP (`playMedia`, `addMedia`, `updateMediaAffinity`,
    /// `searchForMedia`; `HTTPMediaHandler`): a music service with a catalog of its own.
    public var mediaIntents: [String]?

    public init(
        identifier: String, name: String, alternativeNames: [String] = [], pronunciationHint: String? = nil,
        vocabulary: AppVocabulary? = nil, intents: [AppIntentDefinition]? = nil, entityTypes: [String]? = nil,
        endpoint: String? = nil, handlerName: String? = nil, replies: [String: [String: String]]? = nil,
        mediaIntents: [String]? = nil
    ) {
        self.identifier = identifier
        self.name = name
        self.alternativeNames = Array(alternativeNames.prefix(3))
        self.pronunciationHint = pronunciationHint
        self.vocabulary = vocabulary
        self.intents = intents
        self.entityTypes = entityTypes
        self.endpoint = endpoint
        self.handlerName = handlerName
        self.replies = replies
        self.mediaIntents = mediaIntents
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, name, alternativeNames, pronunciationHint, vocabulary, intents, entityTypes, endpoint
        case handlerName, replies, mediaIntents
    }

    /// A manifest may leave out everything but its identifier and name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            identifier: try container.decode(String.self, forKey: .identifier),
            name: try container.decode(String.self, forKey: .name),
            alternativeNames: try container.decodeIfPresent([String].self, forKey: .alternativeNames) ?? [],
            pronunciationHint: try container.decodeIfPresent(String.self, forKey: .pronunciationHint),
            vocabulary: try container.decodeIfPresent(AppVocabulary.self, forKey: .vocabulary),
            intents: try container.decodeIfPresent([AppIntentDefinition].self, forKey: .intents),
            entityTypes: try container.decodeIfPresent([String].self, forKey: .entityTypes),
            endpoint: try container.decodeIfPresent(String.self, forKey: .endpoint),
            handlerName: try container.decodeIfPresent(String.self, forKey: .handlerName),
            replies: try container.decodeIfPresent([String: [String: String]].self, forKey: .replies),
            mediaIntents: try container.decodeIfPresent([String].self, forKey: .mediaIntents))
        // Too many alternative names is an error here, not quietly cut.
        let alternatives = try container.decodeIfPresent([String].self, forKey: .alternativeNames) ?? []
        if alternatives.count > 3 {
            throw DecodingError.dataCorruptedError(
                forKey: .alternativeNames, in: container, debugDescription: "at most three alternative names")
        }
    }

    /// Every name the app answers to.
    public var allNames: [String] { [name] + alternativeNames + (pronunciationHint.map { [$0] } ?? []) }

    /// The ways a speech recogniser may write the names: as registered, run together ("walkmate"),
    /// and split once anywhere ("spot ify").
    public var spokenVariants: [String] {
        var variants = Set(allNames)
        for name in allNames {
            // Russian case forms of the last word: "в Яндекс.Музыке", "скажи Алисе".
            if let range = name.range(of: "[А-Яа-яЁё]+$", options: .regularExpression) {
                for form in NameFolding.russianCaseForms(String(name[range])).dropFirst() {
                    variants.insert(name[..<range.lowerBound] + form)
                }
            }
            let joined = AppRegistry.squash(name)
            variants.insert(joined)
            guard joined.count <= 16, joined.count > 2 else { continue }
            for cut in 1..<joined.count {
                let index = joined.index(joined.startIndex, offsetBy: cut)
                variants.insert(joined[..<index] + " " + joined[index...])
            }
        }
        return variants.sorted()
    }
}

/// The apps on this system; requests that name no app go to the default one.
public struct AppRegistry: Sendable {
    public private(set) var apps: [AppRegistration]
    public let defaultIdentifier: String

    /// Hark's own library app, which plays the local catalog.
    public static let library = AppRegistration(
        identifier: "hark.library", name: "Hark", alternativeNames: ["Hark Music", "Hark Library", "my music library"],
        vocabulary: AppRegistry.bundledVocabulary())

    /// The library app's global vocabulary, from the module's resources.
    static func bundledVocabulary() -> AppVocabulary? {
        guard let url = Bundle.module.url(forResource: "Resources/AppIntentVocabulary", withExtension: "json"),
            let data = FileManager.default.contents(atPath: url.path)
        else { return nil }
        return try? JSONDecoder().decode(AppVocabulary.self, from: data)
    }

    /// Adds or replaces an app (by identifier).
    public mutating func register(_ app: AppRegistration) {
        apps.removeAll { $0.identifier == app.identifier }
        apps.append(app)
    }

    public init(
        apps: [AppRegistration] = [AppRegistry.library], defaultIdentifier: String = AppRegistry.library.identifier
    ) {
        self.apps = apps
        self.defaultIdentifier = defaultIdentifier
    }

    /// The app registered under this identifier.
    public func app(identifier: String?) -> AppRegistration? {
        guard let identifier else { return nil }
        return apps.first { $0.identifier == identifier }
    }

    /// The app a spoken name means, matched forgivingly (case, punctuation, spaces: "walkmate" = "Walk Mate").
    public func app(named spoken: String?) -> AppRegistration? {
        guard let spoken else { return app(identifier: defaultIdentifier) }
        let key = Self.squash(spoken)
        if let app = apps.first(where: { app in app.allNames.contains { Self.squash($0) == key } }) { return app }
        // A Russian name in another case ("Яндекс.Музыке") matches by its stem.
        let stem = Self.squash(NameFolding.stem(spoken))
        return apps.first { app in app.allNames.contains { Self.squash(NameFolding.stem($0)) == stem } }
    }

    static func squash(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
                .map(Character.init))
    }
}

public import MediaIntents

/// What a request means, in the shape of an evaluation row's `expect`: the intent, the app
/// named, the media search and the other parameters.
public struct Understood: Codable, Sendable, Hashable {
    public var intent: IntentKind
    public var app: String?
    public var search: MediaSearch?
    public var params: IntentParameters?

    public init(intent: IntentKind, app: String? = nil, search: MediaSearch? = nil, params: IntentParameters? = nil) {
        self.intent = intent
        self.app = app
        self.search = search
        self.params = params
    }

    /// Nothing understood: not a media request.
    public static let none = Understood(intent: .none)
}

/// One reading of an utterance, with how well the grammar explains it (0…1, higher is better).
public struct Interpretation: Codable, Sendable, Hashable {
    public var understood: Understood
    public var score: Double
    /// The grammar sentence that matched.
    public var sentence: String?
    /// True when the reading counts only if the catalog has what it names.
    public var needsCatalog: Bool

    public init(understood: Understood, score: Double, sentence: String? = nil, needsCatalog: Bool = false) {
        self.understood = understood
        self.score = score
        self.sentence = sentence
        self.needsCatalog = needsCatalog
    }
}

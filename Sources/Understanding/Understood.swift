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
    /// Which tier read it.
    public var tier: Tier
    /// How sure the tiers together are of this reading (0…1): the model's probability of its
    /// frame when a model is loaded, else the grammar's score.
    public var confidence: Double
    /// True when the request is about media (a play, an add) but what it names could not be read:
    /// the answer is a short question ("What would you like me to play?"), not an action.
    public var clarify: Bool?

    public init(
        understood: Understood, score: Double, sentence: String? = nil, needsCatalog: Bool = false,
        tier: Tier = .grammar, confidence: Double? = nil
    ) {
        self.understood = understood
        self.score = score
        self.sentence = sentence
        self.needsCatalog = needsCatalog
        self.tier = tier
        self.confidence = confidence ?? score
    }
}

/// The tiers of understanding, most precise first.
public enum Tier: String, Codable, Sendable {
    /// The language's grammar read every word.
    case grammar
    /// The grammar read it once wake words and fillers were dropped and a few words passed over.
    case tolerant
    /// The learned model read it (the grammar found no reading it agrees with).
    case model
}

/// Which tiers may read a request (all, or fewer to measure each one's share).
public struct Tiers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let grammar = Tiers(rawValue: 1)
    public static let tolerant = Tiers(rawValue: 2)
    public static let model = Tiers(rawValue: 4)
    public static let all: Tiers = [.grammar, .tolerant, .model]
}

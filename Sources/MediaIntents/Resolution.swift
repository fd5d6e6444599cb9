/// The result of resolving one parameter of an intent, as SiriKit's resolution results.
public enum ResolutionResult<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// Exactly this value.
    case success(Value)
    /// Several values, all of which are meant ("play songs by Adele").
    case successes([Value])
    /// Several values fit and the user must choose one.
    case disambiguation([Value])
    /// One value fits, but the user should confirm it first.
    case confirmationRequired(Value)
    /// A value is needed and none was given.
    case needsValue
    /// The value cannot be used, for the reason given.
    case unsupported(UnsupportedReason)
    /// Nothing was asked for where nothing is needed.
    case notRequired

    /// The values this result carries, best first.
    public var values: [Value] {
        switch self {
        case .success(let value), .confirmationRequired(let value): return [value]
        case .successes(let values), .disambiguation(let values): return values
        case .needsValue, .unsupported, .notRequired: return []
        }
    }
}

/// The answer an app gives after handling an intent.
public struct IntentResponse: Codable, Sendable, Hashable {
    public var code: ResponseCode
    /// Why it failed, when an item could not be used.
    public var reason: UnsupportedReason?
    public var destinationReason: AddDestinationReason?
    public var speedReason: PlaybackSpeedReason?
    /// What the request acted on, best first (the first is the one played).
    public var items: [MediaItem]
    /// Facts a reply can use ("playlist": "Driving", "created": "true").
    public var details: [String: String]

    public init(
        code: ResponseCode, items: [MediaItem] = [], reason: UnsupportedReason? = nil,
        destinationReason: AddDestinationReason? = nil, speedReason: PlaybackSpeedReason? = nil,
        details: [String: String] = [:]
    ) {
        self.details = details
        self.code = code
        self.items = items
        self.reason = reason
        self.destinationReason = destinationReason
        self.speedReason = speedReason
    }
}

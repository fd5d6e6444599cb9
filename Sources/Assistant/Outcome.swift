public import MediaIntents
public import Understanding

/// Everything one request produced: what was understood, what was found and done, and the reply.
public struct Outcome: Codable, Sendable {
    public var text: String
    public var language: String
    /// The reading that was acted on.
    public var understood: Understood
    /// Every reading the grammar allowed, best first, with scores.
    public var interpretations: [Interpretation]
    /// The app that handled it.
    public var app: String?
    /// The player it acted on.
    public var device: String
    /// Items found, best first: the first is the one played; up to four alternatives follow.
    public var items: [MediaItem]
    public var code: ResponseCode
    public var reason: UnsupportedReason?
    public var destinationReason: AddDestinationReason?
    public var speedReason: PlaybackSpeedReason?
    public var commandStatus: CommandStatus?
    public var nowPlaying: NowPlayingInfo?
    /// The sentence said back to the user.
    public var reply: String
    /// In a home: the person it was served for, and every device it acted on (a room's or every
    /// room's speakers; `device` is the first).
    public var person: String? = nil
    public var devices: [String]? = nil
    /// True when the player did not answer (in time): nothing was changed on it.
    public var playerUnreachable: Bool? = nil
    /// Set when a database was busy or could not be reached (what failed): nothing may have been
    /// done, and the reply says so.
    public var storageUnavailable: String? = nil
    /// What the request was understood as, in its language, for a person to read: "Play · Skyfall
    /// by Adele", «Включить · Сектор Газа». Nil when it was not understood as a request.
    public var understoodText: String? = nil
}

/// The outcome of handling an intent, with SiriKit's meanings.
public enum ResponseCode: String, Codable, Sendable, CaseIterable {
    /// Done.
    case success
    /// The app must take over in the foreground to finish.
    case handleInApp
    /// The request was done and the app should be opened to continue.
    case continueInApp
    /// It could not be done; the reason says why.
    case failure
    /// It could not be done without opening the app (for example to log in).
    case failureRequiringAppLaunch
    /// The app does not play that kind of media.
    case failureUnknownMediaType
    /// There is nothing new to play ("play the next episode" with none left).
    case failureNoUnplayedContent
    /// Content settings (explicit, parental) forbid it.
    case failureRestrictedContent
    /// Too many streams are playing on the account already.
    case failureMaxStreamLimitReached
    /// The app does not support the request at all.
    case unsupported
    /// Hark's: several things fit and it matters which, so the reply asks "Which one?" and the
    /// next request answers (SiriKit expresses this as a disambiguation resolution result).
    case needsChoice
    /// Hark's: one thing comes close to what was asked, but not close enough to act on, so the
    /// reply offers it ("Do you want Holiday by Madonna?") and a yes or no in the next request answers.
    case needsConfirmation
    /// Hark's: an app's command lacks a value, so the reply asks for it ("How long should the walk
    /// be?") and the next request answers.
    case needsValue

    /// Whether the request was carried out.
    public var isSuccess: Bool { self == .success || self == .handleInApp || self == .continueInApp }
}

/// Why a found item cannot be played, added or liked (`INPlayMediaMediaItemUnsupportedReason`).
public enum UnsupportedReason: String, Codable, Sendable, CaseIterable {
    case loginRequired, subscriptionRequired, unsupportedMediaType, explicitContentSettings
    case cellularDataSettings, restrictedContent, serviceUnavailable, regionRestriction
    /// Every episode asked about has been heard ("the next unplayed episode" of a show heard to the end).
    case noUnplayedContent
    /// Hark's own: "play my podcasts" from someone who follows none.
    case noSubscriptions
}

/// Why a destination of an add request cannot take the item.
public enum AddDestinationReason: String, Codable, Sendable, CaseIterable {
    case playlistNameNotFound, playlistNotEditable
}

/// Why a requested playback speed was refused.
public enum PlaybackSpeedReason: String, Codable, Sendable, CaseIterable {
    case belowMinimum, aboveMaximum
}

/// How a now-playing command went, as a remote command handler reports it.
public enum CommandStatus: String, Codable, Sendable, CaseIterable {
    case success
    /// The command named content that does not exist.
    case noSuchContent
    /// Nothing is playing that the command could act on.
    case noActionableNowPlayingItem
    /// The command was understood but failed.
    case commandFailed
    /// The app turned this command off.
    case commandDisabled
}

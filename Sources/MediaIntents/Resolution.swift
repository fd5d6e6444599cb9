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
public struct IntentResponse: Sendable, Hashable {
    public var code: ResponseCode
    /// Why it failed, when an item could not be used.
    public var reason: UnsupportedReason?
    public var destinationReason: AddDestinationReason?
    public var speedReason: PlaybackSpeedReason?
    /// What the request acted on, best first (the first is the one played).
    public var items: [MediaItem]
    /// What the app did, in terms a reply is chosen from (nil: nothing beyond the code).
    public var handled: HandledOutcome?

    public init(
        code: ResponseCode, items: [MediaItem] = [], reason: UnsupportedReason? = nil,
        destinationReason: AddDestinationReason? = nil, speedReason: PlaybackSpeedReason? = nil,
        handled: HandledOutcome? = nil
    ) {
        self.code = code
        self.items = items
        self.reason = reason
        self.destinationReason = destinationReason
        self.speedReason = speedReason
        self.handled = handled
    }
}

/// What an app did with a request: the facts its reply is chosen from.
public enum HandledOutcome: Sendable, Hashable {
    case played(PlayOutcome)
    case added(AddOutcome)
    case affinity(AffinityOutcome)
    /// Nothing fit what was asked.
    case notFound
    /// The item found holds nothing to hear (an artist without songs, a playlist of dislikes).
    case nothingToPlay
    /// The player could not be reached; nothing changed.
    case playerUnreachable
}

/// How a play request was carried out.
public enum PlayOutcome: Sendable, Hashable {
    /// The items asked for (the first plays).
    case item
    /// What was paused or loaded goes on, or a book or episode from where the user left it.
    case resumed
    /// Nothing was named: a mix of the user's music (`emptyLibrary`: of the catalog's, the user
    /// having none yet).
    case mix(emptyLibrary: Bool)
    /// The user's own music.
    case myMusic
    /// "More like this": music like `seed`, shuffled.
    case station(seed: String)
    /// A genre, mood, decade or order without a name: everything that fits, shuffled (a chart in order).
    case browse
}

/// Where added items went.
public enum AddOutcome: Sendable, Hashable {
    case library
    /// `playlist` as stored; `created` when it did not exist before this request.
    case playlist(String, created: Bool)
    /// Everything asked for was in the playlist already (named as stored); nothing was added.
    case alreadyInPlaylist(String)
    /// The playlist cannot be changed (the catalog's own); nothing was added.
    case playlistNotEditable(String)
    /// No playlist was named and the user has none; nothing was added.
    case noPlaylist
    /// No playlist was named and the user has several: the response's items are the choices.
    case choosePlaylist
}

/// What a like or dislike did.
public enum AffinityOutcome: Sendable, Hashable {
    case liked
    /// `skipped`: the disliked song was playing and was skipped.
    case disliked(skipped: Bool)
    /// Only songs can be disliked; nothing changed.
    case dislikeNotSong
}

/// A request outside speech (the HTTP API's library edits) that cannot be carried out, and why.
public struct RequestRefused: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// What it names does not exist (a catalog item, a playlist).
        case notFound
        /// Well formed, but what it names cannot take it (a catalog playlist, a dislike of an album).
        case conflict
        /// The request itself is wrong (an empty name).
        case invalid
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

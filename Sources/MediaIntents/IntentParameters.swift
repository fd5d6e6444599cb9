/// Where an added item goes: the user's library or a named playlist.
public enum AddDestination: Codable, Sendable, Hashable {
    case library
    case playlist(String)

    private enum CodingKeys: String, CodingKey { case library, playlist }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .playlist) {
            self = .playlist(name)
        } else {
            self = .library
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .library: try container.encode(true, forKey: .library)
        case .playlist(let name): try container.encode(name, forKey: .playlist)
        }
    }
}

/// Repeat modes of a play request (`INPlaybackRepeatMode`).
public enum PlaybackRepeatMode: String, Codable, Sendable, CaseIterable { case none, all, one }

/// Repeat modes of the now-playing command ("repeat off").
public enum RepeatMode: String, Codable, Sendable, CaseIterable { case off, one, all }

/// Where a play request puts its items in the queue (`INPlaybackQueueLocation`).
public enum PlaybackQueueLocation: String, Codable, Sendable, CaseIterable { case now, next, later }

/// Like or dislike (`INMediaAffinityType`).
public enum AffinityType: String, Codable, Sendable, CaseIterable { case like, dislike }

/// What a now-playing question asks about: the item playing (its title, artist, album, or all of
/// it), what plays after it, the year it came out, or whether the person likes it. A question
/// changes nothing.
public enum NowPlayingQuestionKind: String, Codable, Sendable, CaseIterable {
    case title, artist, album, any, next, year, liked
    /// What played before this; what a playlist holds, and how many songs (a named one, else what is queued).
    case previous, playlist, playlistCount
    /// How long the item playing is, how much of it is left, and how long a playlist (or the queue) runs.
    case duration, remaining, playlistDuration
    /// Whether the catalog has another version of what plays ("is there a live version of this?").
    case versions
    /// Whether what plays is the original recording, a cover or another version ("is this a cover?").
    case original
    /// Whether what plays is in a playlist already ("is this in my Running playlist?").
    case inPlaylist
    /// Which artists sound like what plays, or like an artist named ("who sounds like Bon Iver?").
    case similar
    /// Which room this speaker is in, and which speakers there are ("how many speakers do I have?"):
    /// about the home, not the music, and said truthfully when no home is set up.
    case room, speakers
    /// The words of what plays ("what are the lyrics?"): the line being sung, on a screen.
    case lyrics
}

/// Everything a request carries besides its media search, named as in the evaluation format.
public struct IntentParameters: Codable, Sendable, Hashable {
    public var playShuffled: Bool?
    public var playbackRepeatMode: PlaybackRepeatMode?
    public var playbackQueueLocation: PlaybackQueueLocation?
    public var playbackSpeed: Double?
    public var resumePlayback: Bool?
    /// `markPlayed`: true to mark as played, false to mark as unplayed.
    public var played: Bool?
    public var destination: AddDestination?
    public var affinityType: AffinityType?
    /// Seconds to skip, forward or back.
    public var interval: Double?
    /// Seconds from the start to seek to.
    public var position: Double?
    public var rate: Double?
    public var repeatMode: RepeatMode?
    public var shuffle: Bool?
    /// Volume level, 0–100.
    public var volume: Int?
    /// Volume change, −100…100.
    public var volumeDelta: Int?
    public var question: NowPlayingQuestionKind?
    /// A named player ("TV", "kitchen speaker").
    public var device: String?
    /// A room or area ("living room").
    public var area: String?
    /// What plays elsewhere, played here: "move" (it stops where it was) or "add" (it plays in both).
    public var handoff: String?
    /// An app's own command (intent `appIntent`): the intent's identifier in the app's manifest.
    public var appIntent: String?
    /// The app command's parameters as said, by name ("walk": "berlin loop", "distance": "50").
    public var appValues: [String: String]?

    public init() {}

    /// True when no parameter is set.
    public var isEmpty: Bool { self == IntentParameters() }
}

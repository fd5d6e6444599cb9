/// An intent that acts on media items found by a search: resolve fills `mediaItems`, handle uses them.
public protocol MediaItemsIntent: Sendable {
    var mediaSearch: MediaSearch { get }
    var mediaItems: [MediaItem] { get set }
}

/// "Play Skyfall by Adele": SiriKit's `INPlayMediaIntent`.
public struct PlayMediaIntent: MediaItemsIntent, Codable, Sendable, Hashable {
    public var mediaItems: [MediaItem]
    public var playShuffled: Bool?
    public var playbackRepeatMode: PlaybackRepeatMode?
    public var resumePlayback: Bool?
    public var playbackQueueLocation: PlaybackQueueLocation
    public var playbackSpeed: Double?
    public var mediaSearch: MediaSearch

    public init(
        mediaSearch: MediaSearch, mediaItems: [MediaItem] = [],
        playShuffled: Bool? = nil, playbackRepeatMode: PlaybackRepeatMode? = nil, resumePlayback: Bool? = nil,
        playbackQueueLocation: PlaybackQueueLocation = .now, playbackSpeed: Double? = nil
    ) {
        self.mediaSearch = mediaSearch
        self.mediaItems = mediaItems
        self.playShuffled = playShuffled
        self.playbackRepeatMode = playbackRepeatMode
        self.resumePlayback = resumePlayback
        self.playbackQueueLocation = playbackQueueLocation
        self.playbackSpeed = playbackSpeed
    }
}

/// "Add this song to my driving playlist": SiriKit's `INAddMediaIntent`.
public struct AddMediaIntent: MediaItemsIntent, Codable, Sendable, Hashable {
    public var mediaItems: [MediaItem]
    public var mediaSearch: MediaSearch
    public var destination: AddDestination

    public init(mediaSearch: MediaSearch, destination: AddDestination, mediaItems: [MediaItem] = []) {
        self.mediaSearch = mediaSearch
        self.destination = destination
        self.mediaItems = mediaItems
    }
}

/// "I like this song": SiriKit's `INUpdateMediaAffinityIntent`.
public struct UpdateMediaAffinityIntent: MediaItemsIntent, Codable, Sendable, Hashable {
    public var mediaItems: [MediaItem]
    public var mediaSearch: MediaSearch
    public var affinityType: AffinityType

    public init(mediaSearch: MediaSearch, affinityType: AffinityType, mediaItems: [MediaItem] = []) {
        self.mediaSearch = mediaSearch
        self.affinityType = affinityType
        self.mediaItems = mediaItems
    }
}

/// "Search for Billie Eilish": SiriKit's `INSearchForMediaIntent`.
public struct SearchForMediaIntent: MediaItemsIntent, Codable, Sendable, Hashable {
    public var mediaItems: [MediaItem]
    public var mediaSearch: MediaSearch

    public init(mediaSearch: MediaSearch, mediaItems: [MediaItem] = []) {
        self.mediaSearch = mediaSearch
        self.mediaItems = mediaItems
    }
}

/// A command on what is playing, as a remote command centre receives it.
public enum NowPlayingCommand: Codable, Sendable, Hashable {
    case play, pause, stop, togglePlayPause, nextTrack, previousTrack
    /// Skip by a number of seconds; negative goes back.
    case skip(seconds: Double)
    /// Seek to a position in seconds from the start.
    case seek(position: Double)
    case changeRate(Double)
    case changeRepeatMode(RepeatMode)
    case changeShuffle(Bool)

    /// The command's name, as a command centre lists it ("skip", "changeRate", …).
    public var name: String {
        switch self {
        case .play: return "play"
        case .pause: return "pause"
        case .stop: return "stop"
        case .togglePlayPause: return "togglePlayPause"
        case .nextTrack: return "nextTrack"
        case .previousTrack: return "previousTrack"
        case .skip: return "skip"
        case .seek: return "seek"
        case .changeRate: return "changeRate"
        case .changeRepeatMode: return "changeRepeatMode"
        case .changeShuffle: return "changeShuffle"
        }
    }
}

/// A change to the speaker's volume.
public enum VolumeCommand: Codable, Sendable, Hashable {
    /// Set the level, 0–100.
    case set(Int)
    /// Change the level by a signed amount.
    case change(Int)
    case mute, unmute
}

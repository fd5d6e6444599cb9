/// The kind of a media item, as SiriKit's `INMediaItemType` names them.
public enum MediaItemType: String, Codable, Sendable, CaseIterable {
    case unknown, song, album, artist, genre, playlist, podcastShow, podcastEpisode, podcastPlaylist
    case musicStation, audioBook, movie, tvShow, tvShowEpisode, musicVideo, podcastStation
    case radioStation, station, music, algorithmicRadioStation, news

    /// Types Hark can play as audio. Video types are understood but not played.
    public var isAudio: Bool {
        switch self {
        case .movie, .tvShow, .tvShowEpisode, .musicVideo: return false
        default: return true
        }
    }

    /// Broadcast live: it plays as it is sent, with no seeking, speed or repeat.
    public var isLive: Bool {
        switch self {
        case .radioStation, .station, .musicStation, .podcastStation, .algorithmicRadioStation, .news: return true
        default: return false
        }
    }

    /// One thing to hear, not a collection of them (an album, a playlist, an artist, a show).
    public var isSingle: Bool {
        switch self {
        case .song, .podcastEpisode, .radioStation, .station, .musicStation, .news: return true
        default: return false
        }
    }
}

/// How the results of a search are ordered ("the newest", "the most popular").
public enum SortOrder: String, Codable, Sendable, CaseIterable {
    case newest, oldest, best, worst, popular, unpopular, trending, recommended
    /// Hark's addition: the episode a person has not heard yet ("the next unplayed episode").
    case unplayed
}

/// What a request points at without naming it: "this song" or "my playlist".
public enum MediaReference: String, Codable, Sendable, CaseIterable {
    case currentlyPlaying, my
}

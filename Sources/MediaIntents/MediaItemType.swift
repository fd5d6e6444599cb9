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
}

/// How the results of a search are ordered ("the newest", "the most popular").
public enum SortOrder: String, Codable, Sendable, CaseIterable {
    case newest, oldest, best, worst, popular, unpopular, trending, recommended
}

/// What a request points at without naming it: "this song" or "my playlist".
public enum MediaReference: String, Codable, Sendable, CaseIterable {
    case currentlyPlaying, my
}

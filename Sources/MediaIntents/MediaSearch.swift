/// An inclusive range of release years, as in `{"start": 1970, "end": 1979}`.
public struct YearRange: Codable, Sendable, Hashable {
    public var start: Int
    public var end: Int
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }
    /// Whether `year` falls inside the range.
    public func contains(_ year: Int) -> Bool { year >= start && year <= end }
}

/// What the user asked for, field by field: SiriKit's `INMediaSearch`.
///
///     MediaSearch(mediaType: .song, mediaName: "Skyfall", artistName: "Adele")
public struct MediaSearch: Codable, Sendable, Hashable {
    public var mediaType: MediaItemType?
    public var sortOrder: SortOrder?
    public var mediaName: String?
    public var artistName: String?
    public var albumName: String?
    public var genreNames: [String]?
    public var moodNames: [String]?
    public var releaseDate: YearRange?
    public var reference: MediaReference?
    public var mediaIdentifier: String?
    /// Hark's addition to SiriKit's search: "episode 12 of Serial" (with `mediaType` podcastEpisode
    /// and the show as `mediaName`).
    public var episodeNumber: Int?
    /// Hark's addition: the season of "season 2 episode 3 of Serial" (with `episodeNumber`).
    public var seasonNumber: Int?
    /// Hark's addition: artists said not to be heard ("anything but Queen"), as the catalog writes
    /// them; their songs are left out of what plays.
    public var excludedArtists: [String]?
    /// Hark's addition: words of the song as somebody remembers them ("the song that goes is this
    /// the real life"), found in the catalog's lyrics, never read as a title or an artist.
    public var lyrics: String?
    /// Hark's addition: what an episode is about ("the episode about volcanoes"), searched in
    /// episodes' titles and show notes, never read as a title.
    public var about: String?

    public init(
        mediaType: MediaItemType? = nil, sortOrder: SortOrder? = nil, mediaName: String? = nil,
        artistName: String? = nil, albumName: String? = nil, genreNames: [String]? = nil,
        moodNames: [String]? = nil, releaseDate: YearRange? = nil, reference: MediaReference? = nil,
        mediaIdentifier: String? = nil
    ) {
        self.mediaType = mediaType
        self.sortOrder = sortOrder
        self.mediaName = mediaName
        self.artistName = artistName
        self.albumName = albumName
        self.genreNames = genreNames
        self.moodNames = moodNames
        self.releaseDate = releaseDate
        self.reference = reference
        self.mediaIdentifier = mediaIdentifier
    }

    /// True when nothing at all was asked for: a bare "play".
    public var isEmpty: Bool { self == MediaSearch() }

    /// True when the search names something (a title, an artist, an album) rather than only
    /// qualities such as a genre or a decade.
    public var hasName: Bool {
        mediaName != nil || artistName != nil || albumName != nil || lyrics != nil || about != nil
    }
}

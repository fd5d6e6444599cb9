public import MediaIntents

/// One item as an import file describes it (a JSON Lines row, or a CSV row after mapping).
///
///     {"type": "song", "title": "Skyfall", "artist": "Adele", "album": "Skyfall", "year": 2012}
public struct CatalogEntry: Codable, Sendable, Hashable {
    public var type: MediaItemType
    public var title: String
    /// The artist credit as printed ("Mark Ronson featuring Bruno Mars"); split into artists on import.
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var year: Int?
    /// Release date, `YYYY-MM-DD` (podcast episodes are ordered by it).
    public var released: String?
    public var genres: [String]?
    public var moods: [String]?
    /// Seconds.
    public var duration: Double?
    /// 0…1, higher is more popular.
    public var popularity: Double?
    public var explicit: Bool?
    public var trackNumber: Int?
    /// The disc of a multi-disc album (tracks play disc by disc).
    public var discNumber: Int?
    /// The show an episode belongs to.
    public var show: String?
    /// An audiobook's author.
    public var author: String?
    /// A radio station's frequency ("89.1 FM").
    public var frequency: String?
    /// Other names the item is known by ("Jay Chou" for 周杰伦).
    public var aliases: [String]?
    /// For an artist: a person or a group.
    public var kind: ArtistKind?
    /// A playlist's entries, by title and artist.
    public var entries: [EntryReference]?
    /// The user a playlist belongs to; nil for the catalog's own.
    public var owner: String?
    /// Where the audio file is, when there is one.
    public var path: String?
    /// The song's words: plain lines, or LRC with a time stamp per line (`Lyrics(parsing:)`).
    public var lyrics: String?
    /// What the item is about, in plain text (a podcast episode's show notes): "the episode about …"
    /// searches it with the title.
    public var description: String?

    public init(type: MediaItemType, title: String, artist: String? = nil) {
        self.type = type
        self.title = title
        self.artist = artist
    }
}

/// A playlist entry named by title (and artist, to tell same-titled songs apart).
public struct EntryReference: Codable, Sendable, Hashable {
    public var title: String
    public var artist: String?
    public init(title: String, artist: String? = nil) {
        self.title = title
        self.artist = artist
    }
}

/// One thing that can be played, added or liked, as returned by a resolver.
///
/// Every item carries a title, an artist (where there is one) and a type, so a reply can say
/// exactly what is playing.
public struct MediaItem: Codable, Sendable, Hashable, Identifiable {
    public var identifier: String
    public var title: String
    public var type: MediaItemType
    public var artist: String?
    public var album: String?
    /// Length in seconds, when known.
    public var duration: Double?
    public var releaseYear: Int?
    /// The day it came out ("2014-10-16"), when the catalog says: an episode's date is what "when
    /// did this come out?" means.
    public var released: String?
    public var genres: [String]
    public var popularity: Double
    public var isExplicit: Bool
    /// The item's other names as printed ("Туман" for "Tuman"), so a reply can name it in the
    /// request's script.
    public var aliases: [String]?
    /// The other names of the (first) artist; for an artist, its own.
    public var artistAliases: [String]?
    /// Whether the (first) artist is a person or a group, when the catalog says; for an artist, itself.
    /// Russian replies need it ("песни Земфиры", "песни группы «Кино»").
    public var artistKind: ArtistKind?
    /// Where the audio is: a file path, or a player's own URI (an item imported from MPD).
    public var location: String?
    /// For an item found by its lyrics: the line (or two lines, joined by " / ") that held the words
    /// said, as the lyrics write them, so the reply can quote it.
    public var lyricLine: String?

    public var id: String { identifier }

    public init(
        identifier: String, title: String, type: MediaItemType, artist: String? = nil, album: String? = nil,
        duration: Double? = nil, releaseYear: Int? = nil, genres: [String] = [], popularity: Double = 0,
        isExplicit: Bool = false
    ) {
        self.identifier = identifier
        self.title = title
        self.type = type
        self.artist = artist
        self.album = album
        self.duration = duration
        self.releaseYear = releaseYear
        self.genres = genres
        self.popularity = popularity
        self.isExplicit = isExplicit
    }
}

/// What an artist is, for replies that word a person and a band differently.
public enum ArtistKind: String, Codable, Sendable, CaseIterable {
    case person, group
}

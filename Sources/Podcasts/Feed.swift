public import Foundation

/// A podcast feed as read from its RSS 2.0 or Atom document: the show, and its episodes in the
/// order the feed lists them.
public struct Feed: Sendable, Hashable {
    public var title: String
    public var author: String?
    public var summary: String?
    /// The show's picture (itunes:image, else the channel's image).
    public var image: String?
    /// The show's web page.
    public var link: String?
    public var language: String?
    public var explicit = false
    public var episodes: [FeedEpisode] = []

    public init(title: String) { self.title = title }
}

/// One episode of a feed: what plays (the enclosure) and what describes it.
public struct FeedEpisode: Sendable, Hashable {
    /// The feed's own identifier for the episode (guid or Atom id), else its audio's address.
    public var guid: String
    public var title: String
    /// Plain text: HTML in a description is read as HTML and only its text kept.
    public var summary: String?
    /// The audio (or video) file's address, its MIME type and length in bytes as the feed says.
    public var enclosure: String
    public var enclosureType: String?
    public var enclosureLength: Int64?
    public var published: Date?
    public var duration: TimeInterval?
    public var season: Int?
    public var number: Int?
    /// full, trailer or bonus (itunes:episodeType).
    public var kind: String?
    public var explicit = false
    public var image: String?
    /// Podcasting 2.0: the chapters file and the transcripts (address and type) where given.
    public var chapters: String?
    public var transcripts: [Transcript] = []

    public struct Transcript: Sendable, Hashable {
        public var url: String
        public var type: String?
        public var language: String?
    }

    public init(guid: String, title: String, enclosure: String) {
        self.guid = guid
        self.title = title
        self.enclosure = enclosure
    }
}

/// Why a feed was not read. Each names what was wrong in words a person adding the feed can act on.
public enum FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    case badAddress(String)
    case network(String)
    case timedOut(seconds: Int)
    case status(Int)
    case tooLarge(limit: Int)
    case notXML(String)
    case declaresEntities
    case notAFeed(root: String)
    /// Read, but not written into the catalog (the database refused: busy, full, read-only).
    case notStored(String)

    public var description: String {
        switch self {
        case .badAddress(let address): "\(address) is not an http or https address"
        case .network(let reason): "could not be fetched: \(reason)"
        case .timedOut(let seconds): "did not answer within \(seconds) s"
        case .status(let code): "answered HTTP \(code)"
        case .tooLarge(let limit): "is larger than \(limit / 1_048_576) MB, more than any feed needs"
        case .notXML(let reason): "is not XML (\(reason))"
        case .declaresEntities: "declares XML entities of its own, which no feed needs (an entity-expansion attack)"
        case .notAFeed(let root): "is XML but not an RSS or Atom feed (its root is <\(root)>)"
        case .notStored(let reason): "was read but could not be stored: \(reason)"
        }
    }
}

public import Catalog
import Foundation
public import Storage

/// A feed the catalog follows: where it is, what its server last said about it, and how its
/// last refresh went.
public struct StoredFeed: Sendable, Hashable {
    public var id: Int64
    public var url: String
    /// The show's catalog identifier, once the feed has been read.
    public var showIdentifier: String?
    public var title: String?
    public var etag: String?
    public var lastModified: String?
    /// When a refresh last asked the server, and when the feed last brought a change.
    public var checkedAt: Double?
    public var changedAt: Double?
    /// Why the last refresh read nothing (nil when it went well).
    public var error: String?
    public var episodes: Int
}

/// The feeds the catalog's shows come from, kept in the catalog database beside the shows and
/// episodes they write (tables `podcast_feeds` and `podcast_episodes`, which map each episode's
/// guid to its catalog item, with a digest of what was stored so an unchanged episode is not
/// written again). A show and its episodes are catalog items like any other: the resolver finds
/// them, an episode's `path` is its enclosure's address, which the player streams, and its show
/// notes are the catalog's notes on it (`item_notes`, searched by "the episode about …").
public struct FeedStore {
    public let store: CatalogStore
    var db: Database { store.db }

    static let migrations = [
        Migration(
            1, "podcast feeds and their episodes' guids",
            sql: """
                CREATE TABLE IF NOT EXISTS podcast_feeds(
                    id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, show_ident TEXT, title TEXT,
                    etag TEXT, last_modified TEXT, body_digest TEXT, added_at REAL NOT NULL,
                    checked_at REAL, changed_at REAL, error TEXT);
                CREATE TABLE IF NOT EXISTS podcast_episodes(
                    feed_id INTEGER NOT NULL REFERENCES podcast_feeds(id) ON DELETE CASCADE,
                    guid TEXT NOT NULL, item_ident TEXT NOT NULL, digest TEXT NOT NULL,
                    PRIMARY KEY(feed_id, guid));
                CREATE INDEX IF NOT EXISTS podcast_episodes_item ON podcast_episodes(item_ident);
                """)
    ]

    /// The feeds of `store`, their tables made or brought up to date first.
    public init(store: CatalogStore) throws {
        self.store = store
        try store.db.migrate("podcasts", Self.migrations)
    }

    private init(reading store: CatalogStore) { self.store = store }

    /// The feeds of a catalog that may be read-only (a snapshot) or may never have followed one:
    /// nil when it has no feed tables. Nothing is written.
    public static func reading(_ store: CatalogStore) throws -> FeedStore? {
        guard try !store.db.rows("SELECT 1 FROM sqlite_master WHERE name = 'podcast_feeds'", []).isEmpty else { return nil }
        return FeedStore(reading: store)
    }

    static let columns = """
        f.id, f.url, f.show_ident, f.title, f.etag, f.last_modified, f.checked_at, f.changed_at, f.error,
        (SELECT count(*) FROM podcast_episodes e WHERE e.feed_id = f.id)
        """

    static func feed(_ row: Row) -> StoredFeed? {
        guard let id = row.int(0), let url = row.string(1) else { return nil }
        return StoredFeed(
            id: Int64(id), url: url, showIdentifier: row.string(2), title: row.string(3), etag: row.string(4),
            lastModified: row.string(5), checkedAt: row.double(6), changedAt: row.double(7), error: row.string(8),
            episodes: row.int(9) ?? 0)
    }

    /// Every feed, in the order they were added.
    public func feeds() throws -> [StoredFeed] {
        try db.rows("SELECT \(Self.columns) FROM podcast_feeds f ORDER BY f.id", []).compactMap(Self.feed)
    }

    public func feed(id: Int64) throws -> StoredFeed? {
        try db.rows("SELECT \(Self.columns) FROM podcast_feeds f WHERE f.id = ?", [.integer(id)]).first.flatMap(Self.feed)
    }

    public func feed(url: String) throws -> StoredFeed? {
        try db.rows("SELECT \(Self.columns) FROM podcast_feeds f WHERE f.url = ?", [.text(url)]).first.flatMap(Self.feed)
    }

    /// The feed a show was read from, if it came from one.
    public func feed(showIdentifier: String) throws -> StoredFeed? {
        try db.rows("SELECT \(Self.columns) FROM podcast_feeds f WHERE f.show_ident = ?", [.text(showIdentifier)])
            .first.flatMap(Self.feed)
    }

    /// Records a feed to follow (nothing changes when it is followed already); its row id.
    @discardableResult
    public func add(url: String, at time: Double) throws -> Int64 {
        try db.run(
            "INSERT INTO podcast_feeds(url, added_at) VALUES(?, ?) ON CONFLICT(url) DO NOTHING",
            [.text(url), .real(time)])
        guard let id = try db.first("SELECT id FROM podcast_feeds WHERE url = ?", [.text(url)])?.int(0) else {
            throw SQLiteError(code: 1, message: "the feed was not stored", context: url)
        }
        return Int64(id)
    }

    /// A refresh that read nothing: the reason is kept, and the episodes stay as they were.
    func recordFailure(_ feed: Int64, reason: String, at time: Double) throws {
        try db.run(
            "UPDATE podcast_feeds SET checked_at = ?, error = ? WHERE id = ?", [.real(time), .text(reason), .integer(feed)])
    }

    /// A refresh the server answered with "not modified", or with the very body read before.
    func recordUnchanged(_ feed: Int64, etag: String?, lastModified: String?, at time: Double) throws {
        try db.run(
            """
            UPDATE podcast_feeds SET checked_at = ?, error = NULL, etag = coalesce(?, etag),
                last_modified = coalesce(?, last_modified) WHERE id = ?
            """, [.real(time), .optional(etag), .optional(lastModified), .integer(feed)])
    }

    func recordRead(
        _ feed: Int64, show: String, title: String, etag: String?, lastModified: String?, bodyDigest: String,
        changed: Bool, at time: Double
    ) throws {
        try db.run(
            """
            UPDATE podcast_feeds SET show_ident = ?, title = ?, etag = ?, last_modified = ?, body_digest = ?,
                checked_at = ?, changed_at = CASE WHEN ? THEN ? ELSE changed_at END, error = NULL WHERE id = ?
            """,
            [
                .text(show), .text(title), .optional(etag), .optional(lastModified), .text(bodyDigest), .real(time),
                .integer(changed ? 1 : 0), .real(time), .integer(feed),
            ])
    }

    func bodyDigest(_ feed: Int64) throws -> String? {
        try db.first("SELECT body_digest FROM podcast_feeds WHERE id = ?", [.integer(feed)])?.string(0)
    }

    /// Each of a feed's episodes stored, by guid: its catalog item and the digest of what was written.
    func episodes(_ feed: Int64) throws -> [String: (item: String, digest: String)] {
        var episodes: [String: (item: String, digest: String)] = [:]
        for row in try db.rows("SELECT guid, item_ident, digest FROM podcast_episodes WHERE feed_id = ?", [.integer(feed)]) {
            if let guid = row.string(0), let item = row.string(1), let digest = row.string(2) {
                episodes[guid] = (item, digest)
            }
        }
        return episodes
    }

    func recordEpisode(_ feed: Int64, guid: String, item: String, digest: String) throws {
        try db.run(
            """
            INSERT INTO podcast_episodes(feed_id, guid, item_ident, digest) VALUES(?,?,?,?)
            ON CONFLICT(feed_id, guid) DO UPDATE SET item_ident = excluded.item_ident, digest = excluded.digest
            """, [.integer(feed), .text(guid), .text(item), .text(digest)])
    }
}

public import Storage
public import Catalog
import Foundation
public import MediaIntents

/// What happened when items were added to a playlist.
public struct PlaylistAddition: Sendable, Hashable {
    /// The playlist's name as stored.
    public var playlist: String
    /// True when the playlist did not exist and was made for this request.
    public var created: Bool
    /// How many entries were added (with `skippingPresent`, items already there are not).
    public var added: Int = 0
}

/// One user's likes, dislikes, library, playlists and history, kept in the state database (shared
/// by replicas) and naming catalog items by identifier.
public final class UserLibrary {
    let store: CatalogStore
    /// The state database: likes, library, playlists, history, vocabulary, places in books.
    let state: any SQLDatabase

    static func schema(_ dialect: SQLDialect) -> String {
        """
        CREATE TABLE IF NOT EXISTS affinities(
            "user" TEXT NOT NULL, item_ident TEXT NOT NULL, affinity TEXT NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL, PRIMARY KEY("user", item_ident));
        CREATE TABLE IF NOT EXISTS library_items(
            "user" TEXT NOT NULL, item_ident TEXT NOT NULL, added_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY("user", item_ident));
        CREATE TABLE IF NOT EXISTS history(
            id \(dialect.autoIncrementKey), "user" TEXT NOT NULL, item_ident TEXT NOT NULL,
            played_at DOUBLE PRECISION NOT NULL);
        CREATE INDEX IF NOT EXISTS history_user ON history("user", played_at DESC);
        CREATE TABLE IF NOT EXISTS vocabulary(
            "user" TEXT NOT NULL, type TEXT NOT NULL, position BIGINT NOT NULL, phrase TEXT NOT NULL,
            PRIMARY KEY("user", type, position));
        CREATE TABLE IF NOT EXISTS resume_positions(
            "user" TEXT NOT NULL, item_ident TEXT NOT NULL, position DOUBLE PRECISION NOT NULL,
            saved_at DOUBLE PRECISION NOT NULL, PRIMARY KEY("user", item_ident));
        """
    }

    /// Kinds whose place a listener expects to be kept: books and episodes, not songs.
    public static let resumableTypes: Set<MediaItemType> = [.audioBook, .podcastEpisode]

    /// The libraries' schema changes, in order (`Database.migrate`).
    static let migrations = [
        Migration(1, "likes, library, history, vocabulary, resume positions", sql: schema),
        Migration(2, "people's playlists", sql: playlistTables),
        Migration(3, "episodes and books played to the end", sql: playedTable),
    ]

    /// A library over the catalog in `store`, with its state in `state` (the catalog's own
    /// connection unless the state is kept elsewhere).
    public init(store: CatalogStore, state: (any SQLDatabase)? = nil) throws {
        self.store = store
        self.state = state ?? store.db
        try self.state.migrate("library", Self.migrations)
    }

    /// Catalog items for identifiers read from the state, in the state's order.
    func catalogItems(_ rows: [Row]) throws -> [StoredItem] {
        try store.items(identifiers: rows.compactMap { $0.string(0) })
    }

    // MARK: Likes

    /// Records a like or dislike. Dislike is for songs only.
    public func setAffinity(_ affinity: AffinityType, for item: MediaItem, user: String, at time: Double) throws {
        if affinity == .dislike, item.type != .song { throw LibraryError.dislikeNotSong(item.title) }
        try state.run(
            """
            INSERT INTO affinities("user", item_ident, affinity, updated_at) VALUES(?,?,?,?)
            ON CONFLICT("user", item_ident) DO UPDATE SET affinity=excluded.affinity, updated_at=excluded.updated_at
            """, [.text(user), .text(item.identifier), .text(affinity.rawValue), .real(time)])
    }

    /// Forgets the user's like or dislike of an item; the one it was, if any.
    @discardableResult
    public func clearAffinity(of item: MediaItem, user: String) throws -> AffinityType? {
        let was = try affinity(of: item, user: user)
        if was != nil {
            try state.run(
                "DELETE FROM affinities WHERE \"user\" = ? AND item_ident = ?", [.text(user), .text(item.identifier)])
        }
        return was
    }

    /// The user's like or dislike of an item, if any.
    public func affinity(of item: MediaItem, user: String) throws -> AffinityType? {
        try state.first(
            "SELECT affinity FROM affinities WHERE \"user\" = ? AND item_ident = ?", [.text(user), .text(item.identifier)]
        )?.string(0).flatMap(AffinityType.init)
    }

    /// Identifiers the user disliked, so they are not played again.
    public func dislikedIdentifiers(user: String) throws -> Set<String> {
        Set(
            try state.rows(
                "SELECT item_ident FROM affinities WHERE \"user\" = ? AND affinity = 'dislike'", [.text(user)]
            ).compactMap { $0.string(0) })
    }

    /// What the people among `users` who played or liked one of `seeds` also played or liked: each
    /// other item with how many of those people did (co-listening, for "more like this"). Likes and
    /// plays count alike; a dislike is not listening.
    /// With `countingListeners`, the one entry "" is how many of `users` played or liked a seed.
    public func alsoListened(with seeds: [String], among users: [String], limit: Int = 200, countingListeners: Bool = false)
        throws -> [String: Int]
    {
        guard !seeds.isEmpty, !users.isEmpty else { return [:] }
        // Lists padded to a few lengths, so that the kept statements stay few (one per length).
        let seeds = Self.padded(Array(seeds.prefix(64)), to: [1, 10, 30, 64])
        let users = Self.padded(Array(users.prefix(64)), to: [4, 16, 64])
        let seedMarks = seeds.map { _ in "?" }.joined(separator: ",")
        let userMarks = users.map { _ in "?" }.joined(separator: ",")
        let heard = """
            SELECT "user", item_ident FROM history WHERE "user" IN (\(userMarks))
            UNION SELECT "user", item_ident FROM affinities WHERE affinity = 'like' AND "user" IN (\(userMarks))
            """
        let sql = countingListeners
            ? "SELECT '', count(DISTINCT s.\"user\") FROM (\(heard)) s WHERE s.item_ident IN (\(seedMarks))"
            : """
            SELECT h.item_ident, count(DISTINCT h."user") FROM (\(heard)) h
            WHERE h."user" IN (SELECT s."user" FROM (\(heard)) s WHERE s.item_ident IN (\(seedMarks)))
            AND h.item_ident NOT IN (\(seedMarks))
            GROUP BY h.item_ident ORDER BY count(DISTINCT h."user") DESC LIMIT \(limit)
            """
        let people = users.map { SQLValue.text($0) }
        let seedValues = seeds.map { SQLValue.text($0) }
        var out: [String: Int] = [:]
        let values = countingListeners ? people + people + seedValues : people + people + people + people + seedValues + seedValues
        for row in try state.rows(sql, values) {
            if let ident = row.string(0), let count = row.int(1) { out[ident] = count }
        }
        return out
    }

    /// A list made as long as the first of `lengths` that holds it, with a value no key has.
    static func padded(_ list: [String], to lengths: [Int]) -> [String] {
        let length = lengths.first { $0 >= list.count } ?? list.count
        return list + Array(repeating: "\u{1}", count: length - list.count)
    }

    /// Songs the user liked, newest like first.
    public func likedSongs(user: String, limit: Int = 100) throws -> [StoredItem] {
        let liked = try state.rows(
            "SELECT item_ident FROM affinities WHERE \"user\" = ? AND affinity = 'like' ORDER BY updated_at DESC",
            [.text(user)])
        return Array(try catalogItems(liked).filter { $0.item.type == .song }.prefix(limit))
    }

    // MARK: Library

    /// Adds an item to "my library".
    public func addToLibrary(_ item: MediaItem, user: String, at time: Double) throws {
        try state.run(
            "INSERT INTO library_items(\"user\", item_ident, added_at) VALUES(?,?,?) ON CONFLICT DO NOTHING",
            [.text(user), .text(item.identifier), .real(time)])
    }

    /// Takes an item out of "my library"; whether it was there.
    @discardableResult
    public func removeFromLibrary(_ item: MediaItem, user: String) throws -> Bool {
        try state.run(
            "DELETE FROM library_items WHERE \"user\" = ? AND item_ident = ?", [.text(user), .text(item.identifier)]) > 0
    }

    /// Everything the user added to their library, newest first.
    public func libraryItems(user: String, limit: Int = 200) throws -> [StoredItem] {
        try catalogItems(
            state.rows(
                "SELECT item_ident FROM library_items WHERE \"user\" = ? ORDER BY added_at DESC LIMIT ?",
                [.text(user), .integer(Int64(limit))]))
    }

    // MARK: History

    /// Plays kept per user: history answers "what did I play", and without a bound a busy server's
    /// database (and the page caches over it) would grow with every song.
    public static let historyKept = 1_000

    /// Records that an item was played; now and then drops the user's plays beyond the last
    /// `historyKept` (every 64th play overall, so trimming costs nothing on most plays).
    public func recordPlay(_ item: MediaItem, user: String, at time: Double) throws {
        let id = try state.first(
            "INSERT INTO history(\"user\", item_ident, played_at) VALUES(?,?,?) RETURNING id",
            [.text(user), .text(item.identifier), .real(time)])?.int(0)
        guard (id ?? 0) % 64 == 0 else { return }
        try state.run(
            """
            DELETE FROM history WHERE "user" = ? AND played_at < (
                SELECT played_at FROM history WHERE "user" = ? ORDER BY played_at DESC LIMIT 1 OFFSET ?)
            """, [.text(user), .text(user), .integer(Int64(Self.historyKept - 1))])
    }

    /// Keeps where the user is in a book or an episode. A place near the end (`finishes`) counts as
    /// finished: the place is forgotten and the item is marked played.
    public func saveResumePosition(_ item: MediaItem, position: Double, user: String, at time: Double) throws {
        guard Self.resumableTypes.contains(item.type) else { return }
        if let duration = item.duration, Self.finishes(at: position, duration: duration) {
            try markPlayed(item, user: user, at: time)
            return
        }
        try state.run(
            """
            INSERT INTO resume_positions("user", item_ident, position, saved_at) VALUES(?,?,?,?)
            ON CONFLICT("user", item_ident) DO UPDATE SET position = excluded.position, saved_at = excluded.saved_at
            """, [.text(user), .text(item.identifier), .real(position), .real(time)])
    }

    /// Where the user left `item`, if they did.
    public func resumePosition(_ item: MediaItem, user: String) throws -> Double? {
        try state.first(
            "SELECT position FROM resume_positions WHERE \"user\" = ? AND item_ident = ?",
            [.text(user), .text(item.identifier)])?.double(0)
    }

    /// The book (or episode) of `type` the user was last in the middle of.
    public func lastUnfinished(_ type: MediaItemType, user: String) throws -> StoredItem? {
        let places = try state.rows(
            "SELECT item_ident FROM resume_positions WHERE \"user\" = ? ORDER BY saved_at DESC", [.text(user)])
        return try catalogItems(places).first { $0.item.type == type }
    }

    /// What the user played, most recent first.
    public func history(user: String, limit: Int = 50) throws -> [StoredItem] {
        try catalogItems(
            state.rows(
                "SELECT item_ident FROM history WHERE \"user\" = ? ORDER BY played_at DESC, id DESC LIMIT ?",
                [.text(user), .integer(Int64(limit))]))
    }

    // MARK: Vocabulary

    /// Replaces the user's vocabulary of one type with an ordered list (first is most important).
    public func setVocabulary(_ phrases: [String], type: VocabularyType, user: String) throws {
        try state.transaction {
            try state.run("DELETE FROM vocabulary WHERE \"user\" = ? AND type = ?", [.text(user), .text(type.rawValue)])
            var position = 0
            for phrase in phrases {
                let trimmed = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { continue }
                try state.run(
                    "INSERT INTO vocabulary(\"user\", type, position, phrase) VALUES(?,?,?,?)",
                    [.text(user), .text(type.rawValue), .integer(Int64(position)), .text(trimmed)])
                position += 1
            }
        }
    }

    /// The user's vocabulary, by type, in order.
    public func vocabulary(user: String) throws -> [VocabularyType: [String]] {
        var out: [VocabularyType: [String]] = [:]
        for row in try state.rows(
            "SELECT type, phrase FROM vocabulary WHERE \"user\" = ? ORDER BY type, position", [.text(user)])
        {
            guard let type = row.string(0).flatMap(VocabularyType.init), let phrase = row.string(1) else { continue }
            out[type, default: []].append(phrase)
        }
        return out
    }
}

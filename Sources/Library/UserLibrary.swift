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
}

/// One user's likes, dislikes, library, playlists and history. Likes, the library, history,
/// vocabulary and places in books are kept in the state database (shared by replicas), naming
/// catalog items by identifier; playlists are catalog items.
public final class UserLibrary {
    let store: CatalogStore
    /// The catalog's connection (playlists).
    var db: Database { store.db }
    /// The state database: likes, library, history, vocabulary, places in books.
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
    static let migrations = [Migration(1, "likes, library, history, vocabulary, resume positions", sql: schema)]

    /// A library over the catalog in `store`, with its state in `state` (the catalog's own
    /// connection unless the state is kept elsewhere).
    public init(store: CatalogStore, state: (any SQLDatabase)? = nil) throws {
        self.store = store
        self.state = state ?? store.db
        try self.state.migrate("library", Self.migrations)
    }

    /// Catalog items for identifiers read from the state, in the state's order.
    private func catalogItems(_ rows: [Row]) throws -> [StoredItem] {
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

    /// Everything the user added to their library, newest first.
    public func libraryItems(user: String, limit: Int = 200) throws -> [StoredItem] {
        try catalogItems(
            state.rows(
                "SELECT item_ident FROM library_items WHERE \"user\" = ? ORDER BY added_at DESC LIMIT ?",
                [.text(user), .integer(Int64(limit))]))
    }

    // MARK: Playlists

    /// The user's own playlists, by name.
    public func playlists(user: String) throws -> [StoredItem] {
        try store.items(where: "i.type = 'playlist' AND i.owner = ?", [.text(user)], order: "i.title")
    }

    /// The user's playlist they added to last, if any ("add this to my playlist" goes there).
    public func lastAddedPlaylist(user: String) throws -> StoredItem? {
        try store.items(
            where: """
                i.id = (SELECT e.playlist_id FROM playlist_entries e JOIN items p ON p.id = e.playlist_id
                    WHERE p.owner = ? ORDER BY e.rowid DESC LIMIT 1)
                """, [.text(user)], limit: 1
        ).first
    }

    /// The playlist a spoken name means: the user's own first, then the catalog's; forgiving on
    /// case, punctuation and a trailing "playlist".
    public func findPlaylist(named name: String, user: String) throws -> StoredItem? {
        let key = Self.playlistKey(name)
        let candidates = try store.items(
            where: "i.type = 'playlist' AND (i.owner = ? OR i.owner IS NULL)",
            [.text(user)], limit: 500)
        let scored = candidates.map {
            ($0, NameSimilarity.score(key, Self.playlistKey($0.item.title)) + ($0.owner == nil ? 0 : 0.01))
        }
        return scored.filter { $0.1 >= 0.85 }.max { $0.1 < $1.1 }?.0
    }

    static func playlistKey(_ name: String) -> String {
        var words = NameFolding.key(name).split(separator: " ").map(String.init)
        if words.last == "playlist", words.count > 1 { words.removeLast() }
        if words.first == "my", words.count > 1 { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// Makes a playlist for the user (or returns theirs with that name).
    @discardableResult
    public func createPlaylist(named name: String, user: String) throws -> StoredItem {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw LibraryError(code: .emptyName, message: "a playlist needs a name") }
        if let existing = try playlists(user: user).first(where: {
            Self.playlistKey($0.item.title) == Self.playlistKey(trimmed)
        }) {
            return existing
        }
        var entry = CatalogEntry(type: .playlist, title: Self.displayName(trimmed))
        entry.owner = user
        let id = try store.upsert(entry)
        guard let stored = try store.item(rowID: id) else { throw LibraryError.playlistNotFound(trimmed) }
        return stored
    }

    /// "driving" → "Driving"; names the user capitalised stay as they are.
    static func displayName(_ name: String) -> String {
        name == name.lowercased() ? name.capitalized : name
    }

    /// Adds items to the user's playlist, creating it when no playlist has that name. A catalog
    /// playlist cannot be changed.
    public func add(_ items: [MediaItem], toPlaylist name: String, user: String) throws -> PlaylistAddition {
        var created = false
        var playlist = try findPlaylist(named: name, user: user)
        if let found = playlist, found.owner == nil { throw LibraryError.playlistNotEditable(found.item.title) }
        if playlist == nil {
            playlist = try createPlaylist(named: Self.stripPlaylistWord(name), user: user)
            created = true
        }
        guard let playlist else { throw LibraryError.playlistNotFound(name) }
        try db.transaction {
            for item in items {
                guard let stored = try store.item(identifier: item.identifier) else { continue }
                try store.appendToPlaylist(playlist.rowID, itemID: stored.rowID)
            }
        }
        return PlaylistAddition(playlist: playlist.item.title, created: created)
    }

    /// Removes every entry of an item from the user's playlist.
    public func remove(_ item: MediaItem, fromPlaylist name: String, user: String) throws -> Int {
        guard let playlist = try findPlaylist(named: name, user: user) else {
            throw LibraryError.playlistNotFound(name)
        }
        guard playlist.owner != nil else { throw LibraryError.playlistNotEditable(playlist.item.title) }
        try db.prepare(
            """
            DELETE FROM playlist_entries WHERE playlist_id = ? AND item_id = (SELECT id FROM items WHERE ident = ?)
            """
        ).run([.integer(playlist.rowID), .text(item.identifier)])
        return db.changes
    }

    static func stripPlaylistWord(_ name: String) -> String {
        var words = name.split(separator: " ")
        if words.count > 1, words.last?.lowercased() == "playlist" { words.removeLast() }
        return words.joined(separator: " ")
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

    /// Keeps where the user is in a book or an episode (a place within the last minute counts as finished).
    public func saveResumePosition(_ item: MediaItem, position: Double, user: String, at time: Double) throws {
        guard Self.resumableTypes.contains(item.type) else { return }
        if let duration = item.duration, position >= duration - 60 {
            try state.run(
                "DELETE FROM resume_positions WHERE \"user\" = ? AND item_ident = ?", [.text(user), .text(item.identifier)])
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

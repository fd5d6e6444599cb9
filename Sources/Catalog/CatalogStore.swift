public import Storage
import CSQLite
import Foundation
import MediaIntents

/// The catalog in SQLite: writes items (creating their artists, albums and shows), reads them back.
public final class CatalogStore {
    public let db: Database
    /// During a bulk load: row ids of artists, albums and shows by identity (instead of a query per
    /// row), and no per-row full-text or term indexing (`finishBulkLoad` builds them at the end).
    private var bulkIdentities: [String: Int64]?
    /// Folded keys of recent names: a row's title and artist are folded for several columns, and
    /// an artist's name for every one of their tracks (ICU transliteration is the dear part).
    private let keyCache = KeyCache()
    /// Statements run for every imported row, kept at hand (the statement cache hashes the SQL).
    /// Plain optionals: a `lazy var` holding a `Result` here corrupted the heap in release builds
    /// (Swift 6.3.1), see the closing note of issue 5.
    private var upsertStatement: Statement?
    private var linkStatement: Statement?
    /// Whether any track has lyrics, once asked (`hasLyrics`): a catalog without any skips the
    /// lookup per imported row.
    var knownToHaveLyrics: Bool?
    /// How many tracks have lyrics, with the database's `data_version` it was counted at
    /// (`lyricsTotal`): counting reads the whole table, so a search counts once per change.
    /// (Two plain values: an optional tuple stored here crashed release builds on release.)
    var countedLyricsVersion: Int64 = -1
    var countedLyrics = 0

    func key(_ text: String) -> String { keyCache.key(text) }

    /// The keys and identity an entry would be stored with (`upsert(_:keys:)` takes them as they are).
    public func keys(for entry: CatalogEntry) -> EntryKeys { EntryKeys(entry, key: key) }

    /// Opens (creating if needed) the catalog in the database file at `path`.
    public convenience init(path: String) throws { try self.init(db: Database(path: path)) }

    /// Opens the catalog in `db`, creating its tables when they are missing.
    public init(db: Database) throws {
        self.db = db
        try db.migrate("catalog", Schema.migrations)
        try refreshStatisticsForNewIndexes()
    }

    /// Opens a catalog snapshot (`CatalogSnapshot.build`) read-only; it must hold every migration
    /// of this version of Hark, as nothing can be applied to it.
    public init(snapshot path: String) throws {
        let db = try Database(snapshot: path)
        let version = try db.schemaVersion("catalog")
        guard version == Schema.migrations.count else {
            throw CatalogError.snapshot(
                path, "it holds catalog schema \(version), this Hark reads \(Schema.migrations.count); build it again")
        }
        self.db = db
    }

    /// A catalog analysed before an index was added has no statistics for it, and the planner then
    /// takes the new index for a very selective one; a sampled ANALYZE of the items puts that right.
    private func refreshStatisticsForNewIndexes() throws {
        let analysed = try db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").rows().first != nil
        guard analysed else { return }
        for (table, prefix) in [("items", "items_"), ("item_artists", "item_artists_")] {
            let known = Set(
                try db.prepare("SELECT idx FROM sqlite_stat1 WHERE tbl = ?").rows([.text(table)]).compactMap {
                    $0.string(0)
                })
            guard !known.isEmpty, !Schema.indexNames.filter({ $0.hasPrefix(prefix) }).allSatisfy(known.contains)
            else { continue }
            try db.execute("PRAGMA analysis_limit=400; ANALYZE \(table);")
        }
    }

    /// How many items of each kind the catalog holds.
    public func counts() throws -> [String: Int] {
        var out: [String: Int] = [:]
        for row in try db.prepare("SELECT type, count(*) FROM items GROUP BY type").rows() {
            out[row.string(0) ?? "?"] = row.int(1)
        }
        return out
    }

    /// Total number of items.
    /// About how many items there are, read from the largest row id (counting a million rows
    /// takes tens of milliseconds; the resolver only weighs word frequencies by it).
    public func approximateItemCount() throws -> Int {
        Int(try db.prepare("SELECT coalesce(max(id), 0) FROM items").integer() ?? 0)
    }

    public func itemCount() throws -> Int {
        try db.prepare("SELECT count(*) FROM items").rows().first?.int(0) ?? 0
    }

    static let upsertSQL = """
        INSERT INTO items(ident, type, title, title_key, core_key, artist, artist_key, album, album_id, parent_id,
            track_no, duration, year, released, genres, moods, popularity, explicit, frequency, aliases, owner,
            editable, path, names, kind, disc_no, compact_key)
        VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
        ON CONFLICT(ident) DO UPDATE SET title=excluded.title, title_key=excluded.title_key,
            core_key=excluded.core_key, compact_key=excluded.compact_key, artist=excluded.artist, artist_key=excluded.artist_key,
            album=coalesce(excluded.album, album), album_id=coalesce(excluded.album_id, album_id),
            parent_id=coalesce(excluded.parent_id, parent_id), track_no=coalesce(excluded.track_no, track_no),
            duration=coalesce(excluded.duration, duration), year=coalesce(excluded.year, year),
            released=coalesce(excluded.released, released),
            genres=CASE WHEN excluded.genres='' THEN genres ELSE excluded.genres END,
            moods=CASE WHEN excluded.moods='' THEN moods ELSE excluded.moods END,
            popularity=max(popularity, excluded.popularity), explicit=excluded.explicit,
            frequency=coalesce(excluded.frequency, frequency),
            aliases=CASE WHEN excluded.aliases='' THEN aliases ELSE excluded.aliases END,
            names=CASE WHEN excluded.names='' THEN names ELSE excluded.names END,
            kind=coalesce(excluded.kind, kind),
            path=coalesce(excluded.path, path), disc_no=coalesce(excluded.disc_no, disc_no)
        RETURNING id
        """

    /// Writes one entry (insert, or update the row with the same identity) and returns its row id.
    @discardableResult
    public func upsert(_ entry: CatalogEntry, keys prepared: EntryKeys? = nil) throws -> Int64 {
        let keys = prepared ?? EntryKeys(entry, key: key)
        let title = keys.title, credit = keys.credit, ident = keys.ident
        var parentID: Int64?
        var albumID: Int64?
        if let parent = keys.parent {
            if entry.type == .podcastEpisode {
                parentID = try ensure(.podcastShow, title: parent.name, artist: parent.artist, ident: parent.ident)
            } else {
                albumID = try ensure(
                    .album, title: parent.name, artist: parent.artist, ident: parent.ident, year: entry.year,
                    genres: entry.genres)
            }
        }
        let genres = keys.genres, moods = keys.moods, names = keys.names, aliases = keys.aliasKeys
        let titleKey = keys.titleKey, coreKey = keys.coreKey
        if upsertStatement == nil { upsertStatement = try db.prepare(Self.upsertSQL) }
        let newID = try upsertStatement?.integer([
            .text(ident), .text(entry.type.rawValue), .text(title), .text(titleKey), .text(coreKey),
            .optional(credit), .optional(keys.creditKey),
            .optional(entry.album ?? (entry.type == .podcastEpisode ? entry.show : nil)),
            albumID.map { .integer($0) } ?? .null, parentID.map { .integer($0) } ?? .null,
            .optional(entry.trackNumber), .optional(entry.duration), .optional(entry.year), .optional(entry.released),
            .text(genres), .text(moods), .real(entry.popularity ?? 0), .integer(entry.explicit == true ? 1 : 0),
            .optional(entry.frequency), .text(aliases), .optional(entry.owner),
            .integer(entry.owner != nil ? 1 : 0), .optional(entry.path), .text(names.joined(separator: "|")),
            .optional(entry.kind?.rawValue), .optional(entry.discNumber), .text(keys.compactKey),
        ])
        guard let id = newID else {
            throw SQLiteError(code: SQLITE_ERROR, message: "no id returned", context: "upsert \(ident)")
        }
        if bulkIdentities == nil { try fileGenres(of: id) }
        try index(
            id: id, title: coreKey, extra: aliases.isEmpty ? "" : aliases.split(separator: "|").joined(separator: " "),
            artist: keys.creditKey)
        // Episodes and books are found by their titles with "about" even without notes.
        if entry.description != nil || entry.type == .podcastEpisode || entry.type == .audioBook {
            try storeNotes(entry.description ?? "", title: title, of: id)
        }
        if try keys.lyrics != nil || hasLyrics {
            try storeLyrics(keys.lyrics, of: id, bulk: bulkIdentities != nil)
        }
        if !keys.artists.isEmpty {
            let role = entry.type == .audioBook ? "author" : "primary"
            if linkStatement == nil {
                linkStatement = try db.prepare(
                    "INSERT OR IGNORE INTO item_artists(item_id, artist_id, role, position) VALUES(?,?,?,?)")
            }
            guard let link = linkStatement else { return id }
            for (position, artist) in keys.artists.enumerated() {
                let artistID = try ensure(.artist, title: artist.name, artist: nil, ident: artist.ident)
                try link.run([
                    .integer(id), .integer(artistID), .text(position == 0 ? role : "featured"),
                    .integer(Int64(position)),
                ])
                if entry.popularity ?? 0 > 0, bulkIdentities == nil {
                    try db.prepare("UPDATE items SET popularity = max(popularity, ?) WHERE id = ?")
                        .run([.real(entry.popularity ?? 0), .integer(artistID)])
                    try fileGenres(of: artistID)
                }
            }
        }
        if let entries = entry.entries, entry.type == .playlist {
            try db.prepare("DELETE FROM playlist_entries WHERE playlist_id = ?").run([.integer(id)])
            var position = 0
            for reference in entries {
                guard let itemID = try findSong(title: reference.title, artist: reference.artist) else { continue }
                try appendToPlaylist(id, itemID: itemID, position: position)
                position += 1
            }
        }
        return id
    }



    /// Puts an item at the end of a playlist (or at `position`).
    public func appendToPlaylist(_ playlistID: Int64, itemID: Int64, position: Int? = nil) throws {
        let next =
            try position
            ?? (db.prepare("SELECT coalesce(max(position) + 1, 0) FROM playlist_entries WHERE playlist_id = ?")
                .rows([.integer(playlistID)]).first?.int(0) ?? 0)
        try db.prepare("INSERT OR REPLACE INTO playlist_entries(playlist_id, position, item_id) VALUES(?,?,?)")
            .run([.integer(playlistID), .integer(Int64(next)), .integer(itemID)])
    }

    /// The row id of an item that must exist (artist, album, show), creating a bare one when missing.
    private func ensure(
        _ type: MediaItemType, title: String, artist: String?, ident known: String? = nil, year: Int? = nil,
        genres: [String]? = nil
    ) throws -> Int64 {
        let ident =
            known
            ?? (type == .artist ? Self.ident(type, title, nil, key: key) : Self.ident(type, artist, title, key: key))
        if let id = bulkIdentities?[ident] { return id }
        if let id = try db.prepare("SELECT id FROM items WHERE ident = ?").rows([.text(ident)]).first?.int(0) {
            bulkIdentities?[ident] = Int64(id)
            return Int64(id)
        }
        var entry = CatalogEntry(type: type, title: title, artist: type == .artist ? nil : artist)
        entry.year = year
        entry.genres = genres
        let id = try upsert(entry)
        bulkIdentities?[ident] = id
        return id
    }

    private func index(id: Int64, title: String, extra: String, artist: String?) throws {
        guard bulkIdentities == nil else { return }
        let text = extra.isEmpty ? title : title + " " + extra
        let old = try db.prepare("SELECT title, artist FROM items_fts WHERE rowid = ?").rows([.integer(id)]).first
        if let old, old.string(0) == text, old.string(1) == artist { return }
        try db.prepare("DELETE FROM items_fts WHERE rowid = ?").run([.integer(id)])
        try db.prepare("INSERT INTO items_fts(rowid, title, artist) VALUES(?,?,?)")
            .run([.integer(id), .text(text), .optional(artist)])
        // New words become findable by sound and by one-letter edits at once.
        // Words as the full-text index cuts them (a reading key's "~" mark is not part of the word).
        let words = Set(
            (text + " " + (artist ?? "")).split(whereSeparator: { $0 == " " || $0 == "~" }).map(String.init))
        for word in words where !EntryKeys.isSoundKey(word) {
            let rows = try db.prepare(
                "INSERT INTO terms(term, docs) VALUES(?, 1) ON CONFLICT(term) DO UPDATE SET docs = docs + 1 RETURNING docs"
            ).rows([.text(word)])
            if rows.first?.int(0) == 1 { try fileTermKeys(word) }
        }
    }

    private func fileTermKeys(_ word: String) throws {
        let insert = try db.prepare("INSERT INTO term_keys(key, term) VALUES(?, ?)")
        for key in TermKeys.keys(word) { try insert.run([.text(key), .text(word)]) }
    }

    /// Starts a bulk load (inside the caller's transaction): drops the secondary indexes and stops
    /// per-row full-text indexing until `finishBulkLoad`.
    public func beginBulkLoad() throws {
        for name in Schema.indexNames { try db.execute("DROP INDEX IF EXISTS \(name)") }
        // A large page cache keeps the identity index's random inserts off the disk.
        try db.execute("PRAGMA cache_size = -262144")
        bulkIdentities = [:]
    }

    /// Ends a bulk load: builds the indexes, the full-text index, the word tables and artists'
    /// popularity again from the rows, in the caller's transaction. `step` names each stage.
    public func finishBulkLoad(step: ((String) -> Void)? = nil) throws {
        bulkIdentities = nil
        step?("indexes")
        try db.execute(Schema.indexes)
        step?("artist popularity")
        try db.execute(
            """
            UPDATE items SET popularity = max(popularity, coalesce((SELECT max(i.popularity) FROM item_artists x
                JOIN items i ON i.id = x.item_id WHERE x.artist_id = items.id), 0))
            WHERE type = 'artist'
            """)
        step?("genres")
        try Self.rebuildGenres(db)
        step?("full-text index")
        try db.execute("DROP TABLE IF EXISTS items_fts")
        try db.execute(Schema.fts)
        try db.execute(Schema.ftsRows)
        step?("word keys")
        try rebuildTerms()
        step?("lyrics index")
        try rebuildLyricsIndex()
        // Statistics for the query planner, from a sample of each index (a full ANALYZE of a
        // million rows takes longer than the rest of the import).
        try db.execute("PRAGMA analysis_limit=400; ANALYZE;")
        try db.execute("PRAGMA cache_size = -65536")
    }

    /// Counts every indexed word's documents and files its keys, from the full-text index itself.
    func rebuildTerms() throws {
        // The key index is built after the rows, which is much faster than keeping it sorted.
        try db.execute("DELETE FROM terms; DROP INDEX IF EXISTS term_keys_key; DELETE FROM term_keys;")
        defer { try? db.execute("CREATE INDEX IF NOT EXISTS term_keys_key ON term_keys(key, term)") }
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.items_vocab USING fts5vocab(main, 'items_fts', 'row')")
        defer { try? db.execute("DROP TABLE IF EXISTS temp.items_vocab") }
        let words = try db.prepare("SELECT term, doc FROM temp.items_vocab").rows([])
        let insert = try db.prepare("INSERT INTO terms(term, docs) VALUES(?, ?)")
        for row in words {
            guard let term = row.string(0), !EntryKeys.isSoundKey(term) else { continue }
            try insert.run([.text(term), .integer(Int64(row.int(1) ?? 0))])
            try fileTermKeys(term)
        }
    }

}

import Foundation
import MediaIntents

/// The catalog in SQLite: writes items (creating their artists, albums and shows), reads them back.
public final class CatalogStore {
    public let db: Database

    /// Opens the catalog in `db`, creating its tables when they are missing.
    public init(db: Database) throws {
        self.db = db
        try db.execute(Schema.sql)
        let present = Set(try db.prepare("PRAGMA table_info(items)").rows([]).compactMap { $0.string(1) })
        for (name, definition) in Schema.addedColumns where !present.contains(name) {
            try db.execute("ALTER TABLE items ADD COLUMN \(name) \(definition)")
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
    public func itemCount() throws -> Int {
        try db.prepare("SELECT count(*) FROM items").rows().first?.int(0) ?? 0
    }

    /// A stable identifier made of the type and the folded names, so re-importing finds the same row.
    /// Artists are one row whether credited with "The" or without ("Beatles" = "The Beatles").
    static func ident(_ type: MediaItemType, _ parts: String?...) -> String {
        let keys = parts.enumerated().map { index, part -> String in
            var words = NameFolding.key(part ?? "").split(separator: " ")
            if type == .artist, index == 0, words.first == "the", words.count > 1 { words.removeFirst() }
            return words.joined(separator: "-")
        }
        return ([type.rawValue] + keys).joined(separator: "/")
    }

    /// Splits an artist credit into the artists it names: "A featuring B" → [A, B].
    static func splitCredit(_ credit: String) -> [String] {
        var parts = [credit]
        for marker in [" featuring ", " Featuring ", " feat. ", " Feat. ", " ft. ", " Ft. ", " feat ", " x "] {
            parts = parts.flatMap { $0.components(separatedBy: marker) }
        }
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Writes one entry (insert, or update the row with the same identity) and returns its row id.
    @discardableResult
    public func upsert(_ entry: CatalogEntry) throws -> Int64 {
        let title = entry.title.trimmingCharacters(in: .whitespacesAndNewlines)
        var credit = entry.artist?.trimmingCharacters(in: .whitespaces)
        if entry.type == .audioBook, credit == nil { credit = entry.author }
        if entry.type == .artist { credit = nil }
        var parentID: Int64?
        var albumID: Int64?
        var identParts: [String?] = [credit, title]
        switch entry.type {
        case .podcastEpisode:
            if let show = entry.show {
                parentID = try ensure(.podcastShow, title: show, artist: credit)
                identParts = [show, title]
            }
        case .song, .musicVideo:
            if let album = entry.album, !album.isEmpty {
                albumID = try ensure(
                    .album, title: album, artist: entry.albumArtist ?? credit, year: entry.year,
                    genres: entry.genres)
            }
        case .playlist:
            identParts = [entry.owner, title]
        case .artist, .genre:
            identParts = [title, nil]
        default: break
        }
        let ident = Self.ident(entry.type, identParts[0], identParts[1])
        let genres = Self.joinTags(entry.genres)
        let moods = Self.joinTags(entry.moods)
        let names = (entry.aliases ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let aliases = names.map(NameFolding.key).joined(separator: "|")
        let sql = """
            INSERT INTO items(ident, type, title, title_key, core_key, artist, artist_key, album, album_id, parent_id,
                track_no, duration, year, released, genres, moods, popularity, explicit, frequency, aliases, owner,
                editable, path, names, kind)
            VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            ON CONFLICT(ident) DO UPDATE SET title=excluded.title, title_key=excluded.title_key,
                core_key=excluded.core_key, artist=excluded.artist, artist_key=excluded.artist_key,
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
                path=coalesce(excluded.path, path)
            RETURNING id
            """
        let coreKey = NameFolding.key(NameFolding.core(title))
        let rows = try db.prepare(sql).rows([
            .text(ident), .text(entry.type.rawValue), .text(title), .text(NameFolding.key(title)), .text(coreKey),
            .optional(credit), .optional(credit.map(NameFolding.key)),
            .optional(entry.album ?? (entry.type == .podcastEpisode ? entry.show : nil)),
            albumID.map { .integer($0) } ?? .null, parentID.map { .integer($0) } ?? .null,
            .optional(entry.trackNumber), .optional(entry.duration), .optional(entry.year), .optional(entry.released),
            .text(genres), .text(moods), .real(entry.popularity ?? 0), .integer(entry.explicit == true ? 1 : 0),
            .optional(entry.frequency), .text(aliases), .optional(entry.owner),
            .integer(entry.owner != nil ? 1 : 0), .optional(entry.path), .text(names.joined(separator: "|")),
            .optional(entry.kind?.rawValue),
        ])
        guard let id = rows.first.flatMap({ $0.int(0) }).map(Int64.init) else {
            throw CatalogError.sqlite("no id returned", sql: "upsert \(ident)")
        }
        try index(
            id: id, title: coreKey, extra: aliases.replacingOccurrences(of: "|", with: " "),
            artist: credit.map(NameFolding.key))
        if let credit, entry.type != .artist {
            let role = entry.type == .audioBook ? "author" : "primary"
            for (position, name) in Self.splitCredit(credit).enumerated() {
                let artistID = try ensure(.artist, title: name, artist: nil)
                try db.prepare("INSERT OR IGNORE INTO item_artists(item_id, artist_id, role, position) VALUES(?,?,?,?)")
                    .run([
                        .integer(id), .integer(artistID), .text(position == 0 ? role : "featured"),
                        .integer(Int64(position)),
                    ])
                if entry.popularity ?? 0 > 0 {
                    try db.prepare("UPDATE items SET popularity = max(popularity, ?) WHERE id = ?")
                        .run([.real(entry.popularity ?? 0), .integer(artistID)])
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
        _ type: MediaItemType, title: String, artist: String?, year: Int? = nil,
        genres: [String]? = nil
    ) throws -> Int64 {
        let ident = type == .artist ? Self.ident(type, title, nil) : Self.ident(type, artist, title)
        if let id = try db.prepare("SELECT id FROM items WHERE ident = ?").rows([.text(ident)]).first?.int(0) {
            return Int64(id)
        }
        var entry = CatalogEntry(type: type, title: title, artist: type == .artist ? nil : artist)
        entry.year = year
        entry.genres = genres
        return try upsert(entry)
    }

    private func index(id: Int64, title: String, extra: String, artist: String?) throws {
        try db.prepare("DELETE FROM items_fts WHERE rowid = ?").run([.integer(id)])
        try db.prepare("INSERT INTO items_fts(rowid, title, artist) VALUES(?,?,?)")
            .run([.integer(id), .text(extra.isEmpty ? title : title + " " + extra), .optional(artist)])
    }

    /// A song by title (and artist when given), the most popular first.
    public func findSong(title: String, artist: String?) throws -> Int64? {
        let rows = try db.prepare(
            "SELECT id, artist_key FROM items WHERE core_key = ? AND type = 'song' ORDER BY popularity DESC"
        ).rows([.text(NameFolding.key(NameFolding.core(title)))])
        if let artist {
            let key = NameFolding.key(artist)
            if let row = rows.first(where: { ($0.string(1) ?? "").contains(key) }) { return row.int(0).map(Int64.init) }
        }
        return rows.first?.int(0).map(Int64.init)
    }

    /// Tags stored as `|rock|pop|` so a LIKE on `%|rock|%` finds exactly one tag.
    static func joinTags(_ tags: [String]?) -> String {
        let keys = (tags ?? []).map(NameFolding.key).filter { !$0.isEmpty }
        return keys.isEmpty ? "" : "|" + keys.joined(separator: "|") + "|"
    }
}

public import Catalog
import Foundation
public import MediaIntents
import Storage

/// People's own playlists, kept in the state database beside their likes (so every replica sees
/// them at once): each playlist by its identifier, owner and name, its entries by catalog
/// identifier in order. The catalog's own playlists stay in the catalog and cannot be changed.
extension UserLibrary {
    /// Migration 2 of the library: the playlists' tables.
    static let playlistTables = """
        CREATE TABLE IF NOT EXISTS user_playlists(
            ident TEXT PRIMARY KEY, "user" TEXT NOT NULL, title TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL);
        CREATE INDEX IF NOT EXISTS user_playlists_user ON user_playlists("user");
        CREATE TABLE IF NOT EXISTS user_playlist_items(
            playlist TEXT NOT NULL, position BIGINT NOT NULL, item_ident TEXT NOT NULL,
            added_at DOUBLE PRECISION NOT NULL, PRIMARY KEY(playlist, position));
        """

    /// Copies into the state the people's playlists a catalog holds (an import with an owner, the
    /// demo's "Running", or a catalog from before playlists moved to the state) that the state does
    /// not have yet; returns how many. The catalog's rows stay, unread: the resolver passes over
    /// owned playlists. A playlist already in the state is left as its owner changed it.
    @discardableResult
    public func adoptCatalogPlaylists() throws -> Int {
        let owned = try store.items(where: "i.type = 'playlist' AND i.owner IS NOT NULL", order: "i.id", limit: 10_000)
        // Looked up one by one: a catalog owns a few playlists, while the state holds every person's.
        let missing = try owned.filter {
            try state.first("SELECT 1 FROM user_playlists WHERE ident = ?", [.text($0.item.identifier)]) == nil
        }
        guard !missing.isEmpty else { return 0 }
        try state.transaction {
            for playlist in missing {
                guard let owner = playlist.owner else { continue }
                try state.run(
                    "INSERT INTO user_playlists(ident, \"user\", title, created_at) VALUES(?,?,?,0) ON CONFLICT DO NOTHING",
                    [.text(playlist.item.identifier), .text(owner), .text(playlist.item.title)])
                for (position, entry) in try store.playableItems(for: playlist).enumerated() {
                    try state.run(
                        """
                        INSERT INTO user_playlist_items(playlist, position, item_ident, added_at) VALUES(?,?,?,0)
                        ON CONFLICT DO NOTHING
                        """, [.text(playlist.item.identifier), .integer(Int64(position)), .text(entry.item.identifier)])
                }
            }
        }
        return missing.count
    }

    /// An item by identifier: a person's own playlist from the state, anything else from the catalog.
    public func item(identifier: String) throws -> StoredItem? {
        // Every person's playlist has an identifier of this form (`StoredItem.playlistIdentifier`).
        if identifier.hasPrefix("playlist/~"),
            let row = try state.first("SELECT title, \"user\" FROM user_playlists WHERE ident = ?", [.text(identifier)])
        {
            return StoredItem(playlist: identifier, title: row.string(0) ?? "", owner: row.string(1) ?? "")
        }
        return try store.item(identifier: identifier)
    }

    /// The user's own playlists, by name.
    public func playlists(user: String) throws -> [StoredItem] {
        try state.rows("SELECT ident, title FROM user_playlists WHERE \"user\" = ? ORDER BY title", [.text(user)])
            .map { StoredItem(playlist: $0.string(0) ?? "", title: $0.string(1) ?? "", owner: user) }
    }

    /// The user's playlist they added to last, if any ("add this to my playlist" goes there); with
    /// `within`, only one added to in those last seconds ("how many songs are in it now?").
    public func lastAddedPlaylist(user: String, within seconds: Double? = nil) throws -> StoredItem? {
        let since = seconds.map { Date().timeIntervalSince1970 - $0 } ?? 0
        return try state.first(
            """
            SELECT p.ident, p.title FROM user_playlist_items e JOIN user_playlists p ON p.ident = e.playlist
            WHERE p."user" = ? AND e.added_at >= ? ORDER BY e.added_at DESC, e.position DESC LIMIT 1
            """, [.text(user), .real(since)]
        ).map { StoredItem(playlist: $0.string(0) ?? "", title: $0.string(1) ?? "", owner: user) }
    }

    /// The playlist a spoken name means: the user's own first, then the catalog's; forgiving on
    /// case, punctuation and a trailing "playlist".
    public func findPlaylist(named name: String, user: String) throws -> StoredItem? {
        let key = Self.playlistKey(name)
        let candidates =
            try playlists(user: user)
            + store.items(where: "i.type = 'playlist' AND i.owner IS NULL", limit: 500)
        let scored = candidates.map {
            ($0, NameSimilarity.score(key, Self.playlistKey($0.item.title)) + ($0.owner == nil ? 0 : 0.01))
        }
        if let best = scored.filter({ $0.1 >= 0.85 }).max(by: { $0.1 < $1.1 })?.0 { return best }
        // A name said in katakana or Cyrillic («Раннинг», ランニング for Running): by the consonants
        // both keep. A person has few playlists, so a short name is told apart well enough.
        guard let said = NameFolding.soundSkeleton(katakana: name, minimumConsonants: 3)
            ?? NameFolding.soundSkeleton(cyrillic: name, minimumConsonants: 3)
        else { return nil }
        let sounding = candidates.filter {
            NameFolding.soundSkeletons(english: NameFolding.key($0.item.title), minimumConsonants: 3).contains(said)
        }
        return sounding.count == 1 ? sounding[0] : sounding.first { $0.owner != nil }
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
        let title = Self.displayName(trimmed)
        let ident = StoredItem.playlistIdentifier(owner: user, title: title)
        try state.run(
            "INSERT INTO user_playlists(ident, \"user\", title, created_at) VALUES(?,?,?,?) ON CONFLICT DO NOTHING",
            [.text(ident), .text(user), .text(title), .real(Date().timeIntervalSince1970)])
        let stored = try state.first("SELECT title FROM user_playlists WHERE ident = ?", [.text(ident)])?.string(0)
        return StoredItem(playlist: ident, title: stored ?? title, owner: user)
    }

    /// "driving" → "Driving"; names the user capitalised stay as they are.
    static func displayName(_ name: String) -> String {
        name == name.lowercased() ? name.capitalized : name
    }

    /// Adds items to the user's playlist, creating it when no playlist has that name. A catalog
    /// playlist cannot be changed.
    /// With `skippingPresent`, items the playlist already holds are not added again ("add this to my
    /// workout playlist" said twice keeps the song once); without it, every item is appended.
    public func add(_ items: [MediaItem], toPlaylist name: String, user: String, skippingPresent: Bool = false) throws
        -> PlaylistAddition
    {
        var created = false
        var playlist = try findPlaylist(named: name, user: user)
        if let found = playlist, found.owner == nil { throw LibraryError.playlistNotEditable(found.item.title) }
        if playlist == nil {
            playlist = try createPlaylist(named: Self.stripPlaylistWord(name), user: user)
            created = true
        }
        guard let playlist else { throw LibraryError.playlistNotFound(name) }
        var known = try store.items(identifiers: items.map(\.identifier)).map(\.item.identifier)
        let now = Date().timeIntervalSince1970
        try state.transaction {
            // Positions follow the last. Two replicas adding at once take turns: PostgreSQL locks the
            // playlist's row until commit; SQLite's write transaction already holds the database.
            if state.dialect == .postgres {
                _ = try state.rows(
                    "SELECT ident FROM user_playlists WHERE ident = ? FOR UPDATE", [.text(playlist.item.identifier)])
            }
            let next = try state.first(
                "SELECT coalesce(max(position) + 1, 0) FROM user_playlist_items WHERE playlist = ?",
                [.text(playlist.item.identifier)])?.int(0) ?? 0
            if skippingPresent {
                let present = Set(
                    try state.rows(
                        "SELECT item_ident FROM user_playlist_items WHERE playlist = ?", [.text(playlist.item.identifier)]
                    ).compactMap { $0.string(0) })
                var seen = Set<String>()
                known = known.filter { !present.contains($0) && seen.insert($0).inserted }
            }
            for (offset, ident) in known.enumerated() {
                try state.run(
                    "INSERT INTO user_playlist_items(playlist, position, item_ident, added_at) VALUES(?,?,?,?)",
                    [.text(playlist.item.identifier), .integer(Int64(next + offset)), .text(ident), .real(now)])
            }
        }
        return PlaylistAddition(playlist: playlist.item.title, created: created, added: known.count)
    }

    /// Removes every entry of an item from the user's playlist.
    public func remove(_ item: MediaItem, fromPlaylist name: String, user: String) throws -> Int {
        guard let playlist = try findPlaylist(named: name, user: user) else {
            throw LibraryError.playlistNotFound(name)
        }
        guard playlist.owner != nil else { throw LibraryError.playlistNotEditable(playlist.item.title) }
        return try state.run(
            "DELETE FROM user_playlist_items WHERE playlist = ? AND item_ident = ?",
            [.text(playlist.item.identifier), .text(item.identifier)])
    }

    static func stripPlaylistWord(_ name: String) -> String {
        var words = name.split(separator: " ")
        if words.count > 1, words.last?.lowercased() == "playlist" { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// What playing an item means (`CatalogStore.playableItems`), with a person's own playlist read
    /// from the state: its entries in order.
    public func playableItems(for stored: StoredItem, limit: Int = 100) throws -> [StoredItem] {
        guard stored.item.type == .playlist, stored.owner != nil else {
            return try store.playableItems(for: stored, limit: limit)
        }
        return try catalogItems(
            state.rows(
                "SELECT item_ident FROM user_playlist_items WHERE playlist = ? ORDER BY position LIMIT ?",
                [.text(stored.item.identifier), .integer(Int64(limit))]))
    }
}

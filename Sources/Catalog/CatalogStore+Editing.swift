import MediaIntents
public import Storage

/// Items taken out of the catalog, and a song found by its title and artist.
extension CatalogStore {
    /// Removes an item (its artist links and playlist entries go with it), and with `pruning` the
    /// album and artists it leaves with nothing in them. False when there is no such item.
    @discardableResult
    public func removeItem(identifier: String, pruning: Bool = false) throws -> Bool {
        guard
            let row = try db.prepare("SELECT id, album_id FROM items WHERE ident = ?").rows([.text(identifier)]).first,
            let id = row.int(0).map(Int64.init)
        else { return false }
        let artists = try db.prepare("SELECT artist_id FROM item_artists WHERE item_id = ?").rows([.integer(id)])
            .compactMap { $0.int(0).map(Int64.init) }
        try delete(id)
        guard pruning else { return true }
        if let album = row.int(1).map(Int64.init),
            try db.prepare("SELECT 1 FROM items WHERE album_id = ? LIMIT 1").rows([.integer(album)]).isEmpty
        {
            try delete(album)
        }
        for artist in artists
        where try db.prepare("SELECT 1 FROM item_artists WHERE artist_id = ? LIMIT 1").rows([.integer(artist)]).isEmpty
        {
            try delete(artist)
        }
        return true
    }

    fileprivate func delete(_ id: Int64) throws {
        try db.prepare("DELETE FROM items_fts WHERE rowid = ?").run([.integer(id)])
        // Out of the lyrics index and its key counts first: the row's cascade would leave them.
        try storeLyrics(nil, of: id, bulk: false)
        try db.prepare("DELETE FROM item_genres WHERE item_id = ?").run([.integer(id)])
        try db.prepare("DELETE FROM items WHERE id = ?").run([.integer(id)])
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
}

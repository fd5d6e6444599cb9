import MediaIntents
public import Storage

/// The genre index: one row per item and genre it is filed under, with its kind and popularity,
/// so "play some grunge" reads the few grunge songs in popularity order instead of walking every
/// song of the catalog to find none (12 ms at 100 k tracks, ten times that at a million).
/// A genre is filed under its whole name and under each shorter ending of it ("hard rock" also
/// under "rock"), as a request for rock means hard rock too.
extension CatalogStore {
    static let genreTable = """
        CREATE TABLE IF NOT EXISTS item_genres(
            genre TEXT NOT NULL,
            type TEXT NOT NULL,
            popularity REAL NOT NULL,
            item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
            PRIMARY KEY(genre, type, popularity, item_id)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS item_genres_item ON item_genres(item_id);
        """

    /// The names an item's genres are filed under: each whole genre key and its endings at word
    /// boundaries, once each (`genres` as stored: "|hard rock|pop|").
    static func genreRows(_ genres: String) -> [String] {
        var rows: [String] = []
        for genre in genres.split(separator: "|") {
            let words = genre.split(separator: " ")
            for start in words.indices {
                let ending = words[start...].joined(separator: " ")
                if !rows.contains(ending) { rows.append(ending) }
            }
        }
        return rows
    }

    /// Files one item's genres again from its row (after it was written or its popularity changed).
    func fileGenres(of id: Int64) throws {
        try db.prepare("DELETE FROM item_genres WHERE item_id = ?").run([.integer(id)])
        guard
            let row = try db.prepare("SELECT genres, type, popularity FROM items WHERE id = ?").rows([.integer(id)]).first,
            let genres = row.string(0), !genres.isEmpty
        else { return }
        let insert = try db.prepare("INSERT OR IGNORE INTO item_genres(genre, type, popularity, item_id) VALUES(?,?,?,?)")
        for genre in Self.genreRows(genres) {
            try insert.run([.text(genre), .text(row.string(1) ?? ""), .real(row.double(2) ?? 0), .integer(id)])
        }
    }

    /// Files every item's genres again (after a bulk load, and when a catalog first gets the index).
    static func rebuildGenres(_ db: any SQLDatabase) throws {
        // The item index is built after the rows, which is much faster than keeping it sorted.
        try db.execute("DROP INDEX IF EXISTS item_genres_item; DELETE FROM item_genres;")
        defer { try? db.execute("CREATE INDEX IF NOT EXISTS item_genres_item ON item_genres(item_id)") }
        let insert = "INSERT OR IGNORE INTO item_genres(genre, type, popularity, item_id) VALUES(?,?,?,?)"
        for row in try db.rows("SELECT id, genres, type, popularity FROM items WHERE genres <> ''", []) {
            guard let id = row.int(0), let genres = row.string(1) else { continue }
            for genre in genreRows(genres) {
                try db.run(insert, [.text(genre), .text(row.string(2) ?? ""), .real(row.double(3) ?? 0), .integer(Int64(id))])
            }
        }
    }
}

import MediaIntents
public import Storage

/// What the catalog knows that makes two songs alike, for "more like this": each song's genres,
/// moods, year, popularity and artists, the songs filed under a genre, and the artists related to
/// an artist by the items they share (a feature credit, a compilation or a split album).
/// The weighing is the queue builder's (`SimilarSongs` in Apps); this only reads.
public struct SongFacts: Sendable {
    public var rowID: Int64
    public var genres: [String]
    public var moods: [String]
    public var year: Int?
    public var popularity: Double
    public var artists: [Int64]
}

extension CatalogStore {
    /// The facts of these songs, by row id (rows that are not songs of the catalog are left out).
    public func songFacts(_ rowIDs: [Int64]) throws -> [Int64: SongFacts] {
        guard !rowIDs.isEmpty else { return [:] }
        let list = "[" + rowIDs.map(String.init).joined(separator: ",") + "]"
        var facts: [Int64: SongFacts] = [:]
        for row in try db.prepare(
            """
            SELECT i.id, i.genres, i.moods, i.year, i.popularity,
                (SELECT group_concat(x.artist_id) FROM item_artists x WHERE x.item_id = i.id)
            FROM items i WHERE i.id IN (SELECT value FROM json_each(?)) AND i.type = 'song'
            """
        ).rows([.text(list)]) {
            guard let id = row.int(0) else { continue }
            let split = { (text: String?) in (text ?? "").split(separator: "|").map(String.init) }
            facts[Int64(id)] = SongFacts(
                rowID: Int64(id), genres: split(row.string(1)), moods: split(row.string(2)),
                year: row.int(3), popularity: row.double(4) ?? 0,
                artists: (row.string(5) ?? "").split(separator: ",").compactMap { Int64($0) })
        }
        return facts
    }

    /// The most popular songs filed under a genre (its key, as `item_genres` files it).
    public func songIDs(inGenre genre: String, limit: Int) throws -> [Int64] {
        try db.prepare(
            "SELECT item_id FROM item_genres WHERE genre = ? AND type = 'song' ORDER BY popularity DESC LIMIT \(limit)"
        ).rows([.text(NameFolding.key(genre))]).compactMap { $0.int(0).map(Int64.init) }
    }

    /// The most popular songs of a mood (moods are kept as "|sad|calm|" on each item).
    public func songIDs(withMood mood: String, limit: Int) throws -> [Int64] {
        try items(
            where: "i.type = 'song' AND instr(i.moods, ?) > 0", [.text("|" + NameFolding.key(mood) + "|")], limit: limit
        ).map(\.rowID)
    }

    /// An artist's most popular songs.
    public func songIDs(ofArtists artists: [Int64], limit: Int) throws -> [Int64] {
        var out: [Int64] = []
        for artist in artists {
            out += try items(ofArtist: artist, type: .song, limit: limit).map(\.rowID)
        }
        return out
    }

    /// Artists who share items with these: credited on the same item (a feature, a duet) weighs 1,
    /// on the same album (a compilation, a split) 0.6. The artists themselves are left out.
    public func relatedArtists(of artists: [Int64], limit: Int = 40) throws -> [Int64: Double] {
        guard !artists.isEmpty else { return [:] }
        let list = "[" + artists.map(String.init).joined(separator: ",") + "]"
        var related: [Int64: Double] = [:]
        let together = try db.prepare(
            """
            SELECT b.artist_id, count(*) FROM item_artists a JOIN item_artists b ON b.item_id = a.item_id
            WHERE a.artist_id IN (SELECT value FROM json_each(?1)) AND b.artist_id NOT IN (SELECT value FROM json_each(?1))
            GROUP BY b.artist_id ORDER BY count(*) DESC LIMIT \(limit)
            """
        ).rows([.text(list)])
        for row in together { if let id = row.int(0) { related[Int64(id)] = 1 } }
        // Albums of the artists' songs (bounded: an artist on thousands of songs is read by popularity).
        let albums = try db.prepare(
            """
            SELECT DISTINCT i.album_id FROM item_artists a JOIN items i ON i.id = a.item_id
            WHERE a.artist_id IN (SELECT value FROM json_each(?)) AND i.album_id IS NOT NULL LIMIT 200
            """
        ).rows([.text(list)]).compactMap { $0.int(0) }
        guard !albums.isEmpty else { return related }
        let albumList = "[" + albums.map(String.init).joined(separator: ",") + "]"
        let shared = try db.prepare(
            """
            SELECT x.artist_id, count(*) FROM items i JOIN item_artists x ON x.item_id = i.id
            WHERE i.album_id IN (SELECT value FROM json_each(?1)) AND x.artist_id NOT IN (SELECT value FROM json_each(?2))
            GROUP BY x.artist_id ORDER BY count(*) DESC LIMIT \(limit)
            """
        ).rows([.text(albumList), .text(list)])
        for row in shared { if let id = row.int(0) { related[Int64(id), default: 0.6] = max(related[Int64(id)] ?? 0, 0.6) } }
        return related
    }
}

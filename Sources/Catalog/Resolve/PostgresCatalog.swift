import Foundation
public import MediaIntents
public import Storage

/// The catalog's names in PostgreSQL, for a catalog too large to copy to every replica: one row per
/// item with its folded name and aliases, its artist credit and popularity, found by PostgreSQL's
/// full-text search (a `simple` configuration over the folded words) and by `pg_trgm` trigrams for
/// names heard a little wrong, then ranked by the resolver's own measure (`Resolver.rank`). Row ids
/// are the SQLite catalog's, so both engines can be compared item for item (`hark bench resolve
/// --postgres`). It finds what a name, an artist and a kind say; readings across scripts, stems and
/// loanwords are the SQLite resolver's alone.
public struct PostgresCatalog {
    let db: PostgresDatabase

    public init(address: String) throws { db = try PostgresDatabase(address: address) }

    /// How many items the PostgreSQL copy holds (0 when it has none yet).
    public func itemCount() throws -> Int {
        try db.execute(Self.table)
        return try db.rows("SELECT count(*) FROM catalog_items", []).first?.int(0) ?? 0
    }

    /// Replaces the PostgreSQL copy with the items of `store`, in batches, and builds its indexes
    /// after the rows are in (far faster than keeping them current row by row).
    public func load(from store: CatalogStore, progress: ((Int) -> Void)? = nil) throws {
        try db.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        try db.execute("DROP TABLE IF EXISTS catalog_items")
        try db.execute(Self.table)
        let batch = 1_000
        let read = try store.db.prepare(
            "SELECT \(Candidate.columns) FROM items i WHERE i.id > ? ORDER BY i.id LIMIT \(batch)")
        var last: Int64 = 0
        var loaded = 0
        while true {
            let rows = try read.rows([.integer(last)])
            guard !rows.isEmpty else { break }
            let marks = Array(repeating: "(" + Array(repeating: "?", count: 10).joined(separator: ",") + ")", count: rows.count)
            var values: [SQLValue] = []
            for row in rows {
                let item = Candidate(row)
                values += [
                    .integer(item.rowID), .text(item.coreKey), .text(item.aliases.joined(separator: "|")),
                    .text(item.artistKey), .text(item.type.rawValue), .real(item.popularity),
                    item.owner.map { .text($0) } ?? .null, item.album.map { .text($0) } ?? .null, .text(item.titleKey),
                    .text(item.compactKey),
                ]
                last = item.rowID
            }
            try db.run(
                "INSERT INTO catalog_items(id, core_key, aliases, artist_key, type, popularity, owner, album, title_key, "
                    + "compact_key) "
                    + "VALUES " + marks.joined(separator: ","), values)
            loaded += rows.count
            progress?(loaded)
        }
        try db.execute(Self.indexes)
        try db.execute("ANALYZE catalog_items")
    }

    static let table = """
        CREATE TABLE IF NOT EXISTS catalog_items(
            id BIGINT PRIMARY KEY, core_key TEXT NOT NULL, aliases TEXT NOT NULL, artist_key TEXT NOT NULL,
            type TEXT NOT NULL, popularity DOUBLE PRECISION NOT NULL, owner TEXT, album TEXT, title_key TEXT NOT NULL,
            compact_key TEXT NOT NULL,
            words tsvector GENERATED ALWAYS AS (to_tsvector('simple', core_key || ' ' || replace(aliases, '|', ' '))) STORED,
            artist_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', artist_key)) STORED)
        """

    static let indexes = """
        CREATE INDEX IF NOT EXISTS catalog_items_core ON catalog_items(core_key, popularity DESC);
        CREATE INDEX IF NOT EXISTS catalog_items_compact ON catalog_items(compact_key);
        CREATE INDEX IF NOT EXISTS catalog_items_words ON catalog_items USING gin(words);
        CREATE INDEX IF NOT EXISTS catalog_items_trigrams ON catalog_items USING gin(core_key gin_trgm_ops);
        """

    static let columns = "id, core_key, aliases, artist_key, type, popularity, owner, album, title_key, compact_key"

    /// Row ids of the items `search` names, best first, at most `limit` (the name path of
    /// `Resolver.resolve`: browsing, episodes and an artist's newest are the SQLite resolver's).
    public func resolve(_ search: MediaSearch, limit: Int = 5) throws -> [Int64] {
        let type = search.mediaType.flatMap { $0 == .music || $0 == .unknown ? nil : $0 }
        guard let name = search.mediaName ?? search.albumName ?? search.artistName else { return [] }
        let named = SaidSearch(search, name: name, type: type)
        return named.rank(try candidates(for: named.said, artist: named.artist)).prefix(limit).map(\.candidate.rowID)
    }

    /// Candidates from the cheapest query to the dearest, stopping when one fits: the exact name
    /// (the said artist's first), every word in the full-text index (and the artist's words in
    /// the credit), then names a few trigrams away.
    func candidates(for said: SaidName, artist: String?) throws -> [Candidate] {
        var found: [Int64: Candidate] = [:]
        var bestFit = 0.0
        func take(_ rows: [Row]) {
            for row in rows {
                var candidate = Candidate(row)
                guard found[candidate.rowID] == nil else { continue }
                candidate.similarity = said.similarity(to: candidate)
                found[candidate.rowID] = candidate
                if let artist, Resolver.creditAgreement(artist, candidate.creditKey) < 0.8 { continue }
                bestFit = max(bestFit, candidate.similarity)
            }
        }
        let key = said.key
        let artistText = artist ?? ""
        take(
            try db.rows(
                """
                SELECT \(Self.columns) FROM catalog_items WHERE core_key IN (?, ?) OR compact_key = ?
                ORDER BY (artist_words @@ plainto_tsquery('simple', ?)) DESC, popularity DESC LIMIT 50
                """, [.text(key), .text(Resolver.otherArticleForm(key)), .text(said.compact), .text(artistText)]))
        if bestFit >= 0.95 { return Array(found.values) }
        take(
            try db.rows(
                """
                SELECT \(Self.columns) FROM catalog_items
                WHERE words @@ plainto_tsquery('simple', ?) AND (? = '' OR artist_words @@ plainto_tsquery('simple', ?))
                ORDER BY popularity DESC LIMIT 150
                """, [.text(key), .text(artistText), .text(artistText)]))
        if bestFit >= 0.95 { return Array(found.values) }
        take(
            try db.rows(
                """
                SELECT \(Self.columns) FROM catalog_items WHERE core_key % ?
                ORDER BY similarity(core_key, ?) + CASE WHEN artist_words @@ plainto_tsquery('simple', ?) THEN 0.3 ELSE 0 END
                    DESC, popularity DESC
                LIMIT 50
                """, [.text(key), .text(key), .text(artistText)]))
        return Array(found.values)
    }
}

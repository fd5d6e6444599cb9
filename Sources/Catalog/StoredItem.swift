public import Storage
public import MediaIntents
import Foundation

/// An item as the catalog stores it: the public `MediaItem` plus the keys the resolver ranks on.
public struct StoredItem: Sendable, Hashable {
    public var rowID: Int64
    public var item: MediaItem
    var coreKey: String
    var artistKey: String
    public var parentID: Int64?
    public var released: String?
    public var frequency: String?
    public var owner: String?
    public var editable: Bool
    var aliases: [String]

    /// The columns an item is read from, in the order they are selected: the SELECT list is built
    /// from these cases and rows are read by them, so the two cannot drift apart.
    enum Column: Int, CaseIterable {
        case id, ident, type, title, artist, album, duration, year, genres, popularity, explicit
        case coreKey, artistKey, parentID, released, frequency, owner, editable, aliases, names, kind, path
        /// Not a column of `items`: the first artist's printed names and kind (`artistProfile`).
        case artistProfile

        var sqlName: String {
            switch self {
            case .coreKey: return "core_key"
            case .artistKey: return "artist_key"
            case .parentID: return "parent_id"
            default: return String(describing: self)
            }
        }
    }

    static let columns = Column.allCases.filter { $0 != .artistProfile }.map(\.sqlName).joined(separator: ", ")

    /// The first artist's printed names and kind, read with each item (an artist reads its own).
    static func artistProfile(_ alias: String) -> String {
        """
        CASE WHEN \(alias).type = 'artist' THEN NULL ELSE (SELECT a.names || char(31) || coalesce(a.kind, '')
            FROM item_artists x JOIN items a ON a.id = x.artist_id WHERE x.item_id = \(alias).id
            ORDER BY x.position LIMIT 1) END
        """
    }

    /// Prefixes every column with a table alias, for joins. Built once per alias: this runs with
    /// every catalog read, and building the text each time cost more than many of the queries.
    public static func columns(_ alias: String) -> String {
        switch alias {
        case "i": return columnsI
        case "a": return columnsA
        default: return prefixedColumns(alias)
        }
    }

    private static let columnsI = prefixedColumns("i")
    private static let columnsA = prefixedColumns("a")

    private static func prefixedColumns(_ alias: String) -> String {
        columns.split(separator: ",").map { "\(alias).\($0.trimmingCharacters(in: .whitespacesAndNewlines))" }
            .joined(separator: ", ") + ", " + artistProfile(alias)
    }

    /// A person's own playlist, kept in the state database rather than the catalog (row id 0).
    public init(playlist identifier: String, title: String, owner: String) {
        rowID = 0
        item = MediaItem(identifier: identifier, title: title, type: .playlist)
        coreKey = NameFolding.key(title)
        artistKey = ""
        self.owner = owner
        editable = true
        aliases = []
    }

    /// The identifier of `owner`'s playlist called `title`: told apart by the owner exactly as
    /// given (user names are opaque: "j.doe" and "j-doe", "alice" and "Alice" each have their own).
    public static func playlistIdentifier(owner: String, title: String) -> String {
        var entry = CatalogEntry(type: .playlist, title: title)
        entry.owner = owner
        return EntryKeys(entry, key: NameFolding.key).ident
    }

    public init(_ row: Row) {
        func text(_ column: Column) -> String? { row.string(column.rawValue) }
        func number(_ column: Column) -> Int? { row.int(column.rawValue) }
        rowID = Int64(number(.id) ?? 0)
        let genres = (text(.genres) ?? "").split(separator: "|").map(String.init)
        item = MediaItem(
            identifier: text(.ident) ?? "", title: text(.title) ?? "",
            type: MediaItemType(rawValue: text(.type) ?? "") ?? .unknown, artist: text(.artist),
            album: text(.album), duration: row.double(Column.duration.rawValue), releaseYear: number(.year),
            genres: genres, popularity: row.double(Column.popularity.rawValue) ?? 0, isExplicit: number(.explicit) == 1)
        coreKey = text(.coreKey) ?? ""
        artistKey = text(.artistKey) ?? ""
        parentID = number(.parentID).map(Int64.init)
        released = text(.released)
        item.released = released
        // A catalog that gives only the day still gives the year.
        if item.releaseYear == nil, let released, released.count >= 4 { item.releaseYear = Int(released.prefix(4)) }
        frequency = text(.frequency)
        owner = text(.owner)
        editable = number(.editable) == 1
        aliases = (text(.aliases) ?? "").split(separator: "|").map(String.init)
        let names = (text(.names) ?? "").split(separator: "|").map(String.init)
        if !names.isEmpty { item.aliases = names }
        item.location = text(.path)
        if item.type == .artist {
            item.artistAliases = item.aliases
            item.artistKind = text(.kind).flatMap(ArtistKind.init(rawValue:))
        } else if let profile = text(.artistProfile) {
            let parts = profile.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            let artistNames = parts[0].split(separator: "|").map(String.init)
            if !artistNames.isEmpty { item.artistAliases = artistNames }
            if parts.count > 1 { item.artistKind = ArtistKind(rawValue: String(parts[1])) }
        }
    }
}

extension CatalogStore {
    /// Items matching a WHERE clause (written with `i.` column names).
    public func items(
        where clause: String, _ values: [SQLValue] = [], order: String = "i.popularity DESC",
        limit: Int = 50, from source: String = "items i"
    ) throws -> [StoredItem] {
        let sql = "SELECT \(StoredItem.columns("i")) FROM \(source) WHERE \(clause) ORDER BY \(order) LIMIT \(limit)"
        return try db.prepare(sql).rows(values).map(StoredItem.init)
    }

    /// A show's episodes (the items under `parentRow`) in order of release, oldest first, ties by
    /// when they were stored; `newestFirst` turns the order round.
    public func episodes(ofShow parentRow: Int64, newestFirst: Bool = false, limit: Int = 5_000) throws -> [StoredItem] {
        try items(
            where: "i.parent_id = ?", [.integer(parentRow)],
            order: newestFirst ? "i.released DESC, i.id DESC" : "i.released ASC, i.id ASC", limit: limit)
    }

    /// An artist's items of one type, most popular first. Read from the artist's links and then
    /// sorted: with `id IN (…)` the planner walked every item of the type in popularity order
    /// through the browse index (17 ms against 0.07 ms for an artist with three songs).
    /// An artist on thousands of items (a tenth of a catalog's songs may be one artist's) has their
    /// most popular found the other way round: the kind's items in popularity order, each checked
    /// for the artist's link, which stops after `limit` (reading and sorting 36,000 links took
    /// 60 ms at a million tracks).
    public func items(ofArtist artistID: Int64, type: MediaItemType, order: String = "i.popularity DESC", limit: Int)
        throws -> [StoredItem]
    {
        if order == "i.popularity DESC",
            try db.prepare("SELECT count(*) FROM (SELECT 1 FROM item_artists WHERE artist_id = ? LIMIT \(Self.manyLinks))")
                .integer([.integer(artistID)]) == Int64(Self.manyLinks)
        {
            return try items(
                where: "i.type = ? AND EXISTS (SELECT 1 FROM item_artists x WHERE x.item_id = i.id AND x.artist_id = ?)",
                [.text(type.rawValue), .integer(artistID)], order: order, limit: limit)
        }
        return try items(
            where: "x.artist_id = ? AND i.type = ?", [.integer(artistID), .text(type.rawValue)], order: order,
            limit: limit, from: "item_artists x CROSS JOIN items i ON i.id = x.item_id")
    }

    /// An artist credited on this many items is read from the popularity order, not their links.
    static let manyLinks = 3_000

    /// One item by its identifier.
    public func item(identifier: String) throws -> StoredItem? {
        try items(where: "i.ident = ?", [.text(identifier)], limit: 1).first
    }

    /// Items by row id, read in full.
    public func items(rowIDs: [Int64]) throws -> [Int64: StoredItem] {
        guard !rowIDs.isEmpty else { return [:] }
        let marks = rowIDs.map { _ in "?" }.joined(separator: ",")
        // One statement per list length, kept: the resolver asks for a bounded number of rows, and
        // preparing one per call cost a third of its median time (0.114 → 0.149 ms at 100 k tracks).
        let rows = try items(where: "i.id IN (\(marks))", rowIDs.map { .integer($0) }, limit: rowIDs.count)
        return Dictionary(rows.map { ($0.rowID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Items by identifier, in the order asked for; identifiers the catalog does not hold are left
    /// out (lists kept elsewhere, such as a person's likes, name items by identifier).
    public func items(identifiers: [String]) throws -> [StoredItem] {
        guard !identifiers.isEmpty else { return [] }
        // One statement for any length: the list goes in as one JSON array.
        let list = String(decoding: try JSONEncoder().encode(identifiers), as: UTF8.self)
        let found = try items(
            where: "i.ident IN (SELECT value FROM json_each(?))", [.text(list)], order: "i.id", limit: identifiers.count)
        let byIdent = Dictionary(found.map { ($0.item.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        return identifiers.compactMap { byIdent[$0] }
    }

    /// One item by row id.
    public func item(rowID: Int64) throws -> StoredItem? {
        try items(where: "i.id = ?", [.integer(rowID)], limit: 1).first
    }

    /// What playing an item means: a song is itself; an album its tracks in order; an artist their
    /// most popular songs; a playlist its entries; a show its newest episode first; a station itself.
    public func playableItems(for stored: StoredItem, limit: Int = 100) throws -> [StoredItem] {
        let id = SQLValue.integer(stored.rowID)
        switch stored.item.type {
        case .album:
            return try items(
                where: "i.album_id = ? AND i.type = 'song'", [id],
                order: "coalesce(i.disc_no, 1), coalesce(i.track_no, 999), i.id",
                limit: limit)
        case .artist:
            return try items(ofArtist: stored.rowID, type: .song, limit: limit)
        case .playlist:
            let sql = """
                SELECT \(StoredItem.columns("i")) FROM playlist_entries e JOIN items i ON i.id = e.item_id
                WHERE e.playlist_id = ? ORDER BY e.position LIMIT \(limit)
                """
            return try db.prepare(sql).rows([id]).map(StoredItem.init)
        case .podcastShow:
            return try episodes(ofShow: stored.rowID, newestFirst: true, limit: limit)
        case .genre:
            return try items(
                where: "i.type = 'song' AND instr(i.genres, ?) > 0", [.text("|\(stored.coreKey)|")],
                limit: limit)
        default:
            return [stored]
        }
    }
}

extension CatalogStore {
    /// The album an item is on.
    public func album(of identifier: String) throws -> StoredItem? {
        let row = try db.prepare("SELECT album_id FROM items WHERE ident = ?").rows([.text(identifier)]).first
        return try row?.int(0).flatMap { try item(rowID: Int64($0)) }
    }

    /// Every artist credited on an item, the first credited first.
    public func artists(of identifier: String) throws -> [StoredItem] {
        let sql = """
            SELECT \(StoredItem.columns("a")) FROM item_artists ia JOIN items a ON a.id = ia.artist_id
            WHERE ia.item_id = (SELECT id FROM items WHERE ident = ?) ORDER BY ia.position
            """
        return try db.prepare(sql).rows([.text(identifier)]).map(StoredItem.init)
    }

    /// The episodes of an episode's show released after it, oldest first: what plays on after it,
    /// as a podcast app goes on to the next episode.
    public func laterEpisodes(after episode: StoredItem, limit: Int = 20) throws -> [StoredItem] {
        let id = SQLValue.integer(episode.rowID)
        return try items(
            where: """
                i.type = 'podcastEpisode' AND i.parent_id = (SELECT parent_id FROM items WHERE id = ?)
                AND i.released > (SELECT released FROM items WHERE id = ?)
                """, [id, id], order: "i.released, i.id", limit: limit)
    }

    /// The first artist credited on an item.
    public func firstArtist(of stored: StoredItem) throws -> StoredItem? {
        let row = try db.prepare("SELECT artist_id FROM item_artists WHERE item_id = ? ORDER BY position LIMIT 1")
            .rows([.integer(stored.rowID)]).first
        return try row?.int(0).flatMap { try item(rowID: Int64($0)) }
    }
}

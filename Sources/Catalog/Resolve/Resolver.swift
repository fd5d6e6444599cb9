public import MediaIntents

/// A found item with how well it fits the search (higher is better; 1 ≈ exact name).
public struct ResolvedItem: Sendable, Hashable {
    public var stored: StoredItem
    /// The ranking score: name, artist, album, type fit and popularity together.
    public var score: Double
    /// How alike the said name and the item's name are, 0…1, with the named artist agreeing
    /// (0 when an artist was named and it is someone else).
    public var nameMatch: Double
    public var item: MediaItem { stored.item }

    public init(stored: StoredItem, score: Double, nameMatch: Double? = nil) {
        self.stored = stored
        self.score = score
        self.nameMatch = nameMatch ?? min(score, 1)
    }
}

/// Finds catalog items for a `MediaSearch`: candidates from exact keys and the FTS5 index,
/// then a precise re-ranking by name, artist, album, type fit and popularity.
public struct Resolver {
    let store: CatalogStore

    public init(store: CatalogStore) { self.store = store }

    /// Items for `search`, best first, at most `limit`. `user` sees their own playlists too.
    public func resolve(_ search: MediaSearch, user: String? = nil, limit: Int = 5) throws -> [ResolvedItem] {
        if let identifier = search.mediaIdentifier {
            return try store.item(identifier: identifier).map { [ResolvedItem(stored: $0, score: 1)] } ?? []
        }
        let type = search.mediaType.flatMap { $0 == .music || $0 == .unknown ? nil : $0 }
        guard let name = search.mediaName ?? search.albumName ?? search.artistName else {
            return try browse(search, type: type, limit: limit)
        }
        // "the latest episode of Serial": find the show, then its episodes in date order.
        if type == .podcastEpisode {
            var showSearch = search
            showSearch.mediaType = .podcastShow
            showSearch.sortOrder = nil
            if let show = try resolve(showSearch, user: user, limit: 1).first, show.item.type == .podcastShow {
                let order = search.sortOrder == .oldest ? "i.released ASC" : "i.released DESC"
                return try store.items(
                    where: "i.parent_id = ?", [.integer(show.stored.rowID)], order: order, limit: limit
                )
                .map { ResolvedItem(stored: $0, score: show.score) }
            }
        }
        // Only an artist, with an order or a type: "the newest songs by Adele".
        if search.mediaName == nil, search.albumName == nil, let artist = search.artistName,
            search.sortOrder != nil || (type != nil && type != .artist)
        {
            return try byArtist(artist, type: type ?? .song, order: search.sortOrder, limit: limit)
        }
        let nameKey = NameFolding.key(NameFolding.core(name))
        let typeOnlyArtist = search.mediaName == nil && search.albumName == nil
        var ranked: [ResolvedItem] = []
        for candidate in try candidates(for: nameKey) {
            if let owner = candidate.owner, owner != user { continue }
            let keys = [candidate.coreKey] + candidate.aliases
            let similarity = keys.map { NameSimilarity.score(nameKey, $0) }.max() ?? 0
            guard similarity >= 0.6 else { continue }
            var score = similarity
            var nameMatch = similarity
            if let artist = search.artistName, !typeOnlyArtist {
                let agreement = Self.creditAgreement(NameFolding.key(artist), candidate.artistKey)
                // Another artist's item only when its title is exactly what was said.
                if agreement < 0.8, similarity < 0.95 { continue }
                score += agreement >= 0.8 ? 0.3 * agreement : -0.6
                nameMatch = agreement >= 0.8 ? min(similarity, agreement) : 0
            }
            if let album = search.albumName, search.mediaName != nil {
                let agreement = NameSimilarity.score(
                    NameFolding.key(album), NameFolding.key(candidate.item.album ?? ""))
                score += agreement >= 0.8 ? 0.2 : -0.3
            }
            let wanted = type ?? (typeOnlyArtist ? .artist : nil)
            if let wanted {
                score += candidate.item.type == wanted ? 0.25 : -0.5
            } else {
                score += Self.typePrior[candidate.item.type] ?? 0
            }
            if search.reference == .my, candidate.owner != nil { score += 0.2 }
            score += 0.1 * min(max(candidate.item.popularity, 0), 1)
            ranked.append(ResolvedItem(stored: candidate, score: score, nameMatch: nameMatch))
        }
        ranked.sort { $0.score > $1.score }
        if let order = search.sortOrder, let first = ranked.first, first.item.type == .artist {
            return try byArtist(first.item.title, type: .song, order: order, limit: limit)
        }
        return Array(ranked.prefix(limit))
    }

    /// Without a type, a bare name is most often an artist, then a song.
    static let typePrior: [MediaItemType: Double] = [
        .artist: 0.07, .song: 0.06, .album: 0.04, .playlist: 0.05, .podcastShow: 0.05, .audioBook: 0.04,
        .radioStation: 0.04, .podcastEpisode: 0.0, .genre: 0.03,
    ]

    /// How well a said artist agrees with a credit: 1 when every said word is in the credit.
    static func creditAgreement(_ said: String, _ credit: String) -> Double {
        if said.isEmpty || credit.isEmpty { return 0 }
        let creditWords = Set(credit.split(separator: " "))
        let saidWords = said.split(separator: " ").filter { $0 != "the" }
        if !saidWords.isEmpty, saidWords.allSatisfy(creditWords.contains) { return 1 }
        return max(
            NameSimilarity.score(said, credit),
            CatalogStore.splitCredit(credit).map { NameSimilarity.score(said, NameFolding.key($0)) }.max() ?? 0)
    }

    /// Rows whose key equals the name, plus the best FTS5 matches of its words.
    func candidates(for key: String) throws -> [StoredItem] {
        var found = try store.items(where: "i.core_key = ? OR i.title_key = ?", [.text(key), .text(key)], limit: 200)
        func quoted(_ word: Substring) -> String { "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var words = key.split(separator: " ").map(quoted)
        // Longer words also match by their stem, so an ending said differently still finds the
        // name ("Земфиру" → zemfiru → zemfi* → Zemfira).
        words += key.split(separator: " ").filter { $0.count >= 5 }.map { quoted($0.dropLast(2)) + "*" }
        guard !words.isEmpty else { return found }
        // Every word quoted: user text is never read as FTS5 syntax.
        let query = "title : (" + words.joined(separator: " OR ") + ")"
        let sql = """
            SELECT \(StoredItem.columns("i")) FROM items_fts f JOIN items i ON i.id = f.rowid
            WHERE items_fts MATCH ? ORDER BY bm25(items_fts) LIMIT 300
            """
        var seen = Set(found.map(\.rowID))
        for item in try store.db.prepare(sql).rows([.text(query)]).map(StoredItem.init)
        where seen.insert(item.rowID).inserted {
            found.append(item)
        }
        return found
    }

    /// Songs (or albums) by an artist in an order.
    func byArtist(_ artist: String, type: MediaItemType, order: SortOrder?, limit: Int) throws -> [ResolvedItem] {
        let key = NameFolding.key(artist)
        let artists = try store.items(
            where: "i.type = 'artist' AND (i.core_key = ? OR i.title_key = ?)",
            [.text(key), .text(key)], limit: 1)
        let fuzzy =
            try artists.isEmpty
            ? candidates(for: key).filter { $0.item.type == .artist && NameSimilarity.score(key, $0.coreKey) >= 0.8 }
            : artists
        guard let found = fuzzy.first else { return [] }
        let rows = try store.items(
            where: "i.type = ? AND i.id IN (SELECT item_id FROM item_artists WHERE artist_id = ?)",
            [.text(type.rawValue), .integer(found.rowID)], order: Self.orderClause(order), limit: limit)
        return rows.map { ResolvedItem(stored: $0, score: 1) }
    }

    /// Genre, mood, decade and order without a name: "play some jazz", "80s rock", "the top songs of 2010".
    func browse(_ search: MediaSearch, type: MediaItemType?, limit: Int) throws -> [ResolvedItem] {
        var clauses = ["i.type = ?"]
        var values: [SQLValue] = [.text((type ?? .song).rawValue)]
        if let genres = search.genreNames, !genres.isEmpty {
            clauses.append("(" + genres.map { _ in "i.genres LIKE ?" }.joined(separator: " OR ") + ")")
            values += genres.map { .text("%" + NameFolding.key($0) + "|%") }
        }
        if let moods = search.moodNames, !moods.isEmpty {
            clauses.append("(" + moods.map { _ in "i.moods LIKE ?" }.joined(separator: " OR ") + ")")
            values += moods.map { .text("%|" + NameFolding.key($0) + "|%") }
        }
        if let range = search.releaseDate {
            clauses.append("i.year BETWEEN ? AND ?")
            values += [.integer(Int64(range.start)), .integer(Int64(range.end))]
        }
        if clauses.count == 1, search.sortOrder == nil, type == nil { return [] }
        return try store.items(
            where: clauses.joined(separator: " AND "), values, order: Self.orderClause(search.sortOrder),
            limit: limit
        )
        .map { ResolvedItem(stored: $0, score: 1) }
    }

    static func orderClause(_ order: SortOrder?) -> String {
        switch order {
        case .newest: return "coalesce(i.released, i.year) DESC, i.popularity DESC"
        case .oldest: return "coalesce(i.released, i.year) ASC, i.popularity DESC"
        case .unpopular, .worst: return "i.popularity ASC"
        default: return "i.popularity DESC"
        }
    }
}

import Storage
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
        try resolve(search, user: user, limit: limit, nearArtists: false)
    }

    /// `resolve`, where a bare name found nowhere is cut into title and artist; with `nearArtists`
    /// (typed text) the artist part may also be spelled a little wrong.
    func resolve(_ search: MediaSearch, user: String?, limit: Int, nearArtists: Bool) throws -> [ResolvedItem] {
        if let identifier = search.mediaIdentifier {
            return try store.item(identifier: identifier).map { [ResolvedItem(stored: $0, score: 1)] } ?? []
        }
        if let lyrics = search.lyrics { return try byLyrics(lyrics, artist: search.artistName, limit: limit) }
        if let about = search.about { return try byTopic(about, search: search, user: user, limit: limit) }
        let type = search.mediaType.flatMap { $0 == .music || $0 == .unknown ? nil : $0 }
        guard let name = search.mediaName ?? search.albumName ?? search.artistName else {
            let found = try browse(search, type: type, limit: limit)
            // "Workout music" where nothing is tagged workout: the moods that serve it.
            guard found.isEmpty, let wider = MoodRelations.shared.widened(search) else { return found }
            return try browse(wider, type: type, limit: limit)
        }
        // "the latest episode of Serial": find the show, then its episodes in date order.
        if type == .podcastEpisode {
            var showSearch = search
            showSearch.mediaType = .podcastShow
            showSearch.sortOrder = nil
            showSearch.episodeNumber = nil
            showSearch.seasonNumber = nil
            if let show = try resolve(showSearch, user: user, limit: 1).first, show.item.type == .podcastShow {
                if let number = search.episodeNumber {
                    return try episode(number, season: search.seasonNumber, of: show).map { [$0] } ?? []
                }
                return try store.episodes(ofShow: show.stored.rowID, newestFirst: search.sortOrder != .oldest, limit: limit)
                .map { ResolvedItem(stored: $0, score: show.score) }
            }
        }
        // Only an artist, with an order or a type: "the newest songs by Adele".
        if search.mediaName == nil, search.albumName == nil, let artist = search.artistName,
            search.sortOrder != nil || (type != nil && type != .artist)
        {
            let found = try byArtist(artist, type: type ?? .song, order: search.sortOrder, limit: limit)
            // "The most popular song on Rumours": a name no artist has may be an album's.
            guard found.isEmpty, search.sortOrder != nil, type == nil || type == .song else { return found }
            return try onAlbum(artist, order: search.sortOrder, limit: limit)
        }
        // "The top track off Abbey Road": an album's songs in an order.
        if search.mediaName == nil, let album = search.albumName, search.sortOrder != nil, type == nil || type == .song {
            // "The top song on Adele's 21", 「皇后乐队的Queen专辑」: the album by that artist, as the
            // catalog names them; with no album of theirs by that name, any album of the name.
            guard let artist = search.artistName else { return try onAlbum(album, order: search.sortOrder, limit: limit) }
            let said = Self.spokenKey(artist)
            let key = try catalogArtistKey(said: said, name: artist) ?? said
            let theirs = try onAlbum(album, byArtistKey: key, order: search.sortOrder, limit: limit)
            return theirs.isEmpty ? try onAlbum(album, order: search.sortOrder, limit: limit) : theirs
        }
        var named = SaidSearch(search, name: name, type: type)
        if let said = named.artist, let artistName = search.artistName {
            named.artist = try catalogArtistKey(said: said, name: artistName) ?? said
        }
        let ranked = named.rank(try candidates(for: named.said, artist: named.artist))
        if let order = search.sortOrder, let first = ranked.first, first.candidate.type == .artist {
            let artist = try store.item(rowID: first.candidate.rowID)
            return try byArtist(artist?.item.title ?? name, type: .song, order: order, limit: limit)
        }
        // Nothing named by the whole text: perhaps a title and its artist said one after the other.
        if ranked.first.map({ $0.nameMatch < Self.wholeNameFits }) ?? true,
            let split = try splitTitleAndArtist(search, user: user, limit: limit, nearArtists: nearArtists)
        {
            return split
        }
        // Only the few that are returned are read in full.
        let top = Array(ranked.prefix(limit))
        let stored = try store.items(rowIDs: top.map(\.candidate.rowID))
        return top.compactMap { entry in
            stored[entry.candidate.rowID].map {
                ResolvedItem(stored: $0, score: entry.score, nameMatch: entry.nameMatch)
            }
        }
    }

    /// The note of a version said as "the original" (`version` "Original"): no note at all.
    public static let originalNote = "original"

    /// Scores candidates for a said name, best first: how alike the names are, whether the said
    /// artist, album and kind agree, a version said with the name, and popularity. Every catalog
    /// engine's candidates are ranked by this one measure.
    static func rank(
        _ candidates: [Candidate], search: MediaSearch, nameKey: String, saidArtist: String?, type: MediaItemType?,
        noteWords: [String]
    ) -> [(candidate: Candidate, score: Double, nameMatch: Double)] {
        let typeOnlyArtist = search.mediaName == nil && search.albumName == nil
        var ranked: [(candidate: Candidate, score: Double, nameMatch: Double)] = []
        let shortened = shortenedTitle(in: candidates, nameKey: nameKey, type: type)
        for candidate in candidates {
            // People's own playlists are in the state database (UserLibrary); rows a catalog kept
            // from before that are passed over.
            if candidate.owner != nil { continue }
            var similarity = candidate.similarity
            let agreement = saidArtist.map { Self.creditAgreement($0, candidate.creditKey) }
            // The said title is the start of the artist's own title, the rest a subtitle left
            // unsaid ("limelight" by Frank Chacksfield is his "Limelight (Terry's Theme)").
            if similarity < 0.9, let agreement, agreement >= 0.95, candidate.coreKey.hasPrefix(nameKey + " ") {
                similarity = 0.9
            }
            // Without an artist, the start of a title of two words or more ("harry potter" for
            // Harry Potter and the Philosopher's Stone) is worth offering, never playing at once.
            if similarity < Self.titleStartOffered, saidArtist == nil, nameKey.contains(" "),
                candidate.coreKey.hasPrefix(nameKey + " ")
            {
                similarity = Self.titleStartOffered
            }
            if candidate.rowID == shortened { similarity = max(similarity, Self.shortTitleFit(candidate, typeSaid: type)) }
            guard similarity >= 0.6 else { continue }
            var score = similarity
            var nameMatch = similarity
            if let agreement {
                // Another artist's item only when its title is exactly what was said.
                if agreement < 0.8, similarity < 0.95 { continue }
                score += agreement >= 0.8 ? 0.3 * agreement : -0.6
                nameMatch = agreement >= 0.8 ? min(similarity, agreement) : 0
            }
            if let album = search.albumName, search.mediaName != nil {
                let agreement = NameSimilarity.score(NameFolding.key(album), NameFolding.key(candidate.album ?? ""))
                score += agreement >= 0.8 ? 0.2 : -0.3
            }
            let wanted = type ?? (typeOnlyArtist ? .artist : nil)
            if let wanted {
                score += candidate.type == wanted ? 0.25 : -0.5
            } else {
                score += Self.typePrior[candidate.type] ?? 0
            }
            if noteWords == [Self.originalNote] {
                // "The original Bohemian Rhapsody, not the remastered one": the recording whose title
                // carries no note beyond the name said.
                let plain = candidate.titleKey.split(separator: " ").count <= nameKey.split(separator: " ").count
                score += plain ? 0.15 : -0.05
            } else if !noteWords.isEmpty {
                let titleWords = Set(candidate.titleKey.split(separator: " ").map(String.init))
                score += noteWords.allSatisfy(titleWords.contains) ? 0.15 : -0.05
            }
            score += 0.1 * min(max(candidate.popularity, 0), 1)
            ranked.append((candidate, score, nameMatch))
        }
        ranked.sort { $0.score > $1.score }
        return ranked
    }

    /// How sure an episode is when its title and notes hold only some of the words said about it:
    /// below the bar of what plays unasked (`BuiltInMediaApp.confidentMatch`, 0.8), so it is offered.
    static let someWordsAbout = 0.7

    /// "The episode (of Serial) about the alibi": episodes whose title or notes hold the words, of
    /// the show named when one is (found as a show first; a show not found finds nothing).
    func byTopic(_ about: String, search: MediaSearch, user: String?, limit: Int) throws -> [ResolvedItem] {
        var parent: ResolvedItem?
        if search.mediaName != nil || search.artistName != nil {
            var showSearch = search
            showSearch.about = nil
            showSearch.mediaType = .podcastShow
            showSearch.sortOrder = nil
            guard let show = try resolve(showSearch, user: user, limit: 1).first, show.item.type == .podcastShow else {
                return []
            }
            parent = show
        }
        let type = search.mediaType == .audioBook ? MediaItemType.audioBook : .podcastEpisode
        let found = try store.items(about: about, type: type, parent: parent?.stored.rowID, limit: limit)
        // Only some of the words found: offered, not played.
        let sure = found.everyWord ? 1.0 : Self.someWordsAbout
        return found.items.map { ResolvedItem(stored: $0, score: sure, nameMatch: sure) }
    }

    /// Episode `number` of a show: the one its feed numbers so (in `season`, when said: feeds give
    /// numbers as track and seasons as disc numbers), else one whose title says it ("Episode 12:
    /// …", "#12 …", "Ep. 12"), else the number-th in order of release. A season said is never
    /// guessed: only the feed's numbers answer it.
    func episode(_ number: Int, season: Int? = nil, of show: ResolvedItem) throws -> ResolvedItem? {
        let byFeed = try store.items(
            where: "i.parent_id = ? AND i.track_no = ?" + (season == nil ? "" : " AND i.disc_no = ?"),
            [.integer(show.stored.rowID), .integer(Int64(number))] + (season.map { [.integer(Int64($0))] } ?? []),
            order: "i.disc_no DESC, i.released DESC", limit: 1)
        if let found = byFeed.first { return ResolvedItem(stored: found, score: show.score) }
        if season != nil { return nil }
        let episodes = try store.episodes(ofShow: show.stored.rowID)
        let numbered = episodes.first { stored in
            let words = NameFolding.tokens(stored.item.title).prefix(3)
            return words.first.map { ["episode", "ep", "chapter"].contains($0) } == true
                && words.dropFirst().first == String(number)
                || stored.item.title.hasPrefix("#\(number) ") || stored.item.title.hasPrefix("#\(number):")
        }
        guard let found = numbered ?? (number >= 1 && number <= episodes.count ? episodes[number - 1] : nil) else {
            return nil
        }
        return ResolvedItem(stored: found, score: show.score)
    }

    /// How alike the start of a title and the title are: above the bar of a candidate worth
    /// offering, below the confidence gate (`BuiltInMediaApp.confidentMatch`, 0.8).
    static let titleStartOffered = 0.75

    /// Without a type, a bare name is most often an artist, then a song.
    static let typePrior: [MediaItemType: Double] = [
        .artist: 0.07, .song: 0.06, .album: 0.04, .playlist: 0.05, .podcastShow: 0.05, .audioBook: 0.04,
        .radioStation: 0.04, .podcastEpisode: 0.0, .genre: 0.03,
    ]

    /// Songs (or albums) by an artist in an order.
    func byArtist(_ artist: String, type: MediaItemType, order: SortOrder?, limit: Int) throws -> [ResolvedItem] {
        let key = NameFolding.key(artist)
        let artists = try store.items(
            where: "i.type = 'artist' AND (i.core_key = ? OR i.title_key = ? OR i.compact_key = ?)",
            [.text(key), .text(key), .text(NameFolding.compact(key: key))], limit: 1)
        let fuzzy =
            try artists.isEmpty
            ? candidates(for: SaidName(key: key, text: artist), artist: nil, only: .artist).filter {
                // Its name, an alias or a reading (周杰伦 for Jay Chou, うただひかる for 宇多田ヒカル).
                $0.similarity >= 0.8
            }
            .sorted { ($0.similarity, $0.popularity) > ($1.similarity, $1.popularity) }.map(\.rowID)
            : artists.map(\.rowID)
        guard let found = fuzzy.first else { return [] }
        let rows = try store.items(ofArtist: found, type: type, order: Self.orderClause(order), limit: limit)
        return rows.map { ResolvedItem(stored: $0, score: 1) }
    }

    /// The songs of the album best named `album`, in an order; empty when no album's name is close.
    /// - Parameter byArtistKey: only an album credited to that artist (a folded key).
    func onAlbum(_ album: String, byArtistKey artist: String? = nil, order: SortOrder?, limit: Int) throws -> [ResolvedItem] {
        let said = SaidName(key: NameFolding.key(album), text: album)
        var albums = try candidates(for: said, artist: nil, only: .album).filter { $0.similarity >= 0.8 }
        if let artist {
            albums = albums.filter { !artist.isEmpty && $0.artistKey.contains(artist) }
        }
        guard let found = albums.max(by: { ($0.similarity, $0.popularity) < ($1.similarity, $1.popularity) }) else {
            return []
        }
        let rows = try store.items(
            where: "i.album_id = ? AND i.type = 'song'", [.integer(found.rowID)], order: Self.orderClause(order),
            limit: limit)
        return rows.map { ResolvedItem(stored: $0, score: found.similarity) }
    }

    /// Genre, mood, decade and order without a name: "play some jazz", "80s rock", "the top songs of 2010".
    func browse(_ search: MediaSearch, type: MediaItemType?, limit: Int) throws -> [ResolvedItem] {
        var clauses = ["i.type = ?"]
        var values: [SQLValue] = [.text((type ?? .song).rawValue)]
        var source = "items i"
        var order = Self.orderClause(search.sortOrder)
        let chart = search.releaseDate == nil && [.popular, .best, .trending].contains(search.sortOrder)
            && (search.genreNames ?? []).isEmpty && (search.moodNames ?? []).isEmpty
        if chart {
            // The chart is read from the kind's most popular items (the browse index), not by
            // weighing every song: 0.3 s → 17 ms at a million tracks.
            // "Trending", "hottest": the newer the better; "the most popular", "top songs": popularity
            // as the catalog keeps it, the newer first among equals.
            order = search.sortOrder == .trending ? Self.chartOrder : "i.popularity DESC, i.year DESC"
            source = "(SELECT * FROM items WHERE type = '\((type ?? .song).rawValue)' ORDER BY popularity DESC, year DESC LIMIT \(Self.chartWindow)) i"
        }
        if let genres = search.genreNames, genres.count == 1 {
            // One genre: its items from the genre index, in popularity order (`CatalogStore+Genres`).
            source = "item_genres g CROSS JOIN items i ON i.id = g.item_id"
            clauses = ["g.genre = ? AND g.type = ?"]
            values = [.text(NameFolding.key(genres[0])), .text((type ?? .song).rawValue)]
            if order == Self.orderClause(nil) { order = "g.popularity DESC" }
        } else if let genres = search.genreNames, !genres.isEmpty {
            // instr, not LIKE: a LIKE pattern bound as a parameter makes SQLite compile the statement
            // again whenever the pattern changes (a fifth of the server's time went to it).
            clauses.append("(" + genres.map { _ in "instr(i.genres, ?) > 0" }.joined(separator: " OR ") + ")")
            values += genres.map { .text(NameFolding.key($0) + "|") }
        }
        if let moods = search.moodNames, !moods.isEmpty {
            clauses.append("(" + moods.map { _ in "instr(i.moods, ?) > 0" }.joined(separator: " OR ") + ")")
            values += moods.map { .text("|" + NameFolding.key($0) + "|") }
        }
        if let range = search.releaseDate {
            clauses.append("i.year BETWEEN ? AND ?")
            values += [.integer(Int64(range.start)), .integer(Int64(range.end))]
        }
        if clauses.count == 1, source == "items i", search.sortOrder == nil, type == nil { return [] }
        return try store.items(where: clauses.joined(separator: " AND "), values, order: order, limit: limit, from: source)
        .map { ResolvedItem(stored: $0, score: 1) }
    }

    /// "Trending", "the hottest songs", with no years said: popularity as the catalog
    /// keeps it, and each year before the catalog's newest costs 0.02 of it. Popularity is often a
    /// rank within its own year (a year-end chart), so by popularity alone every year's number one
    /// ties and the oldest comes first; a number one of 25 years ago now weighs as a song of 0.5
    /// popularity this year. Items without a year come after the dated ones.
    static let chartOrder = "i.popularity + 0.02 * coalesce(i.year, 0) DESC, i.popularity DESC"

    /// How many of a kind's most popular items a chart is chosen from.
    static let chartWindow = 2_000

    static func orderClause(_ order: SortOrder?) -> String {
        switch order {
        case .newest: return "coalesce(i.released, i.year) DESC, i.popularity DESC"
        case .oldest: return "coalesce(i.released, i.year) ASC, i.popularity DESC"
        case .unpopular, .worst: return "i.popularity ASC"
        default: return "i.popularity DESC"
        }
    }
}

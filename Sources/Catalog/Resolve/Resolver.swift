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
            showSearch.episodeNumber = nil
            if let show = try resolve(showSearch, user: user, limit: 1).first, show.item.type == .podcastShow {
                if let number = search.episodeNumber {
                    return try episode(number, of: show).map { [$0] } ?? []
                }
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
        let nameKey = Self.spokenKey(NameFolding.core(name))
        let typeOnlyArtist = search.mediaName == nil && search.albumName == nil
        var saidArtist = typeOnlyArtist ? nil : search.artistName.map(Self.spokenKey)
        if let said = saidArtist, let artistName = search.artistName {
            saidArtist = try catalogArtistKey(said: said, name: artistName) ?? said
        }
        let said = SaidName(key: nameKey, text: NameFolding.core(name))
        var ranked: [(candidate: Candidate, score: Double, nameMatch: Double)] = []
        for candidate in try candidates(for: said, artist: saidArtist) {
            if let owner = candidate.owner, owner != user { continue }
            let similarity = candidate.similarity
            guard similarity >= 0.6 else { continue }
            var score = similarity
            var nameMatch = similarity
            if let saidArtist {
                let agreement = Self.creditAgreement(saidArtist, candidate.artistKey)
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
            if search.reference == .my, candidate.owner != nil { score += 0.2 }
            score += 0.1 * min(max(candidate.popularity, 0), 1)
            ranked.append((candidate, score, nameMatch))
        }
        ranked.sort { $0.score > $1.score }
        if let order = search.sortOrder, let first = ranked.first, first.candidate.type == .artist {
            let artist = try store.item(rowID: first.candidate.rowID)
            return try byArtist(artist?.item.title ?? name, type: .song, order: order, limit: limit)
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

    /// "Episode 12": the episode whose title is numbered so ("Episode 12: …", "#12 …", "Ep. 12"), else
    /// the twelfth in order of release.
    func episode(_ number: Int, of show: ResolvedItem) throws -> ResolvedItem? {
        let episodes = try store.items(
            where: "i.parent_id = ?", [.integer(show.stored.rowID)], order: "i.released ASC", limit: 5_000)
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

    /// Candidates for a said name (and artist), from cheapest to dearest, stopping as soon as one
    /// fits: rows whose key is the name; then the full-text index with every word required (and
    /// the artist's words in the artist column); then with each word that may have been misheard
    /// widened to indexed words that sound alike or are one edit away (`TermKeys`); then with all
    /// words but one. Very common words are left to the re-ranking. Every word reaches FTS5 quoted,
    /// so no request is ever read as query syntax.
    func candidates(for said: SaidName, artist: String?) throws -> [Candidate] {
        let nameKey = said.key
        var found: [Int64: Candidate] = [:]
        // The best fit so far: how alike the name is, for a candidate whose artist agrees. Each
        // candidate is scored once, as it arrives.
        var bestFit = 0.0
        func take(_ candidates: [Candidate]) {
            for var candidate in candidates where found[candidate.rowID] == nil {
                let similarity = said.similarity(to: candidate)
                candidate.similarity = similarity
                found[candidate.rowID] = candidate
                guard similarity > bestFit else { continue }
                if let artist, Self.creditAgreement(artist, candidate.artistKey) < 0.8 { continue }
                bestFit = similarity
            }
        }
        /// Whether some candidate has the name (at least `minimum` alike) and the said artist.
        func fits(_ minimum: Double = 0.95) -> Bool { bestFit >= minimum }
        let words = nameKey.split(separator: " ").map(String.init)
        let artistWords = artist?.split(separator: " ").map(String.init).filter { $0 != "the" } ?? []
        guard !words.isEmpty else { return Array(found.values) }
        let catalogSize = max(try store.approximateItemCount(), 1)
        let counts = try documentCounts(words + artistWords)
        // A word in more than a twentieth of the catalog narrows little and costs a long list.
        func useful(_ list: [String]) -> [String] {
            let kept = list.filter { (counts[$0] ?? 0) * 20 < catalogSize }
            return kept.isEmpty ? Array(list.prefix(1)) : kept
        }
        func known(_ word: String) -> Bool { (counts[word] ?? 0) > 0 }
        var asked = Set<[[String]]>()
        func search(_ title: [[String]], _ artist: [[String]]) throws {
            guard asked.insert(title + [["|"]] + artist).inserted else { return }
            take(try ftsCandidates(title: title, artist: artist))
        }
        let exactTitle = useful(words).map { [Self.quoted($0)] }
        let exactArtist = useful(artistWords).map { [Self.quoted($0)] }
        let titleKnown = words.allSatisfy(known)
        let artistKnown = artistWords.allSatisfy(known)
        // The title's exact key (the most popular holders of it), then the artist's own items, then
        // title and artist words together, then the title's words alone.
        take(try exactCandidates(nameKey))
        if fits() { return Array(found.values) }
        // A name in Japanese script, by how it reads: the catalog files the reading of its
        // Japanese names, so kanji, kana and romaji find each other.
        if let reading = said.scriptReading {
            take(try readingCandidates(reading))
            if fits(0.8) { return Array(found.values) }
        }
        // When the artist was heard right, their own items, ranked by how alike the titles are,
        // settle a misheard title with a few index lookups.
        if let artist, !artistWords.isEmpty {
            take(try itemsOfArtist(artist))
            if fits(0.75) { return Array(found.values) }
        }
        if titleKnown && artistKnown {
            if !exactArtist.isEmpty {
                try search(exactTitle, exactArtist)
                if fits() { return Array(found.values) }
            }
            try search(exactTitle, [])
            if fits() { return Array(found.values) }
        }
        // Words the catalog does not have were misheard: each is widened to the indexed words that
        // sound alike or are one edit away. (A misheard word that is a word of its own, "write" for
        // "right", is left to the next step.)
        // The word, the known words nearest it, then its stem as a prefix (the broadest last).
        let wideTitle = try useful(words).map { word -> [String] in
            guard !known(word) else { return [Self.quoted(word)] }
            let forms = Self.forms(word, stem: said.stems[word])
            return [forms[0]] + (try similarTerms(word)) + forms.dropFirst()
        }
        let wideArtist = try useful(artistWords).map {
            known($0) ? [Self.quoted($0)] : try Self.forms($0) + similarTerms($0)
        }
        if !titleKnown || !artistKnown {
            // A one-word name said in another script (Халид for Khalid): each near word on its own,
            // closest first, so that a common one cannot crowd a rarer, closer one out of the rows read.
            if wideTitle.count == 1, wideArtist.isEmpty, said.otherScript {
                for form in wideTitle[0] where !fits(0.8) { try search([[form]], []) }
            }
            try search(wideTitle, wideArtist)
            if !wideArtist.isEmpty, !fits(0.8) { try search(wideTitle, []) }
            if fits(0.8) { return Array(found.values) }
        }
        // One word heard as another: all the others (unless those are all so common that they
        // would bring back a crowd of strangers).
        let kept = useful(words)
        for index in wideTitle.indices where wideTitle.count >= 2 {
            var rest = wideTitle
            rest.remove(at: index)
            let restWords = kept.enumerated().filter { $0.offset != index }.map(\.element)
            let narrowest = restWords.map { counts[$0] ?? 0 }.filter { $0 > 0 }.min() ?? 0
            if wideArtist.isEmpty, narrowest > Self.crowd { continue }
            try search(rest, wideArtist)
            if fits(0.75) { break }
        }
        // Romaji for a name the catalog holds only in Japanese script ("yonezu kenshi").
        if !fits(0.8), let reading = said.latinReading { take(try readingCandidates(reading)) }
        // A foreign name said in katakana, spelled back in Latin letters (カリード → Khalid).
        for spelling in said.loanwords where !fits(0.8) {
            let spelled = spelling.split(separator: " ").map(String.init)
            take(try ftsCandidates(title: spelled.map { [Self.quoted($0)] }, artist: []))
            let near = try spelled.map { [Self.quoted($0)] + (try similarTerms($0)) }
            if !fits(0.8) { take(try ftsCandidates(title: near, artist: [])) }
        }
        return Array(found.values)
    }

    /// Items whose reading key is `reading`, else one edit from it (the exact key alone first: a
    /// short reading's near words are common ones, and would crowd it out of the list read).
    func readingCandidates(_ reading: String) throws -> [Candidate] {
        let exact = try ftsCandidates(title: [[Self.quoted(reading)]], artist: [])
        if !exact.isEmpty { return exact }
        let near = try similarTerms(reading)
        return near.isEmpty ? [] : try ftsCandidates(title: [near], artist: [])
    }

    /// The key of the catalog's artist a said artist names, when it is said another way than the
    /// catalog's name for them: in another script (周杰伦, よねづけんし for the artist stored as Kenshi
    /// Yonezu with those aliases). Nil when the said key is an artist's name already, or no artist
    /// answers to it closely.
    func catalogArtistKey(said key: String, name: String) throws -> String? {
        guard name.unicodeScalars.contains(where: { !$0.isASCII }) else { return nil }
        let exact = try store.db.prepare("SELECT 1 FROM items WHERE core_key = ? AND +type = 'artist' LIMIT 1")
            .rows([.text(key)])
        guard exact.isEmpty else { return nil }
        let artists = try candidates(for: SaidName(key: key, text: name), artist: nil)
            .filter { $0.type == .artist && $0.similarity >= 0.8 }
        return artists.max { ($0.similarity, $0.popularity) < ($1.similarity, $1.popularity) }?.coreKey
    }

    /// The key of a said name, with number words a recogniser got one letter wrong put right first
    /// ("twenty sveen" is 27, "one thouwand nine hundred" 1900), and number homophones read as
    /// numbers next to other number words ("too thousand five" is 2005).
    static func spokenKey(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return NameFolding.key(text) }
        let numbers = NumberWords.english
        var words = NameFolding.tokens(text)
        func isNumberWord(_ word: String) -> Bool { numbers.words[word] != nil || numbers.multipliers[word] != nil }
        for index in words.indices where !isNumberWord(words[index]) && words[index].count >= 4 {
            let word = words[index]
            if let near = numberWordList.first(where: {
                NameSimilarity.editSimilarity(word, $0) >= 1 - 1.0 / Double($0.count)
            }) {
                let neighbours = [index - 1, index + 1].filter { words.indices.contains($0) }
                if neighbours.contains(where: { isNumberWord(words[$0]) }) { words[index] = near }
            }
        }
        for index in words.indices {
            guard let digit = numberHomophones[words[index]] else { continue }
            let neighbours = [index - 1, index + 1].filter { words.indices.contains($0) }
            if neighbours.contains(where: { isNumberWord(words[$0]) }) { words[index] = digit }
        }
        return numbers.digitize(words).joined(separator: " ")
    }

    static let numberWordList =
        Array(NumberWords.english.words.keys.filter { $0.count >= 4 })
        + Array(NumberWords.english.multipliers.keys)
    static let numberHomophones = ["too": "two", "to": "two", "for": "four", "won": "one", "ate": "eight"]

    /// More matches than this for the words left when one is dropped, without an artist to narrow
    /// them, is a crowd not worth reading.
    static let crowd = 2_000

    /// A word the catalog does not have, as FTS5 should match it: itself, and its stem as a
    /// prefix, so an ending said differently still finds the name. A Russian word's stem is
    /// Snowball's ("Земфиру" → земфир → zemfir* → Zemfira); other words of five letters or more
    /// lose their last two ("alisoi" → ali*). Prefix queries are dear on a large index, so only for
    /// unknown words.
    static func forms(_ word: String, stem: String? = nil) -> [String] {
        if let stem, stem.count >= 3, stem != word { return [quoted(word), quoted(stem) + "*"] }
        return word.count >= 5 ? [quoted(word), quoted(String(word.dropLast(2))) + "*"] : [quoted(word)]
    }

    static func quoted(_ word: String) -> String { "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Indexed words that sound like `word` or are one edit from it, the closest (then the most
    /// common) first.
    func similarTerms(_ word: String, limit: Int = 8) throws -> [String] {
        let keys = TermKeys.keys(word)
        let sql = """
            SELECT k.term, t.docs FROM term_keys k JOIN terms t ON t.term = k.term
            WHERE k.key IN (\(keys.map { _ in "?" }.joined(separator: ","))) AND k.term <> ?
            GROUP BY k.term ORDER BY t.docs DESC LIMIT 200
            """
        let found = try store.db.prepare(sql).rows(keys.map { .text($0) } + [.text(word)]).compactMap { row in
            row.string(0).map { ($0, NameSimilarity.editSimilarity(word, $0), row.int(1) ?? 0) }
        }
        return found.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 > $1.2 }.prefix(limit).map { Self.quoted($0.0) }
    }

    /// How many items each word is indexed in (0 for a word the catalog does not have).
    func documentCounts(_ words: [String]) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        let statement = try store.db.prepare("SELECT docs FROM terms WHERE term = ?")
        for word in Set(words) { counts[word] = Int(try statement.integer([.text(word)]) ?? 0) }
        return counts
    }

    /// The items credited to the artist whose name is exactly `key` (the most popular such artist).
    func itemsOfArtist(_ key: String, limit: Int = 2_000) throws -> [Candidate] {
        guard
            let artistID = try store.db.prepare(
                "SELECT id FROM items WHERE core_key = ? AND +type = 'artist' ORDER BY popularity DESC LIMIT 1"
            ).integer([.text(key)])
        else { return [] }
        return try store.db.prepare(
            """
            SELECT \(Candidate.columns) FROM items i
            WHERE i.id IN (SELECT item_id FROM item_artists WHERE artist_id = ? LIMIT \(limit))
            """
        ).rows([.integer(artistID)]).map(Candidate.init)
    }

    /// Items whose folded core title (else full title) is the key, the most popular first.
    /// A leading "the" does not count ("the beatles" finds the artist stored as "Beatles").
    func exactCandidates(_ key: String, limit: Int = 50) throws -> [Candidate] {
        let other = key.hasPrefix("the ") ? String(key.dropFirst(4)) : "the " + key
        let statement = try store.db.prepare(
            "SELECT \(Candidate.columns) FROM items i WHERE i.core_key = ? ORDER BY i.popularity DESC LIMIT \(limit)")
        let byCore =
            try statement.rows([.text(key)]).map(Candidate.init) + statement.rows([.text(other)]).map(Candidate.init)
        guard byCore.isEmpty else { return byCore }
        return try store.db.prepare(
            "SELECT \(Candidate.columns) FROM items i WHERE i.title_key = ? ORDER BY i.popularity DESC LIMIT \(limit)"
        ).rows([.text(key)]).map(Candidate.init)
    }

    /// Rows matching every group of word forms in the title column (and the artist's in the
    /// artist column), at most `limit`, the most popular first among those read.
    func ftsCandidates(title: [[String]], artist: [[String]], limit: Int = 150) throws -> [Candidate] {
        guard !title.isEmpty || !artist.isEmpty else { return [] }
        func group(_ column: String, _ forms: [String]) -> String {
            "\(column) : (" + forms.joined(separator: " OR ") + ")"
        }
        let query = (title.map { group("title", $0) } + artist.map { group("artist", $0) }).joined(separator: " AND ")
        let sql = """
            SELECT \(Candidate.columns) FROM items i WHERE i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ? LIMIT \(limit))
            """
        return try store.db.prepare(sql).rows([.text(query)]).map(Candidate.init)
    }

    /// Songs (or albums) by an artist in an order.
    func byArtist(_ artist: String, type: MediaItemType, order: SortOrder?, limit: Int) throws -> [ResolvedItem] {
        let key = NameFolding.key(artist)
        let artists = try store.items(
            where: "i.type = 'artist' AND (i.core_key = ? OR i.title_key = ?)",
            [.text(key), .text(key)], limit: 1)
        let fuzzy =
            try artists.isEmpty
            ? candidates(for: SaidName(key: key, text: artist), artist: nil).filter {
                // Its name, an alias or a reading (周杰伦 for Jay Chou, うただひかる for 宇多田ヒカル).
                $0.type == .artist && $0.similarity >= 0.8
            }
            .sorted { ($0.similarity, $0.popularity) > ($1.similarity, $1.popularity) }.map(\.rowID)
            : artists.map(\.rowID)
        guard let found = fuzzy.first else { return [] }
        let rows = try store.items(ofArtist: found, type: type, order: Self.orderClause(order), limit: limit)
        return rows.map { ResolvedItem(stored: $0, score: 1) }
    }

    /// Genre, mood, decade and order without a name: "play some jazz", "80s rock", "the top songs of 2010".
    func browse(_ search: MediaSearch, type: MediaItemType?, limit: Int) throws -> [ResolvedItem] {
        var clauses = ["i.type = ?"]
        var values: [SQLValue] = [.text((type ?? .song).rawValue)]
        if let genres = search.genreNames, !genres.isEmpty {
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

/// A name as said: its key, and how it reads when it is Japanese (`NameFolding.readingKey`) or
/// could be romaji for a Japanese name (`latinReadingKey`). Readings are compared only with the
/// readings the catalog filed (aliases marked "~").
struct SaidName {
    var key: String
    /// The reading of a name said in kana or kanji.
    var scriptReading: String?
    /// The name as said.
    var text: String
    /// The romaji reading of a name said in Latin letters, tried when nothing else fits (worked
    /// out only then: most names never need it).
    var latinReading: String? { scriptReading == nil ? NameFolding.latinReadingKey(text) : nil }

    /// The stems of words said in Cyrillic (Snowball's), in Latin letters, by their keys: "zemfiru" → "zemfir".
    var stems: [String: String] = [:]

    /// Latin spellings of a name said in katakana (`NameFolding.loanwordSpellings`).
    var loanwords: [String] = []

    /// Whether it was said in another script than Latin (its key is a transliteration).
    var otherScript: Bool

    init(key: String, text: String) {
        self.key = key
        self.text = text
        otherScript = text.unicodeScalars.contains { !$0.isASCII && $0.properties.isAlphabetic && $0.value >= 0x0370 }
        loanwords = NameFolding.loanwordSpellings(text)
        scriptReading = NameFolding.readingKey(text)
        guard text.unicodeScalars.contains(where: Script.isCyrillic) else { return }
        let keyWords = key.split(separator: " ").map(String.init)
        // The words as written: folding first would turn "й" into "и" and change the ending.
        let saidWords = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard keyWords.count == saidWords.count else { return }
        for (keyWord, saidWord) in zip(keyWords, saidWords) {
            let stem = NameFolding.key(NameFolding.stem(saidWord))
            if !stem.isEmpty, !stem.contains(" ") { stems[keyWord] = stem }
        }
    }

    /// How alike this name is to a candidate's name, aliases or readings, 0…1.
    func similarity(to candidate: Candidate) -> Double {
        var best = NameSimilarity.score(key, candidate.coreKey)
        for spelling in loanwords { best = max(best, NameSimilarity.score(spelling, candidate.coreKey)) }
        var reading = scriptReading
        for alias in candidate.aliases where best < 1 {
            if alias.hasPrefix(EntryKeys.readingMark) {
                if reading == nil { reading = latinReading }
                guard let reading else { continue }
                best = max(best, NameSimilarity.editSimilarity(reading, String(alias.dropFirst())))
            } else {
                best = max(best, NameSimilarity.score(key, alias))
            }
        }
        return best
    }
}

/// What the re-ranking reads of a candidate; the few returned are then read in full.
struct Candidate: Sendable {
    var rowID: Int64
    var coreKey: String
    var aliases: [String]
    var artistKey: String
    var type: MediaItemType
    var popularity: Double
    var owner: String?
    var album: String?
    /// How alike the said name and this one's name or aliases are; set as the candidate is gathered.
    var similarity = 0.0

    static let columns =
        "i.id, i.core_key, i.aliases, coalesce(i.artist_key, ''), i.type, i.popularity, i.owner, i.album"

    init(_ row: Row) {
        rowID = Int64(row.int(0) ?? 0)
        coreKey = row.string(1) ?? ""
        aliases = (row.string(2) ?? "").split(separator: "|").map(String.init)
        artistKey = row.string(3) ?? ""
        type = MediaItemType(rawValue: row.string(4) ?? "") ?? .unknown
        popularity = row.double(5) ?? 0
        owner = row.string(6)
        album = row.string(7)
    }
}

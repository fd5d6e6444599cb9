import Storage
public import MediaIntents

/// Gathering candidates for a said name: exact keys first, then the full-text index, words heard
/// a little wrong, readings and stems, each step only when the ones before found nothing that fits.
extension Resolver {
    /// Candidates for a said name (and artist), from cheapest to dearest, stopping as soon as one
    /// fits: rows whose key is the name; then the full-text index with every word required (and
    /// the artist's words in the artist column); then with each word that may have been misheard
    /// widened to indexed words that sound alike or are one edit away (`TermKeys`); then with all
    /// words but one. Very common words are left to the re-ranking. Every word reaches FTS5 quoted,
    /// so no request is ever read as query syntax.
    /// With `only`, candidates of other kinds are passed over unscored (an artist looked for by
    /// name need not weigh the songs that share its words), and the search stops when one of that
    /// kind fits. Without `leavingWordsOut`, a name is not searched again with each of its words
    /// left out in turn (a search per word: what a cut of a longer name, tried only for the
    /// artist it may name in another script or reading, cannot afford).
    func candidates(for said: SaidName, artist: String?, only kind: MediaItemType? = nil, leavingWordsOut: Bool = true)
        throws -> [Candidate]
    {
        let nameKey = said.key
        var found: [Int64: Candidate] = [:]
        // The best fit so far: how alike the name is, for a candidate whose artist agrees. Each
        // candidate is scored once, as it arrives.
        var bestFit = 0.0
        func take(_ candidates: [Candidate]) {
            for var candidate in candidates where found[candidate.rowID] == nil && (kind == nil || candidate.type == kind) {
                let similarity = said.similarity(to: candidate)
                candidate.similarity = similarity
                found[candidate.rowID] = candidate
                guard similarity > bestFit else { continue }
                if let artist, Self.creditAgreement(artist, candidate.creditKey) < 0.8 { continue }
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
        // The exact title by the exact artist first, however many others share the title (never cut
        // by a count limit before the artist is compared); then the title's exact key (its most
        // popular holders), the artist's own items, title and artist words together, and the
        // title's words alone.
        if let artist { take(try exactByArtist(nameKey, artist: artist)) }
        if fits() { return Array(found.values) }
        let exact = try exactCandidates(nameKey)
        take(exact)
        if fits() { return Array(found.values) }
        // Many songs share the title and the artist was heard a little wrong ("te silver foxes"):
        // the catalog's artist nearest the said one, then the title by them.
        if let artist, exact.count >= 50, let near = try nearestArtistKey(artist), near != artist {
            take(try exactByArtist(nameKey, artist: near))
            if fits() { return Array(found.values) }
        }
        // A name in Japanese script, by how it reads: the catalog files the reading of its
        // Japanese names, so kanji, kana and romaji find each other.
        if let reading = said.scriptReading {
            take(try readingCandidates(reading))
            if fits(0.8) { return Array(found.values) }
        }
        // When the artist was heard right, their own items, ranked by how alike the titles are,
        // settle a misheard title with a few index lookups. An artist credited on thousands of
        // items is left to the full-text steps below, which find the title among them by its
        // words, and only their most popular items are weighed one by one when those find nothing.
        var manyItems = false
        if let artist, !artistWords.isEmpty {
            let items = try itemsOfArtist(artist, limit: Self.fewItems + 1)
            manyItems = items.count > Self.fewItems
            if !manyItems {
                take(items)
                if fits(0.75) { return Array(found.values) }
            }
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
            // A name said in another script that only comes near one («Битлы», "bitly", near Billy)
            // is also read as a loanword below.
            if fits(said.loanwords.isEmpty ? 0.8 : SaidName.loanwordHeard) { return Array(found.values) }
        }
        // One word heard as another: all the others (unless those are all so common that they
        // would bring back a crowd of strangers).
        let kept = useful(words)
        for index in wideTitle.indices where leavingWordsOut && wideTitle.count >= 2 {
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
        // A foreign name said in katakana or Cyrillic, spelled back in Latin letters (カリード →
        // Khalid); each spelling in turn until a name fits as well as a loanword heard can, as the
        // plain letters may come near another name («Битлы», "bitly", is near Billy; its plural,
        // "bitls", sounds as The Beatles).
        for spelling in said.loanwords where !fits(SaidName.loanwordHeard) {
            let spelled = spelling.split(separator: " ").map(String.init)
            take(try ftsCandidates(title: spelled.map { [Self.quoted($0)] }, artist: []))
            let near = try spelled.map { [Self.quoted($0)] + (try similarTerms($0)) }
            if !fits(SaidName.loanwordHeard) { take(try ftsCandidates(title: near, artist: [])) }
        }
        // An English name said in katakana, by the consonants both keep (イノセントワールド → "innocent world").
        if !fits(0.8), let skeleton = said.loanwordSkeleton {
            take(try ftsCandidates(title: [[Self.quoted(EntryKeys.soundMark + skeleton)]], artist: []))
        }
        // A short English name said in katakana, by how it is heard (スリラー → Thriller).
        if !fits(0.8), let heard = said.heardForm {
            let word = EntryKeys.heardMark + heard
            take(try ftsCandidates(title: [[Self.quoted(word)] + (try similarTerms(word))], artist: []))
        }
        if manyItems, let artist, !fits(0.75) { take(try itemsOfArtist(artist, limit: Self.fewItems, popularFirst: true)) }
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

    /// An artist credited on more items than this has only this many, the most popular, weighed one
    /// by one, and as a last resort.
    static let fewItems = 300

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

    /// Items whose folded core title (else full title) is the key, the most popular first.
    /// A leading "the" does not count ("the beatles" finds the artist stored as "Beatles").
    /// The name said plainly finds its printed form too ("i wanna dance with somebody" is "I Wanna
    /// Dance With Somebody (Who Loves Me)", "girl tiger" is "Girl & Tiger").
    func exactCandidates(_ key: String, limit: Int = 50) throws -> [Candidate] {
        let other = Self.otherArticleForm(key)
        let statement = try store.db.prepare(
            "SELECT \(Candidate.columns) FROM items i WHERE i.core_key = ? ORDER BY i.popularity DESC LIMIT \(limit)")
        let byCore =
            try statement.rows([.text(key)]).map(Candidate.init) + statement.rows([.text(other)]).map(Candidate.init)
        let compact = try store.db.prepare(
            "SELECT \(Candidate.columns) FROM items i WHERE i.compact_key = ? ORDER BY i.popularity DESC LIMIT \(limit)"
        ).rows([.text(NameFolding.compact(key: key))]).map(Candidate.init)
        guard byCore.isEmpty else { return byCore + compact }
        return try store.db.prepare(
            "SELECT \(Candidate.columns) FROM items i WHERE i.title_key = ? ORDER BY i.popularity DESC LIMIT \(limit)"
        ).rows([.text(key)]).map(Candidate.init) + compact
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
}

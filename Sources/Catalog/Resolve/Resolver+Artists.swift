import MediaIntents
import Storage

/// Finding the catalog's artists a said artist names: exactly, said plainly, in another script or
/// reading, or heard a little wrong; and their items.
extension Resolver {
    /// The key of the catalog's artist a said artist names, when it is said another way than the
    /// catalog's name for them: in another script (周杰伦, よねづけんし for the artist stored as Kenshi
    /// Yonezu with those aliases). Nil when the said key is an artist's name already, or no artist
    /// answers to it closely.
    /// An artist said in Latin letters that could be romaji ("utada hikaru" for 宇多田ヒカル) is
    /// mapped too when no artist has that name.
    func catalogArtistKey(said key: String, name: String) throws -> String? {
        let otherScript = name.unicodeScalars.contains(where: { !$0.isASCII })
        guard otherScript || NameFolding.latinReadingKey(name) != nil, try !hasArtist(named: [key]) else { return nil }
        if !otherScript, try hasArtist(compact: key) { return nil }
        return try nearestArtistKey(key, said: name, leavingWordsOut: false)
    }

    /// The items credited to the artist whose name is exactly `key`, or is `key` said plainly (the
    /// most popular such artist); with `popularFirst`, the `limit` most popular of them.
    func itemsOfArtist(_ key: String, limit: Int = 2_000, popularFirst: Bool = false) throws -> [Candidate] {
        guard
            let artistID = try store.db.prepare(
                """
                SELECT id FROM (SELECT id, popularity FROM items WHERE core_key = ? AND +type = 'artist'
                    UNION ALL SELECT id, popularity FROM items WHERE compact_key = ? AND +type = 'artist')
                ORDER BY popularity DESC LIMIT 1
                """
            ).integer([.text(key), .text(NameFolding.compact(key: key))])
        else { return [] }
        let sql =
            popularFirst
            ? """
            SELECT \(Candidate.columns) FROM item_artists x CROSS JOIN items i ON i.id = x.item_id
            WHERE x.artist_id = ? ORDER BY i.popularity DESC LIMIT \(limit)
            """
            : """
            SELECT \(Candidate.columns) FROM items i
            WHERE i.id IN (SELECT item_id FROM item_artists WHERE artist_id = ? LIMIT \(limit))
            """
        return try store.db.prepare(sql).rows([.integer(artistID)]).map(Candidate.init)
    }

    /// The key of the catalog's artist whose name is nearest `key` as said (`text`: its writing,
    /// for readings and stems), at least 0.8 alike; nil when none is. With `leavingWordsOut`, a
    /// name none is near is searched again with each of its words left out in turn.
    func nearestArtistKey(_ key: String, said text: String? = nil, leavingWordsOut: Bool = true) throws -> String? {
        let said = SaidName(key: key, text: text ?? key)
        var artists = try candidates(for: said, artist: nil, only: .artist, leavingWordsOut: leavingWordsOut)
            .filter { $0.similarity >= 0.8 }
        if artists.isEmpty, leavingWordsOut {
            // A band named with common words, one of them misheard ("te silver foxes"): the artists
            // with all the other words, among whom the common words' songs cannot crowd them out.
            let words = key.split(separator: " ").map(String.init).filter { $0 != "the" }
            for index in words.indices where words.count >= 2 {
                var rest = words
                let dropped = rest.remove(at: index)
                guard dropped.count >= 2 else { continue }
                for var candidate in try artistsNamed(withAll: rest) {
                    candidate.similarity = said.similarity(to: candidate)
                    if candidate.similarity >= 0.8 { artists.append(candidate) }
                }
            }
        }
        return artists.max { ($0.similarity, $0.popularity) < ($1.similarity, $1.popularity) }?.coreKey
    }

    /// Artists whose name has every one of these words (the most popular first, at most `limit`).
    func artistsNamed(withAll words: [String], limit: Int = 50) throws -> [Candidate] {
        guard !words.isEmpty else { return [] }
        let query = words.map { "title : " + Self.quoted($0) }.joined(separator: " AND ")
        return try store.db.prepare(
            """
            SELECT \(Candidate.columns) FROM items i
            WHERE i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?) AND +i.type = 'artist'
            ORDER BY i.popularity DESC LIMIT \(limit)
            """
        ).rows([.text(query)]).map(Candidate.init)
    }

    /// Items whose core title is `key`, credited to an artist whose name is `artist` (with or
    /// without a leading "the"): by the title's index, each holder's artists looked up by its
    /// links, so the number of songs sharing the title bounds the work, and none is left out. (The
    /// artist's side first read every link of an artist on 36,000 items: 30 ms at a million tracks.)
    /// The title and the artist may each be said plainly (their compact keys: "girl tiger by the
    /// winter saints" is Girl & Tiger by The Winter Saints, "take on me by aha" a-ha's).
    func exactByArtist(_ key: String, artist: String) throws -> [Candidate] {
        try store.db.prepare(
            """
            SELECT \(Candidate.columns) FROM items i
            WHERE i.id IN (SELECT id FROM items WHERE core_key = ? UNION SELECT id FROM items WHERE compact_key = ?)
            AND EXISTS (SELECT 1 FROM item_artists x JOIN items a ON a.id = x.artist_id WHERE x.item_id = i.id
                AND (a.core_key IN (?, ?) OR a.compact_key = ?) AND +a.type = 'artist')
            """
        ).rows([
            .text(key), .text(NameFolding.compact(key: key)), .text(artist), .text(Self.otherArticleForm(artist)),
            .text(NameFolding.compact(key: artist)),
        ]).map(Candidate.init)
    }

    /// A key with its leading "the" dropped, or with one added: "the beatles" and "beatles" name one artist.
    static func otherArticleForm(_ key: String) -> String {
        key.hasPrefix("the ") ? String(key.dropFirst(4)) : "the " + key
    }

    /// Whether an artist of the catalog has one of these keys as its name.
    func hasArtist(named keys: [String]) throws -> Bool {
        let marks = keys.map { _ in "?" }.joined(separator: ", ")
        return try !store.db.prepare("SELECT 1 FROM items WHERE core_key IN (\(marks)) AND +type = 'artist' LIMIT 1")
            .rows(keys.map { .text($0) }).isEmpty
    }

    /// Whether an artist of the catalog is this name said plainly ("aha" for a-ha).
    func hasArtist(compact key: String) throws -> Bool {
        try !store.db.prepare("SELECT 1 FROM items WHERE compact_key = ? AND +type = 'artist' LIMIT 1")
            .rows([.text(NameFolding.compact(key: key))]).isEmpty
    }

    /// How well a said artist agrees with a credit: 1 when every said word is in the credit.
    /// The artist said plainly ("aha" for a-ha, "leo the lovers" for Leo & The Lovers) agrees too.
    static func creditAgreement(_ said: String, _ credit: String) -> Double {
        if said.isEmpty || credit.isEmpty { return 0 }
        let creditWords = Set(credit.split(separator: " "))
        let saidWords = said.split(separator: " ").filter { $0 != "the" }
        if !saidWords.isEmpty, saidWords.allSatisfy(creditWords.contains) { return 1 }
        // "Field Mob with Ciara" for "Field Mob Featuring Ciara".
        if NameFolding.creditHolds(credit, said: said) { return 1 }
        let compact = NameFolding.compact(key: said)
        if compact == NameFolding.compact(key: credit) { return 1 }
        let artists = CatalogStore.splitCredit(credit).map { NameFolding.key($0) }
        if artists.count > 1, artists.contains(where: { NameFolding.compact(key: $0) == compact }) { return 1 }
        return max(NameSimilarity.score(said, credit), artists.map { NameSimilarity.score(said, $0) }.max() ?? 0)
    }
}

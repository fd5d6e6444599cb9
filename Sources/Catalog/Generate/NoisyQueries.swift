import Foundation
public import MediaIntents

/// Requests for catalog items the way a speech recogniser hands them over: lower case, no
/// punctuation, the version note and "feat." part gone, numbers spoken as words, one word misheard
/// (a homophone, or one letter wrong) in a fifth of them, the artist left out in three in ten, the
/// type word sometimes said. Deterministic for a seed.
public struct NoisyQueries {
    /// One query and the item it was made from.
    public struct Query: Sendable {
        public var search: MediaSearch
        public var targetRowID: Int64
        /// The target's type and folded core title and first artist, to accept another version of the
        /// same work (a query without "Live" cannot tell the live recording from the studio one).
        public var targetType: MediaItemType
        public var targetWork: String
        public var misheard: Bool
        /// What kind of request it is, for accuracy by case: "exact" (nothing misheard, the artist
        /// said), "misheard", "no artist", "shared title" (several artists have the title),
        /// "numbers" (digits in the title), "brackets" (a note the request leaves out).
        public var cases: [String] = []
    }

    public static let mishearRate = 0.2
    public static let artistOmittedRate = 0.3

    /// `count` queries over the catalog in `store`, drawn by type (mostly songs) and uniformly within a type.
    public static func make(_ count: Int, seed: UInt64, store: CatalogStore) throws -> [Query] {
        var random = SplitMix(seed: seed ^ 0x5155_4552_5953)
        let types: [(MediaItemType, Double)] = [
            (.song, 0.85), (.album, 0.05), (.artist, 0.04), (.podcastShow, 0.02), (.audioBook, 0.02),
            (.radioStation, 0.02),
        ]
        var ranges: [MediaItemType: (Int64, Int64)] = [:]
        for (type, _) in types {
            let row = try store.db.prepare("SELECT min(id), max(id) FROM items WHERE type = ?").rows([
                .text(type.rawValue)
            ])
            .first
            if let low = row?.int(0), let high = row?.int(1) { ranges[type] = (Int64(low), Int64(high)) }
        }
        let pick = try store.db.prepare(
            """
            SELECT i.id, i.title, coalesce((SELECT a.title FROM item_artists x JOIN items a ON a.id = x.artist_id
                WHERE x.item_id = i.id ORDER BY x.position LIMIT 1), i.artist)
            FROM items i WHERE +i.type = ? AND i.id >= ? AND i.owner IS NULL ORDER BY i.id LIMIT 1
            """)
        let sharedTitle = try store.db.prepare(
            "SELECT count(DISTINCT coalesce(artist_key, '')) FROM items WHERE core_key = ?")
        var queries: [Query] = []
        var attempts = 0
        while queries.count < count && attempts < count * 10 {
            attempts += 1
            var roll = Double.random(in: 0..<1, using: &random)
            var type = MediaItemType.song
            for (candidate, weight) in types {
                if roll < weight {
                    type = candidate
                    break
                }
                roll -= weight
            }
            guard let (low, high) = ranges[type] else { continue }
            let start = Int64.random(in: low...high, using: &random)
            guard let row = try pick.rows([.text(type.rawValue), .integer(start)]).first, let id = row.int(0),
                let title = row.string(1)
            else { continue }
            let artist = type == .artist || type == .radioStation ? nil : row.string(2)
            var nameWords = spoken(NameFolding.core(title))
            var artistWords =
                artist != nil && !random.chance(artistOmittedRate)
                ? spoken(CatalogStore.splitCredit(artist ?? "").first ?? "") : []
            guard !nameWords.isEmpty else { continue }
            let misheard = random.chance(mishearRate)
            if misheard {
                let total = nameWords.count + artistWords.count
                let index = Int.random(in: 0..<total, using: &random)
                if index < nameWords.count {
                    nameWords[index] = mishear(nameWords[index], &random)
                } else {
                    artistWords[index - nameWords.count] = mishear(artistWords[index - nameWords.count], &random)
                }
            }
            var search = MediaSearch()
            search.mediaName = nameWords.joined(separator: " ")
            if !artistWords.isEmpty { search.artistName = artistWords.joined(separator: " ") }
            if type == .artist {
                search.artistName = search.mediaName
                search.mediaName = nil
                search.mediaType = random.chance(0.3) ? .artist : nil
            } else if random.chance(type == .song ? 0.25 : 0.9) {
                search.mediaType = type
            }
            var cases = [misheard ? "misheard" : artistWords.isEmpty ? "no artist" : "exact"]
            let core = NameFolding.core(title)
            if (try sharedTitle.integer([.text(NameFolding.key(core))]) ?? 0) > 1 { cases.append("shared title") }
            if title.contains(where: \.isNumber) { cases.append("numbers") }
            if core != title { cases.append("brackets") }
            queries.append(
                Query(
                    search: search, targetRowID: Int64(id), targetType: type,
                    targetWork: work(title: title, artist: artist), misheard: misheard, cases: cases))
        }
        return queries
    }

    /// The identity of a work: type-independent folded core title and first artist.
    public static func work(title: String, artist: String?) -> String {
        NameFolding.key(NameFolding.core(title)) + "\t"
            + NameFolding.key(CatalogStore.splitCredit(artist ?? "").first ?? "")
    }

    /// A name as a recogniser writes it: lower case, words only, digits as English words.
    static func spoken(_ text: String) -> [String] {
        // "Don't" is said "dont", as a recogniser writes it without the apostrophe.
        let words = text.lowercased().filter { $0 != "'" && $0 != "’" }
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        return words.flatMap { word -> [String] in
            guard word.allSatisfy(\.isASCII), let value = Int(word) else { return [word] }
            return spelled(value).split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        }
    }

    static func spelled(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en")
        formatter.numberStyle = .spellOut
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// A homophone when the word has one, else one letter substituted, dropped, added or swapped.
    static func mishear(_ word: String, _ random: inout SplitMix) -> String {
        if let other = GeneratorWords.homophones[word] { return other }
        var letters = Array(word)
        let isLatin = word.allSatisfy(\.isASCII)
        let alphabet: [Character] = isLatin ? Array("abcdefghijklmnopqrstuvwxyz") : letters
        guard letters.count >= 2 else { return word + String(random.pick(alphabet)) }
        let index = Int.random(in: 0..<letters.count, using: &random)
        switch isLatin ? random.next() % 4 : 0 {
        case 0:
            var replacement = random.pick(alphabet)
            if !isLatin { replacement = Character(random.pick(scriptPool(letters[index]))) }
            letters[index] = replacement
        case 1: letters.remove(at: index)
        case 2: letters.insert(random.pick(alphabet), at: index)
        default:
            let next = min(index + 1, letters.count - 1)
            letters.swapAt(index, next == index ? index - 1 : next)
        }
        let heard = String(letters)
        return heard == word ? word + "s" : heard
    }

    /// Characters of the same script, for mishearing a non-Latin word.
    static func scriptPool(_ character: Character) -> [String] {
        guard let scalar = character.unicodeScalars.first else { return GeneratorWords.kana }
        if Script.isCyrillic(scalar) { return Array("абвгдеклмнопрстуя").map(String.init) }
        return Script.isKana(scalar) ? GeneratorWords.kana : GeneratorWords.han
    }
}

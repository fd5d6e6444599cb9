import Catalog
public import MediaIntents

/// One of an app's things people name: a saved walk, a playlist of its own. Names, keywords and
/// synonyms in any language and script.
public struct AppEntity: Codable, Sendable, Hashable {
    public var id: String
    public var type: String
    public var name: String
    /// Other words it answers to: keywords and synonyms, in any language.
    public var keywords: [String]?

    public init(id: String, type: String, name: String, keywords: [String]? = nil) {
        self.id = id
        self.type = type
        self.name = name
        self.keywords = keywords
    }
}

/// An entity with how well it fits what was said, 0…1.
public struct ScoredEntity: Sendable, Hashable {
    public var entity: AppEntity
    public var score: Double
}

/// What a said name comes to among an app's entities.
public enum EntityMatch: Sendable, Hashable {
    case one(AppEntity)
    /// Several fit about as well: "Which one?" (at most four, best first).
    case several([AppEntity])
    case none
}

/// One app's entities in memory, for forgiving matching the way catalog names are matched: case,
/// marks and script folded away (`NameFolding.key`), Russian endings by Snowball's stems, a word
/// or two misspelt (`NameSimilarity`), part of a name said ("Park" for "Park North").
struct EntityIndex: Sendable {
    struct Entry: Sendable {
        var entity: AppEntity
        /// Folded keys of its name and keywords, and the same with every word stemmed.
        var keys: [String]
        var stemmedKeys: [String]
    }

    private(set) var entries: [Entry] = []
    /// Folded word (and stemmed word) → entries holding it.
    private var byWord: [String: [Int]] = [:]
    /// Every indexed word, for finding the ones near a misspelt word.
    private var vocabulary: [String] = []

    init(_ entities: [AppEntity]) {
        entries.reserveCapacity(entities.count)
        for entity in entities {
            let names = [entity.name] + (entity.keywords ?? [])
            let entry = Entry(
                entity: entity, keys: names.map(NameFolding.key), stemmedKeys: names.map(Self.stemmedKey))
            let index = entries.count
            entries.append(entry)
            for word in Set((entry.keys + entry.stemmedKeys).flatMap { $0.split(separator: " ").map(String.init) }) {
                byWord[word, default: []].append(index)
            }
        }
        vocabulary = Array(byWord.keys)
    }

    /// A name's key with each word reduced to its stem («Берлинскую прогулку» → berlinsk progulk).
    static func stemmedKey(_ text: String) -> String { NameFolding.key(NameFolding.stem(text)) }

    /// The entities of `type` (any type when nil) that fit `said`, best first, each at least `floor`.
    func scored(_ said: String, type: String?, floor: Double = 0.6) -> [ScoredEntity] {
        let key = NameFolding.key(said)
        let stemmed = Self.stemmedKey(said)
        guard !key.isEmpty else { return [] }
        // Candidates: the entries holding the said word that the fewest entries hold (a name's rare
        // word narrows; "thing" in every name does not). A word held by none was misspelt: the
        // indexed words one letter or so from it stand for it.
        let keyWords = key.split(separator: " ").map(String.init)
        let stemWords = stemmed.split(separator: " ").map(String.init)
        var narrowest: [Int]?
        for (position, word) in keyWords.enumerated() {
            var holders = byWord[word] ?? []
            if position < stemWords.count, stemWords[position] != word { holders += byWord[stemWords[position]] ?? [] }
            if holders.isEmpty { holders = nearWords(word).flatMap { byWord[$0] ?? [] } }
            if !holders.isEmpty, holders.count < (narrowest?.count ?? .max) { narrowest = holders }
        }
        guard let narrowest else { return [] }
        let candidates = Set(narrowest)
        var found: [ScoredEntity] = []
        for index in candidates {
            let entry = entries[index]
            if let type, entry.entity.type != type { continue }
            var best = 0.0
            for (entryKey, entryStemmed) in zip(entry.keys, entry.stemmedKeys) {
                if entryKey == key || (!stemmed.isEmpty && entryStemmed == stemmed) {
                    best = 1
                    break
                }
                best = max(best, Self.wordScore(key, entryKey), Self.wordScore(stemmed, entryStemmed))
            }
            if best >= floor { found.append(ScoredEntity(entity: entry.entity, score: best)) }
        }
        return found.sorted { $0.score != $1.score ? $0.score > $1.score : $0.entity.name < $1.entity.name }
    }

    /// How well the said words fit a name's words: every said word must be one of the name's, or
    /// one letter or so from it ("lop" for "loop"; not "north" for "south"); a name said in part
    /// ("park" for "Park North") fits less than a name said whole.
    static func wordScore(_ said: String, _ name: String) -> Double {
        let saidWords = said.split(separator: " ").map(String.init)
        let nameWords = name.split(separator: " ").map(String.init)
        guard !saidWords.isEmpty, !nameWords.isEmpty else { return 0 }
        var total = 0.0
        for word in saidWords {
            let best = nameWords.map { NameSimilarity.editSimilarity(word, $0) }.max() ?? 0
            if best < 0.75 { return 0 }
            total += best
        }
        let coverage = Double(saidWords.count) / Double(max(nameWords.count, saidWords.count))
        return total / Double(saidWords.count) * (0.7 + 0.3 * coverage)
    }

    /// Indexed words one letter or so from `word` (at least as alike as a said word must be).
    func nearWords(_ word: String) -> [String] {
        let length = word.unicodeScalars.count
        return vocabulary.filter { candidate in
            abs(candidate.unicodeScalars.count - length) <= 2 && NameSimilarity.editSimilarity(word, candidate) >= 0.75
        }
    }

    /// One entity when one fits clearly best; several when the best few fit about as well.
    func match(_ said: String, type: String?) -> EntityMatch {
        let found = scored(said, type: type)
        // A name only somewhat like one of them ("park north" once Park North is renamed, beside Park
        // South) is none of them: a wrong walk loaded is worse than "I couldn't find it".
        guard let first = found.first, first.score >= Self.enough else { return .none }
        let close = found.filter { $0.score >= first.score - Self.tie }
        if close.count == 1 || first.score >= 1 && close.filter({ $0.score >= 1 }).count == 1 {
            return .one(first.entity)
        }
        return .several(close.prefix(4).map(\.entity))
    }

    /// Scores this close to the best are a tie: the person is asked which one.
    static let tie = 0.08
    /// The least fit that names an entity: a word or two misspelt, or part of its name said.
    static let enough = 0.8
}

/// Matching a said name among a few entities (the choices of a "Which one?").
public enum EntityMatching {
    public static func match(_ said: String, among entities: [AppEntity]) -> EntityMatch {
        EntityIndex(entities).match(said, type: nil)
    }
}

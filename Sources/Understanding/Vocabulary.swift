public import MediaIntents

/// One vocabulary entry: what is said, and what it stands for (the identifier put in the slot).
public struct VocabularyEntry: Codable, Sendable, Hashable {
    public var phrase: String
    public var identifier: String

    public init(phrase: String, identifier: String? = nil) {
        self.phrase = phrase
        self.identifier = identifier ?? phrase
    }
}

/// The vocabulary a request is read with: the user's (ordered, first is most important) and the
/// app's global vocabulary, by type.
public struct Vocabulary: Sendable, Hashable {
    public private(set) var entries: [VocabularyType: [VocabularyEntry]] = [:]
    /// The phrases folded for matching, made once per vocabulary value (folding every phrase of
    /// the apps' vocabulary for every request was 8 % of the server's time).
    private var folded = FoldedTables()

    public init() {}

    /// Adds entries at the end of a type's list (earlier entries matter more).
    public mutating func add(_ newEntries: [VocabularyEntry], as type: VocabularyType) {
        entries[type, default: []].append(contentsOf: newEntries)
        folded = FoldedTables()
    }

    public var isEmpty: Bool { entries.values.allSatisfy(\.isEmpty) }

    /// This vocabulary followed by another's entries (the user's first, then the apps'). The
    /// other's folded phrases are reused, not folded again.
    public func merged(with other: Vocabulary) -> Vocabulary {
        var out = self
        for (type, list) in other.entries { out.entries[type, default: []].append(contentsOf: list) }
        let mine = tables()
        let theirs = other.tables()
        out.folded = FoldedTables(
            VocabularyType.allCases.indices.map { index in
                let offset = entries[VocabularyType.allCases[index]]?.count ?? 0
                if offset == 0 { return theirs[index] }
                var table = mine[index]
                for (first, phrases) in theirs[index] {
                    table[first, default: []].append(
                        contentsOf: phrases.map { ($0.words, $0.identifier, $0.rank + offset) })
                }
                return table
            })
        return out
    }

    public static func == (left: Vocabulary, right: Vocabulary) -> Bool { left.entries == right.entries }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    typealias Table = [String: [(words: [String], identifier: String, rank: Int)]]

    /// Phrases folded into words, for matching: per type, first word → (words, identifier, rank).
    func tables() -> [Table] {
        folded.value {
            VocabularyType.allCases.map { type in
                var table: Table = [:]
                for (rank, entry) in (entries[type] ?? []).enumerated() {
                    let words = Token.split(entry.phrase).map(\.folded)
                    guard let first = words.first else { continue }
                    table[first, default: []].append((words, entry.identifier, rank))
                }
                return table
            }
        }
    }
}

/// A vocabulary's folded tables, made on first use and shared by its copies.
final class FoldedTables: Sendable {
    private let made: Locked<[Vocabulary.Table]?>

    init(_ tables: [Vocabulary.Table]? = nil) { made = Locked(tables) }

    func value(_ make: () -> [Vocabulary.Table]) -> [Vocabulary.Table] {
        if let tables = made.withLock({ $0 }) { return tables }
        let tables = make()
        made.withLock { $0 = tables }
        return tables
    }
}

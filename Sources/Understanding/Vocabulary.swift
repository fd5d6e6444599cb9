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

    public init() {}

    /// Adds entries at the end of a type's list (earlier entries matter more).
    public mutating func add(_ newEntries: [VocabularyEntry], as type: VocabularyType) {
        entries[type, default: []].append(contentsOf: newEntries)
    }

    public var isEmpty: Bool { entries.values.allSatisfy(\.isEmpty) }

    /// This vocabulary followed by another's entries (the user's first, then the apps').
    public func merged(with other: Vocabulary) -> Vocabulary {
        var out = self
        for (type, list) in other.entries { out.add(list, as: type) }
        return out
    }

    /// Phrases folded into words, for matching: per type, first word → (words, identifier, rank).
    func tables() -> [[String: [(words: [String], identifier: String, rank: Int)]]] {
        VocabularyType.allCases.map { type in
            var table: [String: [(words: [String], identifier: String, rank: Int)]] = [:]
            for (rank, entry) in (entries[type] ?? []).enumerated() {
                let words = Token.split(entry.phrase).map(\.folded)
                guard let first = words.first else { continue }
                table[first, default: []].append((words, entry.identifier, rank))
            }
            return table
        }
    }
}

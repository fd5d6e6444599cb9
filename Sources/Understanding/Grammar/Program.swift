import MediaIntents

/// One step of a compiled sentence. Sentences run as small programs over word ids, so matching
/// touches no strings and no reference counts.
struct Instruction: Sendable {
    enum Op: UInt8, Sendable {
        /// The word `a`.
        case word
        /// One phrase of table `a` (alternatives of plain words, such as `<play>`), no capture.
        case phrase
        /// One phrase of table `a`, captured in slot `slot`; `b == 1` keeps the words as said.
        case list
        /// Try `a`, then `b`.
        case split
        /// Go to `a`.
        case jump
        /// One or more words of any kind, captured in `slot`.
        case wildcard
        /// A number, captured in `slot`.
        case number
        /// A length of time in seconds, captured in `slot`.
        case duration
        /// A phrase of the request's vocabulary of type `a`, captured in `slot`.
        case vocabulary
        /// The sentence matched if every word was read.
        case match
    }

    var op: Op
    var a: Int32 = 0
    var b: Int32 = 0
    var slot: Int32 = 0
}

/// Phrases by their first word id. Built as a dictionary, then frozen into flat arrays indexed by
/// word id, so a lookup while matching is two array reads.
struct PhraseTable: Sendable {
    /// One phrase: `length` word ids from `start` in `words`, and its output value.
    struct Entry: Sendable {
        var start: Int32
        var length: Int32
        var value: Int32
    }

    var byFirst: [Int32: [(words: [Int32], value: Int32)]] = [:]
    /// For each word id, the range of `entries` of phrases starting with it (empty when none).
    private(set) var groupStart: [Int32] = []
    private(set) var groupEnd: [Int32] = []
    private(set) var entries: [Entry] = []
    private(set) var words: [Int32] = []

    mutating func freeze(vocabularySize: Int) {
        groupStart = Array(repeating: 0, count: vocabularySize)
        groupEnd = Array(repeating: 0, count: vocabularySize)
        for (first, phrases) in byFirst.sorted(by: { $0.key < $1.key }) {
            groupStart[Int(first)] = Int32(entries.count)
            for phrase in phrases {
                entries.append(Entry(start: Int32(words.count), length: Int32(phrase.words.count), value: phrase.value))
                words.append(contentsOf: phrase.words)
            }
            groupEnd[Int(first)] = Int32(entries.count)
        }
    }

    /// Whether some phrase starts with word `id`.
    @inline(__always) func hasPhrase(startingWith id: Int32) -> Bool {
        id >= 0 && Int(id) < groupStart.count && groupEnd[Int(id)] > groupStart[Int(id)]
    }

    /// Entry indexes of phrases starting with word `id`.
    @inline(__always) func entryRange(startingWith id: Int32) -> Range<Int> {
        guard id >= 0, Int(id) < groupStart.count else { return 0..<0 }
        return Int(groupStart[Int(id)])..<Int(groupEnd[Int(id)])
    }
}

/// Everything programs refer to by number: word ids, phrase tables, output strings, slot names.
struct ProgramTables: Sendable {
    var wordIDs: [String: Int32] = [:]
    var phrases: [PhraseTable] = []
    var strings: [String] = []
    var slotNames: [String] = []
}

/// Turns template trees into programs, sharing word ids and tables between sentences.
final class ProgramCompiler {
    private(set) var tables = ProgramTables()
    private var tableByKey: [String: Int32] = [:]
    private var stringIndex: [String: Int32] = [:]
    private var slotIndex: [String: Int32] = [:]

    func wordID(_ word: String) -> Int32 {
        if let id = tables.wordIDs[word] { return id }
        let id = Int32(tables.wordIDs.count)
        tables.wordIDs[word] = id
        return id
    }

    private func string(_ text: String) -> Int32 {
        if let index = stringIndex[text] { return index }
        let index = Int32(tables.strings.count)
        tables.strings.append(text)
        stringIndex[text] = index
        return index
    }

    private func slot(_ name: String) -> Int32 {
        if let index = slotIndex[name] { return index }
        let index = Int32(tables.slotNames.count)
        tables.slotNames.append(name)
        slotIndex[name] = index
        return index
    }

    private func table(key: String, phrases: [(words: [String], value: String)]) -> Int32 {
        if let index = tableByKey[key] { return index }
        var table = PhraseTable()
        for phrase in phrases {
            guard let first = phrase.words.first else { continue }
            table.byFirst[wordID(first), default: []].append((phrase.words.map(wordID), string(phrase.value)))
        }
        let index = Int32(tables.phrases.count)
        tables.phrases.append(table)
        tableByKey[key] = index
        return index
    }

    /// The tables, frozen for matching once every sentence is compiled.
    func frozenTables() -> ProgramTables {
        var frozen = tables
        for index in frozen.phrases.indices {
            frozen.phrases[index].freeze(vocabularySize: frozen.wordIDs.count)
        }
        return frozen
    }

    /// The program for one sentence, ending in `match`.
    func compile(_ node: TemplateNode) -> [Instruction] {
        var program: [Instruction] = []
        emit(node, into: &program)
        program.append(Instruction(op: .match))
        return program
    }

    /// The words of a node that is only plain words, or nil.
    private static func plainWords(_ node: TemplateNode) -> [String]? {
        switch node {
        case .word(let word): return [word]
        case .sequence(let items):
            var words: [String] = []
            for item in items {
                guard case .word(let word) = item else { return nil }
                words.append(word)
            }
            return words
        default: return nil
        }
    }

    private func emit(_ node: TemplateNode, into program: inout [Instruction]) {
        switch node {
        case .word(let word):
            program.append(Instruction(op: .word, a: wordID(word)))
        case .sequence(let items):
            for item in items { emit(item, into: &program) }
        case .alternatives(let options):
            let plain = options.map(Self.plainWords)
            if plain.allSatisfy({ $0 != nil }) {
                let phrases = plain.compactMap { $0 }.filter { !$0.isEmpty }
                let optional = phrases.count < options.count
                let key = phrases.map { $0.joined(separator: " ") }.sorted().joined(separator: "|")
                let index = table(key: "phrase:" + key, phrases: phrases.map { ($0, "") })
                if optional {
                    // split(try the phrase, skip it)
                    let at = program.count
                    program.append(Instruction(op: .split, a: Int32(at + 1), b: Int32(at + 2)))
                    program.append(Instruction(op: .phrase, a: index))
                } else {
                    program.append(Instruction(op: .phrase, a: index))
                }
                return
            }
            // split(option 1, split(option 2, …)), each option jumping to the end.
            var jumps: [Int] = []
            for (offset, option) in options.enumerated() {
                let isLast = offset == options.count - 1
                var splitAt: Int?
                if !isLast {
                    splitAt = program.count
                    program.append(Instruction(op: .split))
                    program[splitAt!].a = Int32(program.count)
                }
                emit(option, into: &program)
                if !isLast {
                    jumps.append(program.count)
                    program.append(Instruction(op: .jump))
                    program[splitAt!].b = Int32(program.count)
                }
            }
            for jump in jumps { program[jump].a = Int32(program.count) }
        case .slot(let name, let kind):
            let slot = slot(name)
            switch kind {
            case .list(let listName, let list, let spoken):
                let phrases = list.byFirstWord.values.flatMap { $0 }.map { (words: $0.words, value: $0.value) }
                let index = table(key: "list:" + listName, phrases: phrases)
                program.append(Instruction(op: .list, a: index, b: spoken ? 1 : 0, slot: slot))
            case .wildcard: program.append(Instruction(op: .wildcard, slot: slot))
            case .number: program.append(Instruction(op: .number, slot: slot))
            case .duration: program.append(Instruction(op: .duration, slot: slot))
            case .vocabulary(let type):
                let index = Int32(VocabularyType.allCases.firstIndex(of: type) ?? 0)
                program.append(Instruction(op: .vocabulary, a: index, slot: slot))
            }
        }
    }
}

import MediaIntents

/// One step of a compiled sentence. Sentences run as small programs over word ids, so matching
/// touches no strings and no reference counts.
struct Instruction: Sendable {
    enum Op: UInt8, Sendable {
        /// The word `a`.
        case word
        /// One phrase of table `a` (alternatives of plain words, such as `<play>`), no capture.
        case phrase
        /// Like `phrase`, or nothing (`[the|a]`).
        case optionalPhrase
        /// One phrase of table `a`, captured in slot `slot`; `b == 1` keeps the words as said.
        case list
        /// Like `list`, or nothing (`[{genreMod}]`).
        case optionalList
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
    /// For `split`: index of the set of words branch `a` can start with, when it cannot start with
    /// anything else (so a branch that cannot read the next word is skipped); -1 when unknown.
    var guardSet: Int32 = -1
}

/// Phrases by their first word id, while compiling; `ProgramTables` freezes all tables into flat
/// arrays indexed by table and word id, so a lookup while matching is two array reads.
struct PhraseTable: Sendable {
    /// One phrase: `length` word ids from `start` in `words`, and its output value.
    struct Entry: Sendable {
        var start: Int32
        var length: Int32
        var value: Int32
    }

    var byFirst: [Int32: [(words: [Int32], value: Int32)]] = [:]
}

/// Everything programs refer to by number: word ids, phrase tables, output strings, slot names.
struct ProgramTables: Sendable {
    var wordIDs: [String: Int32] = [:]
    var phrases: [PhraseTable] = []
    var strings: [String] = []
    var slotNames: [String] = []
    /// All frozen tables in flat arrays: entries of table `t` starting with word `w` are
    /// `flatEntries[flatStart[t * vocabularySize + w] ..< flatEnd[…]]`, their words in `flatWords`.
    /// Word sets that guard `split` branches, as bitmaps over word ids (`guardWords` words each).
    var guardSets: [Set<Int32>] = []
    var guardBits: [UInt64] = []
    var guardWords = 0
    var vocabularySize = 0
    var flatStart: [Int32] = []
    var flatEnd: [Int32] = []
    var flatEntries: [PhraseTable.Entry] = []
    var flatWords: [Int32] = []
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

    private func string(_ text: String) -> Int32 { Self.intern(text, in: &stringIndex, list: &tables.strings) }

    private func slot(_ name: String) -> Int32 { Self.intern(name, in: &slotIndex, list: &tables.slotNames) }

    /// The number of `key` in `list`, appending it when new.
    private static func intern(_ key: String, in index: inout [String: Int32], list: inout [String]) -> Int32 {
        if let known = index[key] { return known }
        let number = Int32(list.count)
        list.append(key)
        index[key] = number
        return number
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
        let size = frozen.wordIDs.count
        frozen.vocabularySize = size
        frozen.guardWords = (size + 63) / 64
        frozen.guardBits = Array(repeating: 0, count: frozen.guardWords * frozen.guardSets.count)
        for (index, set) in frozen.guardSets.enumerated() {
            for word in set { frozen.guardBits[index * frozen.guardWords + Int(word) / 64] |= 1 << UInt64(word % 64) }
        }
        frozen.flatStart = Array(repeating: 0, count: size * frozen.phrases.count)
        frozen.flatEnd = Array(repeating: 0, count: size * frozen.phrases.count)
        for (table, phrases) in frozen.phrases.enumerated() {
            for (first, list) in phrases.byFirst.sorted(by: { $0.key < $1.key }) {
                let slot = table * size + Int(first)
                frozen.flatStart[slot] = Int32(frozen.flatEntries.count)
                for phrase in list {
                    frozen.flatEntries.append(
                        PhraseTable.Entry(
                            start: Int32(frozen.flatWords.count), length: Int32(phrase.words.count), value: phrase.value
                        ))
                    frozen.flatWords.append(contentsOf: phrase.words)
                }
                frozen.flatEnd[slot] = Int32(frozen.flatEntries.count)
            }
        }
        return frozen
    }

    /// The program for one sentence, ending in `match`.
    func compile(_ node: TemplateNode) -> [Instruction] {
        var program: [Instruction] = []
        emit(node, into: &program)
        program.append(Instruction(op: .match))
        guardBranches(&program)
        return program
    }

    /// Branches worth guarding: long enough that trying and failing them costs more than a set lookup.
    static let guardedBranchLength = 3

    /// Gives every long `split` branch the set of words it can start with, when that set is known.
    private func guardBranches(_ program: inout [Instruction]) {
        var memo: [Int: (words: Set<Int32>, any: Bool)] = [:]
        func first(_ pc: Int, _ depth: Int) -> (words: Set<Int32>, any: Bool) {
            if let known = memo[pc] { return known }
            guard depth < 400 else { return ([], true) }
            let instruction = program[pc]
            let result: (words: Set<Int32>, any: Bool)
            switch instruction.op {
            case .word: result = ([instruction.a], false)
            case .phrase, .list: result = (Set(tables.phrases[Int(instruction.a)].byFirst.keys), false)
            case .optionalPhrase, .optionalList:
                let next = first(pc + 1, depth + 1)
                result = (Set(tables.phrases[Int(instruction.a)].byFirst.keys).union(next.words), next.any)
            case .wildcard, .number, .duration, .vocabulary, .match: result = ([], true)
            case .jump: result = first(Int(instruction.a), depth + 1)
            case .split:
                let a = first(Int(instruction.a), depth + 1)
                let b = first(Int(instruction.b), depth + 1)
                result = (a.words.union(b.words), a.any || b.any)
            }
            memo[pc] = result
            return result
        }
        for pc in program.indices where program[pc].op == .split {
            let a = Int(program[pc].a)
            let b = Int(program[pc].b)
            guard b - a >= Self.guardedBranchLength else { continue }
            let branch = first(a, 0)
            guard !branch.any else { continue }
            program[pc].guardSet = Int32(tables.guardSets.count)
            tables.guardSets.append(branch.words)
        }
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
            // An optional list slot, `[{genreMod}]`: one instruction that may also read nothing.
            if options.count == 2, case .slot(_, .list) = options[0], case .sequence(let rest) = options[1],
                rest.isEmpty
            {
                emit(options[0], into: &program)
                program[program.count - 1].op = .optionalList
                return
            }
            let plain = options.map(Self.plainWords)
            if plain.allSatisfy({ $0 != nil }) {
                let phrases = plain.compactMap { $0 }.filter { !$0.isEmpty }
                let optional = phrases.count < options.count
                let key = phrases.map { $0.joined(separator: " ") }.sorted().joined(separator: "|")
                let index = table(key: "phrase:" + key, phrases: phrases.map { ($0, "") })
                if optional {
                    program.append(Instruction(op: .optionalPhrase, a: index))
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

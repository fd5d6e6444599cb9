import MediaIntents

/// Runs sentence programs over one utterance by backtracking, collecting every full match.
struct Matcher {
    let ids: [Int32]
    let words: [String]
    let originals: [Substring]
    let grammar: CompiledGrammar
    private var program: [Instruction] = []
    private var captures: [RawCapture] = []
    private var found: [(captures: [RawCapture], score: Double)] = []
    private var limit = 24
    /// Full matches explored per sentence at most, so a pathological utterance stays fast.
    static let explorationCap = 256
    private var count: Int { ids.count }
    /// The request's vocabulary, by type index: first word → phrases.
    let vocabulary: [[String: [(words: [String], identifier: String, rank: Int)]]]

    /// The grammar's flat phrase tables, held directly so the hot loop reads plain arrays.
    private let flatStart: [Int32]
    private let flatEnd: [Int32]
    private let flatEntries: [PhraseTable.Entry]
    private let flatWords: [Int32]
    private let vocabularySize: Int
    private let guardBits: [UInt64]
    private let guardWords: Int
    /// Numbers and durations read at each position, read once per utterance.
    private var numberAt: [(value: Double, used: Int)?]
    private var durationAt: [(value: Double, used: Int)?]
    private var numberRead: [Bool]
    private var durationRead: [Bool]
    /// Words the tolerant tier may pass over, at most `skipsAllowed` of them per match; each costs
    /// `skipCost` on top of leaving the word unexplained. The grammar tier allows none.
    private var skipsAllowed = 0
    private var skippable: [Bool] = []
    static let skipCost = 0.5
    /// Steps tried per sentence at most when words may be skipped (skipping multiplies the ways on).
    static let tolerantStepCap = 4_000
    private var steps = 0
    private var stepCap = Int.max

    init(words: [String], originals: [Substring], grammar: CompiledGrammar, vocabulary: Vocabulary = Vocabulary()) {
        flatStart = grammar.tables.flatStart
        flatEnd = grammar.tables.flatEnd
        flatEntries = grammar.tables.flatEntries
        flatWords = grammar.tables.flatWords
        vocabularySize = grammar.tables.vocabularySize
        guardBits = grammar.tables.guardBits
        guardWords = grammar.tables.guardWords
        numberAt = Array(repeating: nil, count: words.count)
        durationAt = Array(repeating: nil, count: words.count)
        numberRead = Array(repeating: false, count: words.count)
        durationRead = Array(repeating: false, count: words.count)
        self.vocabulary = vocabulary.isEmpty ? [] : vocabulary.tables()
        self.words = words
        self.originals = originals
        self.grammar = grammar
        self.ids = words.map { grammar.tables.wordIDs[$0] ?? -1 }
        captures.reserveCapacity(8)
    }

    /// Every way `sentence` reads the whole utterance, at most `limit` of them.
    mutating func matches(_ sentence: CompiledSentence, index: Int, limit: Int = 24) -> [SentenceMatch] {
        rawMatches(sentence.program, weight: sentence.weight, limit: limit).map {
            SentenceMatch(sentence: index, captures: $0.captures.map(resolve), score: $0.score)
        }
    }

    /// Lets the matcher pass over up to `count` words, except where `fixed` is true (negations:
    /// "don't" cannot be skipped into "play").
    mutating func allowSkips(_ count: Int, fixed: [Bool]) {
        skipsAllowed = count
        skippable = fixed.map { !$0 }
        stepCap = count > 0 ? Self.tolerantStepCap : Int.max
    }

    /// Matches as raw captures and scores (cheap); resolve only the ones kept.
    mutating func rawMatches(_ program: [Instruction], weight: Double, limit: Int = 24)
        -> [(captures: [RawCapture], score: Double)]
    {
        self.program = program
        found.removeAll(keepingCapacity: true)
        captures.removeAll(keepingCapacity: true)
        self.limit = Self.explorationCap
        steps = 0
        run(0, 0, 0, 0, 0)
        // Keep the best readings, not the first ones found.
        if found.count > limit { found.sort { $0.score > $1.score } }
        return found.prefix(limit).map { ($0.captures, $0.score + weight) }
    }

    private mutating func run(
        _ startPC: Int, _ startPosition: Int, _ startExplained: Double, _ startWildcards: Int, _ skips: Int
    ) {
        var pc = startPC
        var position = startPosition
        var explained = startExplained
        let wildcards = startWildcards
        steps += 1
        guard steps <= stepCap else { return }
        while found.count < limit {
            let instruction = program[pc]
            // The tolerant tier may pass over a word where the sentence wants another.
            if skips < skipsAllowed, position < count, skippable[position] {
                switch instruction.op {
                case .word, .phrase, .list, .match:
                    run(pc, position + 1, explained - Self.skipCost, wildcards, skips + 1)
                default: break
                }
            }
            switch instruction.op {
            case .word:
                guard position < count, ids[position] == instruction.a else { return }
                position += 1
                explained += 1
                pc += 1
            case .jump:
                pc = Int(instruction.a)
            case .split:
                // A long branch that cannot read the next word is not tried.
                if instruction.guardSet < 0 || skips < skipsAllowed
                    || (position < count && guarded(Int(instruction.guardSet), ids[position]))
                {
                    run(Int(instruction.a), position, explained, wildcards, skips)
                }
                pc = Int(instruction.b)
            case .phrase, .list, .optionalPhrase, .optionalList:
                // Each phrase that starts here is one way on; an optional one may also read nothing.
                if position < count {
                    let captures = instruction.op == .list || instruction.op == .optionalList
                    for entryIndex in entries(Int(instruction.a), ids[position]) {
                        let entry = flatEntries[entryIndex]
                        guard startsAt(entry, position) else { continue }
                        let end = position + Int(entry.length)
                        if captures {
                            let kind: RawCapture.Kind = instruction.b == 1 ? .spoken : .listValue
                            self.captures.append(
                                RawCapture(
                                    slot: instruction.slot, kind: kind, start: position, end: end, value: entry.value))
                        }
                        run(pc + 1, end, explained + Double(entry.length), wildcards, skips)
                        if captures { self.captures.removeLast() }
                    }
                }
                guard instruction.op == .optionalPhrase || instruction.op == .optionalList else { return }
                pc += 1
            case .wildcard:
                guard position < count else { return }
                for end in (position + 1)...count where skips < skipsAllowed || canStart(pc + 1, end) {
                    captures.append(RawCapture(slot: instruction.slot, kind: .wildcard, start: position, end: end))
                    run(pc + 1, end, explained + 0.2 * Double(end - position), wildcards + 1, skips)
                    captures.removeLast()
                }
                return
            case .number, .duration:
                guard position < count else { return }
                guard let (value, used) = instruction.op == .number ? number(at: position) : duration(at: position)
                else { return }
                captures.append(
                    RawCapture(
                        slot: instruction.slot, kind: .number, start: position, end: position + used, number: value))
                run(pc + 1, position + used, explained + Double(used), wildcards, skips)
                captures.removeLast()
                return
            case .vocabulary:
                guard position < count, Int(instruction.a) < vocabulary.count,
                    let phrases = vocabulary[Int(instruction.a)][words[position]]
                else { return }
                for (index, phrase) in phrases.enumerated() {
                    let end = position + phrase.words.count
                    guard end <= count, words[position..<end].elementsEqual(phrase.words) else { continue }
                    captures.append(
                        RawCapture(
                            slot: instruction.slot, kind: .vocabulary, start: position, end: end,
                            value: instruction.a, number: Double(index)))
                    // Taught words explain more than grammar words, and earlier entries more than later.
                    let bonus = 1.0 - 0.01 * Double(min(phrase.rank, 50))
                    run(pc + 1, end, explained + Double(phrase.words.count) + bonus, wildcards, skips)
                    captures.removeLast()
                }
                return
            case .match:
                if position == count { found.append((captures, explained - 0.3 * Double(wildcards))) }
                return
            }
        }
    }

    /// Whether word `id` is in guard set `set`.
    @inline(__always) private func guarded(_ set: Int, _ id: Int32) -> Bool {
        guard id >= 0 else { return false }
        return guardBits[set * guardWords + Int(id) / 64] & (1 << UInt64(id % 64)) != 0
    }

    private mutating func number(at position: Int) -> (value: Double, used: Int)? {
        if !numberRead[position] {
            numberRead[position] = true
            numberAt[position] = grammar.numbers.read(words[position...]).map { ($0.value, $0.count) }
        }
        return numberAt[position]
    }

    private mutating func duration(at position: Int) -> (value: Double, used: Int)? {
        if !durationRead[position] {
            durationRead[position] = true
            durationAt[position] = grammar.readDuration(words, at: position, numbers: grammar.numbers).map {
                ($0.0, $0.1)
            }
        }
        return durationAt[position]
    }

    /// Entry indexes of table `table`'s phrases that start with word `id`.
    @inline(__always) private func entries(_ table: Int, _ id: Int32) -> Range<Int> {
        guard id >= 0 else { return 0..<0 }
        let slot = table * vocabularySize + Int(id)
        return Int(flatStart[slot])..<Int(flatEnd[slot])
    }

    private func startsAt(_ entry: PhraseTable.Entry, _ position: Int) -> Bool {
        let length = Int(entry.length)
        guard position + length <= count else { return false }
        let start = Int(entry.start)
        for offset in 1..<max(length, 1) where ids[position + offset] != flatWords[start + offset] {
            return false
        }
        return true
    }

    /// Whether the program at `pc` could read a word at `position` (prunes wildcard ends).
    private func canStart(_ pc: Int, _ position: Int) -> Bool {
        let instruction = program[pc]
        switch instruction.op {
        case .word: return position < count && ids[position] == instruction.a
        case .phrase, .list:
            return position < count && !entries(Int(instruction.a), ids[position]).isEmpty
        case .optionalPhrase, .optionalList:
            return (position < count && !entries(Int(instruction.a), ids[position]).isEmpty)
                || canStart(pc + 1, position)
        case .split: return canStart(Int(instruction.a), position) || canStart(Int(instruction.b), position)
        case .jump: return canStart(Int(instruction.a), position)
        case .wildcard, .number, .duration: return position < count
        case .vocabulary:
            return position < count && Int(instruction.a) < vocabulary.count
                && vocabulary[Int(instruction.a)][words[position]] != nil
        case .match: return position == count
        }
    }

    /// A raw capture as a named value: list output, the words as said, or a number.
    func resolve(_ raw: RawCapture) -> Capture {
        let name = grammar.tables.slotNames[Int(raw.slot)]
        let value: SlotValue
        switch raw.kind {
        case .listValue: value = .text(grammar.tables.strings[Int(raw.value)])
        case .spoken, .wildcard: value = .text(said(raw.start..<raw.end))
        case .number: value = .number(raw.number)
        case .vocabulary: value = .text(vocabulary[Int(raw.value)][words[raw.start]]?[Int(raw.number)].identifier ?? "")
        }
        return Capture(name: name, value: value, range: raw.start..<raw.end, isWildcard: raw.kind == .wildcard)
    }

    /// The original text of a token range, as the user wrote it.
    private func said(_ range: Range<Int>) -> String { Token.said(originals, range) }
}

import MediaIntents

/// A value a slot captured.
enum SlotValue: Sendable, Hashable {
    case text(String)
    case number(Double)

    var text: String {
        switch self {
        case .text(let text): return text
        case .number(let number): return NumberWords.format(number)
        }
    }
}

/// One slot filled by a match, with the tokens it covered.
struct Capture: Sendable, Hashable {
    var name: String
    var value: SlotValue
    var range: Range<Int>
    var isWildcard: Bool
}

/// A sentence template ready to match, with what a match of it means.
struct CompiledSentence: Sendable {
    var node: TemplateNode
    var intent: IntentKind
    var fixed: [String: String]
    var weight: Double
    var source: String
    /// Words every match must contain; a sentence is skipped when one is missing.
    var requiredWords: Set<String>
    /// Words a match can start with; nil when anything can start one.
    var firstWords: Set<String>?
}

/// A full match of one sentence against an utterance.
struct SentenceMatch: Sendable {
    var sentence: Int
    var captures: [Capture]
    var score: Double
}

/// Matches token lists against compiled templates by backtracking, collecting every full match.
struct Matcher {
    let tokens: [String]
    let originals: [Substring]
    let numbers: NumberWords
    let grammar: CompiledGrammar

    private struct State {
        var captures: [Capture] = []
        var explained = 0.0
        var wildcardSlots = 0
    }

    /// Every way `sentence` reads the whole utterance, at most `limit` of them.
    func matches(_ sentence: CompiledSentence, index: Int, limit: Int = 24) -> [SentenceMatch] {
        var results: [SentenceMatch] = []
        var stack: [TemplateNode] = [sentence.node]
        run(&stack, 0, State(), sentence: sentence, index: index, into: &results, limit: limit)
        return results
    }

    private func run(
        _ stack: inout [TemplateNode], _ position: Int, _ state: State, sentence: CompiledSentence, index: Int,
        into results: inout [SentenceMatch], limit: Int
    ) {
        if results.count >= limit { return }
        guard let node = stack.popLast() else {
            if position == tokens.count {
                let score = state.explained - 0.3 * Double(state.wildcardSlots) + sentence.weight
                results.append(SentenceMatch(sentence: index, captures: state.captures, score: score))
            }
            return
        }
        defer { stack.append(node) }
        switch node {
        case .word(let word):
            guard position < tokens.count, tokens[position] == word else { return }
            var next = state
            next.explained += 1
            run(&stack, position + 1, next, sentence: sentence, index: index, into: &results, limit: limit)
        case .sequence(let items):
            let depth = stack.count
            stack.append(contentsOf: items.reversed())
            run(&stack, position, state, sentence: sentence, index: index, into: &results, limit: limit)
            stack.removeSubrange(depth...)
        case .alternatives(let options):
            for option in options {
                stack.append(option)
                run(&stack, position, state, sentence: sentence, index: index, into: &results, limit: limit)
                stack.removeLast()
            }
        case .slot(let name, let kind):
            for (value, count, isWildcard) in reads(kind, at: position, following: stack.last) {
                var next = state
                let range = position..<(position + count)
                next.captures.append(Capture(name: name, value: value, range: range, isWildcard: isWildcard))
                if isWildcard {
                    next.explained += 0.2 * Double(count)
                    next.wildcardSlots += 1
                } else {
                    next.explained += Double(count)
                }
                run(&stack, position + count, next, sentence: sentence, index: index, into: &results, limit: limit)
            }
        }
    }

    /// The ways a slot can read words at `position`: value, words used, whether it was a wildcard.
    private func reads(_ kind: SlotKind, at position: Int, following: TemplateNode?) -> [(SlotValue, Int, Bool)] {
        guard position < tokens.count else { return [] }
        switch kind {
        case .list(let list, let spoken):
            var out: [(SlotValue, Int, Bool)] = []
            for entry in list.byFirstWord[tokens[position]] ?? [] {
                let end = position + entry.words.count
                guard end <= tokens.count, Array(tokens[position..<end]) == entry.words else { continue }
                out.append((.text(spoken ? said(position..<end) : entry.value), entry.words.count, false))
            }
            return out
        case .number:
            guard let (value, count) = numbers.read(tokens[position...]) else { return [] }
            return [(.number(value), count, false)]
        case .duration:
            guard let (value, count) = grammar.readDuration(tokens, at: position, numbers: numbers) else { return [] }
            return [(.number(value), count, false)]
        case .wildcard:
            var out: [(SlotValue, Int, Bool)] = []
            var stopWord: String?
            if case .word(let word) = following { stopWord = word }
            for end in (position + 1)...tokens.count {
                if let stopWord, end < tokens.count, tokens[end] != stopWord { continue }
                out.append((.text(said(position..<end)), end - position, true))
            }
            return out
        }
    }

    /// The original text of a token range, as the user wrote it.
    private func said(_ range: Range<Int>) -> String {
        let first = originals[range.lowerBound]
        let last = originals[range.upperBound - 1]
        return String(first.base[first.startIndex..<last.endIndex])
    }
}

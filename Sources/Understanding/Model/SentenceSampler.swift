import Foundation
import MediaIntents

/// Draws training sentences from a grammar: each template expanded at random (one alternative,
/// optional parts half the time), names from the catalog in slots that take any words, numbers
/// in digits or words, and the reading the grammar gives the drawn slots as the label.
struct SentenceSampler {
    let grammar: CompiledGrammar
    /// Names for slots that take any words, already split into folded words.
    let names: [[String]]
    private var flattened: [String: [(words: [String], value: String)]] = [:]
    private let spelled: NumberFormatter
    private let units: [(word: String, seconds: Double)]

    init(grammar: CompiledGrammar, names: [String]) {
        self.grammar = grammar
        self.names = names.map { Token.split($0).map(\.folded) }.filter { !$0.isEmpty }
        spelled = NumberFormatter()
        spelled.locale = Locale(identifier: grammar.language)
        spelled.numberStyle = .spellOut
        units = grammar.durationUnits.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// One sentence drawn from sentence `index`: its folded words and what it means, or nil when the
    /// drawn slots make no sense together (a "year" of 7).
    mutating func draw(_ index: Int, using random: inout SplitMix)
        -> (words: [String], understood: Understood, names: [(slot: String, range: Range<Int>)])?
    {
        let sentence = grammar.sentences[index]
        // Sentences that count only when the catalog has the name ("find X", テレビをつけて) would
        // teach the model that their words are about media whatever follows.
        guard !sentence.needsCatalog else { return nil }
        var words: [String] = []
        var captures: [Capture] = []
        expand(sentence.template, into: &words, captures: &captures, using: &random)
        guard !words.isEmpty, words.count <= Understander.maximumWords,
            let understood = InterpretationBuilder.build(
                intent: sentence.intent, fixed: sentence.fixed, captures: captures, words: grammar.nameWords)
        else { return nil }
        let names = captures.filter { SlotTagger.slots.contains($0.name) }.map { ($0.name, $0.range) }
        return (words, understood, names)
    }

    private mutating func expand(
        _ node: TemplateNode, into words: inout [String], captures: inout [Capture], using random: inout SplitMix
    ) {
        switch node {
        case .word(let word): words.append(word)
        case .sequence(let items): for item in items { expand(item, into: &words, captures: &captures, using: &random) }
        case .alternatives(let options):
            // An optional part is `[x | nothing]`: drawn half the time whatever x holds.
            if options.count == 2, case .sequence(let empty) = options[1], empty.isEmpty {
                if random.chance(0.5) { expand(options[0], into: &words, captures: &captures, using: &random) }
            } else {
                expand(random.pick(options), into: &words, captures: &captures, using: &random)
            }
        case .slot(let name, let kind):
            let start = words.count
            let value: SlotValue
            switch kind {
            case .list(let listName, let list, let spoken):
                if flattened[listName] == nil {
                    // Sorted, so the same seed draws the same phrases whatever order a dictionary keeps.
                    flattened[listName] = list.byFirstWord.values.flatMap { $0 }.sorted {
                        $0.value != $1.value ? $0.value < $1.value : $0.words.lexicographicallyPrecedes($1.words)
                    }
                }
                guard let phrases = flattened[listName], !phrases.isEmpty else { return }
                let phrase = random.pick(phrases)
                words += phrase.words
                value = .text(spoken ? phrase.words.joined(separator: " ") : phrase.value)
            case .wildcard, .vocabulary:
                let name = names.isEmpty ? ["x"] : random.pick(names)
                words += name
                value = .text(name.joined(separator: " "))
            case .number:
                let number = random.chance(0.5) ? Int.random(in: 1...30, using: &random) : 5 * Int.random(in: 1...20, using: &random)
                words += numberWords(number, using: &random)
                value = .number(Double(number))
            case .duration:
                guard let unit = units.isEmpty ? nil : random.pick(units) else { return }
                let amount = Int.random(in: 1...59, using: &random)
                words += numberWords(amount, using: &random) + [unit.word]
                value = .number(Double(amount) * unit.seconds)
            }
            captures.append(Capture(name: name, value: value, range: start..<words.count, isWildcard: false))
        }
    }

    /// A number as people type it (digits) or as a recogniser writes it out (words).
    private func numberWords(_ number: Int, using random: inout SplitMix) -> [String] {
        if random.chance(0.6) { return [String(number)] }
        let text = spelled.string(from: NSNumber(value: number)) ?? String(number)
        return Token.split(text.replacingOccurrences(of: "-", with: " ")).map(\.folded)
    }
}

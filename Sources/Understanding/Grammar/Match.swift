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

/// A sentence ready to match: its program and what a match of it means.
struct CompiledSentence: Sendable {
    var program: [Instruction]
    var intent: IntentKind
    var fixed: [String: String]
    var weight: Double
    var needsCatalog: Bool
    var source: String
    /// The sentence's template (wrap included), for sampling training sentences.
    var template: TemplateNode
    /// Word ids every match must contain; a sentence is skipped when one is missing.
    var requiredWords: [Int32]
    /// Word ids a match can start with; nil when anything can start one.
    var firstWords: Set<Int32>?
}

/// A full match of one sentence against an utterance.
struct SentenceMatch: Sendable {
    var sentence: Int
    var captures: [Capture]
    var score: Double
}

/// A capture while matching: numbers only, turned into a `Capture` for matches that are kept.
struct RawCapture: Sendable {
    enum Kind: UInt8, Sendable { case listValue, spoken, wildcard, number, vocabulary }
    var slot: Int32
    var kind: Kind
    var start: Int
    var end: Int
    /// String index for `listValue`; for `vocabulary`, the type index (entry in `number`).
    var value: Int32 = 0
    var number: Double = 0
}

public import Understanding

/// One labelled utterance (`../shared/EVAL_FORMAT.md`).
public struct EvalRow: Codable, Sendable {
    public var id: String?
    public var lang: String?
    public var text: String
    public var expect: Understood?
    /// Fields this row's source annotates; only these are scored.
    public var scored: [String]?
}

/// A prediction written by `hark parse`: the row's id and what was understood, in the `expect` shape.
public struct ParseResult: Codable, Sendable {
    public var id: String?
    public var lang: String?
    public var text: String
    public var expect: Understood

    public init(id: String?, lang: String?, text: String, expect: Understood) {
        self.id = id
        self.lang = lang
        self.text = text
        self.expect = expect
    }
}

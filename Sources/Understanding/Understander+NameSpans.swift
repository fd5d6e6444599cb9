import MediaIntents

/// A stretch of a request's words that may be a name: its text as said and where it stands.
public struct NameSpan: Sendable, Hashable {
    public var text: String
    /// Word positions (a character each in Chinese and Japanese).
    public var words: Range<Int>

    public func overlaps(_ other: NameSpan) -> Bool { words.overlaps(other.words) }
}

extension Understander {
    /// Longest a span may be: words in spaced scripts, characters in Chinese and Japanese.
    static let longestSpokenName = 8
    static let longestWrittenName = 20

    /// Every stretch of `text` that may be a name the catalog holds, longest first: what a request
    /// the readings could not place ("put on some Queen would ya", 「もう寝るからドビュッシーの月の光
    /// かけてよ」) may still name whole. A stretch made only of the grammar's own words ("right
    /// now", "some") names nothing; in Chinese and Japanese, where each character is a word, a
    /// stretch is at least two characters and not only hiragana (particles and endings).
    public func nameSpans(_ text: String, language: String) -> [NameSpan] {
        let tokens = Token.split(text)
        guard !tokens.isEmpty, let grammar = grammar(for: language) else { return [] }
        let known = grammar.tables.wordIDs
        let originals = tokens.map(\.original)
        let written = tokens.map { token in token.original.unicodeScalars.first.map(Token.isCJK) ?? false }
        var spans: [NameSpan] = []
        for start in tokens.indices {
            var end = start
            while end < tokens.count {
                end += 1
                let range = start..<end
                let characters = range.filter { written[$0] }.count
                if range.count - characters > Self.longestSpokenName || characters > Self.longestWrittenName { break }
                let said = Token.said(originals, range)
                if characters > 0 {
                    let kana = said.unicodeScalars.allSatisfy { (0x3040...0x309F).contains($0.value) }
                    guard characters == range.count ? said.count >= 2 && !kana : true else { continue }
                    // A name does not start or end inside a katakana word.
                    guard !Token.cutsKatakanaWord(originals, range) else { continue }
                } else if range.allSatisfy({ known[tokens[$0].folded] != nil }) {
                    continue
                }
                spans.append(NameSpan(text: said, words: range))
            }
        }
        return spans.sorted { ($0.text.count, -$0.words.lowerBound) > ($1.text.count, -$1.words.lowerBound) }
    }
}

extension Understander {
    /// Whether every word of `text` is one of the language's grammar's own words (or there is none).
    public func isOnlyGrammarWords(_ text: String, language: String) -> Bool {
        guard let known = grammar(for: language)?.tables.wordIDs else { return false }
        return Token.split(text).allSatisfy { $0.folded.isEmpty || known[$0.folded] != nil }
    }
}

/// What a request asks of a name said inside it, read from its other words.
public enum AskedOfName: Sendable {
    /// A question ("how long is the Moby Dick audiobook"): nothing is to be played.
    case question
    /// Music like it ("anything that sounds like Clair de Lune? I want more of that").
    case moreLikeIt
}

extension Understander {
    /// What the words of `text` outside `names` ask, when they ask a question or for more like
    /// the name; nil when they ask neither (a play, as the reading had it).
    public func askedOfName(_ text: String, names: [NameSpan], language: String) -> AskedOfName? {
        guard let grammar = grammar(for: language) else { return nil }
        let words = Token.split(text).enumerated()
            .filter { index, _ in !names.contains { $0.words.contains(index) } }
            .map(\.element.folded).filter { !$0.isEmpty }
        if grammar.questions.asksByWord(words) { return .question }
        if grammar.similarity.asksForMoreLikeThis(words) != nil { return .moreLikeIt }
        return nil
    }
}

import MediaIntents

/// One word of an utterance: its folded form for matching and the text as it was said.
struct Token: Sendable, Hashable {
    var folded: String
    var original: Substring

    /// Splits text into words, keeping each word's original spelling for slot values.
    /// Letters, digits, apostrophes inside words and decimal points between digits stay in a word.
    static func split(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var start: String.Index?
        var index = text.startIndex
        func close(at end: String.Index) {
            if let begin = start {
                let original = text[begin..<end]
                let folded = NameFolding.tokens(String(original)).joined()
                // "1.5x" is a number and a times sign: "play at 1.5x".
                if folded.count > 1, folded.hasSuffix("x"), Double(folded.dropLast()) != nil {
                    let cut = original.index(before: original.endIndex)
                    tokens.append(Token(folded: String(folded.dropLast()), original: original[..<cut]))
                    tokens.append(Token(folded: "x", original: original[cut...]))
                } else if !folded.isEmpty {
                    tokens.append(Token(folded: folded, original: original))
                }
            }
            start = nil
        }
        while index < text.endIndex {
            let ch = text[index]
            let next = text.index(after: index)
            // A possessive "'s" is a word of its own, so "Adele's Skyfall" reads as artist + title.
            if ch == "'" || ch == "’", start != nil, next < text.endIndex, text[next] == "s" || text[next] == "S" {
                let after = text.index(after: next)
                if after == text.endIndex || !text[after].isLetter {
                    close(at: index)
                    tokens.append(Token(folded: "s", original: text[index..<after]))
                    index = after
                    continue
                }
            }
            let inWord: Bool
            if ch.isLetter || ch.isNumber {
                inWord = true
            } else if ch == "'" || ch == "’" {
                inWord = start != nil && next < text.endIndex && text[next].isLetter
            } else if ch == "." || ch == "," {
                inWord =
                    start != nil && text[text.index(before: index)].isNumber && next < text.endIndex
                    && text[next].isNumber
            } else {
                inWord = false
            }
            if inWord {
                if start == nil { start = index }
            } else {
                close(at: index)
                if ch == "&" { tokens.append(Token(folded: "and", original: text[index..<next])) }
                if ch == "%" { tokens.append(Token(folded: "percent", original: text[index..<next])) }
            }
            index = next
        }
        close(at: text.endIndex)
        return tokens
    }
}

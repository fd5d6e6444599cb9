import Foundation
import MediaIntents

/// One word of an utterance: its folded form for matching and the text as it was said.
struct Token: Sendable, Hashable {
    var folded: String
    var original: Substring

    /// Splits text into words, keeping each word's original spelling for slot values.
    /// Letters, digits, apostrophes inside words and decimal points between digits stay in a word.
    static func split(_ text: String) -> [Token] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return splitASCII(text) }
        var tokens: [Token] = []
        var start: String.Index?
        var index = text.startIndex
        // Traditional characters folded to simplified with the whole sentence as context (OpenCC's
        // phrase tables: 接著 → 接着, while 著名 keeps 著), character by character when the
        // conversion changes the length.
        let simplified = Self.simplifiedCharacters(text)
        func close(at end: String.Index) {
            if let begin = start {
                let original = text[begin..<end]
                appendWord(NameFolding.tokens(String(original)).joined(), original, to: &tokens)
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
            // A name in quotation marks (「朝のカフェ」, 《晴天》, «Кино») is one word: the grammar
            // cannot cut it, only a name slot can take it whole.
            if let closer = Self.quotePairs[ch], start == nil || !text[text.index(before: index)].isLetter,
                let end = text[next...].firstIndex(of: closer)
            {
                let inner = text[next..<end]
                if let first = inner.firstIndex(where: { !$0.isWhitespace }),
                    let last = inner.lastIndex(where: { !$0.isWhitespace })
                {
                    close(at: index)
                    let original = inner[first...last]
                    tokens.append(Token(folded: Self.foldQuoted(String(original)), original: original))
                    index = text.index(after: end)
                    continue
                }
            }
            // Chinese and Japanese are written without spaces: each character is a word of its own
            // (traditional characters folded to simplified, so both read with one grammar).
            if let scalar = ch.unicodeScalars.first, Self.isCJK(scalar) {
                close(at: index)
                let original = text[index..<next]
                let folded =
                    simplified.map { $0[index].map(String.init) ?? String(original) } ?? Self.foldCJK(String(original))
                tokens.append(Token(folded: folded, original: original))
                index = next
                continue
            }
            let inWord: Bool
            if ch.isLetter || ch.isNumber {
                inWord = true
            } else if ch == "'" || ch == "’" {
                inWord = start != nil && next < text.endIndex && text[next].isLetter
            } else if ch == "." || ch == "," || ch == ":" {
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

    /// The text of words `range` as the user wrote it, from the first word's start to the last's
    /// end (what lay between them included).
    static func said(_ originals: [Substring], _ range: Range<Int>) -> String {
        let first = originals[range.lowerBound]
        let last = originals[range.upperBound - 1]
        return String(first.base[first.startIndex..<last.endIndex])
    }

    /// Whether words `range` begin or end inside a katakana word ("イ" of "ライブ"): Japanese is
    /// split into characters, and a name never starts or stops in the middle of a loanword.
    static func cutsKatakanaWord(_ originals: [Substring], _ range: Range<Int>) -> Bool {
        func katakana(_ index: Int, last: Bool) -> Bool {
            guard originals.indices.contains(index),
                let scalar = last ? originals[index].unicodeScalars.last : originals[index].unicodeScalars.first
            else { return false }
            return Script.isKatakanaLetter(scalar)
        }
        return katakana(range.lowerBound - 1, last: true) && katakana(range.lowerBound, last: false)
            || katakana(range.upperBound - 1, last: true) && katakana(range.upperBound, last: false)
    }

    /// Han ideographs, kana (with the long vowel mark) and full-width forms of them.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        Script.isHan(scalar) || Script.isKana(scalar) && scalar.value != Script.kanaMiddleDot
    }

    /// Opening quotation marks of names and their closing ones: Japanese and Chinese corner and
    /// title brackets, guillemets, German low-high quotes. (Plain " and English curly quotes are
    /// left as punctuation.)
    static let quotePairs: [Character: Character] = [
        "「": "」", "『": "』", "《": "》", "〈": "〉", "«": "»", "„": "“",
    ]

    /// A quoted name folded as one word: its characters folded as the words outside quotes are.
    static func foldQuoted(_ text: String) -> String {
        var out = ""
        for ch in text {
            if let scalar = ch.unicodeScalars.first, isCJK(scalar) {
                out += foldCJK(String(ch))
            } else {
                out += NameFolding.tokens(String(ch)).joined()
                if ch.isWhitespace, !out.hasSuffix(" ") { out += " " }
            }
        }
        return NameFolding.trimmed(out)
    }

    /// Each Han character of `text` in simplified form by its position, when the text has Han
    /// characters and OpenCC's conversion of the whole of it keeps every character in place.
    static func simplifiedCharacters(_ text: String) -> [String.Index: Character]? {
        guard text.unicodeScalars.contains(where: { Script.isHan($0) }) else { return nil }
        let converted = Array(ChineseScript.shared.simplified(text))
        guard converted.count == text.count else { return nil }
        var out: [String.Index: Character] = [:]
        for (index, character) in zip(text.indices, converted) where character != text[index] {
            out[index] = character
        }
        return out
    }

    /// A CJK character folded for matching: traditional to simplified, katakana kept.
    static func foldCJK(_ character: String) -> String {
        guard
            character.unicodeScalars.first.map(Script.isHan) == true
        else { return character }
        return ChineseScript.shared.simplified(character)
    }

    /// Elided articles and pronouns that stand before a vowel: "l'épisode", "d'Adele", "qu'on".
    /// `split` is given no language, so these are every language's `elisions` (French's today),
    /// read once from the language folders.
    static let elisions: Set<String> = GrammarFile.allElisions()

    /// Adds a word; "1.5x" is a number and a times sign ("play at 1.5x"); "l'épisode" is two words.
    private static func appendWord(_ folded: String, _ original: Substring, to tokens: inout [Token]) {
        // "1,5" is one and a half where a comma marks decimals (fr, de, es, ru); "1,000" is a thousand.
        if let comma = original.firstIndex(of: ","), original[..<comma].allSatisfy(\.isNumber),
            original[original.index(after: comma)...].allSatisfy(\.isNumber), !original[..<comma].isEmpty
        {
            let decimals = original[original.index(after: comma)...]
            if !decimals.isEmpty, decimals.count != 3 {
                tokens.append(Token(folded: "\(original[..<comma]).\(decimals)", original: original))
                return
            }
        }
        // Only words with an apostrophe as their second or third character can be elided ("l'", "qu'").
        let bytes = original.utf8
        let hasMark = bytes.count > 2 && bytes.prefix(4).dropFirst().contains { $0 == 0x27 || $0 == 0xE2 }
        if hasMark, let mark = original.firstIndex(where: { $0 == "'" || $0 == "’" }), mark > original.startIndex,
            original.distance(from: original.startIndex, to: mark) <= 2,
            elisions.contains(original[..<mark].lowercased()), original.index(after: mark) < original.endIndex
        {
            let head = original[..<mark]
            let rest = original[original.index(after: mark)...]
            tokens.append(Token(folded: head.lowercased(), original: head))
            appendWord(NameFolding.tokens(String(rest)).joined(), rest, to: &tokens)
            return
        }
        if folded.count > 1, folded.hasSuffix("x"), Double(folded.dropLast()) != nil {
            let cut = original.index(before: original.endIndex)
            tokens.append(Token(folded: String(folded.dropLast()), original: original[..<cut]))
            tokens.append(Token(folded: "x", original: original[cut...]))
        } else if !folded.isEmpty {
            tokens.append(Token(folded: folded, original: original))
        }
    }

    /// The same rules as `split`, on bytes: most requests are plain ASCII, and Character
    /// properties are slow to ask for.
    static func splitASCII(_ text: String) -> [Token] {
        let bytes = Array(text.utf8)
        var tokens: [Token] = []
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        func index(_ offset: Int) -> String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: offset) }
        func append(_ start: Int, _ end: Int) {
            var folded = ""
            folded.unicodeScalars.reserveCapacity(end - start)
            for byte in bytes[start..<end] where byte != 0x27 && byte != 0x2C {
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                folded.unicodeScalars.append(Unicode.Scalar(lower))
            }
            appendWord(folded, text[index(start)..<index(end)], to: &tokens)
        }
        var start: Int?
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let next: UInt8 = i + 1 < bytes.count ? bytes[i + 1] : 0
            if byte == 0x27, let begin = start, next | 0x20 == 0x73, i + 2 >= bytes.count || !isLetter(bytes[i + 2]) {
                // A possessive "'s" is a word of its own.
                append(begin, i)
                tokens.append(Token(folded: "s", original: text[index(i)..<index(i + 2)]))
                start = nil
                i += 2
                continue
            }
            let inWord: Bool
            if isWordByte(byte) {
                inWord = true
            } else if byte == 0x27 {
                inWord = start != nil && isLetter(next)
            } else if byte == 0x2E || byte == 0x2C || byte == 0x3A {
                inWord = start != nil && i > 0 && isDigit(bytes[i - 1]) && isDigit(next)
            } else {
                inWord = false
            }
            if inWord {
                if start == nil { start = i }
            } else {
                if let begin = start { append(begin, i) }
                start = nil
                if byte == 0x26 { tokens.append(Token(folded: "and", original: text[index(i)..<index(i + 1)])) }
                if byte == 0x25 { tokens.append(Token(folded: "percent", original: text[index(i)..<index(i + 1)])) }
            }
            i += 1
        }
        if let begin = start { append(begin, bytes.count) }
        return tokens
    }
}

extension ArraySlice where Element == String {
    /// These words without any of `fillers` at either end, taken off again and again ("the second
    /// one, please" → "the second one"), and whether any was.
    func trimming(_ fillers: [[String]]) -> (words: ArraySlice<String>, trimmed: Bool) {
        var words = self
        var trimmed = false
        var changed = true
        while changed {
            changed = false
            for filler in fillers where words.count > filler.count {
                if words.starts(with: filler) {
                    words = words.dropFirst(filler.count)
                } else if words.suffix(filler.count).elementsEqual(filler) {
                    words = words.dropLast(filler.count)
                } else {
                    continue
                }
                changed = true
                trimmed = true
            }
        }
        return (words, trimmed)
    }
}

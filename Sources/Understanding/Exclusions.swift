import Foundation

/// "Anything but Queen", «что-нибудь, только не Queen», 「クイーン以外で何か」, "随便放点歌，别放皇后乐队":
/// a play that says who is not to be heard. Read from each language's `exclusions` in
/// language.json: the words said before the name left out ("except", «кроме», "除了") and, where
/// the language says them after it, those ("以外", "之外"). The name runs from the word to the
/// next mark (or from the last mark to the word); the rest is the play.
struct ExclusionCues: Sendable {
    private var before: [NSRegularExpression] = []
    private var after: [NSRegularExpression] = []

    init() {}

    init(_ file: ExclusionsFile, language: String) {
        let spaced = !CompiledGrammar.writesWithoutSpaces(language)
        func patterns(_ text: String?) -> [NSRegularExpression] {
            let phrases = (text ?? "").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.sorted { $0.count > $1.count }
            return phrases.compactMap { phrase in
                let escaped = NSRegularExpression.escapedPattern(for: phrase)
                let pattern = spaced ? #"(?<![\p{L}\p{N}])"# + escaped + #"(?![\p{L}\p{N}])"# : escaped
                return try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
            }
        }
        before = patterns(file.before)
        after = patterns(file.after)
    }

    /// `text` cut into the play and the name left out of it, or nil when it says none.
    func cut(_ text: String) -> (play: String, excluded: String)? {
        let whole = NSRange(text.startIndex..., in: text)
        let isMark = { (character: Character) in ClauseCutter.marks.contains(character) || character == "." }
        for pattern in before {
            guard let found = pattern.firstMatch(in: text, range: whole), let range = Range(found.range, in: text)
            else { continue }
            // The name runs to the next mark (or a word said after it: "除了皇后乐队以外").
            var end = text[range.upperBound...].firstIndex(where: isMark) ?? text.endIndex
            for pattern in after {
                let inside = NSRange(range.upperBound..<end, in: text)
                if let closing = pattern.firstMatch(in: text, range: inside), let closed = Range(closing.range, in: text) {
                    end = closed.lowerBound
                    let excluded = Self.trimmed(text[range.upperBound..<end])
                    let play = Self.trimmed(text[..<range.lowerBound] + " " + text[closed.upperBound...])
                    return excluded.isEmpty || play.isEmpty ? nil : (play, excluded)
                }
            }
            let excluded = Self.trimmed(text[range.upperBound..<end])
            let play = Self.trimmed(text[..<range.lowerBound] + " " + text[end...])
            return excluded.isEmpty || play.isEmpty ? nil : (play, excluded)
        }
        for pattern in after {
            guard let found = pattern.firstMatch(in: text, range: whole), let range = Range(found.range, in: text)
            else { continue }
            // The name runs back to the last mark before the word.
            let start = text[..<range.lowerBound].lastIndex(where: isMark).map(text.index(after:)) ?? text.startIndex
            let excluded = Self.trimmed(text[start..<range.lowerBound])
            let play = Self.trimmed(text[..<start] + " " + text[range.upperBound...])
            return excluded.isEmpty || play.isEmpty ? nil : (play, excluded)
        }
        return nil
    }

    private static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let marks = CharacterSet.whitespaces.union(.punctuationCharacters)
        var text = String(text).trimmingCharacters(in: marks)
        while text.contains("  ") { text = text.replacingOccurrences(of: "  ", with: " ") }
        return text
    }
}

/// `exclusions` in language.json.
struct ExclusionsFile: Codable, Sendable {
    /// "except|anything but|but not": words said just before the name left out.
    var before: String
    /// "以外|之外": words said just after it, where the language says them there.
    var after: String?
}

extension Understander {
    /// The play and the name said not to be heard in it ("play anything but Queen": "play anything"
    /// and "Queen"), or nil when `text` leaves no one out. Whether the name is an artist, and the
    /// play names nothing, is for the caller to judge.
    public func exclusion(_ text: String, language: String? = nil) -> (play: String, excluded: String)? {
        grammar(for: language ?? defaultLanguage)?.exclusions.cut(text)
    }
}

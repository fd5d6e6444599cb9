import MediaIntents

/// The years a correction says which recording it means by: "no, the old one from the sixties"
/// after Johnny Cash's Hurt is Timi Yuro's (1961), «оригинал шестьдесят девятого года», 「60年代の方」,
/// "要1969年那版". A decade from the language's `decade` list, a year in digits, or a year in words
/// ("nineteen sixty one", «шестьдесят девятого» with a word for "year" after it), with the words
/// that stand around years in a correction (`corrections.yearsAround` in language.json).
struct CorrectionYears: Sendable {
    /// Folded decade phrase (as words, or as one run where words run together) → its first year.
    private var decades: [[String]: Int] = [:]
    /// The words that may stand with the years, longest first.
    private var around: [[String]] = []
    /// Words that say "year" after a year said by its last two digits («девятого года»).
    private var yearWords: Set<String> = []
    private var numbers: NumberWords?
    private var unspaced = false

    init() {}

    init(
        decades list: [String: String], around text: String, yearWords words: String, numbers: NumberWords,
        unspaced: Bool, fold: (String) -> [String]
    ) {
        self.numbers = numbers
        self.unspaced = unspaced
        for (value, phrases) in list {
            guard let start = Int(value) else { continue }
            for phrase in phrases.split(separator: "|") {
                let words = fold(String(phrase))
                if !words.isEmpty { decades[unspaced ? [words.joined()] : words] = start }
            }
        }
        around = Array(Set(text.split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }))
            .sorted { $0.count > $1.count }
        yearWords = Set(words.split(separator: "|").flatMap { fold(String($0)) })
    }

    /// The years said in `words`, and the positions they and the words around them take; nil when
    /// none is said.
    func find(in words: [String]) -> (years: YearRange, taken: Range<Int>)? {
        for start in words.indices {
            guard let (years, count) = years(at: start, in: words) else { continue }
            var lower = start
            var upper = start + count
            // The words that stand with the years, on both sides ("the one from {the sixties}").
            var moved = true
            while moved {
                moved = false
                for phrase in around {
                    if lower >= phrase.count, Array(words[(lower - phrase.count)..<lower]) == phrase {
                        lower -= phrase.count
                        moved = true
                    } else if upper + phrase.count <= words.count, Array(words[upper..<(upper + phrase.count)]) == phrase {
                        upper += phrase.count
                        moved = true
                    }
                }
            }
            return (years, lower..<upper)
        }
        return nil
    }

    /// A decade, or a year, that starts at `start`, with how many words it takes.
    private func years(at start: Int, in words: [String]) -> (YearRange, Int)? {
        for length in stride(from: min(4, words.count - start), through: 1, by: -1) {
            let piece = Array(words[start..<(start + length)])
            if let decade = decades[unspaced ? [piece.joined()] : piece] {
                return (YearRange(start: decade, end: decade + 9), length)
            }
        }
        if let year = Int(words[start]), (1900...2100).contains(year) {
            return (YearRange(start: year, end: year), 1)
        }
        // "1969年": the digits run into the word for a year.
        if unspaced, let digits = words[start].split(whereSeparator: { !$0.isNumber }).first,
            words[start].hasPrefix(digits), let year = Int(digits), (1900...2100).contains(year)
        {
            return (YearRange(start: year, end: year), 1)
        }
        // Int(exactly:): a number read from fuzzed words may be out of Int's range.
        guard let numbers, !unspaced, let (value, count) = numbers.read(words[start...]), let whole = Int(exactly: value),
            Int(words[start]) == nil
        else { return nil }
        if (1900...2100).contains(whole) { return (YearRange(start: whole, end: whole), count) }
        // «шестьдесят девятого года»: the last two digits, with a word for "year" after them.
        let next = start + count
        if (0...99).contains(whole), next < words.count, yearWords.contains(words[next]) {
            let year = whole < 30 ? 2000 + whole : 1900 + whole
            return (YearRange(start: year, end: year), count)
        }
        return nil
    }
}

import Foundation

/// Short English names said in katakana (スリラー for "Thriller", ヘルプ for "Help!", ドリームス for
/// "Dreams"), too short for a consonant skeleton (`soundSkeleton`) to tell apart: both sides brought
/// to a rough form of the name as a Japanese ear hears it, vowels kept. Katakana loses the vowels
/// Japanese adds after a consonant; English loses its silent letters and spells its vowels as they
/// sound; both merge the sounds Japanese does not tell apart (l and r, v and b, th and s).
///
///     NameFolding.heardForm(katakana: "スリラー") == "srira"
///     NameFolding.heardForm(english: "thriller") == "srira"
extension NameFolding {
    /// The heard form of a name written in katakana; nil for other text or a form too short to
    /// tell names apart.
    public static func heardForm(katakana text: String) -> String? {
        guard !loanwordSpellings(text).isEmpty else { return nil }
        let words = text.split(whereSeparator: { $0 == "・" || $0 == "･" || $0.isWhitespace }).map { word in
            withoutAddedVowels(Array(tokens(transform(String(word), "Katakana-Latin; Latin-ASCII") ?? "").joined()))
        }
        return finished(words)
    }

    /// The heard form of a name's key in Latin letters (ASCII letters only; nil for a key with
    /// digits or other letters, or one too short).
    public static func heardForm(english key: String) -> String? {
        // A key holds numbers as digits ("take 5"): said as words.
        let words = key.split(separator: " ").flatMap { word -> [String] in
            guard word.allSatisfy(\.isNumber), let value = Int(word), value < 1000,
                let spelled = icu.withLock({ spellOut.string(from: NSNumber(value: value)) })
            else { return [String(word)] }
            return spelled.split { $0 == " " || $0 == "-" }.map(String.init)
        }
        guard !words.isEmpty, words.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }) else { return nil }
        return finished(words.map(spokenVowels))
    }

    /// English number words ("5" → "five"), used one call at a time under ICU's lock, as ICU's
    /// transforms are.
    nonisolated(unsafe) private static let spellOut: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .spellOut
        return formatter
    }()

    /// The letters both sides share, joined into one word, when there are enough to tell a name.
    private static func finished(_ words: [String]) -> String? {
        let merged = merge(words.joined())
        return merged.count >= 3 ? merged : nil
    }

    /// Romaji without the vowels Japanese puts after a consonant that English ends or clusters:
    /// u after most consonants, o after t and d, when a consonant or the word's end follows
    /// (スリラー "surira" → "srira", ドリームス "dorimusu" → "drims").
    private static func withoutAddedVowels(_ letters: [Character]) -> String {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        var out: [Character] = []
        for (index, letter) in letters.enumerated() {
            let previous = index > 0 ? letters[index - 1] : nil
            let next = index + 1 < letters.count ? letters[index + 1] : nil
            let beforeConsonantOrEnd = next.map { !vowels.contains($0) } ?? true
            if let previous, !vowels.contains(previous), beforeConsonantOrEnd {
                if letter == "u", previous != "y" { continue }
                if letter == "o", previous == "t" || previous == "d" { continue }
            }
            out.append(letter)
        }
        return String(out)
    }

    /// An English word with its vowels spelled as they sound and its silent letters gone: a silent
    /// final e, "igh", vowel pairs as one sound, an r after a vowel that ends a syllable.
    private static func spokenVowels(_ word: String) -> String {
        if let said = sayings[word] { return said }
        // A plural or a verb's s after a silent e ("comes" カムズ, "times" タイムズ): the word, then s.
        if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") {
            return spokenVowels(String(word.dropLast())) + "s"
        }
        // "here", "near", "beer": the vowel and its r as Japanese hears them (ヒア, ニア, ビア).
        if word.count > 2, let range = word.range(of: "(ere|ear|eer)$", options: .regularExpression),
            !word.hasPrefix("th"), !word.hasPrefix("wh")
        {
            return spokenVowels(String(word[..<range.lowerBound])) + "ia"
        }
        var text = word
        var letters = Array(word)
        // A vowel before one consonant and a silent e says its name ("take" テイク, "five" ファイブ).
        var named = ""
        if letters.count >= 3, letters[letters.count - 1] == "e", "ai".contains(letters[letters.count - 3]),
            !"aeiouy".contains(letters[letters.count - 2])
        {
            named = (letters[letters.count - 3] == "a" ? "ei" : "ai") + String(letters[letters.count - 2])
            letters.removeLast(3)
            text = String(letters)
        } else if text.count > 2, text.hasSuffix("e"), !text.hasSuffix("ee") {
            text.removeLast()
        }
        for (from, to) in [
            ("igh", "ai"), ("ee", "i"), ("ea", "i"), ("oo", "u"), ("ay", "ei"), ("ai", "ei"), ("ey", "ei"),
            ("ou", "au"), ("ow", "o"),
        ] {
            text = text.replacingOccurrences(of: from, with: to)
        }
        // "er", "ir", "ur", "ar", "or" before a consonant or at the end: the r is not said.
        text = text.replacingOccurrences(of: "[eiu]r(?=[^aeiouy]|$)", with: "a", options: .regularExpression)
        text = text.replacingOccurrences(of: "([ao])r(?=[^aeiouy]|$)", with: "$1", options: .regularExpression)
        // A short u before two consonants or a last one is heard as a ("running" ランニング, "sun" サン).
        // Not the u of a vowel pair ("out" アウト).
        text = text.replacingOccurrences(of: "(?<![aeiou])u(?=[^aeiouy]{2}|[^aeiouy]$)", with: "a", options: .regularExpression)
        return (text + named).replacingOccurrences(of: "y", with: "i")
    }

    /// Short English words whose spelling does not say their sound, as katakana writes them
    /// (ザ, オブ, マイ, カム, ラブ, ワン), before the merge.
    private static let sayings: [String: String] = [
        "the": "za", "of": "ob", "my": "mai", "by": "bai", "i": "ai", "you": "yu", "your": "yua",
        "come": "kam", "some": "sam", "love": "lab", "one": "wan", "done": "dan", "what": "wat",
        "something": "samsing", "someone": "samwan", "somebody": "sambadi", "nothing": "nasing",
    ]

    /// Sounds Japanese does not tell apart merged, digraphs as one sound, doubled letters as one.
    private static func merge(_ text: String) -> String {
        var said = text
        for (from, to) in [
            ("th", "s"), ("sh", "s"), ("ch", "t"), ("ph", "f"), ("ck", "k"), ("ts", "t"), ("qu", "ku"),
        ] {
            said = said.replacingOccurrences(of: from, with: to)
        }
        said = said.replacingOccurrences(of: "c(?=[eiy])", with: "s", options: .regularExpression)
        var out: [Character] = []
        for letter in said {
            let mapped: [Character] =
                switch letter {
                case "c", "q": ["k"]
                case "x": ["k", "s"]
                case "v": ["b"]
                case "l": ["r"]
                case "z": ["s"]
                case "w": ["u"]
                case "h" where out.last.map({ !"aeiou".contains($0) }) ?? false: []
                default: [letter]
                }
            for sound in mapped where out.last != sound { out.append(sound) }
        }
        return String(out)
    }
}

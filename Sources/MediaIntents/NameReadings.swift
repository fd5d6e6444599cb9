import Foundation

/// What language libraries know about words that the contract cannot link itself: the reading of
/// Japanese text (MeCab) and the stem of a word (Snowball). The program installs them once at
/// start (`NameFolding.install`); until then names have no readings and words are their own stems.
public struct LanguageReaders: Sendable {
    /// Up to so many of the likeliest readings of Japanese text in katakana, best first ("星野源" →
    /// ホシノハジメ, ホシノゲン, …), none when a word in it has no known reading.
    public var japaneseReadings: @Sendable (_ text: String, _ count: Int) -> [String]
    /// The stem of one folded word in a language ("ru", "de", "fr", "es"), nil when the language
    /// has no stemmer.
    public var stem: @Sendable (_ word: String, _ language: String) -> String?
    /// Chinese text in simplified characters (OpenCC); other text as it is.
    public var simplified: @Sendable (_ text: String) -> String

    public init(
        japaneseReadings: @escaping @Sendable (_ text: String, _ count: Int) -> [String],
        stem: @escaping @Sendable (_ word: String, _ language: String) -> String?,
        simplified: @escaping @Sendable (_ text: String) -> String = { $0 }
    ) {
        self.japaneseReadings = japaneseReadings
        self.stem = stem
        self.simplified = simplified
    }
}

extension NameFolding {
    static let installedReaders = Locked<LanguageReaders?>(nil)

    /// Installs the language libraries every later key, reading and stem use.
    public static func install(_ readers: LanguageReaders) {
        installedReaders.withLock { $0 = readers }
    }

    static var readers: LanguageReaders? { installedReaders.withLock { $0 } }

    /// Chinese text in simplified characters (愛 → 爱), once the language libraries are installed.
    public static func simplified(_ text: String) -> String { readers?.simplified(text) ?? text }

    /// Whether Cyrillic `said` is `name` in another case («Пугачёву» of Алла Пугачёва, «Кукушку» of
    /// Кукушка): each word's stem is in the name. A name that only sounds near («Короля» and
    /// Gorillaz) is not.
    public static func inflects(_ said: String, _ name: String) -> Bool {
        let nameKey = key(name)
        return stem(said).split(separator: " ").allSatisfy { stem in
            let stemKey = key(String(stem))
            return !stemKey.isEmpty && nameKey.contains(stemKey)
        }
    }

    /// Words compared by stem, so case endings do not make names differ ("Земфиру" and "Земфира",
    /// "на кухне" and "кухня", "Сектора Газа"): Cyrillic words by Russian's stemmer, Latin words by
    /// `language`'s when one is given (de, fr, es). Other words, and every word before the stemmers
    /// are installed, are left whole.
    public static func stem(_ text: String, language: String? = nil) -> String {
        guard let readers else { return tokens(text).joined(separator: " ") }
        // Words are stemmed before folding takes their marks: "й" folded to "и" would change the ending.
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }
        return words.flatMap { spelled -> [String] in
            let word = String(spelled)
            if word.unicodeScalars.contains(where: Script.isCyrillic) {
                return tokens(readers.stem(word, "ru") ?? word)
            }
            if let language, language != "ru", word.unicodeScalars.allSatisfy({ $0.isASCII }) {
                return tokens(readers.stem(word, language) ?? word)
            }
            return tokens(word)
        }.joined(separator: " ")
    }

    /// A key for how a Japanese name sounds, the same whichever way it is written: kanji by their
    /// reading, hiragana and katakana alike, romaji by its letters. 米津玄師 (read ヨネツゲンシ),
    /// よねづけんし, ヨネヅケンシ and "Yonezu Kenshi" come out one letter apart at most, as
    /// `romajiKey` folds the spellings Japanese words are written in. Nil for text with no kana or
    /// kanji, or kanji without a known reading.
    public static func readingKey(_ text: String) -> String? { readingKeys(text, alternatives: 1).first }

    /// The reading keys of the likeliest readings of a Japanese name (up to `alternatives`), best
    /// first: a name's kanji often read more than one way (源 is ゲン or ハジメ, 風 カゼ or フウ), so
    /// the catalog files each of them.
    public static func readingKeys(_ text: String, alternatives: Int = 5) -> [String] {
        guard text.unicodeScalars.contains(where: { Script.isKana($0) || Script.isHan($0) }) else { return [] }
        let katakana: [String]
        if text.unicodeScalars.contains(where: Script.isHan) {
            katakana = readers?.japaneseReadings(text, alternatives) ?? []
        } else {
            katakana = [transform(text, "Hiragana-Katakana") ?? text]
        }
        var keys: [String] = []
        for reading in katakana {
            let key = romajiKey(transform(reading, "Katakana-Latin; Latin-ASCII") ?? "")
            if !key.isEmpty, !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// Romaji folded to what stays the same across its spellings and across voicing: one word of
    /// lower-case letters, Hepburn's sh/ch/ts/j/f as s/t/t/z/h, voiced consonants as unvoiced
    /// (rendaku turns 津 つ into づ in 米津, and a dictionary may read it either way), doubled letters
    /// and long vowels (ou, ei) as one. "Yonezu Kenshi" → "yonesukensi", "Tōkyō"/"toukyou" → "tokyo".
    public static func romajiKey(_ text: String) -> String {
        let letters = Array(tokens(text).joined().unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic })
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(letters.count)
        var index = 0
        while index < letters.count {
            var scalar = letters[index]
            let following = index + 1 < letters.count ? letters[index + 1] : nil
            var consumed = 1
            switch (scalar, following) {
            case ("s", "h"): consumed = 2
            case ("c", "h"), ("t", "s"): scalar = "t"; consumed = 2
            case ("d", "z"), ("d", "j"): scalar = "s"; consumed = 2
            case ("m", "b"), ("m", "p"): scalar = "n"
            default: break
            }
            switch scalar {
            case "j", "z": scalar = "s"
            case "f", "b", "p", "v": scalar = "h"
            case "g", "c", "q": scalar = "k"
            case "d": scalar = "t"
            case "l": scalar = "r"
            default: break
            }
            index += consumed
            // Long vowels and doubled consonants are one letter; ou and ei are long o and e.
            if let last = out.last {
                if last == scalar { continue }
                if last == "o" && scalar == "u" || last == "e" && scalar == "i" { continue }
            }
            out.append(scalar)
        }
        var key = ""
        key.unicodeScalars.append(contentsOf: out)
        return key
    }

    /// How a name written in katakana may be spelled in Latin letters when it is a foreign name
    /// (カリード → "kalid", "karid"): its romaji without the vowels Japanese adds after a final
    /// consonant (ド is "d", ク "k", ッシュ "sh"), doubled letters as one, and with r also read as l
    /// (Japanese has one sound for both). None for text that is not all katakana.
    public static func loanwordSpellings(_ text: String) -> [String] {
        let scalars = text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "・" && $0 != "･" }
        guard !scalars.isEmpty, scalars.allSatisfy({ (0x30A1...0x30FC).contains($0.value) }) else { return [] }
        let words = text.split(whereSeparator: { $0 == "・" || $0 == "･" || $0.isWhitespace }).map { word -> String in
            var letters = Array(tokens(transform(String(word), "Katakana-Latin; Latin-ASCII") ?? "").joined())
            // ッシュ → "sshu": the final vowel goes, and the doubled letter.
            if letters.count > 3, let last = letters.last, last == "u" || last == "o",
                !"aeiou".contains(letters[letters.count - 2])
            {
                letters.removeLast()
            }
            var out: [Character] = []
            for letter in letters where out.last != letter || "aeiou".contains(letter) { out.append(letter) }
            return String(out)
        }
        let spelled = words.joined(separator: " ")
        guard !spelled.isEmpty else { return [] }
        let withL = spelled.replacingOccurrences(of: "r", with: "l")
        return withL == spelled ? [spelled] : [withL, spelled]
    }

    static let romajiWord = "^(([kgsztdnhbpmrwjfv]|sh|ch|ts|kk|ss|tt|pp|tch)?y?[aeiou]|n)+$"

    /// The reading key of a name said in Latin letters, for finding a name the catalog holds in
    /// Japanese ("Yonezu Kenshi" → "yonesukensi"): the romaji key of the whole name as one word.
    public static func latinReadingKey(_ text: String) -> String? {
        guard text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }),
            text.unicodeScalars.allSatisfy({ $0.isASCII })
        else { return nil }
        // Only names whose every word could be romaji: syllables of a consonant (or sh, ch, ts, a
        // doubled one, y after it) and a vowel, and n.
        let words = tokens(text)
        guard !words.isEmpty,
            words.allSatisfy({ $0.range(of: romajiWord, options: .regularExpression) != nil })
        else { return nil }
        let key = romajiKey(text)
        return key.count >= 2 ? key : nil
    }
}

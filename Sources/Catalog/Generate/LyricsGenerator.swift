import Foundation
public import MediaIntents

/// Songs with generated lyrics in English, Russian, Japanese and Chinese (real lyrics are under
/// copyright), and lines of them as a person remembers them: words left out, two swapped, some
/// misheard. For `hark bench lyrics`. Words are drawn from a vocabulary per language by a Zipf-like
/// law, as in real lyrics ("love", «сердце», 「君」 and 「爱」 come back in song after song), so
/// lines share words across songs.
public struct LyricsGenerator {
    public static let languages = ["en", "ru", "ja", "zh"]

    /// One generated song: its title, artist and language, the lines of its verses and chorus in
    /// order, and which of them are the chorus.
    public struct Song: Sendable {
        public var title: String
        public var artist: String
        public var language: String
        public var lines: [[String]]
        public var chorus: Set<Int>
        /// The words of line `index`, written as the language writes them.
        public func text(_ index: Int) -> String { LyricsGenerator.written(lines[index], language) }
        public var lyrics: String { lines.indices.map(text).joined(separator: "\n") }
    }

    /// A remembered line: what is said, the song it is from, and what was done to it.
    public struct Remembered: Sendable {
        public var text: String
        public var song: Int
        public var dropped: Int
        public var swapped: Bool
        public var misheard: Int
        public var language: String
        /// The words as sung, before they were remembered wrong.
        public var sung: String
    }

    var random: SplitMix
    let vocabulary: [String: [String]]
    /// Chinese characters by their toneless pinyin, for homophones.
    let homophones: [String: [String]]
    let pinyin: [String: String]

    public init(seed: UInt64) {
        random = SplitMix(seed: seed)
        var generator = SplitMix(seed: seed ^ 0x5EED)
        var english = GeneratorWords.common + Self.englishFunctionWords
        while english.count < 2_500 {
            english.append(
                generator.pick(GeneratorWords.latinOnsets) + generator.pick(GeneratorWords.latinVowels)
                    + generator.pick(GeneratorWords.latinCodas))
        }
        var russian = GeneratorWords.russianWords + Self.russianFunctionWords
        while russian.count < 2_500 {
            let syllables = Int.random(in: 2...3, using: &generator)
            russian.append((0..<syllables).map { _ in generator.pick(GeneratorWords.cyrillicSyllables) }.joined())
        }
        let hiragana = GeneratorWords.kana.filter { $0.unicodeScalars.allSatisfy { (0x3041...0x3096).contains($0.value) } }
        var japanese = GeneratorWords.japaneseWords + Self.japaneseParticles
        while japanese.count < 2_500 {
            let length = Int.random(in: 2...4, using: &generator)
            japanese.append((0..<length).map { _ in generator.pick(hiragana) }.joined())
        }
        // Common Han characters: the first block of CJK Unified Ideographs, by code point.
        var characters: [String] = GeneratorWords.han
        while characters.count < 3_000 {
            let scalar = Unicode.Scalar(UInt32.random(in: 0x4E00...0x6FFF, using: &generator))
            if let scalar { characters.append(String(Character(scalar))) }
        }
        var chinese: [String] = GeneratorWords.han
        while chinese.count < 2_500 {
            let length = Int.random(in: 1...3, using: &generator)
            chinese.append((0..<length).map { _ in generator.pick(characters) }.joined())
        }
        vocabulary = ["en": english, "ru": russian, "ja": japanese, "zh": chinese]
        var pinyin: [String: String] = [:]
        var byPinyin: [String: [String]] = [:]
        for character in Set(characters) {
            let sound = NameFolding.key(character)
            pinyin[character] = sound
            byPinyin[sound, default: []].append(character)
        }
        self.pinyin = pinyin
        homophones = byPinyin.mapValues { $0.sorted() }
    }

    static let englishFunctionWords = """
        i you me my your we our the a in on to of and but so oh yeah all now it is are was be
        with for from this that no not never can can't don't won't i'm you're just like
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let russianFunctionWords = """
        я ты мы он она мой твой и а но в на по за не нет да всё только так как где когда это
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let japaneseParticles = ["の", "に", "を", "が", "は", "で", "と", "も", "へ", "よ", "ね"]

    /// Words as the language writes them: English and Russian with spaces, Japanese and Chinese
    /// without.
    static func written(_ words: [String], _ language: String) -> String {
        language == "ja" || language == "zh" ? words.joined() : words.joined(separator: " ")
    }

    /// A song in `language`: two verses of four lines and a chorus of two to four lines sung after
    /// each verse and once more at the end.
    public mutating func song(_ number: Int, language: String) -> Song {
        let words = vocabulary[language] ?? []
        func line() -> [String] {
            // As long as lines of real songs: five to nine words (Chinese: four to eight words of
            // one to three characters).
            let length = language == "zh" ? Int.random(in: 4...8, using: &random) : Int.random(in: 5...9, using: &random)
            return (0..<length).map { _ in words[Self.zipf(words.count, &random)] }
        }
        let chorus = (0..<Int.random(in: 2...4, using: &random)).map { _ in line() }
        var lines: [[String]] = []
        var chorusLines = Set<Int>()
        for _ in 0..<2 {
            lines += (0..<4).map { _ in line() }
            for chorusLine in chorus {
                chorusLines.insert(lines.count)
                lines.append(chorusLine)
            }
        }
        for chorusLine in chorus {
            chorusLines.insert(lines.count)
            lines.append(chorusLine)
        }
        let title = Self.written(Array(chorus[0].prefix(3)), language)
        return Song(title: title, artist: "Artist \(number % 997)", language: language, lines: lines, chorus: chorusLines)
    }

    /// An index in `0..<count` by Zipf's law with exponent 1 (index k about as likely as 1/(k+1)):
    /// log-uniform, the inverse of its distribution function.
    static func zipf(_ count: Int, _ random: inout SplitMix) -> Int {
        let u = Double.random(in: 0..<1, using: &random)
        return min(count - 1, max(0, Int(exp(u * log(Double(count) + 1))) - 1))
    }

    /// Which of `count` songs a remembered line is drawn from (each as likely).
    public mutating func anySong(of count: Int) -> Int { Int.random(in: 0..<count, using: &random) }

    /// A line of `song` as somebody remembers it: the chorus more often than a verse; sometimes
    /// the end of one line and the start of the next; each word left out at `dropRate` (four kept at
    /// least: a shorter fragment of common words names no one song), two neighbouring words swapped
    /// at `swapRate`, each word misheard at `mishearRate`.
    public mutating func remembered(
        _ song: Song, index: Int, dropRate: Double = 0.1, swapRate: Double = 0.2, mishearRate: Double = 0.1
    ) -> Remembered {
        let chorus = song.chorus.sorted()
        let verses = song.lines.indices.filter { !song.chorus.contains($0) }
        let start = random.chance(0.6) ? random.pick(chorus) : random.pick(verses)
        var words = song.lines[start]
        if random.chance(0.1), start + 1 < song.lines.count {
            let half = words.count / 2
            words = Array(words.dropFirst(half)) + Array(song.lines[start + 1].prefix(half + 1))
        }
        let sung = Self.written(words, song.language)
        var dropped = 0
        words = words.filter { _ in
            guard random.chance(dropRate), words.count - dropped > 4 else { return true }
            dropped += 1
            return false
        }
        var swapped = false
        if words.count > 2, random.chance(swapRate) {
            let at = Int.random(in: 0..<(words.count - 1), using: &random)
            words.swapAt(at, at + 1)
            swapped = true
        }
        var misheard = 0
        for at in words.indices where random.chance(mishearRate) {
            if let heard = mishear(words[at], song.language), heard != words[at] {
                words[at] = heard
                misheard += 1
            }
        }
        return Remembered(
            text: Self.written(words, song.language), song: index, dropped: dropped, swapped: swapped, misheard: misheard,
            language: song.language, sung: sung)
    }

    /// A word as it may be heard wrong: an English homophone or a word one letter away; a Russian
    /// ending or unstressed vowel changed; a Japanese kana voiced or unvoiced; a Chinese character
    /// for another of the same sound.
    mutating func mishear(_ word: String, _ language: String) -> String? {
        var letters = Array(word)
        guard !letters.isEmpty else { return nil }
        switch language {
        case "en":
            if let homophone = GeneratorWords.homophones[word] { return homophone }
            let vowels: [Character] = ["a", "e", "i", "o", "u"]
            guard let at = letters.indices.filter({ vowels.contains(letters[$0]) }).randomElement(using: &random) else {
                return word + "s"
            }
            letters[at] = vowels.filter { $0 != letters[at] }.randomElement(using: &random)!
            return String(letters)
        case "ru":
            let pairs: [Character: Character] = ["а": "о", "о": "а", "е": "и", "и": "е", "я": "е", "у": "ю", "ы": "и"]
            guard let at = letters.indices.reversed().first(where: { pairs[letters[$0]] != nil }) else { return nil }
            letters[at] = pairs[letters[at]]!
            return String(letters)
        case "ja":
            // か ↔ が: the voiced mark added or taken away (U+3099 composes it).
            guard let at = letters.indices.filter({ Self.voicing(letters[$0]) != nil }).randomElement(using: &random)
            else { return nil }
            letters[at] = Self.voicing(letters[at])!
            return String(letters)
        case "zh":
            let at = Int.random(in: 0..<letters.count, using: &random)
            guard let sound = pinyin[String(letters[at])],
                let other = homophones[sound]?.filter({ $0 != String(letters[at]) }).randomElement(using: &random)
            else { return nil }
            letters[at] = Character(other)
            return String(letters)
        default: return nil
        }
    }

    /// The kana with its voicing changed (か → が, が → か), nil for one that has none.
    static func voicing(_ kana: Character) -> Character? {
        let decomposed = String(kana).decomposedStringWithCanonicalMapping.unicodeScalars
        if decomposed.count == 2, decomposed.last?.value == 0x3099, let base = decomposed.first {
            return Character(base)
        }
        let voiced = (String(kana) + "\u{3099}").precomposedStringWithCanonicalMapping
        return voiced.count == 1 && voiced.unicodeScalars.count == 1 ? Character(voiced) : nil
    }
}

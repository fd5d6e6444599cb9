import MediaIntents

/// The searchable keys of a line of lyrics, and of a line as somebody remembers it. Both go through
/// the same folding, so a line matches however it is written and a little however it is heard:
///
/// - words in Latin or Cyrillic letters are folded (case, marks), Cyrillic words cut to their
///   Russian stem by Snowball and written in Latin letters («поётся», «поется» → "poet");
/// - Chinese is read as pinyin syllables without tones (a character heard as its homophone still
///   matches), Japanese as kana and the reading MeCab gives each kanji, in morae with voicing folded
///   (「かぜ」 and 「かせ」 alike); both are keyed as pairs of neighbouring syllables, as they are
///   written without spaces and a single syllable says little.
///
/// Neighbouring words (and syllables) are keys too, joined: they tell songs of common words apart.
/// Keys are plain ASCII words, indexed by FTS5's unicode61 tokenizer.
enum LyricKeys {
    /// The keys of one line, in order (a key may repeat).
    static func keys(_ line: String, japanese: Bool, cache: KeyCache) -> [String] {
        var out: [String] = []
        for run in runs(line) {
            if run.isCJK {
                let syllables =
                    run.hasKana || japanese ? japaneseSyllables(run.text) : chineseSyllables(run.text, cache)
                out.append(contentsOf: pairs(syllables))
                out.append(contentsOf: characters(run.text))
            } else {
                out.append(contentsOf: wordPairs(words(run.text, cache)))
            }
        }
        return out
    }

    /// The ways to key a remembered line: one, or for Han characters without kana, read both as
    /// Chinese and as Japanese (the query alone cannot say which language it is).
    static func queries(_ line: String, cache: KeyCache) -> [[String]] {
        let chinese = keys(line, japanese: false, cache: cache)
        let hasHan = line.unicodeScalars.contains(where: Script.isHan)
        let hasKana = line.unicodeScalars.contains(where: Script.isKana)
        guard hasHan, !hasKana else { return chinese.isEmpty ? [] : [chinese] }
        // Characters MeCab cannot read (simplified Chinese ones) say the line is not Japanese.
        let readable = line.filter { $0.unicodeScalars.first.map(Script.isHan) ?? false }.allSatisfy { kanji($0).known }
        guard readable else { return chinese.isEmpty ? [] : [chinese] }
        let japanese = keys(line, japanese: true, cache: cache)
        return [chinese, japanese].filter { !$0.isEmpty }
    }

    /// Whether lyrics are Japanese: any kana in them (a line of kanji alone is then read as Japanese too).
    static func isJapanese(_ lines: [String]) -> Bool {
        lines.contains { $0.unicodeScalars.contains(where: Script.isKana) }
    }

    struct Run {
        var text = ""
        var isCJK = false
        var hasKana = false
    }

    /// The line cut where it changes between CJK (Han, kana) and other letters.
    static func runs(_ line: String) -> [Run] {
        var runs: [Run] = []
        var current = Run()
        for scalar in line.unicodeScalars {
            let kana = Script.isKana(scalar)
            let cjk = kana || Script.isHan(scalar)
            let letter = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if letter, cjk != current.isCJK, !current.text.isEmpty {
                runs.append(current)
                current = Run()
            }
            if letter || !current.isCJK {
                if current.text.isEmpty { current.isCJK = cjk }
                current.text.unicodeScalars.append(scalar)
                current.hasKana = current.hasKana || kana
            }
        }
        if !current.text.isEmpty { runs.append(current) }
        return runs
    }

    /// Folded words; Cyrillic ones by stem, in Latin letters.
    static func words(_ text: String, _ cache: KeyCache) -> [String] {
        // "1:30" and "89.1" are one name token but two index tokens: a key is always one.
        NameFolding.tokens(text).flatMap {
            $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        }.flatMap { word -> [String] in
            if word.utf8.allSatisfy({ $0 < 0x80 }) { return [word] }
            let spelled = word.unicodeScalars.contains(where: Script.isCyrillic) ? NameFolding.stem(word) : word
            return cache.key(spelled).split(separator: " ").map(String.init)
        }
    }

    /// Each word, and after it the word joined with the next ("love", "love0you", "you"): a pair
    /// of common words says which song where neither word alone does, and the index finds pairs
    /// as single keys (no phrase search over long position lists of common words).
    static func wordPairs(_ words: [String]) -> [String] {
        var keys: [String] = []
        for (place, word) in words.enumerated() {
            keys.append(word)
            if place + 1 < words.count { keys.append(word + pairJoiner + words[place + 1]) }
        }
        return keys
    }

    /// Where a line's keys (`keys`) hold a pair: the key at each place returned joins the keys
    /// either side of it.
    static func pairPlaces(in keys: [String]) -> [Int] {
        keys.indices.dropFirst().dropLast().filter { joined(keys[$0 - 1], keys[$0 + 1]) == keys[$0] }
    }

    /// The pair key of two keys: two words, or two CJK syllables.
    static func joined(_ first: String, _ second: String) -> String {
        first.hasPrefix(syllableMark) && second.hasPrefix(syllableMark)
            ? String(first.dropFirst() + second.dropFirst()) : first + pairJoiner + second
    }

    /// A line's words each joined with the one after next, from its keys: a line remembered with a
    /// word left out, or two swapped, still holds these pairs of the line as sung.
    static func skipPairs(_ keys: [String]) -> [String] {
        let pairs = Set(pairPlaces(in: keys))
        // Words only: a CJK syllable with the one after next is common to too many songs to tell.
        let words = keys.indices.filter {
            !pairs.contains($0) && !keys[$0].hasPrefix(syllableMark) && isHeard(keys[$0])
        }.map { keys[$0] }
        return words.count < 3 ? [] : (0..<(words.count - 2)).map { joined(words[$0], words[$0 + 2]) }
    }

    /// Whether a key is one word (not a pair, not a CJK syllable) long enough to be misheard.
    static func isWord(_ key: some StringProtocol) -> Bool {
        key.utf8.count >= 3 && !key.hasPrefix(syllableMark) && !key.contains(pairJoiner) && isHeard(key)
    }

    /// Joins the two words of a pair key (folded words are letters and digits; a word with a 0 in
    /// it is rare, and a pair made of it still matches only itself).
    static let pairJoiner = "0"

    /// Pinyin syllables, one per character ("北京" → bei, jing).
    static func chineseSyllables(_ text: String, _ cache: KeyCache) -> [String] {
        cache.key(text).split(separator: " ").map(String.init)
    }

    /// Morae of the reading: MeCab's reading of the kanji, kana as they are, in folded romaji
    /// ("風が吹いて" → ka, sa, ka, hu, i, te). Kanji with no known reading fall back to ICU's reading.
    ///
    /// Each kanji is read alone (MeCab, once per character): read in context, a line's kanji change
    /// their reading when a word is left out (雪よ光 is ゆきよひかり, 雪光 せっこう), and the same line
    /// remembered without a particle would not match.
    static func japaneseSyllables(_ text: String) -> [String] {
        var out: [String] = []
        var kana = ""
        func flushKana() {
            guard !kana.isEmpty else { return }
            out += morae(NameFolding.readingKey(kana) ?? NameFolding.romajiKey(NameFolding.transliterated(kana)))
            kana = ""
        }
        for character in text {
            guard let scalar = character.unicodeScalars.first, Script.isHan(scalar) else {
                kana.append(character)
                continue
            }
            flushKana()
            out += kanji(character).morae
        }
        flushKana()
        return out
    }

    /// A kanji's morae as MeCab reads it alone (ICU's reading where MeCab has none, then `known`
    /// is false), kept once worked out (a few thousand kanji at most).
    static func kanji(_ kanji: Character) -> (morae: [String], known: Bool) {
        if let read = readKanji.withLock({ $0[kanji] }) { return read }
        let text = String(kanji)
        let reading = NameFolding.readingKey(text)
        let read = (morae(reading ?? NameFolding.romajiKey(NameFolding.transliterated(text))), reading != nil)
        readKanji.withLock { $0[kanji] = read }
        return read
    }

    static let readKanji = Locked<[Character: (morae: [String], known: Bool)]>([:])

    /// Romaji cut after each vowel, and after an "n" that no vowel follows.
    static func morae(_ romaji: String) -> [String] {
        var out: [String] = []
        var current = ""
        let letters = Array(romaji)
        for (index, letter) in letters.enumerated() {
            current.append(letter)
            let isVowel = "aeiou".contains(letter)
            let next = index + 1 < letters.count ? letters[index + 1] : nil
            let syllabicN = letter == "n" && current == "n" && !(next.map { "aeiouy".contains($0) } ?? false)
            if isVowel || syllabicN || !letter.isLetter {
                out.append(current)
                current = ""
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// Neighbouring syllables joined ("bei", "jing", "huan" → "beijing", "jinghuan"), and each
    /// syllable alone, marked ("1bei"): a pair says which song, a lone syllable still counts for a
    /// little where a word left out or moved has broken its pairs.
    static func pairs(_ syllables: [String]) -> [String] {
        var keys: [String] = []
        for (place, syllable) in syllables.enumerated() {
            keys.append(syllableMark + syllable)
            if place + 1 < syllables.count { keys.append(syllable + syllables[place + 1]) }
        }
        return keys
    }

    /// Each Han character of a run, simplified, as a key of its own after the run's syllables: a
    /// syllable is shared by many characters (斺 and 四 are both "si"), and a rare character said
    /// right tells its song where its sound cannot.
    static func characters(_ text: String) -> [String] {
        NameFolding.simplified(text).unicodeScalars.filter(Script.isHan).map {
            characterMark + String($0.value, radix: 16)
        }
    }

    /// Marks a Han character's key ("2u" and its code point in hex: no folded word starts so).
    static let characterMark = "2u"

    /// Whether a key stands for a word or syllable as heard (not a character's identity).
    static func isHeard(_ key: some StringProtocol) -> Bool { !key.hasPrefix(characterMark) }

    /// Marks a lone CJK syllable's key (no folded word starts with a digit and a letter).
    static let syllableMark = "1"
}

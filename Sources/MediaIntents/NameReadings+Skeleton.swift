import Foundation

/// English names said in katakana (ファーストラブ for "First Love", レモン for "Lemon"): both sides
/// brought to the consonants a Japanese speaker keeps, so the vowels Japanese adds, the r it drops
/// after a vowel and the sounds it merges stop mattering.
///
///     NameFolding.soundSkeleton(katakana: "ファーストラブ") == "fstrb"
///     NameFolding.soundSkeletons(english: "1 love").contains("fstrb")
extension NameFolding {
    /// The consonant skeleton of a name written in katakana (nil for other text or one too short
    /// to tell names apart).
    public static func soundSkeleton(katakana text: String, minimumConsonants: Int = 5) -> String? {
        guard !loanwordSpellings(text).isEmpty,
            let romaji = transform(text, "Katakana-Latin; Latin-ASCII")?.lowercased()
        else { return nil }
        return skeleton(Array(romaji.filter(\.isLetter)), dropsRAfterVowel: false, minimum: minimumConsonants)
    }

    /// The consonant skeleton of a name written in Cyrillic, as a Russian speaker writes a foreign
    /// name by its sound («Майкл Джексон», «Майкла Джексона» → "mkrsksn", as "Michael Jackson"):
    /// дж is one sound (j), й, ь and ъ are not consonants here, and the rest is ICU's
    /// transliteration. Endings that are vowels drop out with the vowels, so most cases agree.
    public static func soundSkeleton(cyrillic text: String, minimumConsonants: Int = 5) -> String? {
        guard text.unicodeScalars.contains(where: Script.isCyrillic) else { return nil }
        // The w and y it writes are dropped by the skeleton, as English's own are.
        var said = englishSounds(cyrillic: text)
        for (from, to) in [("ж", "zh"), ("ч", "ch")] {
            said = said.replacingOccurrences(of: from, with: to)
        }
        guard let latin = transform(said, "Cyrillic-Latin; Latin-ASCII")?.lowercased() else { return nil }
        return skeleton(Array(latin.filter(\.isLetter)), dropsRAfterVowel: false, minimum: minimumConsonants)
    }

    /// How an English name said in Russian may be spelled back in Latin letters, for names too
    /// short for a skeleton («Квин» → "kwin" for Queen, «Битлов» → "bitls" for the Beatles): ICU's
    /// transliteration with в after a consonant as w, and a word Russian declined (its Snowball
    /// stem shorter than it) as the English plural a band's name often is. None for text without
    /// Cyrillic.
    public static func cyrillicLoanwordSpellings(_ text: String) -> [String] {
        guard text.unicodeScalars.contains(where: Script.isCyrillic) else { return [] }
        let words = englishSounds(cyrillic: text).split(whereSeparator: \.isWhitespace).map(String.init)
        func latin(_ word: String) -> String {
            tokens(transform(word, "Cyrillic-Latin; Latin-ASCII") ?? word).joined()
        }
        let plain = words.map(latin).joined(separator: " ")
        var spellings = plain.isEmpty ? [] : [plain]
        let plural = words.map { word -> String in
            let stem = stem(word)
            return stem.count < word.count && stem.count >= 3 ? latin(stem) + "s" : latin(word)
        }.joined(separator: " ")
        if !plural.isEmpty, plural != plain { spellings.append(plural) }
        return spellings
    }

    /// A name written in Cyrillic, lower-cased, with the letters a Russian speaker writes English
    /// sounds with made plain: дж as j, й as y, ь and ъ gone, ё as e, and в after a consonant as
    /// w, which it most often is in an English name («Флитвуд» Fleetwood, «Эдвард», «Свифт»).
    private static func englishSounds(cyrillic text: String) -> String {
        var said = text.lowercased()
        for (from, to) in [("дж", "j"), ("й", "y"), ("ь", ""), ("ъ", ""), ("ё", "e")] {
            said = said.replacingOccurrences(of: from, with: to)
        }
        return said.replacingOccurrences(of: "([бгдзклмнпрстфхцшщ])в", with: "$1w", options: .regularExpression)
    }

    /// The consonant skeletons of a name's key in Latin letters, as English spells it: a number
    /// the key holds as digits in each of its spellings ("1 love" is "one love" and "first love");
    /// empty when it holds other letters or too few consonants.
    public static func soundSkeletons(english key: String, minimumConsonants: Int = 5) -> [String] {
        let whole = skeletons(english: key, minimumConsonants: minimumConsonants)
        // "The Beatles" is said «Битлз» and ビートルズ: the article is not said in another language.
        guard key.hasPrefix("the "), key.count > 4 else { return whole }
        let bare = skeletons(english: String(key.dropFirst(4)), minimumConsonants: minimumConsonants)
        return whole + bare.filter { !whole.contains($0) }
    }

    private static func skeletons(english key: String, minimumConsonants: Int) -> [String] {
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return [] }
        var spellings = [""]
        for word in key.split(separator: " ") {
            let forms = numberSpellings[String(word)] ?? [String(word)]
            guard spellings.count * forms.count <= 8 else { return [] }
            // A silent final e goes word by word ("love" → "lov").
            // A silent k goes too ("knows"), and the gh of "light" and "night".
            // "Of" is said "ov" (カインド・オブ・ブルー); a word's last "ts" is one sound, as ツ is
            // ("lights", ライツ; inside a word it is ト and ス: "footsteps", フットステップス).
            let spoken = forms.map { form -> String in
                var word = form.hasPrefix("kn") ? String(form.dropFirst()) : form
                if word == "of" { word = "ov" }
                word = word.replacingOccurrences(of: "igh", with: "i")
                if word.hasSuffix("ts") { word.removeLast() }
                return word.count > 2 && word.hasSuffix("e") ? String(word.dropLast()) : word
            }
            spellings = spellings.flatMap { before in spoken.map { before + $0 } }
        }
        return spellings.compactMap {
            skeleton(Array($0.filter(\.isLetter)), dropsRAfterVowel: true, minimum: minimumConsonants)
        }
    }

    /// A number's words, by its digits ("1" → one, first), from the English number words.
    static let numberSpellings: [String: [String]] = {
        var out: [String: [String]] = [:]
        for (word, value) in NumberWords.english.words where value < 100 { out[String(value), default: []].append(word) }
        return out.mapValues { $0.sorted() }
    }()

    /// Vowels, h, w and y dropped; sounds Japanese does not tell apart merged (l and r, v and b,
    /// th and s, sh and s, ch and t, c as k or s, j, z and s); doubled consonants as one; a
    /// silent k before n at a word's start. English drops
    /// an r after a vowel before a consonant or at the end ("first" → "fist").
    private static func skeleton(_ letters: [Character], dropsRAfterVowel: Bool, minimum: Int) -> String? {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        var out: [Character] = []
        var index = 0
        while index < letters.count {
            let letter = letters[index]
            let next = index + 1 < letters.count ? letters[index + 1] : nil
            var mapped: Character? = letter
            switch letter {
            case "a", "e", "i", "o", "u", "h", "w", "y": mapped = nil
            case "l": mapped = "r"
            case "v": mapped = "b"
            case "q": mapped = "k"
            case "j", "z": mapped = "s"
            case "c":
                if next == "h" {
                    // English "ch" before r, l or "ae" is a k (Christine, Michael); else as in "church".
                    let after = Array(letters.dropFirst(index + 2).prefix(2))
                    let hard = after.first.map { "rl".contains($0) } == true || after == ["a", "e"]
                    mapped = hard && dropsRAfterVowel ? "k" : "t"
                    index += 1
                } else {
                    mapped = next.map { "eiy".contains($0) } == true ? "s" : "k"
                }
            case "t" where next == "h", "s" where next == "h":
                mapped = "s"
                index += 1
            case "t" where next == "s" && !dropsRAfterVowel:
                // Japanese "tsu" (ツ) is one sound.
                mapped = "t"
                index += 1
            case "p" where next == "h":
                mapped = "f"
                index += 1
            case "x":
                out.append("k")
                mapped = "s"
            case "r" where dropsRAfterVowel:
                let afterVowel = index > 0 && vowels.contains(letters[index - 1])
                let beforeVowel = next.map { vowels.contains($0) || $0 == "y" } ?? false
                if afterVowel && !beforeVowel { mapped = nil }
            default: break
            }
            if let mapped, out.last != mapped { out.append(mapped) }
            index += 1
        }
        // Fewer consonants than `minimum` (5 for what is indexed) are shared by too many names to
        // tell them apart ("mstr").
        return out.count >= minimum ? String(out) : nil
    }
}

/// English names said in katakana (ファーストラブ for "First Love", レモン for "Lemon"): both sides
/// brought to the consonants a Japanese speaker keeps, so the vowels Japanese adds, the r it drops
/// after a vowel and the sounds it merges stop mattering.
///
///     NameFolding.soundSkeleton(katakana: "ファーストラブ") == "fstrb"
///     NameFolding.soundSkeletons(english: "1 love").contains("fstrb")
extension NameFolding {
    /// The consonant skeleton of a name written in katakana (nil for other text or one too short
    /// to tell names apart).
    public static func soundSkeleton(katakana text: String) -> String? {
        guard !loanwordSpellings(text).isEmpty,
            let romaji = transform(text, "Katakana-Latin; Latin-ASCII")?.lowercased()
        else { return nil }
        return skeleton(Array(romaji.filter(\.isLetter)), dropsRAfterVowel: false)
    }

    /// The consonant skeletons of a name's key in Latin letters, as English spells it: a number
    /// the key holds as digits in each of its spellings ("1 love" is "one love" and "first love");
    /// empty when it holds other letters or too few consonants.
    public static func soundSkeletons(english key: String) -> [String] {
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return [] }
        var spellings = [""]
        for word in key.split(separator: " ") {
            let forms = numberSpellings[String(word)] ?? [String(word)]
            guard spellings.count * forms.count <= 8 else { return [] }
            // A silent final e goes word by word ("love" → "lov").
            // A silent k goes too ("knows").
            let spoken = forms.map { form -> String in
                let word = form.hasPrefix("kn") ? String(form.dropFirst()) : form
                return word.count > 2 && word.hasSuffix("e") ? String(word.dropLast()) : word
            }
            spellings = spellings.flatMap { before in spoken.map { before + $0 } }
        }
        return spellings.compactMap { skeleton(Array($0.filter(\.isLetter)), dropsRAfterVowel: true) }
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
    private static func skeleton(_ letters: [Character], dropsRAfterVowel: Bool) -> String? {
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
                    mapped = "t"
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
        // Fewer consonants than this are shared by too many names to tell them apart ("mstr").
        return out.count >= 5 ? String(out) : nil
    }
}

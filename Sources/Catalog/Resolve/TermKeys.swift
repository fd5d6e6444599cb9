/// Keys that find a word again when a speech recogniser got it slightly wrong. Every indexed word
/// is filed under its sound ("p:" and a consonant skeleton: "night" and "knight" are both "p:nt",
/// "write" and "right" both "p:rt") and under itself and each form with one letter deleted ("d:…",
/// the symmetric-delete method: two words one edit apart always share a key). A said word looks up
/// the same keys it would be filed under.
public enum TermKeys {
    /// Words shorter than this are filed by sound only; their one-letter deletions are too common.
    static let minimumDeleteLength = 3
    /// Words longer than this are filed as written only: no title has such words misheard by one
    /// letter, and each of a word's deletions costs its length (a 4,000-letter word cost seconds).
    static let maximumDeleteLength = 40

    public static func keys(_ word: String) -> [String] {
        var keys = ["d:" + word]
        let sound = phonetic(word)
        if !sound.isEmpty { keys.append("p:" + sound) }
        // "sk8er" sounds like "skater": a word mixing digits and letters is also filed by the sound
        // of its digits spelled out.
        if let spelled = spelledDigits(word) {
            let spelledSound = phonetic(spelled)
            if !spelledSound.isEmpty, spelledSound != sound { keys.append("p:" + spelledSound) }
        }
        let letters = Array(word)
        if (minimumDeleteLength...maximumDeleteLength).contains(letters.count) {
            var seen = Set<String>()
            for index in letters.indices {
                var shorter = letters
                shorter.remove(at: index)
                let text = String(shorter)
                if seen.insert(text).inserted { keys.append("d:" + text) }
            }
        }
        return keys
    }

    /// A rough English sound key: silent letters dropped, letters that sound alike merged, vowels
    /// after the first letter dropped, repeats collapsed.
    public static func phonetic(_ word: String) -> String {
        var text = Array(word.lowercased().utf8)
        guard text.allSatisfy({ $0 < 0x80 }) else { return "" }
        func starts(_ prefix: String) -> Bool { text.starts(with: prefix.utf8) }
        for (prefix, replacement) in prefixes where starts(prefix) {
            text = Array(replacement.utf8) + text.dropFirst(prefix.utf8.count)
        }
        for (from, to) in replacements { text = replace(text, Array(from.utf8), Array(to.utf8)) }
        var out: [UInt8] = []
        var last: UInt8 = 0
        for (index, byte) in text.enumerated() {
            let mapped: UInt8
            switch byte {
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"),
                UInt8(ascii: "y"), UInt8(ascii: "h"), UInt8(ascii: "w"):
                if index == 0 {
                    mapped = UInt8(ascii: "a")
                } else {
                    last = 0
                    continue
                }
            case UInt8(ascii: "c"), UInt8(ascii: "q"), UInt8(ascii: "k"), UInt8(ascii: "g"): mapped = UInt8(ascii: "k")
            case UInt8(ascii: "z"), UInt8(ascii: "s"): mapped = UInt8(ascii: "s")
            case UInt8(ascii: "d"), UInt8(ascii: "t"): mapped = UInt8(ascii: "t")
            case UInt8(ascii: "v"), UInt8(ascii: "f"): mapped = UInt8(ascii: "f")
            default: mapped = byte
            }
            if mapped != last { out.append(mapped) }
            last = mapped
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A word of letters with digits 0–9 inside it, its digits spelled ("sk8er" → "skeighter",
    /// "4ever" → "fourever"); nil for a word that is not such a mix. Other numerals (十, ⑩, ½)
    /// are left as they are.
    public static func spelledDigits(_ word: String) -> String? {
        func digit(_ character: Character) -> Int? {
            character.isASCII ? character.wholeNumberValue : nil
        }
        guard word.contains(where: { digit($0) != nil }), word.contains(where: \.isLetter) else { return nil }
        let names = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        return word.map { character in digit(character).map { names[$0] } ?? String(character) }.joined()
    }

    static let prefixes = [("kn", "n"), ("wr", "r"), ("gn", "n"), ("ps", "s"), ("wh", "w")]
    static let replacements = [
        ("tch", "ch"), ("ph", "f"), ("gh", ""), ("ck", "k"), ("qu", "kw"), ("x", "ks"), ("ce", "se"), ("ci", "si"),
        ("cy", "sy"), ("dg", "j"),
    ]

    private static func replace(_ text: [UInt8], _ from: [UInt8], _ to: [UInt8]) -> [UInt8] {
        guard let first = from.first, text.contains(first) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 2)
        var index = 0
        while index < text.count {
            if text[index] == first, index + from.count <= text.count, Array(text[index..<index + from.count]) == from {
                out += to
                index += from.count
            } else {
                out.append(text[index])
                index += 1
            }
        }
        return out
    }
}

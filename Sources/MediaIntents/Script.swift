/// The writing systems Hark tells apart, by Unicode block: the one place their ranges are written.
public enum Script {
    /// Cyrillic letters (Russian and its neighbours).
    public static func isCyrillic(_ scalar: Unicode.Scalar) -> Bool { (0x0400...0x04FF).contains(scalar.value) }

    /// Hiragana and katakana, with their marks (the long vowel mark ー, the middle dot ・).
    public static func isKana(_ scalar: Unicode.Scalar) -> Bool { (0x3040...0x30FF).contains(scalar.value) }

    /// Katakana, with the long vowel mark, and not the middle dot: the letters of one loanword or
    /// foreign name ("ライブ", "ビートルズ").
    public static func isKatakanaLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x30A1...0x30FC).contains(scalar.value) && scalar.value != kanaMiddleDot
    }

    /// The katakana middle dot, which separates words in a name ("ハリー・ポッター").
    public static let kanaMiddleDot: UInt32 = 0x30FB

    /// Han ideographs: the unified block, extension A and the compatibility ideographs.
    public static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF: return true
        default: return false
        }
    }

    /// Hangul syllables.
    public static func isHangul(_ scalar: Unicode.Scalar) -> Bool { (0xAC00...0xD7AF).contains(scalar.value) }

    /// Whether `text` has letters of a script other than Latin (Greek onwards: «Битлз», ビートルズ,
    /// 周杰伦), so a foreign name in it may be written by its sound.
    public static func hasLettersBeyondLatin(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic && $0.value >= 0x0370 }
    }

    /// Latin letters, with the accented ones of Western and Central Europe.
    public static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: return true
        default: return false
        }
    }
}

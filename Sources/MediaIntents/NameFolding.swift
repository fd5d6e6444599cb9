import Foundation

/// The one way names are compared everywhere in Hark: the catalog's keys, the resolver's
/// queries and the evaluation's scoring all fold text through here.
///
///     NameFolding.key("Eighty-First Street (Remastered 2011)") == "81 street remastered 2011"
///     NameFolding.core("Skyfall (feat. Someone) - Radio Edit") == "Skyfall"
public enum NameFolding {
    /// Folded words that join two artists of one credit ("Field Mob with Ciara", "… feat. Ciara"):
    /// said or printed, they are no artist's words.
    public static let creditJoiners: Set<Substring> = ["with", "and", "feat", "featuring", "ft", "x", "с", "и", "со"]

    /// Whether every artist's word of the folded `said` credit is a word of the folded `credit`
    /// ("field mob with ciara" of "field mob featuring ciara"); false for fewer than two words.
    public static func creditHolds(_ credit: String, said: String) -> Bool {
        let saidWords = said.split(separator: " ").filter { $0 != "the" && !creditJoiners.contains($0) }
        guard saidWords.count > 1 else { return false }
        let words = Set(credit.split(separator: " "))
        return saidWords.allSatisfy(words.contains)
    }

    /// Case-folded, diacritics and width removed, punctuation gone, "&" as "and",
    /// English number words and ordinals as digits, whitespace collapsed.
    ///
    /// Names in other scripts are transliterated to Latin first, so a name matches however it is
    /// written: "Сектор Газа" and "Sektor Gaza" have the same key.
    public static func key(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return NumberWords.english.digitize(tokens(text)).joined(separator: " ")
        }
        let words = tokens(transliterated(text))
        // English number words only in Latin-script names: "Тень" is "ten'" in Latin letters, not 10.
        let latinScript = !text.unicodeScalars.contains { $0.value >= 0x0370 && $0.properties.isAlphabetic }
        return (latinScript ? NumberWords.english.digitize(words) : words).joined(separator: " ")
    }

    /// Any script in Latin letters, by ICU's transliterators ("北京" → "bei jing").
    public static func transliterated(_ text: String) -> String {
        let spaced = syllableSpaced(text)
        return transform(spaced, "Any-Latin; Latin-ASCII") ?? spaced
    }

    /// `text` through one of ICU's transforms ("Any-Latin; Latin-ASCII", "Hiragana-Katakana"), one
    /// call at a time (`icu`); nil when ICU cannot apply it.
    static func transform(_ text: String, _ id: String) -> String? {
        icu.withLock { text.applyingTransform(StringTransform(rawValue: id), reverse: false) }
    }

    /// Han characters and kana written apart, so each becomes a word of its own in Latin letters
    /// ("声いラしる" → "sheng i ra shi ru", not "shengirashiru"): one misheard syllable then spoils one
    /// word, not the whole name. Small kana, the long vowel mark and the sokuon stay with their
    /// neighbours (シュ, ビー, ッテ).
    static func syllableSpaced(_ text: String) -> String {
        var out = ""
        var previousJoinsNext = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isHan = Script.isHan(scalar)
            // Kana letters, not the marks after them (・ ー ヽ ヾ ヿ).
            let isKana = Script.isKana(scalar) && value < Script.kanaMiddleDot
            if isHan || isKana {
                let attaches = attachingKana.contains(scalar)
                if !attaches && !previousJoinsNext { out.append(" ") }
                out.unicodeScalars.append(scalar)
                previousJoinsNext = scalar == "ッ" || scalar == "っ"
                if !attaches && !previousJoinsNext, isHan { out.append(" ") }
            } else {
                if previousJoinsNext { previousJoinsNext = false }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Kana that belong to the syllable before them.
    static let attachingKana: Set<Unicode.Scalar> = Set("ァィゥェォャュョヮぁぃぅぇぉゃゅょゎーヽヾゝゞ".unicodeScalars)

    /// Foundation's ICU transforms and folding on Linux share state between threads (an import
    /// folds names on two threads at once, and crashed in the heap without this), so they run one
    /// at a time.
    /// (A lock with nothing in it: `Locked<Void>` would put its empty value at its lock's address,
    /// which ThreadSanitizer reports as a race.)
    static let icu = NSLock()

    /// Folded words without number rewriting, for scoring text that is not a name.
    public static func tokens(_ text: String) -> [String] {
        if let ascii = asciiTokens(text) { return ascii }
        // ICU folding is slow; plain ASCII only needs lower-casing.
        let folded =
            text.utf8.allSatisfy({ $0 < 0x80 })
            ? text.lowercased()
            : icu.withLock {
                text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            }
        var out: [String] = []
        var current = ""
        var previous: Character = " "
        let scalars = Array(folded)
        for (index, ch) in scalars.enumerated() {
            if ch.isLetter || ch.isNumber {
                current.append(ch)
            } else if ch == "'" || ch == "’" {
                // "don't" stays one word, a quote mark around a word goes.
            } else if ch == "." || ch == ":", previous.isNumber, index + 1 < scalars.count, scalars[index + 1].isNumber
            {
                current.append(ch)
            } else {
                if !current.isEmpty { out.append(current) }
                current = ""
                if ch == "&" || ch == "+" { out.append("and") }
            }
            previous = ch
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// `tokens` for plain ASCII text, byte by byte (nil for anything else).
    static func asciiTokens(_ text: String) -> [String]? {
        var out: [String] = []
        var current: [UInt8] = []
        var previous: UInt8 = 32
        let bytes = Array(text.utf8)
        func flush() {
            if !current.isEmpty { out.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        for (index, byte) in bytes.enumerated() {
            guard byte < 0x80 else { return nil }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "'"): break
            case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "@"):
                // A letter written as a sign: "P!nk" is Pink, "Ke$ha" Kesha, "A$AP" ASAP; "Help!" ends a word.
                let starts = byte == UInt8(ascii: "$") && current.isEmpty
                if index + 1 < bytes.count, isLetter(bytes[index + 1]), isLetter(previous) || starts {
                    current.append(byte == UInt8(ascii: "!") ? UInt8(ascii: "i") : byte == UInt8(ascii: "$") ? UInt8(ascii: "s") : UInt8(ascii: "a"))
                } else {
                    flush()
                }
            case UInt8(ascii: "."), UInt8(ascii: ":"):
                // "1:30" and "89.1" stay one word.
                if isDigit(previous), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
                    current.append(byte)
                } else {
                    flush()
                }
            default:
                flush()
                if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "+") { out.append("and") }
            }
            previous = byte
        }
        flush()
        return out
    }

    /// The case forms of a Russian noun, from its dictionary form, by its ending: "музыка" →
    /// музыки, музыке, музыку, музыкой…; "спотифай" → спотифая, спотифаю, спотифаем, спотифае;
    /// "плеер" → плеера, плееру, плеером, плеере. Words in -о/-е/-и/-у and non-Cyrillic words are
    /// left as they are (most are indeclinable loans: радио, кино). Lets a list of names
    /// (apps, playlists) match "в Яндекс.Музыке" without a dictionary.
    public static func russianCaseForms(_ word: String) -> [String] {
        let lower = word.lowercased()
        guard let last = lower.last, lower.count >= 2,
            lower.unicodeScalars.allSatisfy(Script.isCyrillic)
        else { return [lower] }
        let stem = String(lower.dropLast())
        let endings: [String]
        switch last {
        case "а": endings = ["ы", "и", "е", "у", "ой", "ою"]
        case "я": endings = ["и", "е", "ю", "ей", "ею"]
        case "ь": endings = ["я", "ю", "ем", "е", "и", "ью"]
        case "й": endings = ["я", "ю", "ем", "е"]
        case "о", "е", "ё", "и", "у", "ю", "ы", "э": return [lower]
        default: return [lower] + ["а", "у", "ом", "е"].map { lower + $0 }
        }
        return [lower] + endings.map { stem + $0 }
    }

    /// Whether the folded key `outer` holds the folded name `name`: word by word where names are
    /// spelled in words ("the beatles" holds "beatles", "beat" it does not), anywhere where they run
    /// together (涅槃乐队 in 我不要涅槃乐队的); or their compact forms are one ("acdc", "ac dc").
    public static func holds(_ outer: String, name: String) -> Bool {
        guard !name.isEmpty, !outer.isEmpty else { return false }
        if name.utf8.allSatisfy({ $0 < 0x80 }) ? " \(outer) ".contains(" \(name) ") : outer.contains(name) { return true }
        return compact(key: outer) == compact(key: name)
    }

    /// Whether a title is the name `key` (a folded key): as printed, or without its version notes
    /// ("Come Together (Remastered 2009)" is "come together").
    public static func isTitle(_ title: String, key: String) -> Bool {
        self.key(title) == key || self.key(core(title)) == key
    }

    /// The title without what people leave out when they say it: bracketed or dashed version
    /// notes ("Remastered 2011", "Live", "Radio Edit"), "(feat. …)", soundtrack notes.
    public static func core(_ title: String) -> String {
        // Most titles carry no note at all.
        guard title.contains(where: { $0 == "(" || $0 == "[" || $0 == "-" || $0 == "f" || $0 == "F" }) else {
            return trimmed(title)
        }
        var text = title
        // Bracketed parts that are notes about the recording, not part of the name.
        while let open = text.lastIndex(where: { $0 == "(" || $0 == "[" }) {
            let close = text[open...].firstIndex(where: { $0 == ")" || $0 == "]" }) ?? text.endIndex
            let inner = text[text.index(after: open)..<close]
            guard isNote(String(inner)) else { break }
            let after = close == text.endIndex ? close : text.index(after: close)
            text.removeSubrange(open..<after)
        }
        // " - Remastered 2011", " - Live at Wembley".
        if let dash = text.range(of: " - ", options: .backwards), isNote(String(text[dash.upperBound...])) {
            text = String(text[..<dash.lowerBound])
        }
        // A trailing "feat. X" without brackets.
        for marker in [" feat. ", " feat ", " ft. ", " featuring "] {
            if let range = text.range(of: marker, options: .caseInsensitive) {
                text = String(text[..<range.lowerBound])
            }
        }
        let result = trimmed(text)
        return result.isEmpty ? title : result
    }

    /// `text` without leading and trailing white space (without Foundation's bridging cost).
    public static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        if first == text.startIndex, text.index(after: last) == text.endIndex { return text }
        return String(text[first...last])
    }

    /// Words that mark a bracketed or dashed part as a note about the recording.
    static let noteWords: Set<String> = [
        "remaster", "remastered", "live", "edit", "version", "mix", "remix", "acoustic", "mono", "stereo",
        "demo", "feat", "ft", "featuring", "with", "soundtrack", "deluxe", "edition", "explicit", "clean",
        "instrumental", "single", "extended", "original", "from", "bonus", "anniversary", "unplugged", "take",
    ]

    static func isNote(_ text: String) -> Bool {
        tokens(text).contains { noteWords.contains($0) }
    }
}

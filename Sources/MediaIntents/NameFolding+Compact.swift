import Foundation

/// A name's compact key: what is left of it once the parts people leave out or say another way are
/// set aside, so that a name said plainly meets the name as printed.
///
///     NameFolding.compactKey("I Wanna Dance With Somebody (Who Loves Me)") == "iwannadancewithsomebody"
///     NameFolding.compactKey("Girl & Tiger") == "girltiger"          // said "girl tiger", "girl and tiger"
///     NameFolding.compactKey("a-ha") == "aha"                        // said "aha"
///     NameFolding.compactKey("24K Magic") == "24kmagic"              // said "twenty four k magic"
///     NameFolding.compactKey("The Winter Saints") == "wintersaints"  // said with or without "the"
///
/// Two names with one compact key are the same name said two ways: the resolver counts such a
/// match as exact (`SaidName.similarity`), and the catalog keeps each item's compact key in an
/// index so a name said plainly finds it at once.
extension NameFolding {
    /// The compact key of a printed name: bracketed parts and a dashed suffix dropped (whatever
    /// they say: "(Who Loves Me)", "- Remastered 2015"), then folded by `key` (digits for number
    /// words, "&" as "and"), then `compact(key:)`.
    public static func compactKey(_ name: String, key: (String) -> String = NameFolding.key) -> String {
        let bare = withoutSubtitles(name)
        let folded = key(bare.isEmpty ? name : bare)
        return compact(key: folded.isEmpty ? key(name) : folded)
    }

    /// The compact form of a key that is already folded (a said name's, or an alias's): the words
    /// "and" and "n" (as in "Guns N' Roses") and a leading "the" left out, and the rest written
    /// without spaces, so "a ha", "24 k" and "19 84" meet "aha", "24k" and "1984". A key that would
    /// be left empty keeps its words.
    public static func compact(key: String) -> String {
        var words = key.split(separator: " ")
        words.removeAll { $0 == "and" || $0 == "n" }
        if words.count > 1, words[0] == "the" { words.removeFirst() }
        let joined = words.joined()
        return joined.isEmpty ? key.split(separator: " ").joined() : joined
    }

    /// The name without any bracketed part and without a dashed suffix: "(I Can't Get No)
    /// Satisfaction" → "Satisfaction", "Here Comes the Sun - Remastered 2009" → "Here Comes the Sun".
    /// (The name with its brackets is the item's title key, so both ways of saying it are kept.)
    static func withoutSubtitles(_ name: String) -> String {
        var out = ""
        var depth = 0
        for character in name {
            switch character {
            case "(", "[", "（", "【": depth += 1
            case ")", "]", "）", "】": depth = max(depth - 1, 0)
            default: if depth == 0 { out.append(character) }
            }
        }
        for dash in [" - ", " – ", " — "] {
            if let range = out.range(of: dash) { out = String(out[..<range.lowerBound]) }
        }
        return trimmed(out)
    }
}

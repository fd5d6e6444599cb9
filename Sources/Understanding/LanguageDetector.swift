import Foundation

/// Picks the language of a request that came without a tag: by script first (Cyrillic, kana, Han,
/// Hangul), then, for Latin script, by which grammar knows more of its words.
struct LanguageDetector: Sendable {
    /// Folded words each Latin-script grammar uses, by language.
    let vocabularies: [String: Set<String>]
    let fallback: String

    func detect(_ text: String) -> String {
        var cyrillic = 0, kana = 0, han = 0, hangul = 0, latin = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0400...0x04FF: cyrillic += 1
            case 0x3040...0x30FF: kana += 1
            case 0x4E00...0x9FFF, 0x3400...0x4DBF: han += 1
            case 0xAC00...0xD7AF: hangul += 1
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: latin += 1
            default: break
            }
        }
        if cyrillic > 0, cyrillic >= latin / 2 { return "ru" }
        if kana > 0 { return "ja" }
        if han > 0 {
            // Traditional characters change when converted to simplified ones.
            let simplified = text.applyingTransform(StringTransform(rawValue: "Hant-Hans"), reverse: false) ?? text
            return simplified == text ? "zh-Hans" : "zh-Hant"
        }
        if hangul > 0 { return "ko" }
        let words = Token.split(text).map(\.folded)
        guard !words.isEmpty else { return fallback }
        var best = fallback
        var bestHits = 0
        for (language, known) in vocabularies.sorted(by: { $0.key < $1.key }) {
            let hits = words.filter(known.contains).count
            if hits > bestHits || (hits == bestHits && language == fallback) {
                best = language
                bestHits = hits
            }
        }
        return best
    }
}

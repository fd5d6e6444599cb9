import Foundation
import MediaIntents

/// Picks the language of a request that came without a tag: by script first (Cyrillic, kana, Han,
/// Hangul), then, for Latin script, by which grammar knows more of its words.
struct LanguageDetector: Sendable {
    /// Folded words each Latin-script grammar uses, by language.
    let vocabularies: [String: Set<String>]
    /// Every word of each Latin-script grammar (shared ones too), for a request's opening word.
    var openingWords: [String: Set<String>] = [:]
    let fallback: String

    func detect(_ text: String) -> String {
        var counts: [String: Int] = [:]
        for scalar in text.unicodeScalars {
            if let script = Self.script(of: scalar) { counts[script, default: 0] += 1 }
        }
        let cyrillic = counts["ru"] ?? 0, kana = counts["ja"] ?? 0, han = counts["zh"] ?? 0
        let hangul = counts["ko"] ?? 0, latin = counts["latin"] ?? 0
        // "play Кино", "play 感電": a request that opens with a Latin-script grammar's word is in
        // that language, whatever script the name it asks for is written in.
        if cyrillic + kana + han + hangul > 0, let opening = latinOpening(text) { return opening }
        if cyrillic > 0, cyrillic >= latin / 2 { return "ru" }
        if kana > 0 { return "ja" }
        if han > 0 {
            // Traditional characters change when converted to simplified ones (OpenCC's t2s).
            return ChineseScript.shared.isTraditional(text) ? "zh-Hant" : "zh-Hans"
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

    /// The scripts a text is written in, as the languages that write them: "ru" for Cyrillic, "ja"
    /// for kana, "zh" for Han characters, "latin" for Latin letters.
    static func scripts(_ text: String) -> Set<String> { Set(text.unicodeScalars.compactMap(script(of:))) }

    /// The script a character belongs to, named as above; nil for digits, punctuation and the rest.
    static func script(of scalar: Unicode.Scalar) -> String? {
        if Script.isCyrillic(scalar) { return "ru" }
        if Script.isKana(scalar) { return "ja" }
        if Script.isHan(scalar) { return "zh" }
        if Script.isHangul(scalar) { return "ko" }
        if Script.isLatinLetter(scalar) { return "latin" }
        return nil
    }

    /// Languages worth reading a mixed-script request in: the one each script suggests, and the
    /// Latin-script language its first word opens (empty for a text in one script).
    func candidates(_ text: String) -> [String] {
        let scripts = Self.scripts(text)
        guard scripts.count > 1 || (scripts.contains("zh") && !scripts.contains("ja")) else { return [] }
        var found: [String] = []
        if scripts.contains("ru") { found.append("ru") }
        if scripts.contains("ja") { found.append("ja") }
        if scripts.contains("zh") {
            found.append(ChineseScript.shared.isTraditional(text) ? "zh-Hant" : "zh-Hans")
            // Japanese written with kanji alone ("音楽再生") is read as Japanese too.
            if !scripts.contains("ja") { found.append("ja") }
        }
        if let opening = latinOpening(text) { found.append(opening) }
        return found
    }

    /// The Latin-script language whose grammar knows the request's first word (the one that knows
    /// most of its words when several do), or nil.
    func latinOpening(_ text: String) -> String? {
        let words = Token.split(text).map(\.folded)
        // "80年代的歌": digits are no language's word.
        guard let first = words.first, first.unicodeScalars.contains(where: { $0.properties.isAlphabetic }),
            first.unicodeScalars.allSatisfy({ $0.isASCII || (0xC0...0x24F).contains($0.value) })
        else { return nil }
        let candidates = openingWords.filter { $0.value.contains(first) }
        return candidates.max { left, right in
            let a = words.filter(left.value.contains).count, b = words.filter(right.value.contains).count
            return a != b ? a < b : (right.key == fallback || (left.key != fallback && left.key > right.key))
        }?.key
    }
}

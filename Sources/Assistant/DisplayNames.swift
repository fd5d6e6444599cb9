import MediaIntents
import Understanding

/// How a reply names an item in the request's language: the catalog's alias in that language's
/// script when the main name is in another one ("Tuman" is «Туман» in Russian, "Billie Eilish" is
/// ビリー・アイリッシュ in Japanese), and, in Russian, the artist in the genitive ("песни Земфиры",
/// "«Туман» группы «Сектор Газа»").
enum DisplayNames {
    /// The name to say: `name` when it is already in the language's script, else the first alias that is.
    static func pick(_ name: String, aliases: [String]?, language: String) -> String {
        guard let script = LanguageScript(language: language) else { return name }
        // Japanese prefers a name with kana: a Han-only alias may be the Chinese one (傲慢与偏见 beside 高慢と偏見).
        let kana = script == .japanese ? aliases?.first { $0.unicodeScalars.contains(where: Script.isKana) } : nil
        // A Han-only alias in simplified characters (披头士, 皇后乐队) is the Chinese name, not the Japanese one.
        // A name with kana (月の光) is the Japanese one, not the Chinese (月光).
        let fits = { (alias: String) in
            script.contains(alias) && (script != .japanese || ChineseScript.shared.traditional(alias) == alias)
                && (script != .han || !alias.unicodeScalars.contains(where: Script.isKana))
        }
        let chosen = script.contains(name) ? name : kana ?? aliases?.first(where: fits) ?? name
        return script == .han ? written(chosen, chinese: language) : chosen
    }

    /// A name in Chinese characters as a Simplified reply writes it: 米津玄師 (a Japanese name, in its
    /// own kanji) is 米津玄师 (OpenCC). A Traditional reply is made traditional whole (`ReplyComposer.say`).
    static func written(_ name: String, chinese language: String) -> String {
        guard !ReplyComposer.writesTraditional(language), name.unicodeScalars.contains(where: Script.isHan) else { return name }
        return ChineseScript.shared.simplified(name)
    }

    /// The script a language writes names in.
    enum LanguageScript {
        case cyrillic, japanese, han

        init?(language: String) {
            switch language.prefix(2) {
            case "ru", "uk", "be", "bg", "sr": self = .cyrillic
            case "ja": self = .japanese
            case "zh": self = .han
            default: return nil
            }
        }

        func contains(_ text: String) -> Bool {
            text.unicodeScalars.contains { scalar in
                switch self {
                case .cyrillic: return Script.isCyrillic(scalar)
                case .japanese: return Script.isKana(scalar) || Script.isHan(scalar)
                case .han: return Script.isHan(scalar)
                }
            }
        }
    }

    /// "Whose", in Russian: a group is "группы «Кино»" (the name stays in the nominative, in quotes
    /// when it is Cyrillic); a person with a Cyrillic name is declined ("Земфиры", "Виктора Цоя",
    /// "Аллы Пугачёвой"); a Latin-script name is left as written ("Adele"), as Russian text does.
    /// Nil when the kind is unknown and the name is Cyrillic: the caller then says "— Name".
    static func russianGenitive(_ name: String, kind: ArtistKind?) -> String? {
        let cyrillic = LanguageScript.cyrillic.contains(name)
        switch kind {
        case .group: return cyrillic ? "группы «\(name)»" : "группы \(name)"
        case .person: return cyrillic ? declinePerson(name) : name
        case nil: return cyrillic ? nil : name
        }
    }

    /// A person's name in the genitive by a small suffix model. Words are declined by their ending;
    /// a name whose first word ends in -а/-я is taken as a woman's, whose later words (surnames) then
    /// take -ой when they end in -ова/-ева/-ина and stay unchanged when they end in a consonant
    /// ("Анна Герман" → "Анны Герман"). Single consonant-final names are taken as a man's.
    static func declinePerson(_ name: String) -> String {
        let words = name.split(separator: " ").map(String.init)
        let feminine = words.count > 1 && (words[0].hasSuffix("а") || words[0].hasSuffix("я"))
        return words.enumerated().map { index, word in
            declineWord(word, surname: index > 0, feminine: feminine)
        }.joined(separator: " ")
    }

    private static func declineWord(_ word: String, surname: Bool, feminine: Bool) -> String {
        let lower = word.lowercased()
        func replacing(_ count: Int, with ending: String) -> String { String(word.dropLast(count)) + ending }
        if surname, ["ова", "ева", "ёва", "ина", "ына"].contains(where: lower.hasSuffix) {
            return replacing(1, with: "ой")
        }
        if ["ская", "цкая", "ая"].contains(where: lower.hasSuffix) { return replacing(2, with: "ой") }
        if surname, ["ский", "цкий", "кий", "гий", "хий", "ый", "ской", "цкой"].contains(where: lower.hasSuffix) {
            return replacing(2, with: "ого")
        }
        guard let last = lower.last else { return word }
        switch last {
        case "а":
            let before = lower.dropLast().last
            return replacing(1, with: before.map { "гкхжшщч".contains($0) } == true ? "и" : "ы")
        case "я": return replacing(1, with: "и")
        case "й" where lower.hasSuffix("ий"): return replacing(1, with: "я")
        case "й", "ь": return feminine ? word : replacing(1, with: "я")
        case "о", "е", "ё", "и", "у", "ю", "ы", "э": return word
        default:
            guard LanguageScript.cyrillic.contains(String(last)) else { return word }
            return feminine ? word : word + "а"
        }
    }
}

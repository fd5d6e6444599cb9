import Foundation

/// Number words of one language, read off Foundation's spell-out formatter, so "eighty-one",
/// "eighty first" and "81st" all become "81".
public struct NumberWords: Sendable {
    /// Cardinal and ordinal words to their value ("one" → 1, "first" → 1, "twenty" → 20).
    public let words: [String: Int]
    /// Words that multiply what came before ("hundred" → 100).
    public let multipliers: [String: Int]
    /// Words for a decimal point ("point", "komma"), from the language's data.
    public let decimalWords: Set<String>
    /// Words that join tens and units ("y" in "cuarenta y cinco"), from the language's data.
    public let tensJoiners: Set<String>
    /// Other forms of number words, read by the language's spell-out rules on first sight and kept:
    /// ordinals and cases («первого», «девяностых», «сорокового») in languages whose forms are too
    /// many to list. Nil for English, whose ordinals are made above.
    private let inflected: InflectedNumbers?
    private let notNumbers: Set<String>
    /// Whether a year is said as two pairs ("nineteen seventy seven" → 1977, "twenty twenty" →
    /// 2020, "nineteen oh five" → 1905), as English says one.
    private let readsYearPairs: Bool

    /// English, built once, for modules that fold names without a language's data (the catalog,
    /// name folding); the grammars build theirs from `Resources/<lang>/language.json`.
    public static let english = NumberWords(localeIdentifier: "en", decimalWords: ["point"], tensJoiners: [])

    /// - Parameters:
    ///   - decimalWords: the language's words for a decimal point, folded ("point").
    ///   - tensJoiners: the language's words between tens and units, folded ("et" in "vingt et un").
    ///   - notNumbers: folded words never read as numbers, though the spell-out rules read them
    ///     (Spanish «segundos» is "seconds" as well as "second").
    public init(
        localeIdentifier: String, decimalWords: Set<String>, tensJoiners: Set<String>, notNumbers: Set<String> = []
    ) {
        self.decimalWords = decimalWords
        self.tensJoiners = tensJoiners
        self.notNumbers = notNumbers
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: localeIdentifier)
        formatter.numberStyle = .spellOut
        var words: [String: Int] = [:]
        var multipliers: [String: Int] = [:]
        for value in 0...99 {
            // Spelled the way tokens are folded: no soft hyphens, no diacritics ("fünfundvierzig").
            guard
                let spelled = formatter.string(from: NSNumber(value: value))?.replacingOccurrences(
                    of: "\u{AD}", with: "")
            else { continue }
            let parts = spelled.split(whereSeparator: { $0 == "-" || $0 == " " }).map(String.init)
            if parts.count == 1 { words[NameFolding.tokens(parts[0]).joined()] = value }
        }
        // The word for hundred and thousand as it stands after one, two and five («тысяча»,
        // «тысячи», «тысяч»).
        for (value, times) in [(100, 1), (1000, 1), (1000, 2), (1000, 5)] {
            if let spelled = formatter.string(from: NSNumber(value: value * times)),
                let last = spelled.split(separator: " ").last, spelled.contains(" ") || times == 1
            {
                multipliers[NameFolding.tokens(String(last)).joined()] = value
            }
        }
        if localeIdentifier.hasPrefix("en") {
            for (word, value) in words where value > 0 {
                words[Self.englishOrdinal(word)] = value
            }
        }
        self.words = words
        self.multipliers = multipliers
        inflected = localeIdentifier.hasPrefix("en") ? nil : InflectedNumbers(formatter)
        readsYearPairs = localeIdentifier.hasPrefix("en")
    }

    /// The value of one number word: a cardinal from the table, else another form of one.
    private func value(of token: String) -> Int? {
        if let value = words[token] { return value }
        guard let inflected, token.count > 2, token.allSatisfy(\.isLetter), !notNumbers.contains(token) else {
            return nil
        }
        if let value = inflected.value(of: token) { return value }
        // Folding writes «й» as «и»: «третии» is «третий», «второи» «второй» (the formatter knows only
        // the letter as spelled).
        let vowels: Set<Character> = ["ы", "и", "о", "а", "е", "у"]
        guard token.hasSuffix("и"), let before = token.dropLast().last, vowels.contains(before) else { return nil }
        return inflected.value(of: String(token.dropLast()) + "й")
    }

    /// "one" → "first", "twenty" → "twentieth", "nine" → "ninth".
    static func englishOrdinal(_ word: String) -> String {
        let irregular = [
            "one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
            "nine": "ninth", "twelve": "twelfth",
        ]
        if let ordinal = irregular[word] { return ordinal }
        if word.hasSuffix("y") { return String(word.dropLast()) + "ieth" }
        return word + "th"
    }

    /// Reads a number that starts at `tokens[start]`: digits ("45", "81st") or words
    /// ("forty five", "one hundred and twenty"). Returns the value and how many tokens it used.
    public func read(_ tokens: ArraySlice<String>) -> (value: Double, count: Int)? {
        guard let (whole, used) = readWhole(tokens) else { return nil }
        // "eighty nine point one": a decimal word, then one digit word (or digits) after another.
        let after = tokens.index(tokens.startIndex, offsetBy: used)
        guard after < tokens.endIndex, decimalWords.contains(tokens[after]), whole == whole.rounded() else {
            return (whole, used)
        }
        var fraction = ""
        var index = tokens.index(after: after)
        while index < tokens.endIndex {
            if let value = words[tokens[index]], value < 10 {
                fraction += String(value)
            } else if tokens[index].allSatisfy(\.isNumber), !tokens[index].isEmpty {
                fraction += tokens[index]
            } else {
                break
            }
            index += 1
        }
        guard !fraction.isEmpty, let value = Double("\(Int(whole)).\(fraction)") else { return (whole, used) }
        return (value, index - tokens.startIndex)
    }

    private func readWhole(_ tokens: ArraySlice<String>) -> (value: Double, count: Int)? {
        guard let first = tokens.first else { return nil }
        if let value = Self.digitValue(first) { return (value, 1) }
        if let han = Self.readHan(tokens) { return han }
        var total = 0
        var current = 0
        var used = 0
        var index = tokens.startIndex
        var lastWasWord = false
        while index < tokens.endIndex {
            let token = tokens[index]
            let multiplier = multipliers[token] ?? value(of: token).flatMap { $0 == 100 || $0 == 1000 ? $0 : nil }
            if let multiplier, used > 0 || multiplier >= 1000, current < multiplier {
                // «две тысячи», "one hundred"; «тысяча девятьсот» with no «одна».
                current = max(current, 1) * multiplier
                if multiplier >= 1000 {
                    total += current
                    current = 0
                }
                lastWasWord = true
            } else if let value = value(of: token) {
                // "twenty one" adds, and so do «тысяча девятьсот»; "one one" does not.
                if lastWasWord && !(current % 100 >= 20 && current % 10 == 0 && value < 10) && current != 0
                    && !(current % 100 == 0 && value < 100) && !(current % 1000 == 0 && value < 1000)
                {
                    break
                }
                current += value
                lastWasWord = true
            } else if token == "and", used > 0, index + 1 < tokens.endIndex, value(of: tokens[index + 1]) != nil,
                current >= 100 || total >= 1000
            {
                lastWasWord = false
            } else if tensJoiners.contains(token), used > 0, current >= 20, current % 10 == 0,
                index + 1 < tokens.endIndex, let next = value(of: tokens[index + 1]), next < 10
            {
                // "cuarenta y cinco", "vingt et un".
                lastWasWord = true
            } else {
                break
            }
            used = index - tokens.startIndex + 1
            index += 1
        }
        if readsYearPairs, total == 0, used > 0, (10...20).contains(current),
            let pair = yearPair(tokens[index...])
        {
            return (Double(current * 100 + pair.value), used + pair.count)
        }
        return used > 0 ? (Double(total + current), used) : nil
    }

    /// The second half of a year said in pairs: "seventy seven", "oh five", "ten".
    private func yearPair(_ tokens: ArraySlice<String>) -> (value: Int, count: Int)? {
        guard let first = tokens.first else { return nil }
        if first == "oh" || first == "o", let unit = tokens.dropFirst().first.flatMap(value(of:)), unit < 10 {
            return (unit, 2)
        }
        guard let tens = value(of: first), tens >= 10, tens < 100 else { return nil }
        if tens >= 20, tens % 10 == 0, let unit = tokens.dropFirst().first.flatMap(value(of:)), unit > 0, unit < 10 {
            return (tens + unit, 2)
        }
        return (tens, 1)
    }

    /// Chinese and Japanese numerals, one character per token: 四十五 = 45, 一百二十 = 120, 两 = 2.
    static let hanDigits: [String: Int] = [
        "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    ]
    static let hanUnits: [String: Int] = ["十": 10, "百": 100, "千": 1000]

    /// Reads Han numerals starting at the first token; nil when it is not one.
    public static func readHan(_ tokens: ArraySlice<String>) -> (value: Double, count: Int)? {
        var total = 0
        var digit: Int?
        var used = 0
        for token in tokens {
            if let value = hanDigits[token] {
                if digit != nil { break }
                digit = value
            } else if let unit = hanUnits[token] {
                total += (digit ?? 1) * unit
                digit = nil
            } else {
                break
            }
            used += 1
        }
        guard used > 0 else { return nil }
        return (Double(total + (digit ?? 0)), used)
    }

    /// The value of a digit token: "45", "1.5", "81st", "2nd".
    public static func digitValue(_ token: String) -> Double? {
        if let value = Double(token), token.first?.isNumber == true { return value }
        for suffix in ["st", "nd", "rd", "th"] where token.hasSuffix(suffix) {
            let digits = token.dropLast(2)
            if !digits.isEmpty, digits.allSatisfy(\.isNumber), let value = Double(digits) { return value }
        }
        return nil
    }

    /// Rewrites every number in a token list as digits.
    public func digitize(_ tokens: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < tokens.count {
            if let (value, count) = read(tokens[index...]) {
                out.append(Self.format(value))
                index += count
            } else {
                out.append(tokens[index])
                index += 1
            }
        }
        return out
    }

    /// "45" for 45.0, "1.5" for 1.5.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Number words in forms the table does not hold, read by Foundation's spell-out formatter (ICU's
/// rules hold every ordinal and case: «девяносто первого» → 91) and kept once read.
///
/// The formatter reads a word's beginning when it cannot read all of it («одинокий» → 1,
/// «станцию» → 100) and gives that value as a fraction-capable number; a word read whole comes
/// back as an integer. Only those are taken (`NumberWordsTests` holds both kinds).
final class InflectedNumbers: @unchecked Sendable {
    /// The formatter is not safe to share between threads; it and what it read stay under the lock.
    private let read: Locked<(formatter: NumberFormatter, seen: [String: Int?])>
    /// How many words are kept; past it a word is read again each time.
    private static let kept = 20_000

    init(_ formatter: NumberFormatter) {
        read = Locked((formatter, [:]))
    }

    func value(of word: String) -> Int? {
        read.withLock { state in
            if let known = state.seen[word] { return known }
            var value: Int?
            if let number = state.formatter.number(from: word), !Self.isFraction(number) {
                value = number.intValue
            }
            if state.seen.count < Self.kept { state.seen[word] = value }
            return value
        }
    }

    private static func isFraction(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "d" || type == "f"
    }
}

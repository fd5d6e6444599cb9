import MediaIntents

/// The key of a name as a recogniser writes it: number words put right and read as digits, plurals
/// of numbers, and contractions split by a dropped apostrophe joined again.
extension Resolver {
    /// The key of a said name, with number words a recogniser got one letter wrong put right first
    /// ("twenty sveen" is 27, "one thouwand nine hundred" 1900), and number homophones read as
    /// numbers next to other number words ("too thousand five" is 2005).
    static func spokenKey(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return NameFolding.key(text) }
        let numbers = NumberWords.english
        func isNumberWord(_ word: String) -> Bool { numbers.words[word] != nil || numbers.multipliers[word] != nil }
        // "fifty twos" for "52's": a number word said in the plural is the number and an "s".
        var words = Self.joiningContractions(NameFolding.tokens(text)).flatMap { word -> [String] in
            guard word.count > 3, word.hasSuffix("s"), isNumberWord(String(word.dropLast())) else { return [word] }
            return [String(word.dropLast()), "s"]
        }
        for index in words.indices where !isNumberWord(words[index]) && words[index].count >= 4 {
            let word = words[index]
            if let near = numberWordList.first(where: {
                NameSimilarity.editSimilarity(word, $0) >= 1 - 1.0 / Double($0.count)
            }) {
                let neighbours = [index - 1, index + 1].filter { words.indices.contains($0) }
                if neighbours.contains(where: { isNumberWord(words[$0]) }) { words[index] = near }
            }
        }
        for index in words.indices {
            guard let digit = numberHomophones[words[index]] else { continue }
            let neighbours = [index - 1, index + 1].filter { words.indices.contains($0) }
            if neighbours.contains(where: { isNumberWord(words[$0]) }) { words[index] = digit }
        }
        // A plural number joins its "s" again ("52 s" → "52s", as "52's" folds).
        var joined: [String] = []
        for word in numbers.digitize(words) {
            if word == "s", let last = joined.last, last.allSatisfy(\.isNumber) {
                joined[joined.count - 1] = last + "s"
            } else {
                joined.append(word)
            }
        }
        return joined.joined(separator: " ")
    }

    /// "don t" and "it s" as one word ("dont", "its"), as the catalog's keys fold "Don't": a
    /// recogniser that drops the apostrophe sometimes leaves the two halves apart.
    static func joiningContractions(_ words: [String]) -> [String] {
        guard words.contains(where: { contractionEnds.contains($0) }) else { return words }
        var out: [String] = []
        for word in words {
            if contractionEnds.contains(word), let last = out.last, last.count >= 2, last.allSatisfy(\.isLetter) {
                out[out.count - 1] = last + word
            } else {
                out.append(word)
            }
        }
        return out
    }

    static let contractionEnds: Set<String> = ["t", "s", "ll", "re", "ve", "d", "m"]

    static let numberWordList =
        Array(NumberWords.english.words.keys.filter { $0.count >= 4 })
        + Array(NumberWords.english.multipliers.keys)
    static let numberHomophones = ["too": "two", "to": "two", "for": "four", "won": "one", "ate": "eight"]
}

import MediaIntents

/// How alike two folded names are, 0…1: the better of character edit distance and word overlap.
public enum NameSimilarity {
    public static func score(_ a: String, _ b: String) -> Double {
        if a == b { return 1 }
        if a.isEmpty || b.isEmpty { return 0 }
        // Each name is cut into words once: this runs for every candidate of every search.
        let x = a.split(separator: " "), y = b.split(separator: " ")
        let aWords = Set(x), bWords = Set(y)
        let overlap = Double(aWords.intersection(bWords).count) / Double(aWords.union(bWords).count)
        // "the beatles" vs "beatles": an article does not make a name different.
        let xStripped = strip(x), yStripped = strip(y)
        let stripped = xStripped == yStripped ? 0.97 : 0
        let best = max(editSimilarity(a, b), overlap * 0.9, stripped, soundAlike(x, y))
        // "Битлз" (bitlz) sounds like "The Beatles" once the article is set aside.
        guard best < 0.8, a.hasPrefix("the ") != b.hasPrefix("the ") else { return best }
        return max(best, soundAlike(xStripped, yStripped))
    }

    /// How alike a said name and a stored one are, by their keys and, where the stored name is
    /// written in Japanese script, by how the two read (よねづけんし and 米津玄師).
    public static func names(said: String, stored: String) -> Double {
        var best = score(NameFolding.key(said), NameFolding.key(stored))
        // ビートルズ or «Битлз» for the Beatles: the same consonants, four at least.
        if best < loanwordAgrees, stored.utf8.allSatisfy({ $0 < 0x80 }),
            let saidSkeleton = NameFolding.soundSkeleton(katakana: said, minimumConsonants: 4)
                ?? NameFolding.soundSkeleton(cyrillic: said, minimumConsonants: 4),
            NameFolding.soundSkeletons(english: NameFolding.key(stored), minimumConsonants: 4).contains(saidSkeleton)
        {
            best = loanwordAgrees
        }
        guard best < 1, let storedReading = NameFolding.readingKey(stored),
            let saidReading = NameFolding.readingKey(said) ?? NameFolding.latinReadingKey(said)
        else { return best }
        return max(best, editSimilarity(saidReading, storedReading))
    }

    /// How alike a name said in katakana or Cyrillic and an English name with the same consonants
    /// are: enough for the confidence gate, below a spelling that agrees.
    static let loanwordAgrees = 0.9

    /// Word by word, as a speech recogniser errs: a word that sounds the same ("write" for "right")
    /// or is one letter off counts nearly as the word itself. Same number of words only.
    static func soundAlike(_ a: String, _ b: String) -> Double {
        soundAlike(a.split(separator: " "), b.split(separator: " "))
    }

    static func soundAlike(_ x: [Substring], _ y: [Substring]) -> Double {
        guard x.count == y.count, x.count > 0 else { return 0 }
        var total = 0.0
        for (said, name) in zip(x, y) {
            if said == name {
                total += 1
            } else if name.allSatisfy(\.isNumber), let spelled = spelledDigits[String(name)],
                TermKeys.phonetic(String(said)) == TermKeys.phonetic(spelled)
            {
                total += 0.8  // "for faipel" for "4 Faipel"
            } else if let first = said.first, first.isASCII,
                TermKeys.phonetic(String(said)) == TermKeys.phonetic(String(name))
            {
                // Sounds the same; worth less than the word itself, so that a reading of "this tune"
                // as a title never looks certain because a song is called "This Town".
                total += 0.8
            } else {
                let similarity = editSimilarity(String(said), String(name))
                total +=
                    said.count >= 4 && similarity >= 1 - 1.0 / Double(max(said.count, name.count))
                    ? 0.85 : similarity * 0.8
            }
        }
        return total / Double(x.count) * 0.96
    }

    private static func strip(_ words: [Substring]) -> [Substring] {
        words.filter { $0 != "the" && $0 != "a" && $0 != "an" }
    }

    /// "4" → "four", for comparing a heard word with a number in a title.
    static let spelledDigits: [String: String] = {
        var map: [String: String] = [:]
        for (word, value) in NumberWords.english.words where value < 100 && map[String(value)] == nil {
            if !word.hasSuffix("th"), !word.hasSuffix("st"), !word.hasSuffix("nd"), !word.hasSuffix("rd") {
                map[String(value)] = word
            }
        }
        return map
    }()

    /// 1 − edit distance / longer length, on characters; swapping two neighbouring letters is one
    /// edit (optimal string alignment), as in "jepruth" heard as "ejpruth".
    public static func editSimilarity(_ a: String, _ b: String) -> Double {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty || y.isEmpty { return x.count == y.count ? 1 : 0 }
        if abs(x.count - y.count) > max(x.count, y.count) / 2 { return 0 }
        // Three rows of the table in one buffer: the row before the previous one, the previous, the current.
        let width = y.count + 1
        var rows = [Int](repeating: 0, count: width * 3)
        var (beforePrevious, previous, current) = (0, width, width * 2)
        for j in 0...y.count { rows[previous + j] = j }
        for i in 1...x.count {
            rows[current] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, rows[beforePrevious + j - 2] + 1)
                }
                rows[current + j] = value
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return 1 - Double(rows[previous + y.count]) / Double(max(x.count, y.count))
    }
}

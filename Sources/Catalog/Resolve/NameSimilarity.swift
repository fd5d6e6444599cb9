/// How alike two folded names are, 0…1: the better of character edit distance and word overlap.
public enum NameSimilarity {
    public static func score(_ a: String, _ b: String) -> Double {
        if a == b { return 1 }
        if a.isEmpty || b.isEmpty { return 0 }
        let aWords = Set(a.split(separator: " ")), bWords = Set(b.split(separator: " "))
        let overlap = Double(aWords.intersection(bWords).count) / Double(aWords.union(bWords).count)
        // "the beatles" vs "beatles": an article does not make a name different.
        let stripped = strip(a) == strip(b) ? 0.97 : 0
        return max(editSimilarity(a, b), overlap * 0.9, stripped)
    }

    private static func strip(_ text: String) -> String {
        text.split(separator: " ").filter { $0 != "the" && $0 != "a" && $0 != "an" }.joined(separator: " ")
    }

    /// 1 − Levenshtein distance / longer length, on characters.
    static func editSimilarity(_ a: String, _ b: String) -> Double {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > max(x.count, y.count) / 2 { return 0 }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...max(y.count, 1) where j <= y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return 1 - Double(previous[y.count]) / Double(max(x.count, y.count))
    }
}

import MediaIntents

/// Corrections said loosely, in clauses, the way people take back what played: "just the song, not
/// the whole album", "no, not the band, the album called The Beatles", «нет, давай весь альбом, с
/// первой песни», 「曲じゃなくて、アルバムのほうで」, "不是单曲，放整张专辑". Each clause is read
/// on its own: one that opens with a negation ("not …", «не …», "不是…") or closes with one
/// (「…じゃなくて」) says what is not meant and is set aside; the others may hold only a lead, a
/// verb, the kind or version meant (from `kinds` and `versions`), the words that stand around them
/// (`loose.fillers`) and a name said with "called …". A request that is plainly a correction (a
/// lead, or something taken back) may also name what is meant in words none of the lists hold
/// (「ジャズのラジオ局」): those words are the name. One that is not may not, so "play the album 21"
/// after a song stays a request of its own.
struct LooseCorrectionWords: Sendable {
    /// Said before a kind or opening a clause: "not", «не», "不是".
    var before: [[String]] = []
    /// Said after a kind or closing a clause: 「じゃなくて」.
    var after: [[String]] = []
    /// Words that may stand around the kind: "just", "instead", "please", «весь», 「で」, "那个".
    var fillers: [[String]] = []
    /// Templates around a name: "called {name}", «под названием {name}».
    var named: [(before: [String], after: [String])] = []
    /// Words only a correction says ("instead", "just", "the whole"): with one of them, or a lead or
    /// something taken back, a request of a kind alone corrects what played ("play the whole album");
    /// without, "play the radio" stays a request of its own.
    var marks: Set<String> = []

    init() {}

    init(_ file: LooseCorrectionsFile?, fold: (String) -> [String]) {
        guard let file else { return }
        func phrases(_ text: String?) -> [[String]] {
            (text ?? "").split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
        }
        before = phrases(file.negations)
        after = phrases(file.negationsAfter)
        fillers = phrases(file.fillers)
        marks = Set(phrases(file.marks).map { $0.joined(separator: " ") })
        named = (file.named ?? "").split(separator: "|").compactMap { template in
            let parts = template.components(separatedBy: "{name}")
            guard parts.count == 2 else { return nil }
            return (fold(parts[0]), fold(parts[1]))
        }
    }
}

/// `corrections.loose` in language.json.
struct LooseCorrectionsFile: Codable, Sendable {
    /// "not|instead of": a negation said before what is not meant.
    var negations: String?
    /// 「じゃなくて」: a negation said after what is not meant.
    var negationsAfter: String?
    /// "just|instead|please": words that may stand around the kind meant.
    var fillers: String?
    /// "called {name}": how a name is said with the kind.
    var named: String?
    /// "instead|just|whole": words only a correction says.
    var marks: String?
}

extension CorrectionPhrases {
    /// Marks that end a clause: commas, the ideographic comma and full stop, semicolons, dashes.
    private static let clauseMarks: Set<Character> = [",", ";", "，", "、", "。", "；", "—", "–", "!", "！", "?", "？"]

    /// What `text` corrects when said in loose clauses, or nil.
    func readLoosely(_ text: String) -> Correction? {
        let words = loose
        guard !words.before.isEmpty || !words.after.isEmpty || !words.fillers.isEmpty else { return nil }
        let clauses = text.split(whereSeparator: { Self.clauseMarks.contains($0) })
            .map { Token.split(String($0)).filter { !$0.folded.isEmpty } }.filter { !$0.isEmpty }
        var found = LooseReading()
        for clause in clauses {
            let folded = clause.map(\.folded)
            // A clause that says what is not meant ("not the whole album", 「曲じゃなくて」).
            if words.before.contains(where: { folded.starts(with: $0) && folded.count > $0.count })
                || words.after.contains(where: { folded.count > $0.count && folded.suffix($0.count).elementsEqual($0) })
            {
                found.plainlyCorrecting = true
                continue
            }
            // A lead alone ("no", "nah") or with the artist meant ("the Lionel Richie one") after it.
            // Leads said over ("違う違う", "no no") are one.
            var lead = 0
            while let next = leads.first(where: { folded[lead...].starts(with: $0) }) { lead += next.count }
            if lead == folded.count {
                found.plainlyCorrecting = true
                continue
            }
            if other.contains(folded[lead...].joined(separator: " ")) {
                // "nah, the other one, different artist": the next best of what was asked.
                found.other = true
                found.plainlyCorrecting = true
                continue
            }
            // With a play verb before it ("I want the Aerosmith version") as without.
            let said = clause[lead...]
            if let artist = ([said] + withoutVerb(said)).lazy.compactMap({ self.rest($0, framedOnly: lead == 0)?.artist }).first {
                found.artist = artist
                found.plainlyCorrecting = true
                continue
            }
            guard read(clause, into: &found) else { return nil }
        }
        return found.correction
    }

    /// Reads one clause into `found`; false when it holds words a loose correction may not.
    private func read(_ clause: [Token], into found: inout LooseReading) -> Bool {
        let folded = clause.map(\.folded)
        var index = 0
        var unknownEnd: Int?
        func matches(_ phrase: [String], at position: Int) -> Bool {
            position + phrase.count <= folded.count && folded[position..<(position + phrase.count)].elementsEqual(phrase)
        }
        func longest(_ phrases: [[String]], at position: Int) -> Int {
            phrases.filter { matches($0, at: position) }.map(\.count).max() ?? 0
        }
        func longestKey<Value>(_ table: [String: Value], at position: Int) -> (Int, Value)? {
            var best: (Int, Value)?
            for length in stride(from: min(6, folded.count - position), through: 1, by: -1) {
                if let value = table[folded[position..<(position + length)].joined(separator: " ")] {
                    best = (length, value)
                    break
                }
            }
            return best
        }
        while index < folded.count {
            // A name said with "called …" runs to the end of the clause, less the template's close.
            if let template = loose.named.first(where: { !$0.before.isEmpty && matches($0.before, at: index) }) {
                let start = index + template.before.count
                let end = folded.count - template.after.count
                guard start < end, folded[end...].elementsEqual(template.after) else { return false }
                found.name = Self.text(clause[start..<end])
                index = folded.count
                continue
            }
            // "not the album" inside a clause: the kind after the negation is not meant.
            let negation = longest(loose.before, at: index)
            if negation > 0 {
                let takenBack = max(longestKey(kinds, at: index + negation)?.0 ?? 0, longestKey(versions, at: index + negation)?.0 ?? 0)
                if takenBack > 0 {
                    found.plainlyCorrecting = true
                    index += negation + takenBack
                    continue
                }
            }
            let kind = longestKey(kinds, at: index)
            let version = longestKey(versions, at: index)
            let said = max(kind?.0 ?? 0, version?.0 ?? 0)
            // A lead counts only opening a clause: «мне не нравится этот трек» is no correction.
            let lead = index == 0 ? longest(leads, at: index) : 0
            let other = max(lead, longest(verbs, at: index), longest(loose.fillers, at: index))
            if said > 0, said >= other {
                let afterSaid = index + said
                let takenBack = longest(loose.after, at: afterSaid)
                if takenBack > 0 {
                    found.plainlyCorrecting = true
                    index = afterSaid + takenBack
                    continue
                }
                if let (length, tag) = version, length == said { found.versions.insert(tag) }
                else if let (_, type) = kind { found.kinds.insert(type) }
                index = afterSaid
                continue
            }
            if other > 0 {
                if lead == other { found.plainlyCorrecting = true }
                if loose.marks.contains(folded[index..<(index + other)].joined(separator: " ")) { found.marked = true }
                index += other
                continue
            }
            // "the one by Sleeping at Last" to the end of the clause: the artist meant, when what is
            // named holds no kind or version ("{artist}のほう" does not take 「ジャズのラジオ局のほう」).
            if let (artist, _) = artistTemplate(clause, from: index) {
                found.artist = artist
                index = folded.count
                continue
            }
            // A word none of the lists hold: one run of them, at most, is a name.
            if let end = unknownEnd, end != index { return false }
            if unknownEnd == nil, found.unknown != nil { return false }
            if found.unknown == nil {
                found.unknown = Self.text(clause[index...index])
                found.unknownStart = clause[index].original.startIndex
            } else if let start = found.unknownStart {
                found.unknown = String(clause[index].original.base[start..<clause[index].original.endIndex])
            }
            index += 1
            unknownEnd = index
        }
        return true
    }

    /// The artist a `byArtist` template names from `start` to the end of `clause`, when the words
    /// named hold no kind or version.
    func artistTemplate(_ clause: [Token], from start: Int) -> (String, Int)? {
        let folded = Array(clause.map(\.folded)[start...])
        for template in byArtist where folded.count > template.before.count + template.after.count {
            guard folded.starts(with: template.before), folded.suffix(template.after.count).elementsEqual(template.after)
            else { continue }
            let named = folded.dropFirst(template.before.count).dropLast(template.after.count)
            if namesKindOrVersion(Array(named)) { continue }
            let tokens = clause[(start + template.before.count)..<(clause.count - template.after.count)]
            return (Self.text(tokens), template.before.count)
        }
        return nil
    }

    /// Whether `words` hold a kind or version phrase anywhere.
    func namesKindOrVersion(_ words: [String]) -> Bool {
        for start in words.indices {
            for end in (start + 1)...min(words.count, start + 6) {
                let phrase = words[start..<end].joined(separator: " ")
                if kinds[phrase] != nil || versions[phrase] != nil { return true }
            }
        }
        return false
    }

    static func text(_ tokens: ArraySlice<Token>) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        return String(first.original.base[first.original.startIndex..<last.original.endIndex])
    }
}

/// What the clauses of a loose correction said so far.
private struct LooseReading {
    var kinds: Set<MediaItemType> = []
    var versions: Set<String> = []
    var artist: String?
    var name: String?
    /// A word only a correction says ("instead", "the whole").
    var marked = false
    /// Words none of the lists hold, as said.
    var unknown: String?
    var unknownStart: String.Index?
    /// A lead, or something taken back: the request is a correction for certain.
    var plainlyCorrecting = false
    /// "The other one" said in a clause: the next best, when nothing else is named.
    var other = false

    /// The correction read, or nil when it names no one kind, version or artist, or names words it
    /// may not.
    var correction: Correction? {
        if other, kinds.isEmpty, versions.isEmpty, artist == nil, unknown == nil, name == nil { return Correction() }
        guard kinds.count <= 1, versions.count <= 1, !kinds.isEmpty || !versions.isEmpty || artist != nil,
            plainlyCorrecting || marked
        else { return nil }
        if unknown != nil, !plainlyCorrecting || name != nil { return nil }
        return Correction(artist: artist, version: versions.first, kind: kinds.first, name: name ?? unknown)
    }
}

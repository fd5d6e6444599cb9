public import MediaIntents

/// A correction of what just played: "no, the live version", "not that one, the one by Lionel
/// Richie", «нет, другую», "違う、ライブ版". Read from each language's `corrections` in
/// language.json: a lead that says "not that" ("no", «нет», "違う"), then another one, a version,
/// or the artist meant.
public struct Correction: Sendable, Hashable {
    /// The artist meant, as said.
    public var artist: String?
    /// The version meant, by its tag ("live", "acoustic", "remix", "original").
    public var version: String?
    /// The kind meant: "no, the album" after the song Thriller is the album Thriller.
    public var kind: MediaItemType?
    /// The name meant with the kind, when said ("no, the album called The Beatles", 「ジャズのラジオ局」).
    public var name: String?
    /// The years of the recording meant ("no, the one from the sixties", «оригинал 69-го года»).
    public var years: YearRange?
}

/// A language's correction phrases, compiled to folded words.
struct CorrectionPhrases: Sendable {
    var leads: [[String]] = []
    var other: Set<String> = []
    /// Templates around the artist: the words before and after `{artist}`.
    var byArtist: [(before: [String], after: [String])] = []
    /// Folded phrase → version tag.
    var versions: [String: String] = [:]
    /// Folded phrase → the kind it names ("the album", «альбом», 「アルバムの方」).
    var kinds: [String: MediaItemType] = [:]
    /// Play verbs that may stand between the lead and what is meant («нет, включи другую»), or
    /// close the request (「違う、ライブ版を流して」).
    var verbs: [[String]] = []
    /// Whole requests that correct without a lead ("play a different version of this"): folded
    /// phrase → version tag, or "" for the next best.
    var alone: [String: String] = [:]
    /// Said loosely, in clauses ("just the song, not the whole album"): see LooseCorrections.swift.
    var loose = LooseCorrectionWords()
    /// The years a correction may name the recording by (CorrectionYears.swift).
    var years = CorrectionYears()

    init() {}

    /// The language's plainest lead ("no", «нет»), as written: said before a correction that has none.
    var plainLead: String?
    /// The plainest way to name the artist meant ("the one by {artist}"), as written.
    var plainByArtist: String?
    /// The plainest way to say another artist's is meant ("different artist").
    var plainOther: String?

    /// The language is written without spaces: a template's words are one run of characters.
    var unspaced = false
    /// Folded words a question starts with (`CorrectionsFile.questionWords`).
    var questionWords: Set<String> = []

    init(_ file: CorrectionsFile, fold: (String) -> [String], unspaced: Bool = false) {
        self.unspaced = unspaced
        plainLead = file.leads.split(separator: "|").first.map(String.init)
        questionWords = Set((file.questionWords ?? "").split(separator: "|").flatMap { fold(String($0)) })
        plainOther = file.other.split(separator: "|").first.map(String.init)
        plainByArtist = file.byArtist.split(separator: "|").first.map(String.init)
        leads = file.leads.split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
            .sorted { $0.count > $1.count }
        other = Set(file.other.split(separator: "|").map { fold(String($0)).joined(separator: " ") })
        byArtist = file.byArtist.split(separator: "|").compactMap { template in
            let parts = template.components(separatedBy: "{artist}")
            guard parts.count == 2 else { return nil }
            return (fold(parts[0]), fold(parts[1]))
        }
        verbs = (file.verbs ?? "").split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
            .sorted { $0.count > $1.count }
        for (tag, phrases) in file.alone ?? [:] {
            for phrase in phrases.split(separator: "|") {
                alone[fold(String(phrase)).joined(separator: " ")] = tag == "other" ? "" : tag
            }
        }
        for (tag, phrases) in file.kinds ?? [:] {
            guard let kind = MediaItemType(rawValue: tag) else { continue }
            for phrase in phrases.split(separator: "|") { kinds[fold(String(phrase)).joined(separator: " ")] = kind }
        }
        for (tag, phrases) in file.versions {
            for phrase in phrases.split(separator: "|") { versions[fold(String(phrase)).joined(separator: " ")] = tag }
        }
        loose = LooseCorrectionWords(file.loose, fold: fold)
    }

    /// Whether `words` hold a play verb ("play", «включи», 「かけて」, 放) anywhere; `unspaced`: as a
    /// run of characters, where words are written together.
    func saysAVerb(_ words: [String], unspaced: Bool) -> Bool {
        let joined = words.joined()
        // Where words run together, a verb of one character (「で」) is too often a piece of another word.
        return verbs.contains { verb in
            unspaced
                ? (verb.joined().count > 1 || !verb.joined().unicodeScalars.allSatisfy(Script.isKana))
                    && joined.contains(verb.joined())
                : words.indices.contains { words[$0...].starts(with: verb) }
        }
    }

    /// `tokens` without one play verb at their start or their end ("play Help!", 「Help!で」), each
    /// way they can be read, longest verb first; a verb at the end leaves at least one word.
    func withoutVerb(_ tokens: ArraySlice<Token>) -> [ArraySlice<Token>] {
        let words = tokens.map(\.folded)
        var readings: [ArraySlice<Token>] = []
        for verb in verbs {
            if words.starts(with: verb) {
                // «давай лучше Кукушку»: two verbs one after the other both go.
                let rest = tokens.dropFirst(verb.count)
                let restWords = rest.map(\.folded)
                if let next = verbs.first(where: { restWords.count > $0.count && restWords.starts(with: $0) }) {
                    readings.append(rest.dropFirst(next.count))
                }
                readings.append(rest)
            }
            if words.count > verb.count, words.suffix(verb.count).elementsEqual(verb) {
                readings.append(tokens.dropLast(verb.count))
            }
        }
        return readings
    }

    /// The correction `tokens` say, or nil when they do not begin with a lead or say nothing after
    /// it this language knows; "the other one" and the artist meant ("the one by X") need no lead.
    func read(_ tokens: [Token]) -> Correction? {
        let words = tokens.map(\.folded)
        // "No, the old one from the sixties": the years, then what the rest says ("no, the old one"),
        // or only that a correction it is ("no, the one").
        if let (years, taken) = years.find(in: words) {
            let rest = Array(tokens[..<taken.lowerBound]) + Array(tokens[taken.upperBound...])
            let restWords = rest.map(\.folded)
            var correction = read(rest)
            if correction == nil, let lead = leads.first(where: { restWords.starts(with: $0) }),
                case let left = restWords.dropFirst(lead.count).trimming(loose.fillers).words,
                left.isEmpty || loose.fillers.contains(Array(left))
            {
                correction = Correction()
            }
            correction?.years = years
            return correction
        }
        if let tag = alone[words.joined(separator: " ")] {
            // A whole request may name a kind too (「アルバムの方」: "the album one").
            if let kind = MediaItemType(rawValue: tag) { return Correction(kind: kind) }
            return Correction(version: tag.isEmpty ? nil : tag)
        }
        // A version with the words that stand around one ("ライブ版で", «только живую версию»).
        if let tag = versionAmongFillers(words) { return Correction(version: tag) }
        // Longest lead first; a shorter one may leave words that read ("no" + "the other one").
        for lead in leads where words.starts(with: lead) {
            let after = tokens.dropFirst(lead.count)
            // «нет, включи другую версию»: a play verb after the lead; 「違う、オリジナルを流して」: at the end.
            // Read first without it: "不对，我要阿黛尔那首" names 阿黛尔, not "我要阿黛尔".
            for kept in withoutVerb(after) {
                if let correction = rest(kept) { return correction }
            }
            if let correction = rest(after) { return correction }
        }
        // Right after a play, "the other one" and "the Lionel Richie one" correct with no lead.
        if other.contains(words.joined(separator: " ")) { return Correction() }
        // "换成Aerosmith翻唱的那个版本": read first without a play verb before it, where words run
        // together ("play the Queen song" after a play may be a request of its own).
        for kept in (unspaced ? withoutVerb(tokens[...]) : []) + [tokens[...]] {
            if let correction = rest(kept, framedOnly: true), correction.artist != nil { return correction }
        }
        return nil
    }

    /// The version tag when `words` are a version phrase and the loose fillers around it, with at
    /// least one filler or a phrase of two words or more (a bare "acoustic" may be a genre asked
    /// for; "живую версию", 「ライブ版」 are not).
    private func versionAmongFillers(_ words: [String]) -> String? {
        let (rest, trimmed) = words[...].trimming(loose.fillers)
        guard trimmed || rest.count >= 2 else { return nil }
        if let tag = versions[rest.joined(separator: " ")] { return tag }
        // Two versions said together ("the acoustic live one"): the first, which the title has too.
        let tags = rest.map { versions[$0] }
        return rest.count >= 2 && tags.allSatisfy { $0 != nil } ? tags.first ?? nil : nil
    }

    /// What the words after a lead correct.
    /// - Parameter framedOnly: only templates with two words or more around the artist ("the {artist}
    ///   one", not 「{artist}的」): with no lead before them, a shorter one reads too much as a name.
    func rest(_ restTokens: ArraySlice<Token>, framedOnly: Bool = false) -> Correction? {
        let rest = Array(restTokens.map(\.folded))
        let phrase = rest.joined(separator: " ")
        // "no" alone, or "another one": the next best of what was asked.
        if rest.isEmpty || other.contains(phrase) { return Correction() }
        if let tag = versions[phrase] ?? versionAmongFillers(rest) { return Correction(version: tag) }
        if let kind = kinds[phrase] { return Correction(kind: kind) }
        // "the other one, the Beatles one", "另一首，涅槃乐队那首": what follows "the other one" says which.
        for start in stride(from: rest.count - 1, to: 0, by: -1) where other.contains(rest[..<start].joined(separator: " ")) {
            if let said = self.rest(restTokens.dropFirst(start), framedOnly: framedOnly), said.artist != nil || said.version != nil
                || said.kind != nil
            {
                return said
            }
        }
        // Framed: two words around the artist, or three characters where words run together
        // ("{artist}翻唱的版本", not "{artist}的").
        let framed = { (template: (before: [String], after: [String])) in
            template.before.count + template.after.count >= 2
                || self.unspaced && (template.before + template.after).joined().count >= 3
        }
        for template in byArtist where rest.count > template.before.count + template.after.count
            && (!framedOnly || framed(template))
        {
            guard rest.starts(with: template.before), rest.suffix(template.after.count).elementsEqual(template.after)
            else { continue }
            let named = restTokens.dropFirst(template.before.count).dropLast(template.after.count)
            // 「ジャズのラジオ局のほう」 is a kind with its name, not an artist.
            if namesKindOrVersion(named.map(\.folded)) { continue }
            if let word = named.first?.folded, questionWords.contains(word) { continue }
            guard let first = named.first, let last = named.last else { continue }
            let text = first.original.base[first.original.startIndex..<last.original.endIndex]
            return Correction(artist: String(text))
        }
        return nil
    }
}

/// `corrections` in language.json.
struct CorrectionsFile: Codable, Sendable {
    /// "no|not that one": said first.
    var leads: String
    /// "the other one|another one": the next best.
    var other: String
    /// "the one by {artist}|by {artist}".
    var byArtist: String
    /// Version tag ("live", "acoustic", "remix", "original") → how it is said.
    var versions: [String: String]
    /// "play|put on": verbs that may follow the lead.
    var verbs: String?
    /// "other", a version tag or a kind → whole requests that correct on their own.
    var alone: [String: String]?
    /// A kind ("album", "song", "audioBook") → how "the album" is said after the lead.
    var kinds: [String: String]?
    /// Words for corrections said loosely, in clauses.
    var loose: LooseCorrectionsFile?
    /// "who|what|when": words a question starts with, never an artist's first word («а кто автор
    /// Франкенштейна?» after a play is a question, not "the one by кто автор…").
    var questionWords: String?
    /// "from|in|the|one": words that stand with the years a correction names ("the one from the sixties").
    var yearsAround: String?
    /// «года|год»: words for "year" after a year said by its last two digits.
    var yearWords: String?
}

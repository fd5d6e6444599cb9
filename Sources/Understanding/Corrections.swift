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

    init() {}

    /// The language's plainest lead ("no", «нет»), as written: said before a correction that has none.
    var plainLead: String?
    /// The plainest way to name the artist meant ("the one by {artist}"), as written.
    var plainByArtist: String?
    /// The plainest way to say another artist's is meant ("different artist").
    var plainOther: String?

    init(_ file: CorrectionsFile, fold: (String) -> [String]) {
        plainLead = file.leads.split(separator: "|").first.map(String.init)
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
            if words.starts(with: verb) { readings.append(tokens.dropFirst(verb.count)) }
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
        if let correction = rest(tokens[...], framedOnly: true), correction.artist != nil { return correction }
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
        for template in byArtist where rest.count > template.before.count + template.after.count
            && (!framedOnly || template.before.count + template.after.count >= 2)
        {
            guard rest.starts(with: template.before), rest.suffix(template.after.count).elementsEqual(template.after)
            else { continue }
            let named = restTokens.dropFirst(template.before.count).dropLast(template.after.count)
            // 「ジャズのラジオ局のほう」 is a kind with its name, not an artist.
            if namesKindOrVersion(named.map(\.folded)) { continue }
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
}

extension Understander {
    /// How `text` corrects what just played, or nil when it is not a correction.
    /// The plainest word that opens a correction in `language` ("no", «нет», 「違う」).
    public func correctionLead(language: String? = nil) -> String? {
        grammar(for: language ?? defaultLanguage)?.corrections.plainLead
    }

    /// `text` without a play verb at its start or end ("play Help!", 「Help!で」, «включи Help!»), or
    /// nil when it has none.
    public func withoutPlayVerb(_ text: String, language: String? = nil) -> String? {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return nil }
        let tokens = Token.split(text).filter { !$0.folded.isEmpty }
        return grammar.corrections.withoutVerb(tokens[...]).first { !$0.isEmpty }.map(CorrectionPhrases.text)
    }

    /// `part` said with the play verb `first` is said with, where `first` has one at its start or
    /// end: "play Billie Eilish" lends "play" to "some Khalid", 「ニルヴァーナかけて」 lends 「かけて」 to
    /// 「クイーンも」. Nil when `first` has none.
    public func withPlayVerb(of first: String, on part: String, language: String? = nil) -> String? {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return nil }
        let tokens = Token.split(first).filter { !$0.folded.isEmpty }
        let words = tokens.map(\.folded)
        let space = CompiledGrammar.writesWithoutSpaces(grammar.language) ? "" : " "
        for verb in grammar.corrections.verbs where words.count > verb.count {
            if words.starts(with: verb) { return CorrectionPhrases.text(tokens.prefix(verb.count)) + " " + part }
            if words.suffix(verb.count).elementsEqual(verb) {
                return part + space + CorrectionPhrases.text(tokens.suffix(verb.count))
            }
        }
        return nil
    }

    /// "No, a different artist" as the language says it plainly (its first lead and `other` phrase).
    public func correctionByAnotherArtist(language: String? = nil) -> String? {
        guard let corrections = grammar(for: language ?? defaultLanguage)?.corrections,
            let lead = corrections.plainLead, let other = corrections.plainOther
        else { return nil }
        return "\(lead), \(other)"
    }

    /// A correction naming `artist` as the language says it plainly: "no, the one by The Beatles".
    public func correctionByArtist(_ artist: String, language: String? = nil) -> String? {
        guard let corrections = grammar(for: language ?? defaultLanguage)?.corrections,
            let lead = corrections.plainLead, let template = corrections.plainByArtist
        else { return nil }
        return "\(lead), " + template.replacingOccurrences(of: "{artist}", with: artist)
    }

    /// Whether `text` opens with a word that says what is not meant ("not the Nine Inch Nails one",
    /// «не Лайонела Ричи», "不是Tears for Fears那个"): a part to leave out of what is played.
    public func saysWhatIsNotMeant(_ text: String, language: String? = nil) -> Bool {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return false }
        return Self.opens(text, withOneOf: grammar.corrections.loose.before, language: grammar.language)
    }

    /// Whether `part` of `text` is followed there by a word that says it is not meant
    /// (「クランベリーズのじゃなくて」: Japanese says "not" after the thing).
    public func isDeniedAfter(_ part: String, in text: String, language: String? = nil) -> Bool {
        guard let grammar = grammar(for: language ?? defaultLanguage), let range = text.range(of: part) else {
            return false
        }
        return Self.opens(String(text[range.upperBound...]), withOneOf: grammar.corrections.loose.after, language: grammar.language)
    }

    /// Whether `text` begins with one of `phrases` (folded words; as runs of characters where words
    /// run together).
    private static func opens(_ text: String, withOneOf phrases: [[String]], language: String) -> Bool {
        let words = Token.split(text).map(\.folded).filter { !$0.isEmpty }
        let unspaced = CompiledGrammar.writesWithoutSpaces(language)
        return phrases.contains { phrase in
            unspaced ? words.joined().hasPrefix(phrase.joined()) : words.starts(with: phrase)
        }
    }

    public func correction(_ text: String, language: String? = nil) -> Correction? {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return nil }
        let corrections = grammar.corrections
        // "Oh no, the live one", 「あ、違う、米津玄師のほう」: what pads the start is no part of it.
        var tokens = Token.split(text).filter { !$0.folded.isEmpty }
        tokens.removeFirst(padding[grammar.language]?.leadingPadding(tokens.map(\.folded)) ?? 0)
        // With no lead, a question ("谁唱的", "who's the other one by?") corrects nothing.
        let words = tokens.map(\.folded)
        if !corrections.leads.contains(where: { words.starts(with: $0) }), grammar.questions.asksByWord(words)
            || text.contains("?") || text.contains("？")
        {
            return nil
        }
        if let exact = corrections.read(tokens) { return exact }
        return corrections.readLoosely(text)
    }
}

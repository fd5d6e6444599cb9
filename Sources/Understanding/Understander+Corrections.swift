public import MediaIntents

extension Understander {
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

    /// Whether `text` is a play verb and nothing else ("play", «включи», "put on").
    public func isOnlyPlayVerb(_ text: String, language: String? = nil) -> Bool {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return false }
        let words = Token.split(text).map(\.folded).filter { !$0.isEmpty }
        return !words.isEmpty && grammar.corrections.verbs.contains(words)
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

    /// The words of `text` without what pads its start ("oh", 「あ」): "Oh no, the live one",
    /// 「あ、違う、米津玄師のほう」 correct as "no, the live one" and 「違う、米津玄師のほう」 do.
    private func unpaddedTokens(_ text: String, language: String) -> [Token] {
        var tokens = Token.split(text).filter { !$0.folded.isEmpty }
        tokens.removeFirst(padding[language]?.leadingPadding(tokens.map(\.folded)) ?? 0)
        return tokens
    }

    /// How `text` corrects what just played, or nil when it is not a correction.
    public func correction(_ text: String, language: String? = nil) -> Correction? {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return nil }
        let corrections = grammar.corrections
        let tokens = unpaddedTokens(text, language: grammar.language)
        // With no lead, a question ("谁唱的", "who's the other one by?") corrects nothing.
        let words = tokens.map(\.folded)
        if !corrections.leads.contains(where: { words.starts(with: $0) }), grammar.questions.asksByWord(words)
            || text.contains("?") || text.contains("？")
        {
            return nil
        }
        // «не Адель, а Лайонела Ричи», 「アデルじゃなくてライオネル・リッチーの」: what is not meant said
        // first, then which, as a part of its own (read before the whole, where a template would
        // take 「アデルじゃなくてライオネル・リッチー」 for one artist). A lead said as a part of its
        // own first («いや、…») changes nothing.
        let parts = Array(grammar.clauses.cut(text).drop { isOnlyLead($0, leads: corrections.leads) })
        if parts.count >= 2, deniesFirstPart(parts, in: text, language: grammar.language),
            let lead = correctionLead(language: grammar.language),
            let rest = correction(([lead] + parts.dropFirst().map(\.text)).joined(separator: ", "), language: grammar.language)
        {
            return rest
        }
        guard let read = corrections.read(tokens) ?? corrections.readLoosely(tokens.isEmpty ? text : CorrectionPhrases.text(tokens[...]))
        else { return nil }
        // "Not this one, next": a name that is a command of its own ("next", "skip it") is no artist.
        if let artist = read.artist, read.kind == nil, read.version == nil, read.name == nil,
            ![.playMedia, .none].contains(best(artist, language: grammar.language).intent)
        {
            return nil
        }
        return read
    }

    /// Whether the first of `parts` says what is not meant: «не Адель», or 「アデル」 with
    /// 「じゃなくて」 after it (a part that is only a lead, «いや», passed over).
    public func deniesFirstPart(_ parts: [Clause], in text: String, language: String) -> Bool {
        let leads = grammar(for: language)?.corrections.leads ?? []
        guard let first = parts.first(where: { !isOnlyLead($0, leads: leads) }) else { return false }
        return saysWhatIsNotMeant(first.text, language: language) || isDeniedAfter(first.text, in: text, language: language)
    }

    /// Whether a part is only a lead ("no", «нет», 「いや」).
    private func isOnlyLead(_ part: Clause, leads: [[String]]) -> Bool {
        leads.contains(Token.split(part.text).map(\.folded).filter { !$0.isEmpty })
    }

    /// What `text` names after a lead, less the parts that say what is not meant: "我说的是七里香，
    /// 不是晴天" names 七里香, «я имел в виду не её, а Группу крови» Группу крови. Nil when it opens
    /// with no lead or names nothing after it.
    public func nameAfterLead(_ text: String, language: String? = nil) -> String? {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return nil }
        let corrections = grammar.corrections
        let tokens = unpaddedTokens(text, language: grammar.language)
        let words = tokens.map(\.folded)
        guard let lead = corrections.leads.first(where: { words.starts(with: $0) && words.count > $0.count }) else {
            return nil
        }
        let rest = CorrectionPhrases.text(tokens.dropFirst(lead.count))
        let kept = grammar.clauses.cut(rest).map(\.text).filter {
            !saysWhatIsNotMeant($0, language: grammar.language) && !isDeniedAfter($0, in: rest, language: grammar.language)
        }
        guard kept.count == 1 else { return nil }
        let said = Token.split(kept[0]).filter { !$0.folded.isEmpty }
        let name = corrections.withoutVerb(said[...]).first { !$0.isEmpty } ?? said[...]
        return name.isEmpty ? nil : CorrectionPhrases.text(name)
    }
}

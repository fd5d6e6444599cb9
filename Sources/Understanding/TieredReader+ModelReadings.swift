import MediaIntents

/// Readings the learned tiers make themselves: names from the slot tagger, kinds, genres, moods
/// and decades spotted anywhere, and the kind of playing the model hears.
extension TieredReader {
    /// A play request whose words name no kind gets the kind the model hears in them ("tune in to
    /// ninety nine point five" is radio, "the next chapter" an audiobook) when it is sure of it.
    func typed(_ interpretation: Interpretation, probability: [String: Float], playing: Float) -> Interpretation {
        var interpretation = interpretation
        guard interpretation.understood.intent == .playMedia, playing >= 0.5 else { return interpretation }
        var search = interpretation.understood.search ?? MediaSearch()
        // A name the grammar read stays for the catalog to type ("play Yesterday next" is a song, not
        // the next episode of something): the model types only requests that name nothing.
        guard search.mediaType == nil, search.genreNames == nil, search.moodNames == nil, search.reference == nil,
            interpretation.tier != .grammar || !search.hasName
        else { return interpretation }
        let kinds = Frame.spokenKinds.map { ($0, probability["playMedia.\($0.rawValue)"] ?? 0) }
        guard let (kind, p) = kinds.max(by: { $0.1 < $1.1 }), p / playing >= Self.kindShare else { return interpretation }
        search.mediaType = kind
        interpretation.understood.search = search
        return interpretation
    }

    /// A request of a frame that needs names, read by the slot tagger: its names, and kinds,
    /// genres, moods and decades spotted in the other words. Nil when it finds no name.
    func tagged(_ frame: String) -> Understood? {
        guard let tagger = model?.slots, ModelTrainer.namesMatter(frame) else { return nil }
        let known = grammar.tables.wordIDs
        let spans = tagger.spans(words, known: { known[$0] != nil }, frame: frame)
        guard !spans.contains(where: { Token.cutsKatakanaWord(originals, $0.range) }) else { return nil }
        guard !spans.isEmpty else { return nil }
        var captures = spans.map { span in
            Capture(name: span.slot, value: .text(Token.said(originals, span.range)), range: span.range, isWildcard: true)
        }
        var covered = [Bool](repeating: false, count: words.count)
        for span in spans { for index in span.range { covered[index] = true } }
        captures += spottedCaptures(skipping: covered).captures
        let parts = frame.split(separator: ".").map(String.init)
        guard let intent = IntentKind(rawValue: parts[0]) else { return nil }
        // Only an add has somewhere to add to: a playlist span in any other frame is a misread name.
        if intent != .addMedia { captures.removeAll { $0.name == "playlist" } }
        var fixed: [String: String] = [:]
        if intent == .updateMediaAffinity { fixed["affinityType"] = parts.count > 1 ? parts[1] : "like" }
        if let kind = Frame.kind(frame) { fixed["mediaType"] = kind.rawValue }
        guard var understood = InterpretationBuilder.build(
            intent: intent, fixed: fixed, captures: captures, words: grammar.nameWords)
        else { return nil }
        // "add this to my road trip playlist": an add that names only where to is about what plays.
        if intent == .addMedia, understood.search?.hasName != true {
            var search = understood.search ?? MediaSearch()
            search.reference = .currentlyPlaying
            understood.search = search
        }
        return understood
    }

    /// A `playMedia` request from kinds, genres, moods and decades said anywhere ("I'm in the mood
    /// for some blues"), when every other word is one the grammar knows (a word it does not know
    /// may be a name nobody read, and playing something else confidently is worse than asking).
    /// - Parameter sure: whether the model is sure enough of the frame for its kind alone to be
    ///   the reading ("テレビをつけて": every word known, nothing spotted, and "つけて" is how
    ///   radio is switched on: a kind guessed from the verb alone must not play a station).
    func spotted(_ frame: String, sure: Bool) -> Understood? {
        guard Frame.intent(frame) == IntentKind.playMedia.rawValue else { return nil }
        let (captures, unread) = spottedCaptures(skipping: [Bool](repeating: false, count: words.count))
        let kind = Frame.kind(frame)
        guard !captures.isEmpty || (kind != nil && sure), unread == 0 else { return nil }
        return InterpretationBuilder.build(
            intent: .playMedia, fixed: kind.map { ["mediaType": $0.rawValue] } ?? [:], captures: captures)
    }

    /// Kinds, genres, moods and decades said in the words not `covered`, and how many of the other
    /// words the grammar does not know.
    func spottedCaptures(skipping covered: [Bool]) -> (captures: [Capture], unread: Int) {
        var captures: [Capture] = []
        var position = 0
        var unread = 0
        while position < words.count {
            if covered[position] {
                position += 1
                continue
            }
            var longest: (name: String, words: [String], value: String)?
            for (name, list) in grammar.spottedLists.sorted(by: { $0.key < $1.key }) {
                for phrase in list.byFirstWord[words[position]] ?? []
                where position + phrase.words.count <= words.count
                    && words[position..<(position + phrase.words.count)].elementsEqual(phrase.words)
                    && !covered[position..<(position + phrase.words.count)].contains(true)
                    && phrase.words.count > (longest?.words.count ?? 0)
                {
                    longest = (name, phrase.words, phrase.value)
                }
            }
            if let longest {
                let value: SlotValue = longest.name == "decade" ? .number(Double(longest.value) ?? 0) : .text(longest.value)
                captures.append(Capture(name: longest.name, value: value, range: position..<(position + longest.words.count), isWildcard: false))
                position += longest.words.count
            } else {
                if grammar.tables.wordIDs[words[position]] == nil { unread += 1 }
                position += 1
            }
        }
        return (captures, unread)
    }
}

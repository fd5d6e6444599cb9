import MediaIntents

/// "More like this", however loosely it is said: "can you put on some more tunes in the same
/// vein", «поставь чего-нибудь в том же роде», 「この雰囲気の曲をもっとかけて」, "多放点这种风格的".
/// Read from each language's `similar` in language.json: cue phrases
/// that say "like what plays", and the words that may stand around them (verbs, "more", "songs",
/// politeness). A request made only of those is a station from what plays; one that leaves any
/// other word (a name: "songs like Adele", "Something Just Like This") is left to the grammar.
struct SimilarityCues: Sendable {
    /// Folded cue phrases, longest first.
    private var cues: [[String]] = []
    /// Folded words that may surround a cue.
    private var around: Set<String> = []
    /// The language is written without spaces (Japanese, Chinese): cues and the words around them
    /// are found as runs of characters, as tokens there do not cut words.
    private var unspaced = false
    private var joinedCues: [String] = []
    private var joinedAround: [String] = []

    init() {}

    init(_ file: SimilarFile, language: String, fold: (String) -> [String]) {
        func phrases(_ text: String) -> [[String]] {
            text.split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
        }
        cues = phrases(file.cues).sorted { $0.count > $1.count }
        let aroundPhrases = phrases(file.around)
        // Each word of an `around` phrase on its own: folding cuts "что-нибудь" and "i'd" in two.
        around = Set(aroundPhrases.joined())
        unspaced = CompiledGrammar.writesWithoutSpaces(language)
        joinedCues = cues.map { $0.joined() }.sorted { $0.count > $1.count }
        joinedAround = aroundPhrases.map { $0.joined() }.sorted { $0.count > $1.count }
    }

    /// Whether the folded words ask only for more like what plays.
    func asksForMoreLikeThis(_ words: [String]) -> Bool {
        guard !cues.isEmpty, !words.isEmpty else { return false }
        return unspaced ? readsUnspaced(words.joined()) : readsSpaced(words)
    }

    private func readsSpaced(_ words: [String]) -> Bool {
        var rest = words[...]
        var kept: [String] = []
        var found = false
        while !rest.isEmpty {
            if let cue = cues.first(where: { rest.starts(with: $0) }) {
                found = true
                rest = rest.dropFirst(cue.count)
                continue
            }
            kept.append(rest.removeFirst())
        }
        return found && kept.allSatisfy(around.contains)
    }

    private func readsUnspaced(_ text: String) -> Bool {
        var text = text
        var found = false
        for cue in joinedCues where text.contains(cue) {
            found = true
            text = text.replacingOccurrences(of: cue, with: " ")
        }
        guard found else { return false }
        // What is left between the cues must be made of the words around them, longest first.
        return text.split(separator: " ").allSatisfy { piece in
            var piece = Substring(piece)
            while !piece.isEmpty {
                guard let word = joinedAround.first(where: { piece.hasPrefix($0) }) else { return false }
                piece = piece.dropFirst(word.count)
            }
            return true
        }
    }
}

/// `similar` in language.json.
struct SimilarFile: Codable, Sendable {
    /// "like this|similar|more of the same": phrases that say "like what plays".
    var cues: String
    /// "play|more|songs|stuff|please": words that may stand around a cue.
    var around: String
}

extension Understander {
    /// A station from what plays when `words` ask only for more like it and the readings found
    /// nothing better: no reading, a question back, or a play whose name holds the cue.
    func moreLikeThis(_ words: [String], grammar: CompiledGrammar, readings: [Interpretation]) -> Interpretation? {
        if let first = readings.first {
            let search = first.understood.search
            // Already a station from what plays.
            if search?.reference == .currentlyPlaying, search?.mediaType == .station { return nil }
            // A sentence of the grammar that is no play of a name stands ("I like this" is a like);
            // the model's guess does not, as every word here is a cue or stands around one.
            if first.clarify != true, first.tier != .model,
                first.understood.intent != .playMedia || search?.reference == .currentlyPlaying
            {
                return nil
            }
        }
        guard grammar.similarity.asksForMoreLikeThis(words) else { return nil }
        let station = Understood(
            intent: .playMedia, search: MediaSearch(mediaType: .station, reference: .currentlyPlaying))
        return Interpretation(understood: station, score: 0.9, tier: .tolerant, confidence: 0.9)
    }
}

import MediaIntents

/// "More like this", however loosely it is said: "play more stuff like this", "I like this vibe,
/// keep it going with similar songs", «давай ещё что-нибудь в таком духе», 「これに似た曲」,
/// "再来几首跟这个差不多的". Read from each language's `similar` in language.json: cue phrases
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
        // Each word of an `around` phrase on its own: folding cuts "что-нибудь" and "i'd" in two.
        around = Set(phrases(file.around).joined())
        unspaced = language.hasPrefix("ja") || language.hasPrefix("zh")
        joinedCues = cues.map { $0.joined() }.sorted { $0.count > $1.count }
        joinedAround = phrases(file.around).map { $0.joined() }.sorted { $0.count > $1.count }
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
        // A sentence of the grammar that is no play stands ("I like this" is a like); the model's
        // guess does not, as every word here is a cue or stands around one.
        if let first = readings.first, first.clarify != true, first.tier != .model {
            guard first.understood.intent == .playMedia, first.understood.search?.reference != .currentlyPlaying
            else { return nil }
        }
        if let first = readings.first, first.understood.search?.reference == .currentlyPlaying,
            first.understood.search?.mediaType == .station
        {
            return nil
        }
        guard grammar.similarity.asksForMoreLikeThis(words) else { return nil }
        let station = Understood(
            intent: .playMedia, search: MediaSearch(mediaType: .station, reference: .currentlyPlaying))
        return Interpretation(understood: station, score: 0.9, tier: .tolerant, confidence: 0.9)
    }
}

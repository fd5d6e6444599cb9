import MediaIntents

/// "More like this", however loosely it is said: "can you put on some more tunes in the same
/// vein", «поставь чего-нибудь в том же роде», 「この雰囲気の曲をもっとかけて」, "多放点这种风格的".
/// Read from each language's `similar` in language.json: cue phrases
/// that say "like what plays", and the words that may stand around them (verbs, "more", "songs",
/// politeness). A request made only of those is a station from what plays; one that leaves any
/// other word (a name: "songs like Adele", "Something Just Like This") is left to the grammar.
struct SimilarityCues: Sendable {
    private var reader = CueReader()

    init() {}

    init(_ file: SimilarFile, language: String, fold: (String) -> [String]) {
        reader = CueReader(cues: ["similar": file.cues], around: file.around, language: language, fold: fold)
    }

    /// Whether the folded words ask only for more like what plays.
    func asksForMoreLikeThis(_ words: [String]) -> Bool { reader.tags(words) != nil }
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
            // One that named words of the cue ("I like {this, play more like it}") does not.
            if first.clarify != true, first.tier != .model, search?.hasName != true,
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

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

    /// Folded words that make a cue of `verbLike` ask for a station.
    private var verbLikeWith: Set<String> = []

    init(_ file: SimilarFile, language: String, fold: (String) -> [String]) {
        var cues = ["similar": file.cues]
        if let after = file.after { cues["after"] = after }
        if let verbLike = file.verbLike { cues["verbLike"] = verbLike }
        reader = CueReader(cues: cues, around: file.around, language: language, fold: fold)
        verbLikeWith = Set((file.verbLikeWith ?? "").split(separator: "|").flatMap { fold(String($0)) })
    }

    /// Nil when the folded words do not ask only for more like what plays; else whether the music
    /// like it is to follow what plays ("when this ends, play more like it": true) or start now.
    func asksForMoreLikeThis(_ words: [String]) -> Bool? {
        guard let tags = reader.tags(words) else { return nil }
        // "I like this one, like it" is a like; "play more like it" a station.
        let byVerbLike = tags.contains("verbLike") && words.contains(where: verbLikeWith.contains)
        guard tags.contains("similar") || byVerbLike else { return nil }
        return tags.contains("after")
    }
}

/// `similar` in language.json.
struct SimilarFile: Codable, Sendable {
    /// "like this|similar|more of the same": phrases that say "like what plays".
    var cues: String
    /// "play|more|songs|stuff|please": words that may stand around a cue.
    var around: String
    /// "when this ends|after this song": the music like it follows what plays, not instead of it.
    var after: String?
    /// "like it|like this": cues that also read as the verb ("I like it"), a station only with a
    /// word of `verbLikeWith` ("play more like it").
    var verbLike: String?
    var verbLikeWith: String?
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
            // A reading that passed words over gives way too: every word here is read ("keep this
            // vibe going" is no "keep this").
            if first.clarify != true, first.tier == .grammar, search?.hasName != true,
                first.understood.intent != .playMedia || search?.reference == .currentlyPlaying
            {
                return nil
            }
        }
        guard let afterThis = grammar.similarity.asksForMoreLikeThis(words) else { return nil }
        var station = Understood(
            intent: .playMedia, search: MediaSearch(mediaType: .station, reference: .currentlyPlaying))
        if afterThis {
            var parameters = IntentParameters()
            parameters.playbackQueueLocation = .next
            station.params = parameters
        }
        return Interpretation(understood: station, score: 0.9, tier: .tolerant, confidence: 0.9)
    }
}

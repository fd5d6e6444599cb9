import MediaIntents

/// A station from a named seed, however loosely it is said: "can you make me a Fleetwood Mac
/// radio station", "a station off the Abbey Road album", «сделай радио на основе песни Skyfall»,
/// 「米津玄師のステーション作って」, "用Billie Jean开一个电台". Read from each language's
/// `stations` in language.json (NamedCueReader): the cue ("station", «радио», 「ステーション」,
/// "电台"), the words around it and the kinds, and the one name left, which is the seed. With no
/// name left it is "more like this" (SimilarityCues).
struct SeedStationCues: Sendable {
    private var reader = NamedCueReader()

    init() {}

    init(_ file: CueWordsFile, language: String, fold: (String) -> [String]) {
        reader = NamedCueReader(file, lists: [:], dates: false, language: language, fold: fold)
    }

    /// A station from the seed `tokens` name, or nil.
    func station(_ tokens: [Token]) -> MediaSearch? {
        guard let reading = reader.read(tokens), let name = reading.name else { return nil }
        // The kind said keeps the seed to it: "the Abbey Road album" is not a song of that name.
        switch reading.kind {
        case .album: return MediaSearch(mediaType: .algorithmicRadioStation, albumName: name)
        case .artist: return MediaSearch(mediaType: .algorithmicRadioStation, artistName: name)
        default: return MediaSearch(mediaType: .algorithmicRadioStation, mediaName: name)
        }
    }
}

extension Understander {
    /// A station from a named seed when `tokens` ask for one and the readings found no better. With
    /// no reading, a question back or a guess of the model, it comes first and holds only when the
    /// catalog has the seed; beside a play of a name ("play Radio Ga Ga" holds the cue too) it is a
    /// rival of the same weight, which the catalog decides between.
    func seedStation(_ tokens: [Token], grammar: CompiledGrammar, readings: [Interpretation])
        -> (reading: Interpretation, rival: Bool)?
    {
        guard let search = grammar.stations.station(tokens) else { return nil }
        let understood = Understood(intent: .playMedia, search: search)
        // A grammar reading whose name runs across a part's mark is no better reading.
        let acrossParts = Clause.nameRunsAcrossParts(readings.first?.understood.search)
        // "Find me songs kinda like Here Comes the Sun": a search whose name holds the cue and the
        // seed both is no better reading either.
        let searchHoldsCue = readings.first.map { first in
            guard first.understood.intent == .searchForMedia, let said = first.understood.search?.mediaName,
                let seed = search.mediaName
            else { return false }
            return said.count > seed.count && said.lowercased().contains(seed.lowercased())
        } ?? false
        if let first = readings.first, first.clarify != true, first.tier != .model, !acrossParts, !searchHoldsCue {
            let named = first.understood.search
            // A station the grammar read with the kind inside its name ("the Nevermind album") is a
            // rival too; one read as this one is, is left alone.
            guard first.understood.intent == .playMedia, named?.hasName == true, named != search else { return nil }
            let rival = Interpretation(
                understood: understood, score: first.score, tier: .tolerant, confidence: first.confidence)
            return (rival, true)
        }
        let reading = Interpretation(understood: understood, score: 0.85, needsCatalog: true, tier: .tolerant, confidence: 0.85)
        return (reading, false)
    }
}

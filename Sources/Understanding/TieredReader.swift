import Foundation
import MediaIntents

/// Reads one request through the tiers, most precise first, and ranks their readings together.
///
/// - grammar: every word read by the language's templates (names by wildcards);
/// - tolerant: the same templates after wake words and fillers are dropped (`speech.json`), passing
///   over up to `skipLimit` more words at a cost;
/// - model: the learned classifier's frame, for requests whose words alone say what to do
///   ("kill the sound", "who's singing right now"), and as the judge of whether a request is
///   about media at all.
struct TieredReader {
    let grammar: CompiledGrammar
    let padding: SpeechPadding
    let model: IntentModel?
    let vocabulary: Vocabulary
    let words: [String]
    let originals: [Substring]

    // The thresholds below were set on held-out folds of the dev sets (hwu, xsid, snips, ha; three
    // folds, `hark train --fold K` then `hark eval --fold K`): each moves intent accuracy by under
    // a point across the range tried (modelAlone 0.4–0.65, rejectNone 0.7–0.95, overrule 0.8–0.97,
    // kindShare 0.5–0.85); where they trade accuracy for false accepts, false accepts won.

    /// Words the tolerant tier may pass over, besides the padding it drops.
    static let skipLimit = 2
    /// A grammar reading that needs wildcard names is dropped when the model is at least this sure
    /// the request is not about media and gives the reading's own frame less than `vetoFloor`.
    static let rejectNone: Float = 0.85
    static let vetoFloor: Float = 0.1
    /// The model alone answers when its frame is at least this likely (below, "I didn't get that").
    static let modelAlone: Float = 0.55
    /// A tolerant reading stands when the model gives its frame at least this.
    static let tolerantAgreement: Float = 0.2
    /// A wildcard-heavy grammar reading gives way to a frame the model is this sure of.
    static let overrule: Float = 0.9
    /// A play request without a kind takes the kind holding this share of the model's "play".
    static let kindShare: Float = 0.7
    /// A play or add request the model is at least this sure of (and no more than `clarifyNone` sure
    /// is not about media), whose names nothing could read, gets a short question.
    /// (Set by judgment, not tuned: below 0.3 the model's "play" is no likelier than several other
    /// readings, and a question to a request that was not about media is worse than no answer.)
    static let clarifyFloor: Float = 0.3
    static let clarifyNone: Float = 0.3
    /// Without a model, a tolerant reading must explain about half the request's words to stand.
    static let tolerantAlone = 0.45
    /// How much the model's agreement (its log-probability) weighs against how well a tolerant
    /// reading's words fit: a reading the model finds ten times less likely needs about 0.7 more
    /// of its words explained to win.
    static let agreementWeight = 0.3

    /// A reading with how much of the request its names took (wildcards) and words it passed over.
    struct Reading {
        var interpretation: Interpretation
        var wildcardWords: Int
        /// Where the first name the reading took by wildcard starts (nil: none did).
        var firstNameStart: Int? = nil
    }

    mutating func read(tiers: Tiers, limit: Int) -> [Interpretation] {
        var grammarReadings = tiers.contains(.grammar) ? readings(Array(words.indices), skips: 0, tier: .grammar, limit: limit) : []
        // A wake word is never the start of a name ("アレクサ、あいみょん流して" is not a song called
        // "アレクサ、あいみょん"): where the best reading's name took one in, the words after them are read.
        if let nameStart = grammarReadings.first?.firstNameStart {
            let wakeWords = padding.leadingWakeWords(words)
            if nameStart < wakeWords, wakeWords < words.count {
                let rest = readings(Array(words.indices.dropFirst(wakeWords)), skips: 0, tier: .grammar, limit: limit)
                if !rest.isEmpty { grammarReadings = rest }
            }
        }
        guard let model else {
            if !grammarReadings.isEmpty || !tiers.contains(.tolerant) { return grammarReadings.map(\.interpretation) }
            return tolerantReadings(limit: limit).filter { $0.interpretation.score >= Self.tolerantAlone }
                .map(\.interpretation)
        }
        // The grammar read every word with its own words: it stands, and the model is not asked.
        if let first = grammarReadings.first, first.wildcardWords == 0 { return grammarReadings.map(\.interpretation) }
        let ranked = model.ranked(words)
        var probability: [String: Float] = [:]
        var intentProbability: [String: Float] = [:]
        for (frame, p) in ranked {
            probability[frame] = p
            intentProbability[Frame.intent(frame), default: 0] += p
        }
        // How much the model agrees with a reading: the probability of its intent, whatever the
        // details (a kind of playing, a direction of volume) the words are read with.
        func agreement(_ understood: Understood) -> Float { intentProbability[understood.intent.rawValue] ?? 0 }
        let none = probability[IntentKind.none.rawValue] ?? 0
        func withConfidence(_ reading: Reading) -> Interpretation {
            var interpretation = reading.interpretation
            let agreed = Double(agreement(interpretation.understood))
            interpretation.confidence =
                reading.wildcardWords == 0 && interpretation.tier == .grammar ? max(agreed, interpretation.score) : agreed
            return interpretation
        }
        // The model's answer: its likeliest intent, said with that intent's likeliest details
        // ("could you lower it": changeVolume 0.97, of which .up 0.54 and .down 0.43).
        let bestIntent = intentProbability.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
        let top: (frame: String, probability: Float) = (
            ranked.first { Frame.intent($0.frame) == bestIntent?.key }?.frame ?? IntentKind.none.rawValue,
            bestIntent?.value ?? 1
        )
        let modelAlone = padding.modelAlone ?? Self.modelAlone
        // A reading the model tier makes, as sure as the model is of its intent.
        func fromModel(_ understood: Understood, clarify: Bool = false) -> Interpretation {
            var interpretation = Interpretation(
                understood: understood, score: Double(top.probability), tier: .model,
                confidence: Double(top.probability))
            if clarify { interpretation.clarify = true }
            return interpretation
        }
        // The tagger's names for the model's frame, read at most once.
        var taggedOnce: Understood??
        func taggedReading() -> Understood? {
            if taggedOnce == nil { taggedOnce = .some(tagged(top.frame)) }
            return taggedOnce ?? nil
        }
        let modelReading =
            top.frame == IntentKind.none.rawValue || top.probability < modelAlone ? nil : Frame.reading(top.frame)
        var found: [Interpretation]
        if let first = grammarReadings.first {
            let agreed = agreement(first.interpretation.understood)
            if none >= Self.rejectNone && agreed < Self.vetoFloor && first.wildcardWords * 3 >= words.count {
                // Mostly a wildcard's words, and the model is sure it is not about media: the
                // readings stand only if the catalog has what they name ("pon Skyfall de Adele").
                found = grammarReadings.map {
                    var interpretation = withConfidence($0)
                    interpretation.needsCatalog = true
                    return interpretation
                }
            } else if let modelReading, top.probability >= Self.overrule, agreed < Self.vetoFloor,
                Self.namesOnly(first.interpretation.understood)
            {
                // Only a reading that is nothing but names gives way: one whose template also said
                // how ("shuffle Abbey Road": play, shuffled) knows more than the model.
                found = [fromModel(modelReading)] + grammarReadings.prefix(limit - 1).map(withConfidence)
            } else {
                found = grammarReadings.map(withConfidence)
            }
        } else {
            guard tiers.contains(.tolerant) || tiers.contains(.model) else { return [] }
            // The tolerant tier is the slow one: not tried on what the model is sure is not about
            // media, nor where the model alone answers with certainty ("who's singing right now").
            let sureAlone = modelReading != nil && top.probability >= Self.overrule
            var tolerant = tiers.contains(.tolerant) && none < Self.rejectNone && !sureAlone ? tolerantReadings(limit: limit) : []
            // A bare play that passed over words the tagger reads as a name ("adele play", «Раммштайн
            // поставь-ка») is no request to play anything at all: those words were what to play
            // ("um can you put some music on" passes over no name, and stays a play).
            let passesWordsOver = { (reading: Reading) in
                Self.isBarePlay(reading.interpretation.understood) && reading.interpretation.score < Self.barePlayFit
            }
            if tolerant.contains(where: passesWordsOver), tagged("playMedia")?.search?.hasName == true {
                tolerant.removeAll(where: passesWordsOver)
            }
            // Ranked by how well the words fit and how much the model agrees.
            func key(_ reading: Reading) -> Double {
                reading.interpretation.score
                    + Self.agreementWeight * log(Double(max(agreement(reading.interpretation.understood), 0.001)))
            }
            tolerant.sort { key($0) > key($1) }
            if let best = tolerant.first, agreement(best.interpretation.understood) >= Self.tolerantAgreement,
                none < Self.rejectNone
            {
                found = tolerant.map(withConfidence)
            } else if let modelReading {
                found = [fromModel(modelReading)]
            } else if top.frame != IntentKind.none.rawValue, top.probability >= modelAlone {
                // A frame that needs names: a tolerant reading of that intent, else the tagger's names.
                if let agreeing = tolerant.first(where: {
                    $0.interpretation.understood.intent.rawValue == Frame.intent(top.frame)
                }) {
                    found = [withConfidence(agreeing)]
                } else if let read = taggedReading() {
                    // Names the tagger guessed are acted on only when the catalog has them for
                    // certain; otherwise the answer is a question (`Interpretation.clarify`).
                    found = [fromModel(read, clarify: true)]
                } else if let read = spotted(top.frame, sure: top.probability >= Self.overrule) {
                    found = [fromModel(read)]
                } else {
                    found = []
                }
            } else {
                found = []
            }
            if found.isEmpty, ["playMedia", "addMedia"].contains(Frame.intent(top.frame)),
                top.probability >= Self.clarifyFloor, none <= Self.clarifyNone,
                let intent = IntentKind(rawValue: Frame.intent(top.frame))
            {
                // The tagger's guess at the names rides along: the catalog may know them for certain
                // ("treat me to a little norah jones"), and then there is nothing to ask.
                let guess = ModelTrainer.namesMatter(top.frame) ? taggedReading() : tagged(intent.rawValue)
                found = [fromModel(guess ?? Understood(intent: intent), clarify: true)]
            }
        }
        return found.map { typed($0, probability: probability, playing: intentProbability["playMedia"] ?? 0) }
    }

    /// A tolerant reading of a bare play stands only when it explains at least this share of the words.
    static let barePlayFit = 0.5

    /// A play that names nothing and says nothing about how (a room or device aside).
    static func isBarePlay(_ understood: Understood) -> Bool {
        var params = understood.params ?? IntentParameters()
        params.device = nil
        params.area = nil
        return understood.intent == .playMedia && (understood.search ?? MediaSearch()).isEmpty && params.isEmpty
    }

    /// Whether a reading says nothing but its intent and names (a room or device aside).
    static func namesOnly(_ understood: Understood) -> Bool {
        var params = understood.params ?? IntentParameters()
        params.device = nil
        params.area = nil
        var search = understood.search ?? MediaSearch()
        search.mediaName = nil
        search.artistName = nil
        search.albumName = nil
        return params.isEmpty && search.isEmpty && understood.app == nil
    }

    /// Readings once padding is dropped, passing over up to `skipLimit` words.
    private func tolerantReadings(limit: Int) -> [Reading] {
        readings(padding.kept(words), skips: padding.skipLimit ?? Self.skipLimit, tier: .tolerant, limit: limit)
    }

    /// The grammar's readings of the words at `positions`, best first.
    private func readings(_ positions: [Int], skips: Int, tier: Tier, limit: Int) -> [Reading] {
        let kept = positions.map { words[$0] }
        guard !kept.isEmpty else { return [] }
        var matcher = Matcher(
            words: kept, originals: positions.map { originals[$0] }, grammar: grammar, vocabulary: vocabulary)
        if skips > 0 { matcher.allowSkips(skips, fixed: kept.map(padding.neverSkipped.contains)) }
        // Which grammar words the utterance holds, as a bitmap over word ids.
        var present = [UInt64](repeating: 0, count: (grammar.tables.vocabularySize + 63) / 64)
        for id in matcher.ids where id >= 0 { present[Int(id) / 64] |= 1 << UInt64(id % 64) }
        var candidates = grammar.byFirstWord[matcher.ids[0]] ?? grammar.anyStart
        if skips > 0 {
            // A sentence may start at any of the first words the matcher can pass over.
            var union = Set(candidates)
            for id in matcher.ids.prefix(skips + 1).dropFirst() { union.formUnion(grammar.byFirstWord[id] ?? []) }
            candidates = union.sorted()
        }
        var raw: [(sentence: Int, captures: [RawCapture], score: Double)] = []
        for index in candidates {
            guard
                grammar.sentences[index].requiredWords.allSatisfy({
                    present[Int($0) / 64] & (1 << UInt64($0 % 64)) != 0
                })
            else { continue }
            let matches = matcher.rawMatches(
                grammar.sentences[index].program, weight: grammar.sentences[index].weight,
                limit: Understander.readingsPerSentence)
            for match in matches { raw.append((index, match.captures, match.score)) }
        }
        raw.sort { $0.score != $1.score ? $0.score > $1.score : $0.sentence < $1.sentence }
        // Build readings best first until `limit` different ones are found.
        var found: [Reading] = []
        var seen = Set<Understood>()
        var notAboutMedia: Bool?
        for match in raw where found.count < limit {
            let sentence = grammar.sentences[match.sentence]
            guard
                let understood = InterpretationBuilder.build(
                    intent: sentence.intent, fixed: sentence.fixed, captures: match.captures.map(matcher.resolve),
                    words: grammar.nameWords),
                seen.insert(understood).inserted
            else { continue }
            if understood.intent == .addMedia || understood.intent == .removeMedia {
                // "add milk to my shopping list" is not about media; asked once per utterance.
                if notAboutMedia == nil {
                    notAboutMedia = grammar.namesSomethingElse(matcher.words, fillers: padding.trailingFillers)
                }
                if notAboutMedia == true { continue }
                // 「牛乳を買い物リストに追加して」: the list named inside the request is not a playlist.
                if case .playlist(let name)? = understood.params?.destination,
                    grammar.namesSomethingElse(Token.split(name).map(\.folded), fillers: [])
                {
                    continue
                }
            }
            // The grammar tier is scored on the words it was given (wake words before them are not
            // the request's); the tolerant tier on all of them, so that what it dropped counts against it.
            let scoredWords = tier == .grammar ? positions.count : words.count
            let score = max(0, min(1, match.score / Double(scoredWords)))
            let wildcardWords = match.captures.reduce(0) { $0 + ($1.kind == .wildcard ? $1.end - $1.start : 0) }
            found.append(
                Reading(
                    interpretation: Interpretation(
                        understood: understood, score: score, sentence: sentence.source,
                        needsCatalog: sentence.needsCatalog, tier: tier),
                    wildcardWords: wildcardWords,
                    firstNameStart: match.captures.filter { $0.kind == .wildcard }.map(\.start).min()))
        }
        return found
    }
}

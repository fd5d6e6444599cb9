public import Foundation
import MediaIntents

/// Understanding's entry point: text in, ranked interpretations out.
///
///     let understander = try Understander()
///     understander.understand("play skyfall by adele", language: "en").first?.understood.intent  // .playMedia
public struct Understander: Sendable {
    /// Utterances longer than this are not requests anyone speaks; they get `none` at once.
    public static let maximumWords = 48
    /// Readings kept per sentence: enough for the word splits that matter, few enough to stay fast.
    static let readingsPerSentence = 6

    let grammars: [String: CompiledGrammar]
    /// Each language's grammar as read (without its sentences), for compiling apps' phrases.
    let files: [String: GrammarFile]
    let extraLists: [String: [String]]
    /// Registered apps' own phrases, compiled per language (`withApps`).
    var appGrammars: [String: AppGrammar] = [:]
    let padding: [String: SpeechPadding]
    private let detector: LanguageDetector
    /// The learned intent model, when one ships (`hark train` writes it).
    public let model: IntentModel?
    /// The language used when a request carries none.
    public let defaultLanguage: String

    /// Loads and compiles every language folder in the module's resources, and the trained model.
    ///
    /// - Parameter extraLists: phrases known only at run time, by list name: `app` (app names and
    ///   their alternatives), `device` and `area` (players and rooms).
    /// - Parameter model: a model to use instead of the one shipped (`hark eval --model`).
    public init(extraLists: [String: [String]] = [:], defaultLanguage: String = "en", model: IntentModel? = nil)
        throws
    {
        guard let root = Self.resourcesURL else {
            throw UnderstandingError(message: "grammar resources are missing from the bundle")
        }
        var grammars: [String: CompiledGrammar] = [:]
        var files: [String: GrammarFile] = [:]
        var padding: [String: SpeechPadding] = [:]
        let services = try Self.services(root.appendingPathComponent("services.json"))
        let slots = try SlotDeclarations.load(root.appendingPathComponent("slots.json"))
        let folders = try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("language.json").path) }
        // Each language compiles on its own core: registering an app rebuilds them all, so this is
        // the wait before a new app's name is understood.
        let results = Locked<[Result<(CompiledGrammar, GrammarFile, SpeechPadding), UnderstandingError>]>([])
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            let folder = folders[index]
            let url = folder.appendingPathComponent("language.json")
            let result: Result<(CompiledGrammar, GrammarFile, SpeechPadding), UnderstandingError>
            do {
                var file = try GrammarFile.load(folder: folder)
                file.lists["app"] = services.merging(file.lists["app"] ?? [:]) { _, own in own }
                let grammar = try CompiledGrammar(file: file, extraLists: extraLists, slots: slots)
                file.intents = nil
                let speech = SpeechPadding(try SpeechFile.load(folder.appendingPathComponent("speech.json")))
                result = .success((grammar, file, speech))
            } catch {
                result = .failure(UnderstandingError(message: "\(url.path): \(error)"))
            }
            results.withLock { $0.append(result) }
        }
        for result in results.withLock({ $0 }) {
            let (grammar, file, speech) = try result.get()
            grammars[file.language] = grammar
            files[file.language] = file
            padding[file.language] = speech
        }
        self.grammars = grammars
        self.files = files
        self.extraLists = extraLists
        self.padding = padding
        self.defaultLanguage = defaultLanguage
        if let model {
            self.model = model
        } else if let url = Self.shippedModelURL, FileManager.default.fileExists(atPath: url.path) {
            self.model = try IntentModel(contentsOf: url)
        } else {
            self.model = nil
        }
        // Words that tell languages apart: each grammar's own words, less those several share
        // (names of apps and rooms, "tv", "hip hop").
        let allWords = grammars.mapValues { Set($0.tables.wordIDs.keys) }
        var counts: [String: Int] = [:]
        for words in allWords.values { for word in words { counts[word, default: 0] += 1 } }
        let vocabularies = allWords.mapValues { $0.filter { counts[$0] == 1 } }
        // A request's opening word may be shared ("play" is also in grammars that take mixed
        // requests); only Latin-script grammars' words are weighed for it.
        let latinScript = allWords.filter { _, words in
            let latin = words.filter {
                $0.unicodeScalars.allSatisfy { $0.isASCII || (0xC0...0x24F).contains($0.value) }
            }
            return latin.count * 2 > words.count
        }
        self.detector = LanguageDetector(
            vocabularies: vocabularies, openingWords: latinScript, fallback: defaultLanguage)
    }

    /// The folder holding one subfolder per language (grammar and test sentences).
    static var resourcesURL: URL? { Bundle.module.url(forResource: "Resources", withExtension: nil) }

    /// Media services every language knows by name (`Resources/services.json`): name → phrases.
    static func services(_ url: URL) throws -> [String: String] { try JSON5File.load([String: String].self, from: url) }

    /// The trained model shipped with the module.
    public static var shippedModelURL: URL? { resourcesURL?.appendingPathComponent("model/intents.model") }

    /// The language a request is read in: the tag it came with, as Hark names it ("de-DE" is "de";
    /// "zh", "zh-CN", "zh-SG" are "zh-Hans"; "zh-TW", "zh-HK" are "zh-Hant"; a bare "zh" follows the
    /// characters written), else, for no tag or one Hark has no grammar for ("pt"), the language
    /// its words are in.
    public func language(asked: String?, text: String) -> String {
        guard let asked, !asked.isEmpty else { return detectLanguage(text) }
        if grammars[asked] != nil { return asked }
        let parts = asked.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        if parts.first == "zh" {
            if parts.contains(where: { ["hant", "tw", "hk", "mo"].contains($0) }) { return "zh-Hant" }
            if parts.contains(where: { ["hans", "cn", "sg", "my"].contains($0) }) { return "zh-Hans" }
            return ChineseScript.shared.isTraditional(text) ? "zh-Hant" : "zh-Hans"
        }
        if let first = parts.first, grammars[first] != nil { return first }
        return detectLanguage(text)
    }

    /// The language of a request without a tag: script and word evidence, and for a request in
    /// two scripts ("Harkでカリードを再生", "play 感電", "在 Spotify 上播放") the language whose
    /// grammar reads it best, so a Latin-script name keeps a Japanese sentence Japanese.
    public func detectLanguage(_ text: String) -> String {
        let guess = detector.detect(text)
        // An app's own phrase decides: "generate a 50 km route in Walk Mate" is English however few
        // of Hark's English words it holds.
        if !appGrammars.isEmpty, let language = appPhraseLanguage(text, guess: guess) { return language }
        let candidates = detector.candidates(text)
        guard candidates.count > 1 || (candidates.count == 1 && candidates[0] != guess) else { return guess }
        func evidence(_ language: String) -> Double {
            understand(text, language: language, limit: 1, tiers: [.grammar, .tolerant]).first.map {
                $0.tier == .grammar ? $0.score : $0.score / 2
            } ?? 0
        }
        var best = guess
        var bestEvidence = evidence(guess)
        for language in candidates where language != guess {
            let found = evidence(language)
            if found > bestEvidence {
                best = language
                bestEvidence = found
            }
        }
        return best
    }

    /// Whether a text's letters could be written in `language` (Latin letters fit every language,
    /// as names; Cyrillic only Russian; kana only Japanese; Han Chinese and Japanese).
    public func scriptAllows(_ text: String, language: String) -> Bool {
        LanguageDetector.scripts(text).allSatisfy { script in
            switch script {
            case "latin": return true
            case "zh": return language.hasPrefix("zh") || language == "ja"
            default: return language.hasPrefix(script)
            }
        }
    }

    /// Languages with a grammar.
    public var languages: [String] { grammars.keys.sorted() }

    func grammar(for language: String) -> CompiledGrammar? { grammars[language] ?? grammars[String(language.prefix(2))] }

    /// Every reading of `text`, best first. Empty when nothing matched: the request is not a
    /// media request (intent `none`).
    ///
    /// - Parameter tiers: which tiers may read (all of them unless measuring one alone).
    public func understand(
        _ text: String, language: String? = nil, vocabulary: Vocabulary = Vocabulary(), limit: Int = 5,
        tiers: Tiers = .all
    ) -> [Interpretation] {
        let tag = language ?? detector.detect(text)
        guard let grammar = grammar(for: tag) else { return [] }
        let tokens = Token.split(text)
        guard !tokens.isEmpty, tokens.count <= Self.maximumWords else { return [] }
        let words = tokens.map(\.folded)
        let originals = tokens.map(\.original)
        let padding = padding[grammar.language] ?? SpeechPadding()
        // "The first one" answers "Which one?"; said with no question open, it asks for nothing.
        if grammar.choicePhrases[answerPhrase(words, padding: padding)] != nil { return [] }
        var reader = TieredReader(
            grammar: grammar, padding: padding, model: tiers.contains(.model) ? model : nil, vocabulary: vocabulary,
            words: words, originals: originals)
        // An app's own phrase, naming the app, comes before Hark's media readings of the same words.
        if let apps = appGrammars[grammar.language], let own = apps.read(words: words, originals: originals, padding: padding) {
            return [own] + reader.read(tiers: tiers, limit: max(limit - 1, 1)).filter { $0.understood.intent != .appIntent }
        }
        let readings = withLooseReadings(tokens, text: text, grammar: grammar, readings: reader.read(tiers: tiers, limit: limit))
        // «Земфиру включи»: the verb said last, read again said first.
        if readings.first.map({ $0.tier != .grammar || $0.clarify == true }) ?? true,
            let verbFirst = Self.withPlayVerbFirst(tokens, verbs: grammar.playVerbsLast)
        {
            let again = understand(verbFirst, language: grammar.language, vocabulary: vocabulary, limit: limit, tiers: tiers)
            if let best = again.first, best.tier == .grammar, best.clarify != true { return again }
        }
        return readings
    }

    /// The request said with the play verb it ends with moved to its start, or nil when it ends
    /// with none of `verbs`, or opens with one too.
    static func withPlayVerbFirst(_ tokens: [Token], verbs: [[String]]) -> String? {
        let words = tokens.map(\.folded).filter { !$0.isEmpty }
        let said = tokens.filter { !$0.folded.isEmpty }.map { String($0.original) }
        guard let verb = verbs.first(where: { words.count > $0.count && words.suffix($0.count).elementsEqual($0) }),
            !verbs.contains(where: { words.starts(with: $0) })
        else { return nil }
        return (said.suffix(verb.count) + said.prefix(said.count - verb.count)).joined(separator: " ")
    }

    /// The learned model's most likely frames for `text` ("changeVolume.down" 0.93, …), best first;
    /// empty without a model. For `hark parse --explain`.
    public func frames(_ text: String, limit: Int = 3) -> [(frame: String, probability: Double)] {
        guard let model else { return [] }
        return model.ranked(Token.split(text).map(\.folded)).prefix(limit).map { ($0.frame, Double($0.probability)) }
    }

    /// How an utterance answers "Which one?": a position among `count` choices (0-based), a cancel,
    /// or nil when it is not an answer of that kind (it may be a name, or a new request). With one
    /// choice offered ("Do you want Holiday by Madonna?"), "yes" takes it.
    public func answer(_ text: String, choices count: Int, language: String? = nil) -> ChoiceAnswer? {
        let tag = language ?? defaultLanguage
        guard let grammar = grammar(for: tag) else { return nil }
        let phrase = answerPhrase(
            Token.split(text).map(\.folded), padding: padding[grammar.language] ?? SpeechPadding())
        if grammar.cancelPhrases.contains(phrase) { return .cancel }
        if count == 1, grammar.confirmPhrases.contains(phrase) { return .pick(0) }
        guard let position = grammar.choicePhrases[phrase] else { return nil }
        let index = position < 0 ? count + position : position - 1
        return (0..<count).contains(index) ? .pick(index) : nil
    }

    /// Whether a request asks to do again what was last done ("do that again", «повтори»).
    public func asksAgain(_ text: String, language: String? = nil) -> Bool {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return false }
        let phrase = answerPhrase(
            Token.split(text).map(\.folded), padding: padding[grammar.language] ?? SpeechPadding())
        return grammar.againPhrases.contains(phrase)
    }

    /// The first number said in `text`, in digits or in the language's words ("5 km", "five
    /// kilometres", «пять», 「五キロ」); nil when it holds none.
    public func number(in text: String, language: String? = nil) -> Double? {
        guard let grammar = grammar(for: language ?? defaultLanguage) else { return nil }
        let words = Token.split(text).map(\.folded)
        for start in words.indices {
            if let (value, _) = grammar.numbers.read(words[start...]) ?? NumberWords.readHan(words[start...]) {
                return value
            }
        }
        return nil
    }

    /// An answer's words without the politeness around it ("the second one, please").
    private func answerPhrase(_ words: [String], padding: SpeechPadding) -> String {
        words[...].trimming(padding.answerFillers).words.joined(separator: " ")
    }

    /// The best reading, or `none`.
    ///
    /// A request that would be answered with a question ("What would you like me to play?") is `none`.
    public func best(_ text: String, language: String? = nil) -> Understood {
        guard let first = understand(text, language: language, limit: 1).first, first.clarify != true else {
            return .none
        }
        return first.understood
    }
}

extension CompiledGrammar {
    /// Whether an add request ends by naming a list that is not a playlist ("… to my shopping list",
    /// "… to my calendar, please"); "Guest List Polygon" as a playlist name is still a playlist.
    func namesSomethingElse(_ words: [String], fillers: Set<String>) -> Bool {
        var end = words.count
        while end > 0, fillers.contains(words[end - 1]) { end -= 1 }
        return notPlaylistPhrases.contains { phrase in
            phrase.count <= end && words[(end - phrase.count)..<end].elementsEqual(phrase)
        }
    }
}

/// An answer to "Which one?".
public enum ChoiceAnswer: Sendable, Hashable {
    /// The choice at this 0-based position.
    case pick(Int)
    /// None of them: drop the question.
    case cancel
}

/// A grammar that could not be loaded, with the file and the reason.
public struct UnderstandingError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

public import MediaIntents

/// What understanding needs of an app's own commands (the App Intents model): the names it answers
/// to and, per intent, its parameters' kinds and its phrases per language. The Apps layer builds it
/// from a manifest; understanding compiles the phrases into the same template engine as Hark's own
/// sentences.
public struct AppPhraseSource: Sendable, Hashable {
    /// How a parameter reads words.
    public enum ParameterKind: Sendable, Hashable {
        /// One of the app's things, by name (any words; matched against the app's entities later).
        case entity
        /// A number in digits or words.
        case number
        /// One of a fixed list: value → the phrases that say it, per language.
        case choice([String: [String: [String]]])
        /// Any words.
        case text
    }

    public struct Intent: Sendable, Hashable {
        public var identifier: String
        public var parameters: [String: ParameterKind]
        /// Language tag → phrases ("Load {walk} in {applicationName}").
        public var phrases: [String: [String]]

        public init(identifier: String, parameters: [String: ParameterKind], phrases: [String: [String]]) {
            self.identifier = identifier
            self.parameters = parameters
            self.phrases = phrases
        }
    }

    /// The app's identifier (what a reading names as its app).
    public var app: String
    /// Every way its name may be written (`AppRegistration.spokenVariants`).
    public var names: [String]
    public var intents: [Intent]

    public init(app: String, names: [String], intents: [Intent]) {
        self.app = app
        self.names = names
        self.intents = intents
    }

    /// The placeholder every phrase must hold for the app's name.
    public static let applicationName = "applicationName"
}

/// A phrase that cannot be used, with the phrase and why.
public struct AppPhraseError: Error, CustomStringConvertible, Sendable, Hashable {
    public var app: String
    public var intent: String
    public var language: String
    public var phrase: String
    public var reason: String
    public var description: String { "\(app) \(intent) [\(language)] \"\(phrase)\": \(reason)" }
}

/// Every registered app's phrases in one language, compiled: tried only when the request holds a
/// word of one of the apps' names, so apps cost nothing to requests that do not name them.
struct AppGrammar: Sendable {
    var grammar: CompiledGrammar
    /// Per sentence, the app it belongs to (its index in `appNameWords`).
    var sentenceApp: [Int]
    /// Per app, the folded words of its names.
    var appNameWords: [Set<String>]

    /// Compiles every app's phrases in `file`'s language; the first bad phrase is thrown.
    init(apps: [AppPhraseSource], file base: GrammarFile, extraLists: [String: [String]]) throws {
        var file = base
        file.intents = []
        let fold: (String) -> [String] = { Token.split($0).map(\.folded) }
        var sentenceApp: [Int] = []
        var written: [String] = []
        var appNameWords: [Set<String>] = []
        for (appIndex, app) in apps.enumerated() {
            let nameList = "app.\(appIndex)"
            file.lists[nameList] = Dictionary(uniqueKeysWithValues: [(app.app, app.names.joined(separator: "|"))])
            appNameWords.append(Set(app.names.flatMap(fold)))
            for intent in app.intents {
                for phrase in intent.phrases[base.language] ?? [] {
                    var sentence = try Self.template(
                        phrase, intent: intent, appIndex: appIndex, app: app, language: base.language, file: &file)
                    sentence = sentence.replacingOccurrences(
                        of: "{\(AppPhraseSource.applicationName)}", with: "{\(AppPhraseSource.applicationName):\(nameList)}")
                    file.intents?.append(
                        IntentGroup(
                            intent: IntentKind.appIntent.rawValue, sentences: [sentence],
                            fixed: ["app": app.app, "appIntent": intent.identifier]))
                    sentenceApp.append(appIndex)
                    written.append(phrase)
                }
            }
        }
        do {
            grammar = try CompiledGrammar(file: file, extraLists: extraLists)
        } catch let error as TemplateError {
            // Which phrase: the one whose template is the one refused, said as the app wrote it.
            let index = (file.intents ?? []).firstIndex { error.template.contains($0.sentences.first ?? "\u{0}") } ?? 0
            let app = apps[sentenceApp.isEmpty ? 0 : sentenceApp[index]]
            throw AppPhraseError(
                app: app.app, intent: file.intents?[index].fixed?["appIntent"] ?? "", language: base.language,
                phrase: written.isEmpty ? error.template : written[index], reason: error.reason)
        }
        self.sentenceApp = sentenceApp
        self.appNameWords = appNameWords
    }

    /// A phrase as a template: checked against the manifest's rules, its parameters typed.
    static func template(
        _ phrase: String, intent: AppPhraseSource.Intent, appIndex: Int, app: AppPhraseSource, language: String,
        file: inout GrammarFile
    ) throws -> String {
        func refuse(_ reason: String) -> AppPhraseError {
            AppPhraseError(app: app.app, intent: intent.identifier, language: language, phrase: phrase, reason: reason)
        }
        let placeholders = Self.placeholders(phrase)
        guard placeholders.contains(AppPhraseSource.applicationName) else {
            throw refuse("a phrase must contain {\(AppPhraseSource.applicationName)}")
        }
        var names = 0
        var out = phrase
        for name in Set(placeholders) where name != AppPhraseSource.applicationName {
            guard let kind = intent.parameters[name] else { throw refuse("{\(name)} is not a parameter of this intent") }
            let typed: String
            switch kind {
            case .entity, .text:
                names += 1
                typed = "{\(name):any}"
            case .number:
                typed = "{\(name):number}"
            case .choice(let values):
                let list = "choice.\(appIndex).\(intent.identifier).\(name)"
                var entries: [String: String] = [:]
                for (value, byLanguage) in values {
                    let phrases = byLanguage[language] ?? byLanguage["en"] ?? [value]
                    entries[value] = ([value] + phrases).joined(separator: "|")
                }
                file.lists[list] = entries
                typed = "{\(name):\(list)}"
            }
            out = out.replacingOccurrences(of: "{\(name)}", with: typed)
        }
        if names > 1 { throw refuse("a phrase may hold at most one entity or text parameter") }
        if placeholders.count != Set(placeholders).count { throw refuse("a parameter appears twice") }
        return out
    }

    /// The `{name}` placeholders of a phrase, in order.
    static func placeholders(_ phrase: String) -> [String] {
        var found: [String] = []
        var current: String?
        for character in phrase {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                found.append(name)
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return found
    }

    /// The best reading of `words` by an app's phrase whose app's name the words hold, or nil.
    func read(words: [String], originals: [Substring], padding: SpeechPadding) -> Interpretation? {
        let present = Set(words)
        let candidates = appNameWords.indices.filter { !appNameWords[$0].isDisjoint(with: present) }
        guard !candidates.isEmpty else { return nil }
        let wanted = Set(candidates)
        // The tolerant reading drops fillers, but never a word of an app's name ("mate" is a filler
        // in English, and half of "Walk Mate").
        let nameWords = candidates.reduce(into: Set<String>()) { $0.formUnion(appNameWords[$1]) }
        let kept = Set(padding.kept(words)).union(words.indices.filter { nameWords.contains(words[$0]) }).sorted()
        for (positions, skips, tier) in [
            (Array(words.indices), 0, Tier.grammar), (kept, padding.skipLimit ?? 2, Tier.tolerant),
        ] {
            let kept = positions.map { words[$0] }
            guard !kept.isEmpty else { continue }
            var matcher = Matcher(words: kept, originals: positions.map { originals[$0] }, grammar: grammar)
            if skips > 0 { matcher.allowSkips(skips, fixed: kept.map(padding.neverSkipped.contains)) }
            var best: (sentence: Int, captures: [RawCapture], score: Double)?
            for index in grammar.sentences.indices where wanted.contains(sentenceApp[index]) {
                for match in matcher.rawMatches(grammar.sentences[index].program, weight: 0, limit: 2)
                where match.score > (best?.score ?? -.infinity) {
                    best = (index, match.captures, match.score)
                }
            }
            guard let best else { continue }
            let sentence = grammar.sentences[best.sentence]
            var params = IntentParameters()
            params.appIntent = sentence.fixed["appIntent"]
            var values: [String: String] = [:]
            for capture in best.captures.map(matcher.resolve) where capture.name != AppPhraseSource.applicationName {
                values[capture.name] = capture.value.text
            }
            params.appValues = values
            let understood = Understood(intent: .appIntent, app: sentence.fixed["app"], params: params)
            return Interpretation(
                understood: understood, score: min(1, max(best.score, 0.5)), sentence: sentence.source, tier: tier,
                confidence: 1)
        }
        return nil
    }
}

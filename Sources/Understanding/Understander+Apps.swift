import MediaIntents

/// Registered apps' own phrases in understanding: compiled per language beside Hark's grammars, and
/// a request's language chosen by the app phrase that reads it.
extension Understander {
    /// This understander with the apps' own phrases compiled in every language they give phrases
    /// for; a phrase that cannot be used is thrown (`AppPhraseError`), naming it and why.
    public func withApps(_ apps: [AppPhraseSource]) throws -> Understander {
        var copy = self
        copy.appGrammars = [:]
        var languages = Set<String>()
        for app in apps { for intent in app.intents { languages.formUnion(intent.phrases.keys) } }
        for language in languages.sorted() {
            guard let file = files[language] else {
                let app = apps.first { $0.intents.contains { $0.phrases[language] != nil } }
                let intent = app?.intents.first { $0.phrases[language] != nil }
                throw AppPhraseError(
                    app: app?.app ?? "", intent: intent?.identifier ?? "", language: language,
                    phrase: intent?.phrases[language]?.first ?? "", reason: "Hark has no grammar for \(language)")
            }
            copy.appGrammars[language] = try AppGrammar(apps: apps, file: file, extraLists: extraLists)
        }
        return copy
    }

    /// The language whose apps' phrases read `text` best (the guess on a tie); nil when none does.
    func appPhraseLanguage(_ text: String, guess: String) -> String? {
        let tokens = Token.split(text)
        guard !tokens.isEmpty, tokens.count <= Self.maximumWords else { return nil }
        let words = tokens.map(\.folded)
        let originals = tokens.map(\.original)
        var best: (language: String, score: Double)?
        for (language, apps) in appGrammars.sorted(by: { ($0.key == guess ? 0 : 1, $0.key) < ($1.key == guess ? 0 : 1, $1.key) }) {
            guard let grammar = grammars[language],
                let reading = apps.read(words: words, originals: originals, padding: padding[grammar.language] ?? SpeechPadding())
            else { continue }
            let score = reading.tier == .grammar ? reading.score + 1 : reading.score
            if score > (best?.score ?? -1) { best = (language, score) }
        }
        return best?.language
    }
}

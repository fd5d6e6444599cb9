import Catalog
import MediaIntents
import Understanding

/// Answers to "Which one?": "the second one", "number two", a name, or "never mind".
extension Assistant {
    /// The outcome of answering an open question, or nil when the utterance is not an answer (it is
    /// then read as a new request, and the question is dropped).
    func answer(
        _ question: PendingQuestion, with text: String, context: RequestContext, outcome: inout Outcome
    ) async -> Outcome? {
        let language = outcome.language
        var picked: MediaItem?
        switch understander.answer(text, choices: question.choices.count, language: language) {
        case .pick(let index): picked = question.choices[index]
        case .cancel:
            outcome.code = .success
            outcome.reply = replies.say("ask.cancelled", language: language)
            return outcome
        case nil: picked = Self.choice(named: text, among: question.choices)
        }
        guard let picked else { return nil }
        // The original request, now about exactly the chosen item.
        var understood = question.understood
        var search = MediaSearch(mediaType: picked.type, mediaIdentifier: picked.identifier)
        search.mediaName = picked.title
        understood.search = search
        outcome.understood = understood
        guard let app = registry.app(named: understood.app) ?? registry.app(named: nil) else { return nil }
        outcome.app = app.name
        outcome.device = Self.device(for: understood.params, context: context)
        let handler = LibraryHandler(core: core, user: context.user, device: outcome.device)
        await carryOut(understood, handler: handler, app: app, language: language, outcome: &outcome)
        outcome.nowPlaying = try? await core.nowPlaying(outcome.device)
        return outcome
    }

    /// The choice a spoken name means: its title, its artist, or "title by artist".
    static func choice(named text: String, among choices: [MediaItem]) -> MediaItem? {
        let said = NameFolding.key(text)
        let scored = choices.map { item -> (MediaItem, Double) in
            let keys = [item.title, item.artist ?? "", item.artist.map { "\(item.title) by \($0)" } ?? ""]
                .filter { !$0.isEmpty }.map(NameFolding.key)
            return (item, keys.map { NameSimilarity.score(said, $0) }.max() ?? 0)
        }
        guard let best = scored.max(by: { $0.1 < $1.1 }), best.1 >= 0.8 else { return nil }
        // Two choices equally like the name: it does not pick one.
        return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
    }
}

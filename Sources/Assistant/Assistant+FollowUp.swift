import Apps
import MediaIntents
import Understanding

/// A question Hark asked and is waiting on: what was asked for, and the choices offered.
struct PendingQuestion: Codable, Sendable {
    var understood: Understood
    var choices: [MediaItem]
    /// The language the question was asked in: an answer that is only a name keeps it.
    var language: String? = nil
    /// Not a question: what just played (`choices`, the latest first), kept so the next request
    /// can correct it ("no, the live version").
    var correcting: Bool? = nil
    /// An app's command waiting for a value or a choice (`Assistant+AppIntents.swift`).
    var appCommand: PendingAppCommand? = nil
    /// In a home: the app whose use of the person's data is being asked for (`understood` waits).
    var consent: String? = nil
    /// Not a question: an item an answer named ("the top song of 1983 is …"), which "play it" plays.
    var named: Bool? = nil
    /// Where "play it" starts the named item, in seconds (a recording recognised part way in).
    var startAt: Double? = nil

    /// Whether the question asked which playlist an add goes to ("add this to my playlist"), not
    /// which item was meant.
    var choosesPlaylist: Bool {
        understood.intent == .addMedia && understood.params?.destination == .playlist("")
            && choices.allSatisfy { $0.type == .playlist }
    }
}

/// Answers to "Which one?": "the second one", "number two", a name, or "never mind".
extension Assistant {
    /// The outcome of answering an open question, or nil when the utterance is not an answer (it is
    /// then read as a new request, and the question is dropped).
    func answer(
        _ question: PendingQuestion, with text: String, context: RequestContext, outcome: inout Outcome
    ) async -> Outcome? {
        if let command = question.appCommand {
            return await continueAppCommand(command, with: text, context: context, outcome: outcome)
        }
        let language = outcome.language
        var picked: MediaItem?
        switch understander.answer(text, choices: question.choices.count, language: language) {
        case .pick(let index): picked = question.choices[index]
        case .cancel:
            outcome.code = .success
            outcome.reply = replies.say("ask.cancelled", language: language)
            return outcome
        case nil: picked = BuiltInMediaApp.choice(named: text, among: question.choices)
        }
        guard let picked else { return nil }
        var understood = question.understood
        if question.choosesPlaylist {
            // "Which playlist?": the original add, now to the chosen playlist.
            var params = understood.params ?? IntentParameters()
            params.destination = .playlist(picked.title)
            understood.params = params
        } else {
            // The original request, now about exactly the chosen item.
            var search = MediaSearch(mediaType: picked.type, mediaIdentifier: picked.identifier)
            search.mediaName = picked.title
            understood.search = search
        }
        outcome.understood = understood
        guard let app = await app(for: understood, user: context.user) else { return nil }
        outcome.app = app.name
        outcome.device = await place(for: understood.params, context: context).device
        let handler = await handler(
            for: app, intent: understood.intent, user: context.user, device: outcome.device, language: language)
        await carryOut(understood, handler: handler, app: app, language: language, outcome: &outcome)
        if handler is HTTPMediaHandler { return outcome }
        if let start = question.startAt, start > 0, understood.intent == .playMedia, outcome.code == .success {
            _ = try? await builtInApp.command(.seek(position: start), device: outcome.device)
        }
        outcome.nowPlaying = try? await builtInApp.nowPlaying(outcome.device)
        // The answered request can be corrected next, on the device the answer was spoken to.
        await rememberPlayed(understood, outcome: outcome, user: context.user, device: context.device ?? "default")
        return outcome
    }
}

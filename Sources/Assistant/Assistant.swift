public import Apps
public import Foundation
public import MediaIntents
public import Understanding

/// Hark's pipeline: understand → choose app and device → resolve → confirm → handle → reply.
///
///     let assistant = try await Assistant(databasePath: Assistant.defaultDatabasePath())
///     let outcome = await assistant.ask("play skyfall by adele")
///     print(outcome.reply)  // "Playing Skyfall by Adele."
public final class Assistant: Sendable {
    /// What understanding knows of the registered apps; replaced whole when an app registers, so
    /// a running server understands a new app's name at once.
    struct Comprehension: Sendable {
        var understander: Understander
        var registry: AppRegistry
        /// Every registered app's global vocabulary, read with every request.
        var globalVocabulary: Vocabulary
    }

    let comprehension: Locked<Comprehension>
    var understander: Understander { comprehension.withLock { $0.understander } }
    var registry: AppRegistry { comprehension.withLock { $0.registry } }
    var globalVocabulary: Vocabulary { comprehension.withLock { $0.globalVocabulary } }
    /// Hark's own media app, which handles requests that name no other app (and, until apps have
    /// handlers of their own, every request), and keeps players, settings and conversations.
    let builtInApp: BuiltInMediaApp
    /// Apps' own commands: their entities, secrets, donations and handlers.
    public let appCommands: AppCommands
    let replies: ReplyComposer
    /// The tiers of understanding used (all of them, unless an evaluation measures fewer).
    let tiers: Tiers
    /// Requests longer than this many characters are refused with a clear reply.
    public static let maximumCharacters = 1_000

    /// Opens (or creates and fills with the demo catalog) the database at `databasePath`, with a
    /// simulated player.
    public convenience init(
        databasePath: String, registry: AppRegistry = AppRegistry(), model: IntentModel? = nil, tiers: Tiers = .all
    ) throws {
        // Before the demo is seeded: its names' readings and its lyrics' keys need the libraries.
        LanguageLibraries.install()
        try self.init(app: BuiltInMediaApp(path: databasePath), registry: registry, model: model, tiers: tiers)
    }

    /// An assistant whose built-in app is `app` (its database, clock and player output).
    public init(
        app: BuiltInMediaApp, registry: AppRegistry = AppRegistry(), model: IntentModel? = nil, tiers: Tiers = .all
    ) throws {
        LanguageLibraries.install()
        self.tiers = tiers
        self.builtInApp = app
        var registry = registry
        for registered in try app.registeredApps() { registry.register(registered) }
        self.appCommands = try AppCommands(state: app.stateLocation)
        self.comprehension = Locked(
            Comprehension(
                understander: try Self.understander(registry: registry, model: model)
                    .withApps(registry.apps.compactMap(\.phraseSource)),
                registry: registry, globalVocabulary: registry.globalVocabulary))
        self.replies = try ReplyComposer()
    }

    /// Memory the storage holds (SQLite's page caches), for the server's metrics.
    public static var storageMemoryBytes: Int64 { BuiltInMediaApp.sqliteMemoryBytes }

    /// `$XDG_DATA_HOME/hark/hark.db`, else `~/.local/share/hark/hark.db`.
    public static func defaultDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/hark/hark.db" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/hark/hark.db"
    }

    /// Only the understanding step: every reading, best first.
    public func understand(_ text: String, language: String? = nil) -> [Interpretation] {
        understander.understand(text, language: language, tiers: tiers)
    }

    /// The learned model's most likely frames for a request (for `hark parse --explain`).
    public func frames(_ text: String) -> [(frame: String, probability: Double)] { understander.frames(text) }

    /// Answers one request.
    public func ask(_ text: String, context: RequestContext = RequestContext()) async -> Outcome {
        await answering(context) { context in await self.answerWholeOrInParts(text, context: context) }
    }

    /// A request's answer read in parts where that is surer, else whole, else in parts after all.
    func answerWholeOrInParts(_ text: String, context: RequestContext) async -> Outcome {
        if let leftOut = await playLeavingOut(text, context: context) { return leftOut }
        if let first = await answerInPartsFirst(text, context: context) { return first }
        let whole = await answer(text, context: context)
        if let parts = await answerInParts(text, whole: whole, context: context) { return parts }
        return await playNamedInside(text, whole: whole, context: context) ?? whole
    }

    /// Runs one request's work within its deadline, noting a database it could not reach: then
    /// the reply says so, whatever the work made of it.
    func answering(_ context: RequestContext, _ work: @escaping (RequestContext) async -> Outcome) async -> Outcome {
        var context = context
        if context.deadline == nil { context.deadline = Date().timeIntervalSince1970 + Self.requestBudget }
        let timed = context
        // The deadline travels with the task, so that a player output called deep down gives up in time.
        let (answered, trouble) = await BuiltInMediaApp.noticingStorageTrouble {
            await RequestDeadline.$current.withValue(context.deadline) {
                await RequestContext.$askedOnScreen.withValue(context.screen ?? false) {
                    await RequestMemo.$current.withValue(RequestMemo()) { await work(timed) }
                }
            }
        }
        guard let trouble else { return described(answered) }
        // A database could not be read or written: whatever the steps made of that, the truth is
        // that the request could not be carried out.
        var outcome = answered
        outcome.code = .failure
        outcome.items = []
        outcome.storageUnavailable = trouble
        outcome.reply = replies.say("fail.storageUnavailable", language: outcome.language.isEmpty ? "en" : outcome.language)
        return outcome
    }

    /// A request's whole time, end to end, as on HomePod: apps and players past it are left.
    public static let requestBudget = 10.0

    func answer(_ text: String, context said: RequestContext) async -> Outcome {
        let language = understander.language(asked: said.language, text: text)
        // In a home, the person and the device's player by their home's keys.
        let (session, context, refusal) = homeSession(said, language: language)
        var outcome = Outcome(
            text: text, language: language, understood: .none, interpretations: [], app: nil,
            device: context.device ?? "default", items: [], code: .failure, reason: nil, destinationReason: nil,
            speedReason: nil, commandStatus: nil, nowPlaying: nil, reply: "")
        if let refusal {
            outcome.reply = refusal
            return outcome
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            outcome.reply = replies.say("empty", language: language)
            return outcome
        }
        if trimmed.count > Self.maximumCharacters {
            outcome.reply = replies.say("tooLong", language: language)
            return outcome
        }
        let askedOn = context.device ?? "default"
        if let pending = await storedQuestion(user: context.user, device: askedOn) {
            try? await builtInApp.setPendingQuestion(nil, user: context.user, device: askedOn)
            if let app = pending.consent, let session,
                let answered = await answerConsent(
                    app, pending: pending, text: trimmed, session: session, context: context, askedOn: askedOn,
                    outcome: outcome)
            {
                return answered
            }
            if pending.correcting == true {
                if let corrected = await correct(pending, with: trimmed, context: context, askedOn: askedOn, outcome: outcome) {
                    return corrected
                }
            } else {
                // "Aerosmith" after «Какую именно?» is still Russian: a name in any script keeps the
                // question's language unless its letters belong to another language's script.
                if context.language == nil, let asked = pending.language,
                    understander.scriptAllows(trimmed, language: asked)
                {
                    outcome.language = asked
                }
                if let answered = await answer(pending, with: trimmed, context: context, outcome: &outcome) {
                    return answered
                }
            }
        }
        // "Do that again": the person's latest donation, or a reply that there is none yet.
        if understander.asksAgain(trimmed, language: language) {
            return await repeatLatest(context: context, outcome: outcome)
        }
        outcome.interpretations = await readings(trimmed, language: language, context: context, tiers: tiers)
        if let asking = outcome.interpretations.first, asking.clarify == true {
            // About media, but what it names is not in the catalog for certain, or could not be
            // read: say so, or ask, rather than play a guess.
            outcome.understood = asking.understood
            outcome.reply = unsureReply(asking, language: language)
            return outcome
        }
        let spokenTo = await place(for: outcome.interpretations.first?.understood.params, context: context).device
        guard let best = await choose(outcome.interpretations, context: context, device: spokenTo, language: language)
        else {
            outcome.reply = replies.say("none", language: language)
            return outcome
        }
        if let answered = answerAboutRooms(best, session: session, outcome: outcome) { return answered }
        if let session {
            return await actInHome(best, session: session, context: context, askedOn: askedOn, outcome: outcome)
        }
        return await act(on: best, context: context, askedOn: askedOn, outcome: outcome)
    }

    /// Carries out a request already understood (the HTTP API's player buttons), as `ask` would.
    public func perform(_ understood: Understood, context: RequestContext = RequestContext()) async -> Outcome {
        let language = understander.language(asked: context.language, text: "")
        let outcome = Outcome(
            text: "", language: language, understood: understood, interpretations: [], app: nil,
            device: context.device ?? "default", items: [], code: .failure, reason: nil, destinationReason: nil,
            speedReason: nil, commandStatus: nil, nowPlaying: nil, reply: "")
        return await RequestMemo.$current.withValue(RequestMemo()) {
            await act(on: understood, context: context, askedOn: context.device ?? "default", outcome: outcome)
        }
    }

    /// Carries out a request understood from one part of what was said, in the language that part was read in.
    func perform(_ understood: Understood, context: RequestContext, language: String) async -> Outcome {
        var asked = context
        asked.language = language
        return await perform(understood, context: asked)
    }

    /// Carries out a command without speech (a player button): `intent` with its details.
    public func perform(
        _ intent: IntentKind, search: MediaSearch? = nil, params: IntentParameters,
        context: RequestContext = RequestContext()
    ) async -> Outcome {
        await perform(Understood(intent: intent, search: search, params: params), context: context)
    }

    /// What is playing on a device.
    public func nowPlaying(device: String = "default") async -> NowPlayingInfo? {
        try? await builtInApp.nowPlaying(device)
    }

    /// Catalog items for a typed query, through the same resolver as speech, best first.
    public func search(_ query: String, type: MediaItemType? = nil, limit: Int = 10, user: String = "default") async
        -> [MediaItem]
    {
        if type == .artist {
            let search = MediaSearch(mediaType: type, artistName: query)
            return (try? await builtInApp.items(for: search, user: user, limit: limit)) ?? []
        }
        return (try? await builtInApp.items(matching: query, type: type, user: user, limit: limit)) ?? []
    }

    /// Songs whose lyrics hold `words` (heard or typed a little wrong), best first, each with the
    /// line that holds them (`MediaItem.lyricLine`).
    public func search(lyrics words: String, limit: Int = 10, user: String = "default") async -> [MediaItem] {
        var search = MediaSearch(mediaType: .song)
        search.lyrics = words
        return (try? await builtInApp.items(for: search, user: user, limit: limit)) ?? []
    }

    /// A catalog item's lyrics, nil when it has none (or there is no such item).
    public func lyrics(of identifier: String) async -> Lyrics? {
        try? await builtInApp.lyrics(of: identifier)
    }

    func act(on best: Understood, context: RequestContext, askedOn: String, outcome: Outcome) async -> Outcome {
        if best.intent == .appIntent, best.params?.appIntent != nil {
            return await runAppCommand(best, context: context, askedOn: askedOn, outcome: outcome)
        }
        var outcome = outcome
        let language = outcome.language
        outcome.understood = best
        guard let app = await app(for: best, user: context.user) else {
            let said = best.app ?? ""
            let named = understander.listedName(said, list: "app", language: language) ?? said
            outcome.reply = replies.say("fail.appUnknown", ["app": named], language: language)
            return outcome
        }
        outcome.app = app.name
        // A media app of its own is told the place as said; Hark's own player is this speaker when
        // no player answers to the place (`Assistant+Places`).
        let playsItself = (app.mediaIntents ?? []).contains(best.intent.rawValue) && app.endpoint != nil
        let (device, notice) =
            playsItself ? (Self.device(for: best.params, context: context), nil) : await place(for: best.params, context: context)
        if let notice, let stays = staysHere(best, notice: notice, outcome: outcome) { return stays }
        outcome.device = device
        let best = await ofPlayingShow(best, device: device)
        let handler = await handler(for: app, intent: best.intent, user: context.user, device: outcome.device, language: language)
        await carryOut(best, handler: handler, app: app, language: language, outcome: &outcome)
        outcome.reply = said(notice, before: outcome, language: language)
        // A media app of its own plays on its own: Hark's player and its record are not what it did.
        if handler is HTTPMediaHandler {
            if outcome.code == .needsChoice || outcome.code == .needsConfirmation {
                let question = PendingQuestion(understood: best, choices: outcome.items, language: outcome.language)
                await keep(question, user: context.user, device: askedOn)
            }
            return outcome
        }
        if outcome.code == .needsChoice || outcome.code == .needsConfirmation {
            let question = PendingQuestion(understood: best, choices: outcome.items, language: outcome.language)
            await keep(question, user: context.user, device: askedOn)
        } else if let named = Self.namedByAnswer(best, outcome: outcome) {
            // "What's the top song of 1983?" … "play it": the item the answer named may be played next.
            let offer = PendingQuestion(
                understood: Understood(intent: .playMedia), choices: [named], language: outcome.language, named: true)
            await keep(offer, user: context.user, device: askedOn)
        }
        // A play's reply already read the player back; anything else reads it now.
        if best.intent != .playMedia || outcome.nowPlaying == nil {
            outcome.nowPlaying = try? await builtInApp.nowPlaying(outcome.device)
        }
        await rememberPlayed(best, outcome: outcome, user: context.user, device: askedOn)
        return outcome
    }
}

/// Settings an app or a household changes outside of speech.
extension Assistant {
    /// The vocabulary a user's requests are read with: theirs first, then every app's.
    func vocabulary(for user: String) async -> Vocabulary {
        var mine = Vocabulary()
        for (type, phrases) in (try? builtInApp.vocabulary(user: user)) ?? [:] {
            mine.add(phrases.map { VocabularyEntry(phrase: $0) }, as: type)
        }
        return mine.merged(with: globalVocabulary)
    }

    /// Replaces one type of a user's vocabulary with an ordered list (first is most important).
    public func setVocabulary(_ phrases: [String], type: VocabularyType, user: String = "default") async throws {
        try await builtInApp.setVocabulary(phrases, type: type, user: user)
    }

    /// A user's vocabulary, by type, in order.
    public func vocabulary(user: String = "default") async throws -> [VocabularyType: [String]] {
        try builtInApp.vocabulary(user: user)
    }

    /// Turns a now-playing command ("nextTrack", "skip", "changeRate", …) off or on for a device;
    /// a disabled command gets its own reply.
    public func setCommand(_ name: String, enabled: Bool, device: String = "default") async throws {
        try await builtInApp.setCommand(name, enabled: enabled, device: device)
    }

    /// Whether explicit content may be played for a user (allowed unless turned off).
    public func setExplicitContent(allowed: Bool, user: String = "default") async throws {
        try await builtInApp.setSetting("explicit", value: allowed ? "on" : "off", user: user)
    }
}

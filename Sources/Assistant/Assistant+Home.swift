public import Apps
import Foundation
import MediaIntents
import Understanding

/// Requests heard in a home (the HomePod model): served for the person whose voice was recognised,
/// with their library; played on the device that heard it, or the room, device or every room named.
struct HomeSession: Sendable {
    var home: Home
    var heardOn: Home.Device
    var person: Home.Person?

    /// Whose library a request of this session uses: the person recognised, else the owner of a
    /// personal device, else the home's default person; nil on a shared speaker with no voice known.
    var personForLibrary: Home.Person? {
        if let person { return person }
        if let owner = heardOn.owner, let found = home.person(owner) { return found }
        return home.defaultPerson.flatMap { home.person($0) }
    }
}

extension Assistant {
    /// The session of a request that names a home, with the context rewritten to its keys; or the
    /// reply that refuses it (an unknown home or device).
    func homeSession(_ context: RequestContext, language: String) -> (HomeSession?, RequestContext, String?) {
        guard let homeID = context.home else { return (nil, context, nil) }
        guard let home = try? builtInApp.home(homeID) else {
            return (nil, context, replies.say("home.unknown", ["home": homeID], language: language))
        }
        guard let deviceID = context.device, let device = home.device(deviceID) else {
            return (nil, context, replies.say("home.unknownDevice", ["device": context.device ?? ""], language: language))
        }
        let person =
            context.person.flatMap { home.person($0) } ?? context.voiceProfile.flatMap { home.person(voiceProfile: $0) }
        let session = HomeSession(home: home, heardOn: device, person: person)
        var rewritten = context
        rewritten.device = Home.playerKey(home: home.id, device: device.id)
        rewritten.user =
            session.personForLibrary.map { Home.libraryKey(home: home.id, person: $0.id) }
            ?? Home.libraryKey(home: home.id, person: "household")
        return (session, rewritten, nil)
    }

    /// A speaker without a screen never sends anyone to an app: what an app opens for is done there.
    static func onItsScreen(_ outcome: Outcome, _ session: HomeSession) -> Outcome {
        guard outcome.code == .continueInApp, session.heardOn.hasScreen != true else { return outcome }
        var done = outcome
        done.code = .success
        return done
    }

    /// Whether a request changes or reads one person's own things: likes, additions, "my …".
    static func isPersonal(_ understood: Understood) -> Bool {
        switch understood.intent {
        case .updateMediaAffinity, .addMedia: return true
        case .playMedia, .searchForMedia: return understood.search?.reference == .my
        default: return false
        }
    }

    /// Carries out a request heard in a home: for the person, on the devices asked for.
    func actInHome(
        _ best: Understood, session: HomeSession, context: RequestContext, askedOn: String, outcome: Outcome
    ) async -> Outcome {
        var outcome = outcome
        let language = outcome.language
        outcome.person = session.personForLibrary?.id
        if Self.isPersonal(best), session.personForLibrary == nil {
            outcome.understood = best
            outcome.reply = replies.say("home.whoIsSpeaking", language: language)
            return outcome
        }
        // The person's own default app takes what names none.
        var best = best
        if best.app == nil, best.intent != .appIntent, let chosen = session.personForLibrary?.defaultApp,
            let app = registry.app(identifier: chosen)
        {
            best.app = app.name
        }
        // Another company's app uses a person's data only once they have said it may, and only on a
        // device that has it.
        let thirdParty = await thirdPartyApp(for: best, user: context.user)
        if let app = thirdParty {
            if let installed = session.heardOn.apps, !installed.contains(app.identifier) {
                outcome.understood = best
                outcome.reply = replies.say(
                    "home.appNotOnDevice", ["app": app.name, "device": session.heardOn.name], language: language)
                return outcome
            }
            switch try? builtInApp.setting(Self.consentKey(app.identifier), user: context.user) {
            case "yes": break
            case "no":
                outcome.understood = best
                outcome.reply = replies.say("home.consentRefused", ["app": app.name], language: language)
                return outcome
            default:
                outcome.understood = best
                outcome.code = .needsConfirmation
                outcome.reply = replies.say("home.consentAsk", ["app": app.name], language: language)
                await keep(
                    PendingQuestion(understood: best, choices: [], language: language, consent: app.identifier),
                    user: context.user, device: askedOn)
                return outcome
            }
        }
        // What plays no audio here (an app's command, a media app that plays on its own, a like or
        // an add of what plays on the device that heard it) needs no speaker.
        let playsHere: Set<IntentKind> = [.addMedia, .updateMediaAffinity, .searchForMedia, .appIntent]
        if thirdParty != nil || (playsHere.contains(best.intent) && best.params?.area == nil && best.params?.device == nil) {
            var result = await act(on: best, context: context, askedOn: askedOn, outcome: outcome)
            result.person = outcome.person
            return Self.onItsScreen(result, session)
        }
        var targets: [Home.Device]
        switch self.targets(of: best, in: session, language: language) {
        case .devices(let devices): targets = devices
        case .refused(let key, let values):
            outcome.understood = best
            outcome.reply = replies.say(key, values, language: language)
            return outcome
        }
        if let handoff = best.params?.handoff ?? (best.params?.area == "everywhere" && Self.pointsAtWhatPlays(best) ? "add" : nil) {
            return await handOff(
                best, keep: handoff == "add", to: targets, session: session, outcome: outcome)
        }
        // The request as each device's player gets it: the place said is now the device itself.
        var local = best
        if local.params != nil {
            local.params?.area = nil
            local.params?.device = nil
        }
        // Every room at once, so that a slow speaker does not hold up the others. Past the request's
        // deadline, none is started; a room whose player did not answer in time keeps what it had.
        var results: [Outcome] = []
        var late: [Home.Device] = []
        if let deadline = context.deadline, Date().timeIntervalSince1970 > deadline {
            late = targets
        } else {
            let (request, before) = (local, outcome)
            let contexts = targets.map { target in
                var here = context
                here.device = Home.playerKey(home: session.home.id, device: target.id)
                return here
            }
            let answers = await withTaskGroup(of: (Int, Outcome).self) { group in
                for (index, here) in contexts.enumerated() {
                    group.addTask { (index, await self.act(on: request, context: here, askedOn: askedOn, outcome: before)) }
                }
                var answers: [(Int, Outcome)] = []
                for await answer in group { answers.append(answer) }
                return answers.sorted { $0.0 < $1.0 }.map(\.1)
            }
            for (target, answer) in zip(targets, answers) {
                // A room named in the reply when one was asked for; the speaker that heard it says
                // "I can't reach the player" itself.
                if answer.playerUnreachable == true, targets.count > 1 || best.params?.area != nil {
                    late.append(target)
                } else {
                    results.append(answer)
                }
            }
        }
        guard var first = results.first else {
            var none = outcome
            none.understood = best
            none.playerUnreachable = late.isEmpty ? nil : true
            none.reply = late.isEmpty ? none.reply : notInTime(late, in: session.home, language: language)
            return none
        }
        if !late.isEmpty {
            first.reply += " " + notInTime(late, in: session.home, language: language)
            targets.removeAll { late.contains($0) }
        }
        first.understood = best
        first.person = outcome.person
        first.devices = targets.map { Home.playerKey(home: session.home.id, device: $0.id) }
        return Self.onItsScreen(first, session)
    }

    static func consentKey(_ app: String) -> String { "consent:" + app }

    /// The app other than Hark's own that would use the person's data for this request: an app's own
    /// command, or a media request that goes to a media app over HTTP.
    func thirdPartyApp(for understood: Understood, user: String) async -> AppRegistration? {
        if understood.intent == .appIntent {
            return registry.app(identifier: understood.app)
        }
        guard let app = await app(for: understood, user: user), app.identifier != AppRegistry.library.identifier,
            app.endpoint != nil, (app.mediaIntents ?? []).contains(understood.intent.rawValue)
        else { return nil }
        return app
    }

    /// The answer to "may this app use your data?": yes carries out the request that waited, no is
    /// remembered; anything else is a new request (nil).
    func answerConsent(
        _ app: String, pending: PendingQuestion, text: String, session: HomeSession, context: RequestContext,
        askedOn: String, outcome: Outcome
    ) async -> Outcome? {
        var outcome = outcome
        if let asked = pending.language { outcome.language = asked }
        let name = registry.app(identifier: app)?.name ?? app
        switch understander.answer(text, choices: 1, language: outcome.language) {
        case .pick:
            try? await builtInApp.setSetting(Self.consentKey(app), value: "yes", user: context.user)
            return await actInHome(pending.understood, session: session, context: context, askedOn: askedOn, outcome: outcome)
        case .cancel:
            try? await builtInApp.setSetting(Self.consentKey(app), value: "no", user: context.user)
            outcome.code = .success
            outcome.reply = replies.say("home.consentDeclined", ["app": name], language: outcome.language)
            return outcome
        case nil:
            return nil
        }
    }

    enum HomeTargets {
        case devices([Home.Device])
        case refused(String, [String: String])
    }

    /// The devices a request plays on: every room's ("everywhere"), a room's or a group's, a named
    /// device, else the one that heard it (or, when it plays no audio, its room's).
    func targets(of understood: Understood, in session: HomeSession, language: String) -> HomeTargets {
        let home = session.home
        let area = understood.params?.area
        let named = understood.params?.device
        if area == "everywhere" {
            let all = home.devices.filter(\.canPlay)
            return all.isEmpty ? .refused("home.noSpeakers", [:]) : .devices(all)
        }
        if let area {
            let rooms = home.rooms(named: area)
            guard !rooms.isEmpty else { return .refused("home.noRoom", ["room": area]) }
            let players = named.map { home.devices(named: $0, in: rooms) } ?? home.players(in: rooms)
            return players.isEmpty
                ? .refused("home.noSpeakerIn", ["room": roomName(rooms[0], language: language)]) : .devices(players)
        }
        if let named {
            let found = home.devices(named: named)
            return found.isEmpty ? .refused("home.noDevice", ["device": named]) : .devices(Array(found.prefix(1)))
        }
        if session.heardOn.canPlay { return .devices([session.heardOn]) }
        let roomPlayers = session.heardOn.room.flatMap { room in home.rooms.first { $0.id == room } }.map { home.players(in: [$0]) } ?? []
        return roomPlayers.isEmpty ? .refused("home.noSpeakers", [:]) : .devices(Array(roomPlayers.prefix(1)))
    }
}

/// Homes kept by the assistant (stored with the built-in app's state).
extension Assistant {
    public func homes() throws -> [Home] { try builtInApp.homes() }
    public func home(_ id: String) throws -> Home? { try builtInApp.home(id) }

    /// The player keys of a home's devices, and the start they share (what an event stream of the
    /// home listens for); nil: no such home.
    public func playerKeys(ofHome id: String) throws -> (prefix: String, devices: [String])? {
        guard let home = try home(id) else { return nil }
        return (Home.playerKey(home: home.id, device: ""), home.devices.map { Home.playerKey(home: home.id, device: $0.id) })
    }
    public func saveHome(_ home: Home) async throws { try await builtInApp.saveHome(home) }
    public func deleteHome(_ id: String) async throws -> Bool { try await builtInApp.deleteHome(id) }

    /// Claims a home for a user (servers with tokens) if no one owns it; true when the user owns it.
    public func claimHome(_ id: String, for user: String) async throws -> Bool {
        try await builtInApp.claim("home:" + id, for: user)
    }

    public func ownerOfHome(_ id: String) async throws -> String? { try await builtInApp.owner(of: "home:" + id) }
}

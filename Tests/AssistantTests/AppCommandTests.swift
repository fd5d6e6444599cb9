import Apps
import Assistant
import Foundation
import Testing

/// An in-process app like Walk Mate: records its calls and answers as told.
final class RecordingApp: AppIntentHandling {
    let calls = Locked<[AppIntentCall]>([])
    let delay: Double

    init(delay: Double = 0) { self.delay = delay }

    func handle(_ call: AppIntentCall) async throws -> AppIntentResult {
        calls.withLock { $0.append(call) }
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
        switch call.intent {
        case "generateRoute":
            return AppIntentResult(
                status: .success, reply: "generated",
                values: ["distance": call.parameters["distance"]?.spoken ?? ""])
        default:
            return AppIntentResult(status: .success, reply: "loaded", values: ["walk": call.parameters["walk"]?.spoken ?? ""])
        }
    }
}

@Suite("Apps' own commands") struct AppCommandTests {
    static func manifest(handler: String = "walks", name: String = "Walk Mate", identifier: String = "test.walkmate")
        -> Apps.AppRegistration
    {
        let distance = AppParameterDefinition(
            name: "distance", kind: .number, unit: ["en": "km", "ru": "км"], minimum: 3, maximum: 20,
            prompt: ["en": "How long should the walk be?", "ru": "Какой длины прогулка?"],
            title: ["en": "Routes", "ru": "Длина маршрута"])
        return Apps.AppRegistration(
            identifier: identifier, name: name, alternativeNames: ["Уок Мейт"],
            intents: [
                AppIntentDefinition(
                    identifier: "loadWalk", title: "Load a walk", opensApp: true,
                    parameters: [AppParameterDefinition(name: "walk", kind: .entity, entityType: "walk")],
                    phrases: [
                        "en": ["load {walk} in {applicationName}"], "ru": ["загрузи {walk} в {applicationName}"],
                    ]),
                AppIntentDefinition(
                    identifier: "generateRoute", title: "Generate a route", parameters: [distance],
                    phrases: [
                        "en": [
                            "generate a {distance} km route in {applicationName}",
                            "generate a route in {applicationName}",
                        ]
                    ]),
            ],
            entityTypes: ["walk"], handlerName: handler,
            replies: [
                "loaded": ["en": "Loaded {walk}.", "ru": "Открываю «{walk}»."],
                "generated": ["en": "Here's a {distance} km route."],
            ])
    }

    static let walks = [
        Apps.AppEntity(id: "w1", type: "walk", name: "Berlin Loop", keywords: ["berlin"]),
        Apps.AppEntity(id: "w2", type: "walk", name: "Park North"),
        Apps.AppEntity(id: "w3", type: "walk", name: "Park South"),
        Apps.AppEntity(id: "w4", type: "walk", name: "Лесная тропа"),
    ]

    func assistant(_ app: RecordingApp = RecordingApp()) async throws -> Assistant {
        let assistant = try freshAssistant()
        await assistant.appCommands.addHandler(app, named: "walks")
        try await assistant.register(Self.manifest())
        try await assistant.appCommands.put(Self.walks, app: "test.walkmate")
        return assistant
    }

    @Test func aWalkIsLoadedByNameSaidLooselyAndInflected() async throws {
        let app = RecordingApp()
        let assistant = try await assistant(app)
        #expect(await assistant.ask("load Berlin Loop in Walk Mate").reply == "Loaded Berlin Loop.")
        #expect(await assistant.ask("load berlin lop in walkmate").reply == "Loaded Berlin Loop.")
        #expect(await assistant.ask("загрузи лесную тропу в Уок Мейт").reply == "Открываю «Лесная тропа».")
        // Fillers and wake words around it; "mate" is a filler word, but not inside the app's name.
        #expect(await assistant.ask("hey um could you load berlin loop in walk mate please").reply == "Loaded Berlin Loop.")
        #expect(app.calls.withLock { $0.map(\.parameters["walk"]?.entity?.id) } == ["w1", "w1", "w4", "w1"])
        // Not a walk of the app: nothing is called, and the reply says so.
        #expect(await assistant.ask("load park west in Walk Mate").reply == "I couldn't find park west in Walk Mate.")
        #expect(app.calls.withLock { $0.count } == 4)
    }

    @Test func aNumberOutOfRangeIsClampedAndSaid() async throws {
        let app = RecordingApp()
        let assistant = try await assistant(app)
        let outcome = await assistant.ask("generate a 50 km route in Walk Mate")
        #expect(outcome.reply == "Routes can be 3 to 20 km, so I made it 20. Here's a 20 km route.")
        #expect(app.calls.withLock { $0.last?.parameters["distance"]?.number } == 20)
    }

    @Test func aMissingValueIsAskedForAndAnsweredNext() async throws {
        let assistant = try await assistant()
        let asked = await assistant.ask("generate a route in Walk Mate")
        #expect(asked.reply == "How long should the walk be?")
        #expect(asked.code == .needsValue)
        #expect(await assistant.ask("seven kilometers").reply == "Here's a 7 km route.")
    }

    @Test func twoGoodMatchesAskWhichOne() async throws {
        let app = RecordingApp()
        let assistant = try await assistant(app)
        #expect(await assistant.ask("load park in Walk Mate").reply == "Which one: Park North or Park South?")
        #expect(await assistant.ask("the second one").reply == "Loaded Park South.")
        #expect(await assistant.ask("load park in Walk Mate").reply == "Which one: Park North or Park South?")
        #expect(await assistant.ask("north").reply == "Loaded Park North.")
        #expect(await assistant.ask("load park in Walk Mate").code == .needsValue)
        #expect(await assistant.ask("never mind").reply == "OK, never mind.")
        #expect(app.calls.withLock { $0.count } == 2)
    }

    @Test func aRenamedEntityIsFoundByItsNewNameAtOnce() async throws {
        let assistant = try await assistant()
        try await assistant.appCommands.put(
            [Apps.AppEntity(id: "w2", type: "walk", name: "North Meadow")], app: "test.walkmate")
        #expect(await assistant.ask("load north meadow in Walk Mate").reply == "Loaded North Meadow.")
        // The old name is gone; its near neighbour is not taken for it.
        #expect(await assistant.ask("load park north in Walk Mate").reply == "I couldn't find park north in Walk Mate.")
    }

    @Test func anAppThatDoesNotAnswerInTimeIsSaidSo() async throws {
        let assistant = try await assistant(RecordingApp(delay: 5))
        let outcome = await assistant.ask("load berlin in Walk Mate")
        #expect(outcome.reply == "Walk Mate isn't answering right now.")
        #expect(outcome.code == .failure)
    }

    @Test func aDonationIsDoneAgain() async throws {
        let app = RecordingApp()
        let assistant = try await assistant(app)
        try await assistant.appCommands.donate(
            Apps.AppDonation(
                user: "default", app: "test.walkmate", intent: "generateRoute",
                parameters: ["distance": Apps.AppParameterValue(number: 12)], title: "A 12 km route"))
        #expect(await assistant.ask("do that again").reply == "Here's a 12 km route.")
        let suggestions = try await assistant.appCommands.suggestions(user: "default")
        #expect(suggestions.first?.donation.title == "A 12 km route")
        #expect(suggestions.first?.count == 2)
    }

    @Test(arguments: [
        ("open {walk} now", "a phrase must contain {applicationName}"),
        ("open {place} in {applicationName}", "{place} is not a parameter of this intent"),
        ("open {walk} (in|with {applicationName}", "missing"),
    ])
    func aBadPhraseRefusesTheManifestNamingIt(phrase: String, reason: String) async throws {
        let assistant = try freshAssistant()
        var bad = Self.manifest(identifier: "test.bad")
        bad.intents?[0].phrases = ["en": [phrase]]
        do {
            try await assistant.register(bad)
            Issue.record("accepted \(phrase)")
        } catch let error as Apps.AppManifestError {
            #expect(error.message.contains(phrase))
            #expect(error.message.contains(reason), "\(error.message)")
        }
        #expect(!assistant.apps.contains { $0.identifier == "test.bad" })
    }

    @Test func theSignatureIsHMACSHA256() {
        // RFC 4231, test case 2.
        let signature = HTTPAppHandler.signature(Data("what do ya want for nothing?".utf8), secret: "Jefe")
        #expect(signature == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}

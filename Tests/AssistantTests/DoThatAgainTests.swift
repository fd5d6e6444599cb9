import Apps
import Assistant
import Foundation
import Testing

/// "Do that again": what Hark just carried out in an app is recorded before the reply, so it can be
/// repeated at once; with nothing to repeat, the answer says so in the person's language.
@Suite("Do that again") struct DoThatAgainTests {
    @Test(arguments: [
        ("en", "do that again", "There's nothing for me to do again yet."),
        ("de", "mach das nochmal", "Es gibt noch nichts zu wiederholen."),
        ("fr", "refais ça", "Il n'y a encore rien à refaire."),
        ("es", "hazlo otra vez", "Todavía no hay nada que repetir."),
        ("ru", "сделай это ещё раз", "Пока нечего повторять."),
        ("ja", "もう一回やって", "まだ繰り返せるものがありません。"),
        ("zh-Hans", "再做一次", "还没有可以重复的操作。"),
        ("zh-Hant", "和上次一樣", "還沒有可以重複的操作。"),
    ])
    func nothingToRepeatIsSaidNotMisheard(language: String, words: String, reply: String) async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask(words, context: RequestContext(language: language))
        #expect(outcome.reply == reply)
        #expect(outcome.understood.intent == .appIntent)
        #expect(outcome.code == .failure)
    }

    @Test func aCommandCarriedOutIsRepeatedAtOnceWithoutTheAppReportingIt() async throws {
        // The recording app reports no donation of its own: Hark's record is the only one.
        let app = RecordingApp()
        let assistant = try await AppCommandTests().assistant(app)
        #expect(await assistant.ask("generate a 12 km route in Walk Mate").reply == "Here's a 12 km route.")
        #expect(await assistant.ask("do that again").reply == "Here's a 12 km route.")
        #expect(app.calls.withLock { $0.map { $0.parameters["distance"]?.number } } == [12, 12])
        // Each time it was done counts once, named by the intent's title and the value with its unit.
        let suggestions = try await assistant.appCommands.suggestions(user: "default")
        #expect(suggestions.map(\.count) == [2])
        #expect(suggestions.first?.donation.title == "Generate a route: 12 km")
        // The person's latest is what is repeated.
        #expect(await assistant.ask("load berlin loop in Walk Mate").reply == "Loaded Berlin Loop.")
        #expect(await assistant.ask("do that again").reply == "Loaded Berlin Loop.")
        #expect(app.calls.withLock { $0.last?.parameters["walk"]?.entity?.id } == "w1")
    }

    @Test func aCommandItsAppMarksNotToRepeatIsNotRecorded() async throws {
        let app = RecordingApp()
        let assistant = try freshAssistant()
        await assistant.appCommands.addHandler(app, named: "walks")
        var manifest = AppCommandTests.manifest()
        manifest.intents?[1].donates = false
        try await assistant.register(manifest)
        #expect(await assistant.ask("generate a 12 km route in Walk Mate").reply == "Here's a 12 km route.")
        #expect(await assistant.ask("do that again").reply == "There's nothing for me to do again yet.")
        #expect(app.calls.withLock { $0.count } == 1)
    }

    @Test func aFailedCommandIsNotRecorded() async throws {
        let assistant = try await AppCommandTests().assistant(RecordingApp(delay: 5))
        #expect(await assistant.ask("load berlin in Walk Mate").reply == "Walk Mate isn't answering right now.")
        #expect(await assistant.ask("do that again").reply == "There's nothing for me to do again yet.")
    }
}

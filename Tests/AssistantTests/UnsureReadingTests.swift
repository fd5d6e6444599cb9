import Assistant
import Foundation
import MediaIntents
import Testing

/// A request about media whose names only the learned tagger could guess: acted on when the
/// catalog has those names for certain, a question otherwise, never a guess played.
@Suite("Unsure readings")
struct UnsureReadingTests {
    @Test func namesTheCatalogKnowsArePlayed() async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask("could i get some whitney houston going", context: RequestContext(language: "en"))
        #expect(outcome.interpretations.first?.tier == .model)
        #expect(outcome.nowPlaying?.item?.artist == "Whitney Houston")
    }

    @Test func namesNobodyCanConfirmGetAQuestion() async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask("treat me to a little adele", context: RequestContext(language: "en"))
        #expect(outcome.reply == "What would you like me to play?")
        #expect(outcome.nowPlaying?.item == nil)
        #expect(outcome.understood.intent == .playMedia)
    }
}

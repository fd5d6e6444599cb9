import Foundation
import MediaIntents
import Testing
import Understanding

@testable import Assistant

/// A reading the understanding is unsure of (names only the learned tagger read): acted on when
/// the catalog has those names for certain, a question otherwise, never a guess played.
@Suite("Unsure readings")
struct UnsureReadingTests {
    static func unsure(title: String, artist: String) -> Interpretation {
        var search = MediaSearch()
        search.mediaName = title
        search.artistName = artist
        var reading = Interpretation(
            understood: Understood(intent: .playMedia, search: search), score: 0.6, tier: .model, confidence: 0.6)
        reading.clarify = true
        return reading
    }

    @Test func namesTheCatalogKnowsStand() async throws {
        let assistant = try freshAssistant()
        let kept = await assistant.confirmedByCatalog([Self.unsure(title: "Skyfall", artist: "Adele")], context: RequestContext())
        #expect(kept.first?.clarify == nil)
        #expect(kept.first?.understood.search?.mediaName == "Skyfall")
    }

    /// A bare name the model guessed to be an add or a like: the name plays, the library is not
    /// changed on a guess.
    @Test(arguments: [IntentKind.addMedia, .updateMediaAffinity])
    func anUnsureChangeOfTheLibraryPlaysTheNameInstead(_ intent: IntentKind) async throws {
        let assistant = try freshAssistant()
        var reading = Self.unsure(title: "Skyfall", artist: "Adele")
        reading.understood.intent = intent
        var params = IntentParameters()
        params.destination = .library
        reading.understood.params = params
        let kept = await assistant.confirmedByCatalog([reading], context: RequestContext())
        #expect(kept.first?.understood.intent == .playMedia)
        #expect(kept.first?.understood.params == nil)
        #expect(kept.first?.understood.search?.mediaName == "Skyfall")
    }

    @Test func namesNobodyCanConfirmStayUnsure() async throws {
        let assistant = try freshAssistant()
        let asked = await assistant.confirmedByCatalog(
            [Self.unsure(title: "treat me", artist: "little adele")], context: RequestContext())
        #expect(asked.first?.clarify == true)
        // The names as heard stay with the reading: the reply says what was not found.
        #expect(asked.first?.understood.search?.mediaName == "treat me")
        #expect(asked.first?.understood.search?.artistName == "little adele")
    }

    @Test func anUnsureReadingWithoutNamesAsksWhatToPlay() async throws {
        let assistant = try freshAssistant()
        var reading = Interpretation(understood: Understood(intent: .playMedia), score: 0.4, tier: .model, confidence: 0.4)
        reading.clarify = true
        #expect(assistant.unsureReply(reading, language: "en") == "What would you like me to play?")
        #expect(assistant.unsureReply(Self.unsure(title: "War and Peace", artist: "Tolstoy"), language: "en")
            .hasPrefix("I couldn't find War and Peace"))
    }

    @Test func aQuestionIsAskedNotAGuessPlayed() async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask("surprise me with something by the weeknd", context: RequestContext(language: "en"))
        if outcome.interpretations.first?.clarify == true, outcome.nowPlaying?.item == nil {
            #expect(outcome.reply.hasSuffix("What would you like me to play?"))
        } else {
            // The model read it with names the catalog has, or an unsure reading was set aside for
            // the catalog name the request holds whole (Assistant+NamedInside): then it plays
            // exactly that, never a guess.
            #expect(outcome.nowPlaying?.item?.artist == "The Weeknd")
        }
    }

    /// Everyday requests in other languages get "I didn't get that" in that language, even where a
    /// template's wildcard could read a name into them.
    @Test(arguments: [
        ("ich möchte einen Tisch für zwei Personen buchen", "de"), ("pon una alarma a las siete", "es"),
        ("какая завтра погода", "ru"), ("明日の天気は", "ja"), ("明天天气怎么样", "zh-Hans"),
    ])
    func notMediaGetsNoAction(text: String, language: String) async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask(text, context: RequestContext(language: language))
        #expect(outcome.understood.intent == .none)
        #expect(outcome.nowPlaying?.item == nil)
    }
}

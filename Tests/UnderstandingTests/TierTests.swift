import Foundation
import MediaIntents
import Testing

@testable import Understanding

/// The tiers beside the grammar: what they read that no template reads word for word, and what
/// they must still refuse.
@Suite("Tiers of understanding")
struct TierTests {
    /// Requests padded or phrased past the templates, read by the tolerant tier or the model.
    @Test(arguments: [
        ("silence the speaker for a bit", IntentKind.mute),
        ("alexa um play some jazz for me real quick", .playMedia),
        ("ok google uh could you play Skyfall by Adele real quick", .playMedia),
        ("the music is way too loud, bring it down", .changeVolume),
        ("hey, could you tell me what this song is called", .nowPlayingQuestion),
    ])
    func looseRequestsAreRead(text: String, intent: IntentKind) throws {
        let grammarAlone = sharedUnderstander.understand(text, language: "en", tiers: .grammar)
        #expect(grammarAlone.first?.understood.intent != intent, "the grammar alone reads it; pick another sentence")
        let reading = try #require(sharedUnderstander.understand(text, language: "en").first)
        #expect(reading.understood.intent == intent)
        #expect(reading.tier != .grammar)
    }

    @Test func aPaddedRequestKeepsItsNames() throws {
        let reading = try #require(
            sharedUnderstander.understand("ok google uh could you play Skyfall by Adele real quick", language: "en")
                .first)
        #expect(reading.tier == .tolerant)
        #expect(reading.understood.search?.mediaName == "Skyfall")
        #expect(reading.understood.search?.artistName == "Adele")
    }

    @Test func theModelHearsWhichWayAndWhatIsAsked() {
        #expect(sharedUnderstander.best("the music is way too loud, bring it down").params?.volumeDelta ?? 0 < 0)
        #expect(
            sharedUnderstander.best("hey, could you tell me what this song is called").params?.question == .title)
    }

    /// Everyday requests that are not about media, in every language, stay "I didn't get that".
    @Test(arguments: [
        ("ich möchte einen Tisch für zwei Personen buchen", "de"), ("book a table for two at seven", "en"),
        ("set an alarm for 7 am", "en"), ("add milk to my shopping list", "en"), ("turn up the heating", "en"),
        ("wie wird das Wetter morgen", "de"), ("quel temps fera-t-il demain", "fr"),
        ("pon una alarma a las siete", "es"), ("какая завтра погода", "ru"), ("明日の天気は", "ja"),
        ("明天天气怎么样", "zh-Hans"), ("打开空调", "zh-Hans"), ("включи свет", "ru"),
    ])
    func notMediaIsRefused(text: String, language: String) {
        // Refused outright, or read only as something the catalog would have to confirm (a name
        // the grammar's wildcard took, that the model is sure is not about media).
        let first = sharedUnderstander.understand(text, language: language).first
        #expect(first == nil || first?.needsCatalog == true, "\(String(describing: first?.understood))")
    }

    @Test func theGrammarsReadingsSayTheyAreTheGrammars() throws {
        let reading = try #require(sharedUnderstander.understand("play skyfall by adele", language: "en").first)
        #expect(reading.tier == .grammar)
        #expect(reading.confidence > 0.9)
    }

    @Test func withoutTheModelTheTolerantTierStillReadsPaddedCommands() {
        let reading = sharedUnderstander.understand(
            "silence the speaker for a bit", language: "en", tiers: [.grammar, .tolerant]
        ).first
        #expect(reading?.understood.intent == .mute)
        #expect(reading?.tier == .tolerant)
    }
}

/// Wake words and fillers, dropped by the tolerant tier.
@Suite("Speech padding")
struct SpeechPaddingTests {
    static let english = SpeechPadding(
        SpeechFile(
            wakeWords: ["hey siri", "alexa", "hey"], fillers: ["could you please", "could you", "please", "for me"],
            neverSkipped: ["not"], answerFillers: [], trailingFillers: []))

    @Test(arguments: [
        ("hey siri could you please play jazz for me", "play jazz"),
        ("hey alexa play jazz", "play jazz"),
        ("play jazz please alexa", "play jazz"),
        ("please", "please"),  // nothing left would mean nothing to read: kept as it was
        ("play hey jude", "play hey jude"),  // a wake word inside a request is a name's word
    ])
    func dropsPadding(text: String, kept: String) {
        let words = Token.split(text).map(\.folded)
        #expect(Self.english.kept(words).map { words[$0] }.joined(separator: " ") == kept)
    }

    @Test func everyLanguageFolderHasItsSpeechFile() throws {
        let root = try #require(Understander.resourcesURL)
        for language in sharedUnderstander.languages {
            let file = try SpeechFile.load(root.appendingPathComponent("\(language)/speech.json"))
            #expect(!file.fillers.isEmpty && !file.wakeWords.isEmpty, "\(language)")
        }
    }
}

import Testing

@testable import Understanding

/// A request that opens with a Latin-script grammar's word is in that language, whatever script
/// the name it asks for is written in.
@Suite("Language of mixed-script requests")
struct MixedScriptLanguageTests {
    @Test(arguments: [
        ("play Кино", "en"), ("play 感電", "en"), ("spiele Кино", "de"), ("joue 感電", "fr"), ("pon Кино", "es"),
        ("включи Кино", "ru"), ("播放Adele的Skyfall", "zh-Hans"), ("米津玄師のLemonを再生", "ja"),
        ("Skyfall をかけて", "ja"), ("включи трек Skyfall от Adele", "ru"), ("Metallica включи", "ru"),
    ])
    func openingWordDecides(text: String, language: String) {
        #expect(sharedUnderstander.detectLanguage(text) == language)
    }
}

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

    /// A Japanese or Chinese sentence around a Latin-script name stays Japanese or Chinese; digits
    /// before a CJK word are no Latin-script language's.
    @Test(arguments: [
        ("Harkでカリードを再生", "ja"), ("Control AudioでAdeleの「Hello」を再生", "ja"), ("Stuff You Should Knowを再生", "ja"),
        ("80年代の曲を再生", "ja"), ("80年代的歌", "zh-Hans"), ("在 Spotify 上播放 Adele 的 Hello", "zh-Hans"),
    ])
    func theSentenceNotTheNameDecides(text: String, language: String) {
        #expect(sharedUnderstander.detectLanguage(text) == language)
    }

    @Test func aNameInAnyScriptFitsEveryLanguage() {
        #expect(sharedUnderstander.scriptAllows("Aerosmith", language: "ru"))
        #expect(!sharedUnderstander.scriptAllows("Какую именно", language: "en"))
        #expect(sharedUnderstander.scriptAllows("米津玄師", language: "ja"))
    }
}

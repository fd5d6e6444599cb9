import MediaIntents
import Testing

@testable import Understanding

/// "More like this" said loosely: only cue words and the words around them make a station; a name,
/// a negation or another intent keeps its own reading.
@Suite("More like this, said loosely")
struct SimilarityCuesTests {
    private func station(_ text: String, _ language: String) -> Bool {
        let understood = sharedUnderstander.best(text, language: language)
        return understood.intent == .playMedia && understood.search?.mediaType == .station
            && understood.search?.reference == .currentlyPlaying
    }

    @Test(arguments: [
        ("could you play a few more tracks of this kind", "en"),
        ("ещё что-нибудь похожее, пожалуйста", "ru"),
        ("もっとこういう感じの曲をかけて", "ja"),
        ("来点类似的音乐", "zh-Hans"),
    ])
    func cuesAloneAreAStationFromWhatPlays(_ text: String, _ language: String) {
        #expect(station(text, language), "\(text)")
    }

    @Test(arguments: [
        // A name beside the cue: the seed is that name, not what plays.
        ("play songs like Adele", "en"),
        ("включи песни, похожие на Земфиру", "ru"),
        // A negation is not a request for more.
        ("don't play anything like this", "en"),
        ("не включай ничего похожего", "ru"),
        // Liking what plays stays a like.
        ("I like this song", "en"),
    ])
    func otherWordsKeepTheirReading(_ text: String, _ language: String) {
        #expect(!station(text, language), "\(text)")
    }

    @Test func cuesNeedTheLanguagesData() {
        let cues = SimilarityCues(
            SimilarFile(cues: "like this", around: "play|more"), language: "en",
            fold: { Token.split($0).map(\.folded) })
        #expect(cues.asksForMoreLikeThis(["play", "more", "like", "this"]) == false)
        #expect(cues.asksForMoreLikeThis(["play", "more"]) == nil)
        #expect(cues.asksForMoreLikeThis(["play", "adele", "like", "this"]) == nil)
        #expect(SimilarityCues().asksForMoreLikeThis(["like", "this"]) == nil)
        let after = SimilarityCues(
            SimilarFile(cues: "like this", around: "play|more", after: "when this ends"), language: "en",
            fold: { Token.split($0).map(\.folded) })
        // "When this ends": the music like it follows what plays.
        #expect(after.asksForMoreLikeThis(["when", "this", "ends", "play", "more", "like", "this"]) == true)
        #expect(after.asksForMoreLikeThis(["when", "this", "ends", "play", "more"]) == nil)
    }
}

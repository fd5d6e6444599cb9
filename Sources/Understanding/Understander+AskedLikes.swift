import Foundation
import MediaIntents

extension Understander {
    /// "I like this song?", «мне нравится эта песня?», 「この曲好き？」: a like of what plays, asked
    /// with a question mark, is a question about the person's likes and changes nothing.
    func likedAsked(_ text: String, readings: [Interpretation]) -> Interpretation? {
        guard let last = text.trimmingCharacters(in: .whitespacesAndNewlines).last, last == "?" || last == "？",
            let first = readings.first, first.understood.intent == .updateMediaAffinity,
            first.understood.params?.affinityType == .like, first.understood.search?.reference == .currentlyPlaying
        else { return nil }
        var params = IntentParameters()
        params.question = .liked
        let question = Understood(intent: .nowPlayingQuestion, params: params)
        return Interpretation(understood: question, score: first.score, tier: first.tier, confidence: first.confidence)
    }
}

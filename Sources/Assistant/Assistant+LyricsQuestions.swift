import Apps
import MediaIntents

/// "What are the lyrics?": the words of what plays, as the device asking can show them.
extension Assistant {
    /// On a screen, the line being sung now when the lyrics are timed, else the lyrics are shown
    /// (the page reads them from `/v1/items/{id}/lyrics`); a speaker says it cannot read them out.
    func answerLyrics(_ item: MediaItem, at position: Double?, language: String, outcome: inout Outcome) async {
        guard let lyrics = await lyrics(of: item.identifier) else {
            outcome.reply = replies.sayItem("question.lyrics.none", item, language: language)
            return
        }
        guard RequestContext.askedOnScreen else {
            outcome.reply = replies.sayItem("question.lyrics.speaker", item, language: language)
            return
        }
        outcome.items = [item]
        if let line = position.flatMap(lyrics.line(at:)) {
            outcome.reply = replies.sayItem("question.lyrics.line", item, extra: ["line": line.text], language: language)
        } else {
            outcome.reply = replies.sayItem("question.lyrics.shown", item, language: language)
        }
    }
}

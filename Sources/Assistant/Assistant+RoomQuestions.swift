import Apps
import MediaIntents
import Understanding

/// "Which room is this?", "how many speakers do I have?": questions about the home, answered from
/// the home the request was heard in. With no home set up there is one speaker, the one that
/// heard it, and the answer says so rather than pretending to know rooms.
extension Assistant {
    func answerAboutRooms(_ best: Understood, session: HomeSession?, outcome: Outcome) -> Outcome? {
        guard best.intent == .nowPlayingQuestion, let question = best.params?.question,
            question == .room || question == .speakers
        else { return nil }
        var outcome = outcome
        let language = outcome.language
        outcome.understood = best
        outcome.code = .success
        guard let session else {
            outcome.reply = replies.say("question.rooms.none", language: language)
            return outcome
        }
        let home = session.home
        switch question {
        case .room:
            let device = session.heardOn
            if let roomID = device.room, let room = home.rooms.first(where: { $0.id == roomID }) {
                outcome.reply = replies.say("question.room", ["device": device.name, "room": room.name], language: language)
            } else {
                outcome.reply = replies.say("question.room.none", ["device": device.name], language: language)
            }
        default:
            let speakers = home.devices.filter { $0.playsAudio != false }
            let names = speakers.map(\.name)
            outcome.reply = replies.say(
                speakers.count == 1 ? "question.speakers.one" : "question.speakers",
                ["count": String(speakers.count), "list": joined(names, last: "list.and", language: language)],
                language: language)
        }
        return outcome
    }
}

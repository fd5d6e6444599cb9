public import Apps
public import Foundation
import MediaIntents
import Understanding

/// "What song is this?" for music heard in the room (the page's microphone, a phone): the
/// recording is matched against the person's own library, the answer names the track in their
/// language, and "play it" then plays it from where the recording was.
extension Assistant {
    static let whatSongIsThis: IntentParameters = {
        var params = IntentParameters()
        params.question = .title
        return params
    }()

    /// Recognises the recording in `audio` and answers as a request would (`Outcome`: the track in
    /// `items`, the reply in `reply`); `problem` says what was wrong with a recording that could not
    /// be listened to (not audio, too short or long, silence), for the API's error. A failure of
    /// this server's own (disk, database) is in `storageUnavailable`.
    public func identify(audio: Data, context: RequestContext = RequestContext()) async
        -> (outcome: Outcome, problem: String?)
    {
        let language = understander.language(asked: context.language, text: "")
        let device = context.device ?? "default"
        var outcome = Outcome(
            text: "", language: language,
            understood: Understood(intent: .nowPlayingQuestion, params: Self.whatSongIsThis), interpretations: [],
            app: AppRegistry.library.name, device: device, items: [], code: .failure, reason: nil, destinationReason: nil,
            speedReason: nil, commandStatus: nil, nowPlaying: nil, reply: "")
        let heard: Identified
        do {
            heard = try builtInApp.identify(audio: audio)
        } catch {
            // Not the recording's fault (a full disk, a database that could not be read): said as
            // such, and the API answers 503.
            outcome.reply = replies.say("identify.failed", language: language)
            outcome.storageUnavailable = String(describing: error)
            return (outcome, nil)
        }
        switch heard {
        case .match(let item, let offset, _):
            outcome.code = .success
            outcome.items = [item]
            outcome.reply = replies.sayItem(item.album == nil ? "identify.match" : "identify.match.album", item, language: language)
            // "Play it": the track, from where the recording was.
            let offer = PendingQuestion(
                understood: Understood(intent: .playMedia), choices: [item], language: language, named: true,
                startAt: offset)
            await keep(offer, user: context.user, device: device)
        case .unknown:
            outcome.reply = replies.say("identify.unknown", language: language)
        case .noFingerprints:
            outcome.reply = replies.say("identify.noFingerprints", language: language)
        case .refused(let refusal, let words):
            outcome.reason = .unsupportedMediaType
            outcome.reply = replies.say("identify." + refusal.rawValue, language: language)
            return (outcome, words)
        }
        return (outcome, nil)
    }
}

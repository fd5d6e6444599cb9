import Assistant
import Foundation

/// "What song is this?" for music heard in the room: the page's microphone (or any client) sends
/// a few seconds of it, and the answer names the track from the person's own library.
extension HarkAPI {
    /// Bytes a recording may have: thirty seconds of uncompressed stereo at 48 kHz fit; a
    /// browser's recording of eight seconds is some 50 KB.
    public static let maximumRecording = 8 * 1024 * 1024

    /// Request bodies larger than the server's usual limit, by path.
    public static let bodyLimits = ["/v1/identify": maximumRecording]

    struct RecordingRefused: Encodable {
        var error: String
        var status: Int
        /// The sentence a person hears, in their language.
        var reply: String
    }

    /// `POST /v1/identify[?user=&device=&lang=]`, the recording as the body (any format FFmpeg's
    /// libraries read, 3–30 s): the Outcome, with the track in `items` when one matched; 400 naming
    /// what was wrong with a recording that cannot be listened to; 413 past `maximumRecording`.
    func identify(_ routed: RouteRequest) async -> HTTPResponse {
        let request = routed.http
        if request.bodyTooLarge {
            return Self.error(413, "the recording is over \(Self.maximumRecording / 1_048_576) MiB; 30 seconds of sound are plenty")
        }
        guard !request.body.isEmpty else {
            return Self.error(400, "the body is empty: send the recording's bytes (WebM, Ogg, MP3, WAV, FLAC, …)")
        }
        let context = RequestContext(
            user: routed.user(named: request.query["user"]), device: request.query["device"], language: request.query["lang"])
        let (outcome, problem) = await assistant.identify(audio: request.body, context: context)
        if let trouble = outcome.storageUnavailable { return Self.storageBusy(trouble) }
        if let problem { return Self.json(400, RecordingRefused(error: problem, status: 400, reply: outcome.reply)) }
        return Self.json(200, outcome)
    }
}

import Assistant
import MediaIntents
import Testing

/// One request of a conversation and what the user must get back.
struct Step: Sendable, CustomStringConvertible {
    var text: String
    var code: ResponseCode
    /// The title of what is playing afterwards (nil: not checked).
    var playing: String?
    var reply: String
    var description: String { text }
}

/// A conversation through every request of the spine issue, in order, against the demo catalog.
let conversation: [Step] = [
    Step(text: "play skyfall by adele", code: .success, playing: "Skyfall", reply: "Playing Skyfall by Adele."),
    Step(text: "what song is this", code: .success, playing: "Skyfall", reply: "This is Skyfall by Adele."),
    Step(text: "who sings this", code: .success, playing: "Skyfall", reply: "This is Adele, with Skyfall."),
    Step(text: "what album is this", code: .success, playing: "Skyfall", reply: "Skyfall is from the album Skyfall."),
    Step(text: "I like this song", code: .success, playing: "Skyfall", reply: "Got it, you like Skyfall."),
    Step(
        text: "add this song to my driving playlist", code: .success, playing: "Skyfall",
        reply: "I made a new playlist called Driving and added Skyfall."),
    Step(text: "add this to my library", code: .success, playing: "Skyfall", reply: "Added Skyfall to your library."),
    Step(text: "skip forward 45 seconds", code: .success, playing: "Skyfall", reply: "Skipped ahead 45 seconds."),
    Step(text: "go back a minute", code: .success, playing: "Skyfall", reply: "Went back 1 minute."),
    Step(text: "pause", code: .success, playing: "Skyfall", reply: "Paused."),
    Step(text: "resume", code: .success, playing: "Skyfall", reply: "Resuming Skyfall."),
    Step(text: "play at double speed", code: .success, playing: "Skyfall", reply: "Playing at 2× speed."),
    Step(text: "next", code: .success, playing: nil, reply: ""),
    Step(text: "previous", code: .success, playing: "Skyfall", reply: "Back to Skyfall."),
    Step(
        text: "play the song Bohemian Rhapsody", code: .success, playing: "Bohemian Rhapsody (Remastered 2011)",
        reply: "Playing Bohemian Rhapsody (Remastered 2011) by Queen."),
    Step(
        text: "play Yesterday next", code: .success, playing: "Bohemian Rhapsody (Remastered 2011)",
        reply: "Yesterday will play next."),
    Step(text: "next", code: .success, playing: "Yesterday", reply: "Skipping to Yesterday by The Beatles."),
    Step(
        text: "I don't like this", code: .success, playing: nil, reply: "Got it, you don't like Yesterday. Skipping it."
    ),
    Step(
        text: "play the album thriller", code: .success, playing: "Thriller",
        reply: "Playing the album Thriller by Michael Jackson."),
    Step(text: "turn on shuffle", code: .success, playing: nil, reply: "Shuffle is on."),
    Step(text: "turn off shuffle", code: .success, playing: nil, reply: "Shuffle is off."),
    Step(text: "repeat this song", code: .success, playing: nil, reply: "Repeating this song."),
    Step(text: "play my running playlist", code: .success, playing: "Beat It", reply: "Playing the playlist Running."),
    Step(
        text: "play the latest episode of serial", code: .success, playing: "What We Know",
        reply: "Playing What We Know from Serial."),
    Step(
        text: "play the audiobook pride and prejudice", code: .success, playing: "Pride and Prejudice",
        reply: "Playing the audiobook Pride and Prejudice by Jane Austen."),
    Step(
        text: "play 89.1 FM", code: .success, playing: "Hark Community Radio",
        reply: "Tuning in to Hark Community Radio."),
    Step(text: "shuffle abbey road", code: .success, playing: nil, reply: "Shuffling Abbey Road."),
    Step(
        text: "play bohemian rhapsody on repeat", code: .success, playing: "Bohemian Rhapsody (Remastered 2011)",
        reply: "Playing Bohemian Rhapsody (Remastered 2011) on repeat."),
    Step(
        text: "add hello to the queue", code: .success, playing: "Bohemian Rhapsody (Remastered 2011)",
        reply: "Added Hello to the queue."),
    Step(
        text: "find billie eilish", code: .success, playing: nil,
        reply: "I found Billie Eilish."),
    Step(
        text: "search for take five", code: .success, playing: nil,
        reply: "I found 2 results. The top one is Take Five by The Dave Brubeck Quartet."),
    Step(text: "volume up", code: .success, playing: nil, reply: "Volume is at 60%."),
    Step(text: "set the volume to 30", code: .success, playing: nil, reply: "Volume is at 30%."),
    Step(text: "mute", code: .success, playing: nil, reply: "Muted."),
    Step(text: "unmute", code: .success, playing: nil, reply: "Unmuted."),
    Step(text: "stop", code: .success, playing: nil, reply: "Stopped."),
    Step(
        text: "play", code: .success, playing: "Bohemian Rhapsody (Remastered 2011)",
        reply: "Resuming Bohemian Rhapsody (Remastered 2011)."),
    Step(
        text: "tell hark to play the movie inception", code: .failureUnknownMediaType, playing: nil,
        reply: "I can only play audio here, not movies."),
    Step(text: "play skyfall on spotify", code: .failure, playing: nil, reply: "I don't know an app called Spotify."),
    Step(text: "play zzqx vvbn", code: .failure, playing: nil, reply: "I couldn't find zzqx vvbn."),
    Step(text: "what's the weather like", code: .failure, playing: nil, reply: "Sorry, I didn't get that."),
    Step(text: "play Hello in Hark", code: .success, playing: "Hello", reply: "Playing Hello by Adele."),
]

@Suite("Assistant end to end")
struct ConversationTests {
    @Test func spineConversation() async throws {
        let clock = ManualClock()
        let assistant = try freshAssistant(clock: clock)
        for step in conversation {
            let outcome = await assistant.ask(step.text)
            #expect(outcome.code == step.code, "\(step.text): code \(outcome.code)")
            if !step.reply.isEmpty { #expect(outcome.reply == step.reply, "\(step.text)") }
            if let playing = step.playing { #expect(outcome.nowPlaying?.item?.title == playing, "\(step.text)") }
            clock.advance(5)
        }
    }
}

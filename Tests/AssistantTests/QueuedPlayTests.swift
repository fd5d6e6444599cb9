import Assistant
import MediaIntents
import Testing

@Suite("Next and later, said truthfully")
struct QueuedPlayTests {
    /// Put next or later on a player that plays nothing, an item plays at once, and the reply says
    /// so (it said "will play next" while it played).
    @Test func nextOnAnIdlePlayerSaysItPlaysNow() async throws {
        let assistant = try freshAssistant()
        let idle = await assistant.play(identifier: "song/adele/hello", location: .next, context: RequestContext(device: "idle"))
        #expect(idle.reply == "Playing Hello by Adele.")
        #expect(idle.nowPlaying?.item?.title == "Hello" && idle.nowPlaying?.state == .playing)
        let later = await assistant.play(identifier: "song/adele/skyfall", location: .later, context: RequestContext(device: "idle"))
        #expect(later.reply == "Added Skyfall to the queue.")
        #expect(later.nowPlaying?.item?.title == "Hello")
    }
}

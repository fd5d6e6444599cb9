import Apps
import Assistant
import MediaIntents
import Foundation
import Playback
import Testing

/// An output that can be cut off, like a player daemon that went away.
final class FlakyOutput: PlayerOutput {
    let reachable = Locked(true)
    func perform(_ action: PlayerAction) throws {
        guard reachable.withLock({ $0 }) else { throw PlayerUnreachable("gone") }
    }
    func status() throws -> OutputStatus? {
        guard reachable.withLock({ $0 }) else { throw PlayerUnreachable("gone") }
        return nil
    }
}

@Suite("A player out of reach")
struct UnreachablePlayerTests {
    @Test func repliesSayItAndHarksStateStaysAsItWas() async throws {
        let output = FlakyOutput()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-flaky-\(UUID().uuidString).db")
            .path
        try FileManager.default.copyItem(atPath: seededTemplate, toPath: path)
        let assistant = try Assistant(app: BuiltInMediaApp(path: path, clock: ManualClock(), output: output))
        #expect(await assistant.ask("play skyfall by adele").reply == "Playing Skyfall by Adele.")
        output.reachable.withLock { $0 = false }
        #expect(await assistant.ask("pause").reply == "I can't reach the player.")
        #expect(await assistant.ask("play hello by adele").reply == "I can't reach the player.")
        #expect(await assistant.ask("what song is this").reply == "I can't reach the player.")
        #expect(await assistant.ask("was läuft gerade").reply == "Ich erreiche den Player nicht.")
        output.reachable.withLock { $0 = true }
        let after = await assistant.ask("what song is this")
        #expect(after.reply == "This is Skyfall by Adele." && after.nowPlaying?.state == .playing)
    }
}

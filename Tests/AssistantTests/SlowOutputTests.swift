import Apps
import Assistant
import Foundation
import MediaIntents
import Playback
import Testing
import Waiting

/// An output that hangs, like a speaker on a bad network: every action waits until the test lets
/// the output go, and is then carried out (recorded).
final class SlowOutput: PlayerOutput {
    let gate = DispatchSemaphore(value: 0)
    let done = Locked<[PlayerAction]>([])
    func perform(_ action: PlayerAction) throws {
        gate.wait()
        gate.signal()
        done.withLock { $0.append(action) }
    }
    /// Lets every waiting and later action through.
    func release() { gate.signal() }
}

/// A room whose speaker answers after the request's deadline is left, said so, and put back.
@Suite("Outputs past the deadline") struct SlowOutputTests {
    /// The flat of `HomeTests` with the kitchen's speaker on the slow output.
    func assistant(_ slow: SlowOutput) async throws -> Assistant {
        let app = try BuiltInMediaApp(
            path: freshDatabase(), clock: ManualClock(), outputFactory: { $0 == "mpd://kitchen.slow:6600" ? slow : nil })
        let assistant = try Assistant(app: app)
        var flat = HomeTests.flat
        if let kitchen = flat.devices.firstIndex(where: { $0.id == "kitchen-speaker" }) {
            flat.devices[kitchen].output = "mpd://kitchen.slow:6600"
        }
        try await assistant.saveHome(flat)
        return assistant
    }

    func ask(_ assistant: Assistant, _ text: String, seconds: Double) async -> Outcome {
        await assistant.ask(
            text,
            context: RequestContext(device: "living-speaker", home: "flat", deadline: Date().timeIntervalSince1970 + seconds))
    }

    /// Waits until `slow` has carried out `count` actions (at most ten minutes: under a sanitizer on
    /// a loaded machine, twenty seconds were once not enough for the released call to land).
    func waitFor(_ count: Int, on slow: SlowOutput) async throws {
        try await waitUntil("the slow room to carry out \(count) actions", within: 600, every: 0.05) {
            slow.done.withLock { $0.count } >= count
        }
    }

    @Test func aGroupPlaysWhereItCanAndTheLateRoomIsPutBack() async throws {
        let slow = SlowOutput()
        let assistant = try await assistant(slow)
        // The request has no deadline of its own: in a full run under AddressSanitizer each test of
        // this suite took over 900 s, so a 600 s deadline could run out before the kitchen was
        // called. The kitchen's call is given up on after `OutputCall.longest`.
        let asked = Date()
        let outcome = await ask(assistant, "play skyfall everywhere", seconds: .infinity)
        let took = Date().timeIntervalSince(asked)
        slow.release()
        #expect(outcome.reply == "Playing Skyfall by Adele. The kitchen didn't answer in time.")
        #expect(outcome.devices?.contains("home:flat/kitchen-speaker") == false)
        #expect(await assistant.nowPlaying(device: "home:flat/living-speaker")?.item?.title == "Skyfall")
        // Hark did not store what the kitchen did not confirm ...
        #expect(await assistant.nowPlaying(device: "home:flat/kitchen-speaker")?.item == nil)
        // ... and when the late load lands after all, the kitchen is put back to silence.
        try await waitFor(2, on: slow)
        let actions = slow.done.withLock { $0 }
        guard case .load = actions.first else {
            Issue.record("expected the late load first: \(actions) (\(outcome.reply), asked in \(took) s)")
            return
        }
        #expect(actions.last == .stop)
    }

    @Test func musicIsNotMovedToARoomThatDoesNotAnswer() async throws {
        let slow = SlowOutput()
        let assistant = try await assistant(slow)
        _ = await ask(assistant, "play skyfall by adele", seconds: .infinity)
        let moved = await ask(assistant, "move the music to the kitchen", seconds: .infinity)
        slow.release()
        #expect(moved.reply == "The kitchen didn't answer in time.")
        #expect(moved.code == .failure)
        // The living room keeps playing: a move that did not reach its room stops nothing.
        #expect(await assistant.nowPlaying(device: "home:flat/living-speaker")?.state == .playing)
        #expect(await assistant.nowPlaying(device: "home:flat/kitchen-speaker")?.item == nil)
        try await waitFor(2, on: slow)
        #expect(slow.done.withLock { $0.last } == .stop)
    }
}

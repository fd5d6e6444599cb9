import Foundation
import MediaIntents
import Playback
import Testing
import Waiting

/// An output whose calls hang until the test opens its gate.
private final class GatedOutput: PlayerOutput {
    let gate = DispatchSemaphore(value: 0)
    func perform(_ action: PlayerAction) throws {}
    func pass() {
        gate.wait()
        gate.signal()
    }
}

@Suite("Calls to a player output") struct OutputCallTests {
    @Test func aHungCallIsGivenUpOnFailsTheNextAtOnceAndIsHeardOfWhenItEnds() async throws {
        let output = GatedOutput()
        let heard = Locked<[Int]>([])
        await #expect(throws: PlayerUnreachable.self) {
            try await OutputCall.run(within: 0.2, output: output, {
                output.pass()
                return 1
            }, late: { result in heard.withLock { $0.append((try? result.get()) ?? -1) } })
        }
        // While the first call hangs, the next to the same output fails without waiting behind it ...
        await #expect(throws: PlayerUnreachable.self) { try await OutputCall.run(within: 30, output: output, { 2 }) }
        // ... and another output is not held up.
        #expect(try await OutputCall.run(within: 30, output: GatedOutput(), { 3 }) == 3)
        output.gate.signal()
        try await waitUntil("the hung call's late result") { !heard.withLock { $0.isEmpty } }
        #expect(heard.withLock { $0 } == [1])
        // Once it ended, the output is called again.
        #expect(try await OutputCall.run(within: 30, output: output, { 4 }) == 4)
    }

    @Test func noTimeLeftMeansTheOutputIsNotCalled() async throws {
        let called = Locked(false)
        await #expect(throws: PlayerUnreachable.self) {
            try await OutputCall.run(within: 0, { called.withLock { $0 = true } })
        }
        #expect(called.withLock { $0 } == false)
    }
}

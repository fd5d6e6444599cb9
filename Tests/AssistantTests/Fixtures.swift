import Apps
import Assistant
import Foundation
import Playback
import StateTestSupport
import Storage

/// A clock tests move by hand.
final class ManualClock: PlayerClock {
    private let time = Locked(1_000_000.0)
    func now() -> Double { time.withLock { $0 } }
    func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
}

/// The demo catalog seeded once; each assistant gets its own copy of the file.
let seededTemplate: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-assistant-template-\(getpid()).db")
        .path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    // Opening an assistant seeds the demo; closing it checkpoints the WAL into the file.
    _ = try! Assistant(databasePath: path)
    return path
}()

/// A fresh assistant over a private copy of the seeded demo database.
func freshAssistant(clock: ManualClock = ManualClock(), output: SimulatedOutput = SimulatedOutput()) throws -> Assistant
{
    try Assistant(app: BuiltInMediaApp(path: freshDatabase(), state: testState(), clock: clock, output: output))
}

/// Where a test assistant keeps its state: its own file, unless `HARK_TEST_STATE=postgres` asks
/// for a fresh schema in the test server (`scripts/test` runs these suites both ways).
func testState() throws -> StateLocation? {
    guard ProcessInfo.processInfo.environment["HARK_TEST_STATE"] == "postgres" else { return nil }
    return StateLocation(try Engine.postgres.freshAddress())
}

/// The folder of this run's private databases, removed when the tests end.
let scratchFolder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-assistants-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: scratchFolder) }
    return path
}()

/// A private copy of the seeded demo database.
func freshDatabase() throws -> String {
    let path = scratchFolder + "/\(UUID().uuidString).db"
    try FileManager.default.copyItem(atPath: seededTemplate, toPath: path)
    return path
}

import Foundation

/// What a test waited for did not happen before its deadline: names the thing and the time given,
/// so a failure on a slow machine says what was missing rather than failing a later check.
public struct WaitedTooLong: Error, CustomStringConvertible {
    public let what: String
    public let seconds: Double
    public var description: String { "waited \(Int(seconds)) s for \(what); it did not happen" }
}

/// Waits until `condition` holds, looking again every `every` seconds, and throws `WaitedTooLong`
/// naming `what` once `seconds` have passed. It returns as soon as the thing has happened, so the
/// deadline is set far beyond any machine's pace (a busy or sanitised run included): it only bounds
/// how long a broken build hangs.
public func waitUntil(
    _ what: String, within seconds: Double = 120, every: Double = 0.02, _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !(try await condition()) {
        guard ContinuousClock.now < deadline else { throw WaitedTooLong(what: what, seconds: seconds) }
        try await Task.sleep(for: .seconds(every))
    }
}

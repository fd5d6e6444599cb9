import Foundation

/// Where the player reads the time from, so tests can move it by hand.
public protocol PlayerClock: Sendable {
    /// Seconds since some fixed moment.
    func now() -> Double
}

/// The wall clock (seconds since 1970), so a saved player resumes at the right position in a later run.
public struct SystemClock: PlayerClock {
    public init() {}
    public func now() -> Double { Date().timeIntervalSince1970 }
}

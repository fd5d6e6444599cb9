import Foundation

/// The time by which the request being served must be answered (seconds since 1970) for the task
/// serving it, so that what it calls (an app, a player output) can give up in time; nil outside a
/// request.
public enum RequestDeadline {
    @TaskLocal public static var current: Double?

    /// Seconds left before the deadline, at most `cap`; `cap` when no request sets one.
    public static func remaining(cap: Double) -> Double {
        guard let current else { return cap }
        return min(cap, current - Date().timeIntervalSince1970)
    }
}

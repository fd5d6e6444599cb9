import Foundation

/// A value that one thread at a time reads or changes, under a lock: Hark's own `Mutex`.
///
/// The standard library's `Synchronization.Mutex` would do, but on Linux it waits on a futex
/// that ThreadSanitizer cannot see, so every contended use of it is reported as a race
/// (`scripts/sanitize thread`; a ten-line program with four threads shows it). This wraps a
/// POSIX mutex (through `NSLock`), which the sanitizer understands, so a race it reports is real.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: sending Value) { self.value = value }

    /// Runs `body` with the value, holding the lock; `body` must not take this lock again.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

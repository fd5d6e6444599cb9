import Synchronization

/// A small lock for the few reference types that are shared across tasks.
final class Lock: Sendable {
    private let mutex = Mutex(())
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try mutex.withLock { _ in try body() }
    }
}

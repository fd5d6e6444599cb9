import Foundation
import MediaIntents

/// A call to a player output (which may block on a network for seconds) run on a thread of its own,
/// away from the threads that serve requests, and given up after a time. A call given up on may
/// still finish later: `late` hears how, so that the caller can put the output back as Hark left it.
/// While a call given up on has not ended, further calls to that output fail at once rather than
/// wait behind it.
public enum OutputCall {
    /// The longest one call may take even when the request has more time.
    public static let longest = 3.0

    /// Where time limits fire: a serial queue of its own, which runs even when every worker thread
    /// of the system's shared pool is blocked.
    private static let timers = DispatchQueue(label: "hark.output-call-timers")

    /// For each output with calls given up on that have not ended, how many. Each call's `Settled`
    /// is read and changed under the same lock.
    private static let hung = Locked<[ObjectIdentifier: Int]>([:])

    /// Runs `body` and returns what it returned, or throws `PlayerUnreachable` when it has not
    /// finished within `seconds` (then `late` gets its result once it does). `output`: the output
    /// the call goes to, which is known to hang until the call ends.
    public static func run<T: Sendable>(
        within seconds: Double, output: (any PlayerOutput)? = nil, _ body: @escaping @Sendable () throws -> T,
        late: (@Sendable (Result<T, any Error>) -> Void)? = nil
    ) async throws -> T {
        let key = output.map { ObjectIdentifier($0) }
        if let key, hung.withLock({ $0[key] != nil }) {
            throw PlayerUnreachable("the player has not answered an earlier call")
        }
        guard seconds > 0 else { throw PlayerUnreachable("no time was left to reach the player") }
        let call = Settled()
        return try await withCheckedThrowingContinuation { continuation in
            // A thread of its own per call: a call that hangs holds no thread anything else needs.
            let started = CallThread.start {
                let result = Result { try body() }
                let inTime = hung.withLock { hung in
                    if call.settle() { return true }
                    if let key { hung[key] = (hung[key] ?? 1) > 1 ? hung[key]! - 1 : nil }
                    return false
                }
                if inTime { continuation.resume(with: result) } else { late?(result) }
            }
            guard started else {
                continuation.resume(throwing: PlayerUnreachable("no thread could be started to reach the player"))
                return
            }
            timers.asyncAfter(deadline: .now() + seconds) {
                let givenUp = hung.withLock { hung in
                    guard call.settle() else { return false }
                    if let key { hung[key, default: 0] += 1 }
                    return true
                }
                if givenUp {
                    continuation.resume(throwing: PlayerUnreachable("the player did not answer in time"))
                }
            }
        }
    }

    /// Runs `body` on `output` within what is left of the request being served (at most `cap`);
    /// at once, on the caller's thread, for an output that never waits.
    public static func run<T: Sendable>(
        on output: any PlayerOutput, cap: Double = longest, _ body: @escaping @Sendable (any PlayerOutput) throws -> T,
        late: (@Sendable (Result<T, any Error>) -> Void)? = nil
    ) async throws -> T {
        if output.answersAtOnce { return try body(output) }
        return try await run(
            within: RequestDeadline.remaining(cap: cap), output: output, { try body(output) }, late: late)
    }
}

/// Whether a call has been settled; read and changed only under `OutputCall.hung`'s lock.
private final class Settled: @unchecked Sendable {
    private var settled = false

    /// True for the first caller only.
    func settle() -> Bool {
        defer { settled = true }
        return !settled
    }
}

/// Starts detached threads and says whether one started. (Foundation's `Thread.start` drops a
/// failure of `pthread_create` silently: the work would never run, and a call would wait out its
/// time and be reported as a player that did not answer.)
private enum CallThread {
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let failed = pthread_create(&thread, &attributes, { box in
            let work = Unmanaged<Work>.fromOpaque(box!).takeRetainedValue()
            work.body()
            return nil
        }, box)
        if failed != 0 { Unmanaged<Work>.fromOpaque(box).release() }
        return failed == 0
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

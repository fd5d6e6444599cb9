import Foundation

/// The storage failures met while answering one request. Many reads along a request's way treat a
/// failure as "nothing there" (no open question, no setting); with the database unreachable that
/// would answer "I couldn't find anything" when the truth is that nothing could be read. The
/// assistant gives each request one of these (a task-local), the connections note every busy or
/// unreachable database in it, and the reply says so instead.
public final class StorageTrouble: @unchecked Sendable {
    @TaskLocal public static var current: StorageTrouble?

    private let lock = NSLock()
    private var first: (any StorageFailure & CustomStringConvertible)?

    public init() {}

    /// The first busy or unreachable database met, if any.
    public var failure: (any StorageFailure & CustomStringConvertible)? { lock.withLock { first } }

    /// Notes `failure` in the current request's record (when it is busy or unreachable) and returns it.
    static func noted<Failure: StorageFailure & CustomStringConvertible>(_ failure: Failure) -> Failure {
        if failure.isBusy || failure.isUnavailable, let trouble = current {
            trouble.lock.withLock { if trouble.first == nil { trouble.first = failure } }
        }
        return failure
    }
}

import Foundation

/// A row read and prepared for writing.
struct PreparedRow: Sendable {
    var line: Int
    var result: Result<(CatalogEntry, EntryKeys), CatalogError>
}

/// Rows parsed by the reading thread, and the file bytes read so far.
struct ParsedBatch: Sendable {
    var rows: [CatalogImporter.Row]
    var bytesRead: UInt64
}

/// Rows with their keys, for the writing thread.
struct PreparedBatch: Sendable {
    var rows: [PreparedRow]
    var bytesRead: UInt64
}

/// Rows per batch handed between the import's threads.
let batchSize = 512

/// Batches from one thread to the next, at most `capacity` waiting, so memory stays bounded
/// however large the file.
final class RowPipeline<Batch: Sendable>: @unchecked Sendable {
    static var capacity: Int { 16 }
    private let condition = NSCondition()
    private var batches: [Batch] = []
    private var finished = false
    private var cancelled = false
    private var failure: (any Error)?

    /// Hands a batch over; false when the taker has stopped.
    func put(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, nil at the end; rethrows the giver's failure.
    func take() throws -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !finished && !cancelled { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The taker stopped: the giver stops at its next batch.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// Hands a value that is used by one thread at a time to another thread.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

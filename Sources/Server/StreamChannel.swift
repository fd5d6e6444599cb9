import Assistant
import CMicroHTTPD
import Foundation

/// A response body written over time (Server-Sent Events). While nothing is waiting to be sent the
/// server suspends the connection, so an open stream holds no thread; `send` resumes it.
public final class StreamChannel: Sendable {
    struct State {
        var pending: [UInt8] = []
        /// The connection the stream is answering (set when the server queues the response).
        nonisolated(unsafe) var connection: OpaquePointer?
        var suspended = false
        /// No more sends: the stream ends once what is pending has gone out.
        var closed = false
        /// The connection is finished (the client went away or the server stopped).
        var gone = false
        var goneHandlers: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    public init() {}

    /// Queues text for the client. False when the stream is closed or its client has gone.
    @discardableResult
    public func send(_ text: String) -> Bool {
        state.withLock { state in
            guard !state.gone, !state.closed else { return false }
            state.pending.append(contentsOf: Array(text.utf8))
            wake(&state)
            return true
        }
    }

    /// Ends the stream after what is pending.
    public func close() {
        state.withLock { state in
            state.closed = true
            wake(&state)
        }
    }

    /// Runs `handler` once the connection is finished (at once if it already is).
    public func whenGone(_ handler: @escaping @Sendable () -> Void) {
        let already = state.withLock { state in
            if !state.gone { state.goneHandlers.append(handler) }
            return state.gone
        }
        if already { handler() }
    }

    // MARK: Called by the server

    func attach(_ connection: OpaquePointer) {
        state.withLock { $0.connection = connection }
    }

    /// Copies pending bytes into `buffer`; 0 after suspending the connection when there are none,
    /// -1 (end of stream) once closed and drained. Runs on the connection's server thread, the only
    /// place libmicrohttpd allows a connection to be suspended.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(capacity, state.pending.count)
                state.pending.withUnsafeBufferPointer { bytes in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
                }
                state.pending.removeFirst(count)
                return count
            }
            if state.closed { return -1 }
            guard let connection = state.connection else { return -1 }
            state.suspended = true
            MHD_suspend_connection(connection)
            return 0
        }
    }

    /// The server has let go of the response: the connection is finishing.
    func finished() {
        let handlers = state.withLock { state in
            state.gone = true
            state.connection = nil
            state.suspended = false
            defer { state.goneHandlers = [] }
            return state.goneHandlers
        }
        for handler in handlers { handler() }
    }

    /// Resumes a suspended connection so the server reads again (under the lock, so the
    /// connection cannot finish meanwhile).
    private func wake(_ state: inout State) {
        guard state.suspended, let connection = state.connection else { return }
        state.suspended = false
        MHD_resume_connection(connection)
    }
}

let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
    guard let cls, let buffer else { return -1 }
    let channel = Unmanaged<StreamChannel>.fromOpaque(cls).takeUnretainedValue()
    return channel.read(into: buffer, capacity: capacity)
}

let streamFreed: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let channel = Unmanaged<StreamChannel>.fromOpaque(cls)
    channel.takeUnretainedValue().finished()
    channel.release()
}

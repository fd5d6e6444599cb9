import CPostgres
import Foundation

/// A connection of its own that LISTENs on a PostgreSQL channel and hands each notification's
/// payload to `handler`, on a thread of its own, until `stop()`. A lost
/// connection is made again every second until the server answers, and listens again.
public final class PostgresListener: @unchecked Sendable {
    private let address: String
    private let channel: String
    private let handler: @Sendable (String) -> Void
    private let stopped = NSLock()
    private var isStopped = false
    /// How long one wait for the server's socket lasts, so that `stop()` is noticed.
    static let wait: Int32 = 500

    /// Starts listening on `channel` (letters, digits and `_`) of the server at `address`.
    public init(address: String, channel: String, handler: @escaping @Sendable (String) -> Void) throws {
        precondition(channel.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "a plain channel name")
        self.address = address
        self.channel = channel
        self.handler = handler
        // The first connection is made here, so that a wrong address is an error at start.
        // (Carried to the thread as a number: a C pointer is not Sendable, and only that thread uses it.)
        let first = UInt(bitPattern: try connect())
        Thread.detachNewThread { [self] in run(OpaquePointer(bitPattern: first)) }
    }

    public func stop() { stopped.withLock { isStopped = true } }

    private var shouldStop: Bool { stopped.withLock { isStopped } }

    private func connect() throws -> OpaquePointer {
        guard let connection = PQconnectdb(address) else {
            throw PostgresError(state: "08000", message: "out of memory", context: "LISTEN \(channel)")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(state: "08001", message: message, context: PostgresDatabase.withoutPassword(address))
        }
        let result = PQexec(connection, "LISTEN \(channel)")
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(state: "08006", message: message, context: "LISTEN \(channel)")
        }
        return connection
    }

    private func run(_ first: OpaquePointer?) {
        var connection: OpaquePointer? = first
        while !shouldStop {
            guard let open = connection else {
                Thread.sleep(forTimeInterval: 1)
                connection = try? connect()
                continue
            }
            var socket = pollfd(fd: PQsocket(open), events: Int16(POLLIN), revents: 0)
            _ = poll(&socket, 1, Self.wait)
            if PQconsumeInput(open) == 0 || PQstatus(open) != CONNECTION_OK {
                PQfinish(open)
                connection = nil
                continue
            }
            while let notification = PQnotifies(open) {
                let payload = String(cString: notification.pointee.extra)
                PQfreemem(notification)
                handler(payload)
            }
        }
        if let connection { PQfinish(connection) }
    }
}

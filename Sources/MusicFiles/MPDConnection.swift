import CMPDClient
public import Catalog
import Foundation
import MediaIntents
public import Playback

/// Where a Music Player Daemon listens: `mpd://host:port` (port 6600 when not given).
public struct MPDAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: UInt32

    public init?(_ text: String) {
        guard text.hasPrefix("mpd://") else { return nil }
        let rest = text.dropFirst("mpd://".count).split(separator: "/").first.map(String.init) ?? ""
        let parts = rest.split(separator: ":", maxSplits: 1).map(String.init)
        guard let host = parts.first, !host.isEmpty else { return nil }
        self.host = host
        if parts.count == 2 {
            guard let port = UInt32(parts[1]), port > 0, port < 65536 else { return nil }
            self.port = port
        } else {
            port = 6600
        }
    }

    public var description: String { "mpd://\(host):\(port)" }
}

/// One connection to a Music Player Daemon, opened again after it drops. Every call runs under a
/// lock (libmpdclient's connections are not shared between threads).
final class MPDConnection: Sendable {
    let address: MPDAddress
    /// The open connection, if any; held under the lock for the whole of each call.
    private let connection = Locked<OpaquePointer?>(nil)

    init(_ address: MPDAddress) { self.address = address }

    deinit { connection.withLock { if let open = $0 { mpd_connection_free(open) } } }

    /// Runs `body` on a live connection; one fresh connection is tried when the old one failed.
    /// Errors from the daemon itself (a refused command) come back as `MPDCommandError`; a daemon
    /// out of reach as `PlayerUnreachable`.
    func run<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        try connection.withLock { connection in
            for attempt in 0..<2 {
                let live = try open(&connection)
                do {
                    let value = try body(live)
                    try check(live)
                    return value
                } catch let error as MPDCommandError {
                    throw error
                } catch {
                    // The connection broke: drop it, and try once more on a new one.
                    mpd_connection_free(live)
                    connection = nil
                    if attempt == 1 { throw error }
                }
            }
            throw PlayerUnreachable("cannot reach the player at \(address)")
        }
    }

    private func open(_ connection: inout OpaquePointer?) throws -> OpaquePointer {
        if let connection { return connection }
        guard let made = mpd_connection_new(address.host, address.port, 3_000) else {
            throw PlayerUnreachable("out of memory connecting to \(address)")
        }
        if mpd_connection_get_error(made) != MPD_ERROR_SUCCESS {
            let message = String(cString: mpd_connection_get_error_message(made))
            mpd_connection_free(made)
            throw PlayerUnreachable("cannot reach the player at \(address): \(message)")
        }
        connection = made
        return made
    }

    /// Throws for the connection's pending error: the daemon's refusal (recoverable), or a broken
    /// connection.
    func check(_ live: OpaquePointer) throws {
        let error = mpd_connection_get_error(live)
        guard error != MPD_ERROR_SUCCESS else { return }
        let message = String(cString: mpd_connection_get_error_message(live))
        if error == MPD_ERROR_SERVER, mpd_connection_clear_error(live) {
            throw MPDCommandError(message: message)
        }
        throw PlayerUnreachable("lost the player at \(address): \(message)")
    }
}

import CMicroHTTPD
public import Foundation
import Synchronization

/// One HTTP request as the API sees it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    public var body: Data
    /// True when the body went over the server's limit (the rest was dropped).
    public var bodyTooLarge: Bool
}

/// One HTTP response (an `Error` too, so a failed step can carry the response it ends in).
public struct HTTPResponse: Sendable, Error {
    public var status: Int
    public var contentType: String
    public var body: Data
    public var headers: [String: String] = [:]
    /// A body that goes on being written after the response starts (`body` is then unused).
    public var stream: StreamChannel?

    public init(
        status: Int, contentType: String = "application/json", body: Data, headers: [String: String] = [:],
        stream: StreamChannel? = nil
    ) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
        self.stream = stream
    }
}

/// A request's state while libmicrohttpd hands over its body in pieces.
final class PendingRequest {
    var body = Data()
    var tooLarge = false
}

/// An HTTP server on libmicrohttpd: a pool of its own threads accepts connections, gathers each
/// request's body (up to `maximumBody` bytes) and calls `handle` on that thread.
public final class HTTPServer: Sendable {
    public let maximumBody: Int
    let handle: @Sendable (HTTPRequest) -> HTTPResponse
    nonisolated(unsafe) private var daemon: OpaquePointer?
    /// Streams still open, closed when the server stops (libmicrohttpd cannot stop with a
    /// connection suspended).
    private let streams = Mutex<[ObjectIdentifier: StreamChannel]>([:])

    public init(maximumBody: Int = 64 * 1024, handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.maximumBody = maximumBody
        self.handle = handle
    }

    /// Starts listening; returns the port (the one the system chose when `port` is 0).
    public func start(host: String, port: UInt16, threads: UInt32 = 4, idleTimeout: UInt32 = 15) throws -> UInt16 {
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let started = hark_mhd_start(host, port, threads, idleTimeout, serverHandler, me, serverCompleted) else {
            throw ServerError("cannot listen on \(host):\(port) (an IPv4 address and a free port are needed)")
        }
        daemon = started
        return hark_mhd_port(started)
    }

    /// Stops accepting, lets requests in flight finish, and closes the socket.
    public func stop() {
        for stream in streams.withLock({ Array($0.values) }) { stream.close() }
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }
}

extension HTTPServer {
    /// Starts a streamed response: libmicrohttpd pulls its bytes from the channel as they come.
    fileprivate func queue(_ stream: StreamChannel, _ response: HTTPResponse, on connection: OpaquePointer)
        -> MHD_Result
    {
        let key = ObjectIdentifier(stream)
        streams.withLock { $0[key] = stream }
        stream.whenGone { [weak self] in _ = self?.streams.withLock { $0.removeValue(forKey: key) } }
        stream.attach(connection)
        let retained = Unmanaged.passRetained(stream).toOpaque()
        guard let made = MHD_create_response_from_callback(UInt64.max, 4096, streamReader, retained, streamFreed)
        else {
            Unmanaged<StreamChannel>.fromOpaque(retained).release()
            return .NO
        }
        return send(made, response, on: connection)
    }
}

/// Adds the response's headers and queues it (libmicrohttpd keeps its own reference).
private func send(_ made: OpaquePointer, _ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    MHD_add_response_header(made, "Content-Type", response.contentType)
    for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
    let queued = MHD_queue_response(connection, UInt32(response.status), made)
    MHD_destroy_response(made)
    return queued
}

/// A failure to serve, with the reason.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

private let serverHandler: hark_mhd_handler = { cls, connection, url, method, _, uploadData, uploadSize, state in
    guard let cls, let connection, let state, let uploadSize else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    // First call: only the headers are in.
    guard let existing = state.pointee else {
        state.pointee = Unmanaged.passRetained(PendingRequest()).toOpaque()
        return .YES
    }
    let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if let uploadData, pending.body.count + uploadSize.pointee <= server.maximumBody {
            pending.body.append(
                UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee)
        } else {
            pending.tooLarge = true
        }
        uploadSize.pointee = 0
        return .YES
    }
    let fullPath = url.map { String(cString: $0) } ?? "/"
    var request = HTTPRequest(
        method: method.map { String(cString: $0) } ?? "GET", path: fullPath, query: [:], headers: [:],
        body: pending.body, bodyTooLarge: pending.tooLarge)
    request.query = values(connection, .GET_ARGUMENT_KIND)
    request.headers = values(connection, .HEADER_KIND)
    let response = server.handle(request)
    if let stream = response.stream { return server.queue(stream, response, on: connection) }
    let bytes = [UInt8](response.body)
    let made = bytes.withUnsafeBufferPointer { buffer in
        MHD_create_response_from_buffer(
            buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), MHD_ResponseMemoryMode(rawValue: 2)!)
    }
    guard let made else { return .NO }
    return send(made, response, on: connection)
}

private let serverCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let pending = state.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pending).release()
    state.pointee = nil
}

/// Every header or query argument of a connection, names lower-cased for headers.
private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
    final class Collected { var values: [String: String] = [:] }
    let collected = Collected()
    let lowercase = kind == .HEADER_KIND
    _ = withExtendedLifetime(collected) {
        MHD_get_connection_values(
            connection, kind,
            { cls, _, key, value in
                guard let cls, let key else { return .YES }
                let box = Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
                let name = String(cString: key)
                box.values[name] = value.map { String(cString: $0) } ?? ""
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
    }
    guard lowercase else { return collected.values }
    return Dictionary(collected.values.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
}

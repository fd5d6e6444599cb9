import Assistant
import CMicroHTTPD
public import Foundation

/// One HTTP request as the API sees it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    public var body: Data
    /// True when the body went over the server's limit (the rest was dropped).
    public var bodyTooLarge: Bool
    /// The client's IPv4 address ("" when unknown).
    public var client = ""

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data(), bodyTooLarge: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }
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

/// A request's state while libmicrohttpd hands over its body in pieces, and then while it is
/// answered (the connection suspended until the answer is in).
final class PendingRequest: Sendable {
    struct State {
        /// When the headers were in (seconds of uptime): the body must follow within `bodyTime`.
        var started = HTTPServer.uptime()
        var body = Data()
        var tooLarge = false
        /// Bytes of the body past the server's usual limit, counted in its budget for them.
        var reserved = 0
        var answering = false
        var response: HTTPResponse?
    }

    let state = Locked(State())
}

/// An HTTP server on libmicrohttpd. Its threads read requests and write responses and never wait
/// for an answer: a request whose body is in is answered by `handle` on the concurrency pool while
/// its connection is suspended, and resumed with the response. So one server thread keeps any
/// number of requests in flight, and the cores go to answering them.
public final class HTTPServer: Sendable {
    public let maximumBody: Int
    /// Larger limits for the bodies of some paths (a recording uploaded to be recognised).
    public let bodyLimits: [String: Int]
    /// Bytes all bodies together may hold past `maximumBody` at once: many large uploads at once
    /// meet this, and are answered 413, before they can fill the memory.
    public let largeBodyBudget: Int
    let largeBodyBytes = Locked(0)
    let handle: @Sendable (HTTPRequest) async -> HTTPResponse
    nonisolated(unsafe) private var daemon: OpaquePointer?
    /// Streams still open, closed when the server stops (libmicrohttpd cannot stop with a
    /// connection suspended).
    private let streams = Locked<[ObjectIdentifier: StreamChannel]>([:])
    /// Requests being answered, and whether the server is stopping (then no more are taken).
    private let answering = Locked((count: 0, stopping: false))

    /// Seconds a request's body may take to arrive after its headers; a slower one (a chunked body
    /// that never ends) has its connection closed.
    public let bodyTime: Double

    public init(
        maximumBody: Int = 64 * 1024, bodyLimits: [String: Int] = [:], largeBodyBudget: Int = 64 * 1024 * 1024,
        bodyTime: Double = 10, handle: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.maximumBody = maximumBody
        self.bodyLimits = bodyLimits
        self.largeBodyBudget = largeBodyBudget
        self.bodyTime = bodyTime
        self.handle = handle
    }

    /// How many connections the server holds at once, and from one client address: a client that
    /// opens many (slow headers, idle event streams) meets its own limit, not everyone's.
    public struct ConnectionLimits: Sendable {
        public var total: UInt32 = 8_000
        public var perClient: UInt32 = 256
        public init(total: UInt32 = 8_000, perClient: UInt32 = 256) {
            self.total = total
            self.perClient = perClient
        }
    }

    /// Starts listening; returns the port (the one the system chose when `port` is 0). Connections
    /// idle for `idleTimeout` seconds are closed.
    public func start(
        host: String, port: UInt16, threads: UInt32 = 4, idleTimeout: UInt32 = 15, limits: ConnectionLimits = .init()
    ) throws -> UInt16 {
        Self.raiseOpenFileLimit(to: rlim_t(limits.total) + 64)
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard
            let started = hark_mhd_start(
                host, port, threads, idleTimeout, limits.total, limits.perClient, serverHandler, me, serverCompleted)
        else {
            throw ServerError("cannot listen on \(host):\(port) (an IPv4 address and a free port are needed)")
        }
        daemon = started
        return hark_mhd_port(started)
    }

    /// Stops taking requests, lets those being answered finish (up to `grace` seconds), and closes
    /// the socket.
    public func stop(grace: Double = 10) {
        answering.withLock { $0.stopping = true }
        for stream in streams.withLock({ Array($0.values) }) { stream.close() }
        let deadline = Date().addingTimeInterval(grace)
        while answering.withLock({ $0.count }) > 0, Date() < deadline { usleep(2_000) }
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    /// Suspends the connection and answers the request on the concurrency pool; the connection
    /// resumes with the response. False when the server is stopping.
    fileprivate func answer(_ request: HTTPRequest, _ pending: PendingRequest, on connection: OpaquePointer) -> Bool {
        let taken = answering.withLock { state in
            if state.stopping { return false }
            state.count += 1
            return true
        }
        guard taken else { return false }
        pending.state.withLock { $0.answering = true }
        MHD_suspend_connection(connection)
        nonisolated(unsafe) let suspended = connection
        // Ahead of other work on the pool: a client is waiting.
        Task(priority: .high) {
            let response = await handle(request)
            pending.state.withLock { $0.response = response }
            MHD_resume_connection(suspended)
            answering.withLock { $0.count -= 1 }
        }
        return true
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

extension HTTPServer {
    static func uptime() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Lets the process hold as many sockets as the connection limit needs (within the hard limit).
    static func raiseOpenFileLimit(to wanted: rlim_t) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
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
        // Two different lengths for one body (a request smuggled past a proxy): refused at once.
        if Set(headerValues(connection, "content-length")).count > 1 {
            let refused = #"{"error":"the request has two different Content-Length headers","status":400}"#
            return queueBody(HTTPResponse(status: 400, body: Data(refused.utf8)), on: connection)
        }
        return .YES
    }
    let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        // A body that takes longer than the server allows: the connection is closed.
        if HTTPServer.uptime() - pending.state.withLock({ $0.started }) > server.bodyTime { return .NO }
        let size = uploadSize.pointee
        let limit = server.bodyLimits.isEmpty ? server.maximumBody : url.flatMap { server.bodyLimits[String(cString: $0)] } ?? server.maximumBody
        pending.state.withLock { state in
            guard let uploadData, !state.tooLarge, state.body.count + size <= limit else {
                state.tooLarge = true
                return
            }
            // Past the usual limit, the bytes come out of the budget all large bodies share.
            let beyond = max(0, state.body.count + size - server.maximumBody) - state.reserved
            if beyond > 0 {
                let granted = server.largeBodyBytes.withLock { held in
                    guard held + beyond <= server.largeBodyBudget else { return false }
                    held += beyond
                    return true
                }
                guard granted else {
                    state.tooLarge = true
                    return
                }
                state.reserved += beyond
            }
            state.body.append(UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: size)
        }
        uploadSize.pointee = 0
        return .YES
    }
    let (answering, answered, body, tooLarge) = pending.state.withLock { state in
        (state.answering, state.response, state.body, state.tooLarge)
    }
    guard let response = answered else {
        // Called again while the answer is being worked out: nothing to do yet.
        if answering { return .YES }
        let fullPath = url.map { String(cString: $0) } ?? "/"
        var request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "GET", path: fullPath, query: [:], headers: [:],
            body: body, bodyTooLarge: tooLarge)
        request.query = values(connection, .GET_ARGUMENT_KIND)
        request.headers = values(connection, .HEADER_KIND)
        request.client = clientAddress(connection)
        if server.answer(request, pending, on: connection) { return .YES }
        let unavailable = #"{"error":"the server is stopping","status":503}"#
        return queueBody(HTTPResponse(status: 503, body: Data(unavailable.utf8)), on: connection)
    }
    if let stream = response.stream { return server.queue(stream, response, on: connection) }
    return queueBody(response, on: connection)
}

/// Queues a response whose body is all there.
private func queueBody(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let bytes = [UInt8](response.body)
    let made = bytes.withUnsafeBufferPointer { buffer in
        MHD_create_response_from_buffer(
            buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), MHD_ResponseMemoryMode(rawValue: 2)!)
    }
    guard let made else { return .NO }
    return send(made, response, on: connection)
}

private let serverCompleted: MHD_RequestCompletedCallback = { cls, _, state, _ in
    guard let state, let pending = state.pointee else { return }
    let request = Unmanaged<PendingRequest>.fromOpaque(pending)
    // What a large body held of the shared budget is given back.
    let reserved = request.takeUnretainedValue().state.withLock { $0.reserved }
    if reserved > 0, let cls {
        Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().largeBodyBytes.withLock { $0 -= reserved }
    }
    request.release()
    state.pointee = nil
}

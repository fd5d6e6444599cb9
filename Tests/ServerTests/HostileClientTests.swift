import Catalog
import Foundation
import Server
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 20: each way a hostile client got through, refused. Each test is named after the failure.
@Suite("A hostile client") struct HostileClientTests {
    var live: LiveServer { ServerTests.live }

    @Test func aHugeWordIsFiledAsWrittenNotByEveryDeletion() {
        // Each deletion of a 4,000-letter word cost its length: searches took seconds.
        #expect(TermKeys.keys(String(repeating: "a", count: 4_000)).count <= 3)
        #expect(TermKeys.keys("skyfall").count > 3)
    }

    @Test func longNamesInThePathOrTheQueryAreRefused() async throws {
        let name = String(repeating: "x", count: 300)
        let add = try await live.call("POST", "/v1/playlists/\(name)/items", json: #"{"items": ["song/adele/hello"]}"#)
        #expect(add.status == 400 && add.text.contains("longer than 200"))
        let words = String(repeating: "word ", count: 400)
        #expect(try await live.call("GET", "/v1/search?q=\(words.replacingOccurrences(of: " ", with: "+"))").status == 400)
    }

    @Test func deviceAndUserNamesAreBounded() async throws {
        let long = String(repeating: "d", count: 2_000)
        let asked = try await live.call("POST", "/v1/ask", json: #"{"text": "pause", "device": "\#(long)"}"#)
        #expect(asked.status == 400 && asked.text.contains("device"))
        #expect(try await live.call("GET", "/v1/now-playing?device=\(long.prefix(500))").status == 400)
        #expect(try await live.call("POST", "/v1/ask", json: #"{"text": "pause", "user": "a\u0007b"}"#).status == 400)
    }

    @Test func aPageOfAnotherSiteCannotChangeAnything() async throws {
        let body = #"{"identifier": "hark.library", "name": "Evil"}"#
        let crossOrigin = try await live.call("POST", "/v1/apps", json: body, headers: ["Origin": "http://evil.example"])
        #expect(crossOrigin.status == 403)
        let plain = try await live.call("POST", "/v1/ask", body: Data(#"{"text": "pause"}"#.utf8), headers: ["Content-Type": "text/plain"])
        #expect(plain.status == 415)
        let rebound = try await live.call("GET", "/v1/library", headers: ["Host": "evil.example"])
        #expect(rebound.status == 403)
        // The server's own page (same origin) is served as before.
        let own = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "pause"}"#, headers: ["Origin": "http://127.0.0.1:\(live.port)"])
        #expect(own.status == 200)
    }

    @Test func harksOwnAppCannotBeReplacedNorAnotherAppWithoutItsSecret() async throws {
        let own = try await live.call("POST", "/v1/apps", json: #"{"identifier": "hark.library", "name": "Evil"}"#)
        #expect(own.status == 403)
        let first = try await live.call("POST", "/v1/apps", json: #"{"identifier": "com.example.taken", "name": "Taken"}"#)
        let secret = try #require(first.json["secret"] as? String)
        let stolen = try await live.call("POST", "/v1/apps", json: #"{"identifier": "com.example.taken", "name": "Stolen"}"#)
        #expect(stolen.status == 401)
        let wrong = try await live.call(
            "POST", "/v1/apps", json: #"{"identifier": "com.example.taken", "name": "Stolen"}"#,
            headers: ["X-Hark-App-Secret": "guess"])
        #expect(wrong.status == 403)
        let owner = try await live.call(
            "POST", "/v1/apps", json: #"{"identifier": "com.example.taken", "name": "Taken Two"}"#,
            headers: ["X-Hark-App-Secret": secret])
        #expect(owner.status == 201)
    }

    @Test func tokensAreNotTakenFromEveryURLNorEmptyNorGuessedForever() async throws {
        let guarded = try LiveServer(tokens: ["s3cret": "ann", "": "eve"])
        // `?access_token=` is for the event stream only.
        #expect(try await guarded.call("GET", "/v1/library?access_token=s3cret").status == 401)
        // An empty token in the tokens file lets nobody in.
        #expect(try await guarded.call("GET", "/v1/library", headers: ["Authorization": "Bearer "]).status == 401)
        // Wrong guesses from one address are cut off after twenty.
        var statuses: [Int] = []
        for index in 0..<25 { statuses.append(try await guarded.call("GET", "/v1/library", token: "guess\(index)").status) }
        // (The two refusals above were wrong tokens too.)
        #expect(statuses.prefix(18).allSatisfy { $0 == 401 } && statuses.dropFirst(18).allSatisfy { $0 == 429 })
        // The right token is refused too while the address is cut off.
        #expect(try await guarded.call("GET", "/v1/library", token: "s3cret").status == 429)
    }

    @Test func twoDifferentContentLengthsAreRefused() throws {
        let reply = try rawExchange(
            port: live.port,
            "POST /v1/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 17\r\n"
                + "Content-Length: 5\r\n\r\n{\"text\": \"stop\"}")
        #expect(reply.hasPrefix("HTTP/1.1 400"))
    }

    @Test func largeBodiesShareOneBudgetAndGiveItBack() throws {
        let server = HTTPServer(maximumBody: 1_000, bodyLimits: ["/big": 100_000], largeBodyBudget: 50_000) { request in
            HTTPResponse(status: request.bodyTooLarge ? 413 : 200, body: Data())
        }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        func post(_ path: String, _ size: Int) throws -> String {
            try rawExchange(
                port: port,
                "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(size)\r\nConnection: close\r\n\r\n"
                    + String(repeating: "a", count: size))
        }
        #expect(try post("/big", 40_000).hasPrefix("HTTP/1.1 200"))
        // Under the path's limit, over what large bodies may hold at once: refused.
        #expect(try post("/big", 60_000).hasPrefix("HTTP/1.1 413"))
        // The first body's share is given back once its request is done (libmicrohttpd says so just
        // after the answer is sent): a body of that size is taken again.
        let deadline = Date().addingTimeInterval(120)
        var taken = false
        while !taken, Date() < deadline { taken = try post("/big", 40_000).hasPrefix("HTTP/1.1 200") }
        #expect(taken)
        #expect(try post("/small", 2_000).hasPrefix("HTTP/1.1 413"))
    }

    @Test func aChunkedBodyThatNeverEndsIsCutOff() throws {
        let server = HTTPServer(bodyTime: 1) { _ in HTTPResponse(status: 200, body: Data()) }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let socket = try connectTo(port)
        defer { close(socket) }
        send(socket, "POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        // A chunk every 0.2 s keeps the connection from being idle; the body still must end in time
        // (the server's own second), which here means before the test gives up after two minutes.
        let givenUp = Date().addingTimeInterval(120)
        var closed = false
        while !closed && Date() < givenUp {
            closed = !send(socket, "1\r\na\r\n")
            if !closed { usleep(200_000) }
        }
        #expect(closed)
    }
}

/// Opens a loopback connection to `port`.
func connectTo(_ port: UInt16) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw ServerError("cannot connect to port \(port)") }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
}

/// Sends text; false once the peer has closed the connection.
@discardableResult
func send(_ fd: Int32, _ text: String) -> Bool {
    text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } > 0
}

/// Sends a raw request and reads the reply until the server closes or 5 s pass.
func rawExchange(port: UInt16, _ request: String) throws -> String {
    let fd = try connectTo(port)
    defer { close(fd) }
    send(fd, request)
    var reply = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count <= 0 { break }
        reply += buffer[0..<count]
        if String(decoding: reply, as: UTF8.self).contains("\r\n\r\n") { break }
    }
    return String(decoding: reply, as: UTF8.self)
}

import Foundation
import Assistant
import Server
import Testing
import Waiting

#if canImport(Glibc)
    import Glibc
#endif

/// `GET /v1/events`: what open streams hear, for one device, every device, or a home's.
@Suite("Event streams") struct EventStreamTests {
    var live: LiveServer { ServerTests.live }

    @Test func eventsTellOpenStreamsWhenThePlayerChanges() async throws {
        let kitchen = try EventListener(port: live.port, path: "/v1/events?device=sse-kitchen")
        let everything = try EventListener(port: live.port, path: "/v1/events")
        defer {
            kitchen.stop()
            everything.stop()
        }
        #expect(await kitchen.waitFor("text/event-stream"))
        #expect(await kitchen.waitFor(#""device":"sse-kitchen""#))
        // Both streams are open (their headers came after they were subscribed) before anything changes.
        #expect(await everything.waitFor("text/event-stream"))
        _ = try await live.call("POST", "/v1/ask", json: #"{"text": "play skyfall by adele", "device": "sse-kitchen"}"#)
        #expect(await kitchen.waitFor(#""title":"Skyfall""#))
        #expect(await everything.waitFor(#""title":"Skyfall""#))
        _ = try await live.call("POST", "/v1/player/pause", json: #"{"device": "sse-kitchen"}"#)
        #expect(await kitchen.waitFor(#""state":"paused""#))
        // Another device's change reaches the stream for every device, not the kitchen's.
        _ = try await live.call("POST", "/v1/ask", json: #"{"text": "play hello by adele", "device": "sse-den"}"#)
        #expect(await everything.waitFor(#""device":"sse-den""#))
        #expect(!kitchen.text.contains("sse-den"))
        // The server still answers while streams are open (they hold no thread).
        #expect(try await live.call("GET", "/v1/health").status == 200)
    }

    @Test func aHomesStreamHearsEveryRoomOfItAndNoOtherHomes() async throws {
        let home = #"{"name": "Flat", "rooms": [{"id": "living", "name": "living room"}, {"id": "kitchen", "name": "kitchen"}], "devices": [{"id": "living-speaker", "name": "living room speaker", "kind": "speaker", "room": "living"}, {"id": "kitchen-speaker", "name": "kitchen speaker", "kind": "speaker", "room": "kitchen"}]}"#
        #expect(try await live.call("PUT", "/v1/home/sse-flat", json: home).status == 200)
        #expect(try await live.call("PUT", "/v1/home/sse-cabin", json: home).status == 200)
        #expect(try await live.call("GET", "/v1/events?home=sse-nowhere").status == 404)
        let flat = try EventListener(port: live.port, path: "/v1/events?home=sse-flat")
        defer { flat.stop() }
        // The stream starts with each of the home's devices.
        #expect(await flat.waitFor("kitchen-speaker"))
        _ = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "play skyfall by adele", "home": "sse-cabin", "device": "kitchen-speaker"}"#)
        _ = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "play hello in the kitchen", "home": "sse-flat", "device": "living-speaker"}"#)
        #expect(await flat.waitFor(#""title":"Hello""#))
        #expect(!flat.text.contains("sse-cabin"))
    }
}

/// Reads a Server-Sent Events stream over a plain socket on its own thread.
final class EventListener: Sendable {
    private let received = Locked("")
    private let socketFD: Int32

    init(port: UInt16, path: String) throws {
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ServerError("cannot connect to port \(port)") }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(socketFD, $0, strlen($0), 0) }
        let fd = socketFD
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { break }
                let chunk = String(decoding: buffer[0..<count], as: UTF8.self)
                received.withLock { $0 += chunk }
            }
        }
    }

    var text: String { received.withLock { $0 } }

    /// True once `fragment` has arrived; false when it has not within two minutes (a deadline far
    /// beyond a busy machine's pace, as it returns as soon as the fragment is there).
    func waitFor(_ fragment: String) async -> Bool {
        (try? await waitUntil("\(fragment) on the event stream") { text.contains(fragment) }) != nil
    }

    func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
    }
}

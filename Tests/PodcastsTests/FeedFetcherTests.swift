import Foundation
import Testing
import Waiting

@testable import Podcasts

/// Issue 37: feeds fetched with libcurl from a real HTTP server (Python's http.server on a free
/// port): the body, a conditional request answered 304, errors named.
@Suite("Feed fetching")
struct FeedFetcherTests {
    /// Python's http.server over `folder`, stopped when the value goes.
    final class FileServer {
        let process = Process()
        var port = 0

        init(serving folder: String) async throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder,
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // It prints its port once it listens.
            var printed = ""
            try await waitUntil("http.server to print its port") {
                printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
                guard let range = printed.range(of: "port ") else { return false }
                port = Int(printed[range.upperBound...].prefix { $0.isNumber }) ?? 0
                return port > 0
            }
        }

        func address(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

        // Killed outright: a child of Foundation's Process inherits a mask that blocks SIGTERM.
        // Not waited for: Foundation's waitUntilExit never returns inside a test's task here.
        deinit { kill(process.processIdentifier, SIGKILL) }
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "hark-feeds-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data(FeedParserTests.rss.utf8).write(to: URL(fileURLWithPath: path + "/owls.xml"))
        return path
    }

    @Test func aFeedIsFetchedAndAskedAgainOnlyIfItChanged() async throws {
        let server = try await FileServer(serving: try folder())
        let fetcher = FeedFetcher()
        let first = try fetcher.fetch(server.address("owls.xml"))
        #expect(first.status == 200 && !first.notModified)
        let feed = try FeedParser.parse(try #require(first.body))
        #expect(feed.title == "Night Owls" && feed.episodes.count == 2)
        let lastModified = try #require(first.lastModified)
        // Nothing changed: the server answers 304 and sends no body.
        let again = try fetcher.fetch(server.address("owls.xml"), lastModified: lastModified)
        #expect(again.status == 304 && again.notModified)
    }

    @Test func failuresAreNamed() async throws {
        let server = try await FileServer(serving: try folder())
        let fetcher = FeedFetcher()
        #expect(throws: FeedError.status(404)) { try fetcher.fetch(server.address("gone.xml")) }
        #expect(throws: FeedError.badAddress("ftp://owls.example/feed")) {
            try fetcher.fetch("ftp://owls.example/feed")
        }
        var small = FeedFetcher()
        small.largest = 1_000
        #expect(throws: FeedError.tooLarge(limit: 1_000)) { try small.fetch(server.address("owls.xml")) }
        do {
            _ = try fetcher.fetch("http://127.0.0.1:1/feed.xml")
            Issue.record("a closed port answered")
        } catch {
            if case .network = error {} else { Issue.record("\(error)") }
        }
    }
}

import Catalog
import Foundation
import Testing

@testable import Podcasts

/// Issue 37: a followed feed written into the catalog as a show with its episodes, refreshed
/// conditionally, a new episode found, and a feed gone bad leaving the episodes as they were.
@Suite("Feed refresh")
struct FeedRefresherTests {
    func catalog() throws -> CatalogStore {
        try CatalogStore(path: NSTemporaryDirectory() + "hark-feedstore-" + UUID().uuidString + ".db")
    }

    static let newEpisode = """
        <item>
          <title>Tawny owls in winter</title>
          <guid>owls-13</guid>
          <pubDate>Tue, 10 Jun 2025 09:00:00 GMT</pubDate>
          <enclosure url="https://owls.example/13.mp3" type="audio/mpeg"/>
          <itunes:episode>4</itunes:episode>
          <description>Calls in the cold.</description>
        </item>
        """

    @Test func aFeedBecomesAShowWithEpisodesAndNewOnesArriveOnRefresh() async throws {
        let folder = try FeedFetcherTests().folder()
        let server = try await FeedFetcherTests.FileServer(serving: folder)
        let store = try catalog()
        let refresher = try FeedRefresher(store: store)
        let url = server.address("owls.xml")

        let added = try refresher.add(url: url)
        guard case .read(let new, 0) = added.result else { Issue.record("not read: \(added.result)"); return }
        #expect(new.count == 2)
        #expect(added.title == "Night Owls")
        let showIdent = try #require(added.showIdentifier)
        let show = try #require(try store.item(identifier: showIdent))
        #expect(show.item.type == .podcastShow && show.item.artist == "The Owl Collective")
        let episodes = try store.items(where: "i.parent_id = ?", [.integer(show.rowID)], order: "i.released DESC", limit: 10)
        #expect(episodes.map(\.item.title) == ["Barn owls at dusk", "Trailer"])
        #expect(episodes.first?.item.location == "https://owls.example/12.mp3")
        #expect(try store.notes(identifier: episodes[0].item.identifier) == "Where they hunt & why.")
        // "The episode about …": its notes are searched, words matched by their start.
        #expect(try store.items(about: "hunting", type: .podcastEpisode).items.map(\.item.title) == ["Barn owls at dusk"])
        #expect(try store.items(about: "coming soon", type: .podcastEpisode, parent: show.rowID).items.map(\.item.title) == ["Trailer"])

        // Nothing changed: the server answers 304 (its Last-Modified was kept) and nothing is written.
        let again = try refresher.refresh()
        #expect(again.map(\.result) == [.unchanged])

        // A new episode in the feed is found on the next refresh, and only it is new.
        let file = folder + "/owls.xml"
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "<item>", with: Self.newEpisode + "\n<item>", options: [], range: text.range(of: "<item>"))
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        // (http.server's Last-Modified has one-second steps: a file written in the same second
        // would look unchanged, so the test moves its time on.)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file)
        let third = try refresher.refresh()
        guard case .read(let added3, 0)? = third.first?.result else { Issue.record("not read: \(third)"); return }
        #expect(added3.count == 1)
        let newest = try store.items(where: "i.parent_id = ?", [.integer(show.rowID)], order: "i.released DESC", limit: 1)
        #expect(newest.first?.item.title == "Tawny owls in winter")
        #expect(try refresher.feeds.feed(url: url)?.episodes == 3)

        // The feed turns hostile: refused with its reason, and the episodes stay.
        var bomb = #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a0 "lol">"#
        for level in 1...9 { bomb += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        bomb += "]><rss><channel><title>&a9;</title></channel></rss>"
        try Data(bomb.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: file)
        let fourth = try refresher.refresh()
        #expect(fourth.map(\.result) == [.failed(.declaresEntities)])
        let stored = try #require(try refresher.feeds.feed(url: url))
        #expect(stored.episodes == 3 && stored.error?.contains("entity") == true)
        #expect(try store.items(where: "i.parent_id = ?", [.integer(show.rowID)], order: "i.released DESC", limit: 10).count == 3)
    }

    @Test func aFeedThatCannotBeReadIsNotFollowed() async throws {
        let folder = try FeedFetcherTests().folder()
        try Data("{\"not\": \"a feed\"}".utf8).write(to: URL(fileURLWithPath: folder + "/feed.json"))
        let server = try await FeedFetcherTests.FileServer(serving: folder)
        let store = try catalog()
        let refresher = try FeedRefresher(store: store)
        for (path, failure) in [("feed.json", FeedError.notXML("")), ("missing.xml", .status(404))] {
            let added = try refresher.add(url: server.address(path))
            switch (added.result, failure) {
            case (.failed(.notXML), .notXML), (.failed(.status(404)), .status(404)): break
            default: Issue.record("\(path): \(added.result)")
            }
        }
        #expect(try refresher.feeds.feeds().isEmpty)
        #expect(try store.counts()["podcastEpisode"] ?? 0 == 0)
    }
}

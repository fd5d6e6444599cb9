import Catalog
import Foundation
import Library
import MediaIntents
import Storage
import Testing

/// Issue 37: what each person has heard of episodes and books, and where they are in them.
@Suite("Played episodes")
struct PlayedTests {
    func episode(_ store: CatalogStore, _ title: String, duration: Double) throws -> MediaItem {
        var entry = CatalogEntry(type: .podcastEpisode, title: title, artist: "Desk")
        entry.show = "Show"
        entry.duration = duration
        try store.upsert(entry)
        return try #require(try store.items(where: "i.title = ?", [.text(title)]).first?.item)
    }

    @Test func aPlaceAtTheEndMarksPlayedAndForgetsThePlace() throws {
        let (store, library, _, _) = try libraryFixture()
        let long = try episode(store, "Long", duration: 3_600)
        let short = try episode(store, "Short", duration: 300)
        try library.saveResumePosition(long, position: 1_200, user: "ann", at: 1)
        #expect(try library.places([long.identifier], user: "ann") == [long.identifier: 1_200])
        #expect(try library.played([long.identifier], user: "ann").isEmpty)
        // Within the last minute of an hour: heard.
        try library.saveResumePosition(long, position: 3_560, user: "ann", at: 2)
        #expect(try library.played([long.identifier, short.identifier], user: "ann") == [long.identifier])
        #expect(try library.places([long.identifier], user: "ann").isEmpty)
        // Of five minutes, the last 5 % (15 s) only: 4 minutes in is not the end.
        try library.saveResumePosition(short, position: 240, user: "ann", at: 3)
        #expect(try library.played([short.identifier], user: "ann").isEmpty)
        try library.saveResumePosition(short, position: 290, user: "ann", at: 4)
        #expect(try library.played([short.identifier], user: "ann") == [short.identifier])
        // Per person.
        #expect(try library.played([long.identifier, short.identifier], user: "bob").isEmpty)
        // Unmarked by saying so, once.
        #expect(try library.markUnplayed(long, user: "ann"))
        #expect(try !library.markUnplayed(long, user: "ann"))
    }

    @Test func showsInTheLibraryAreTheSubscriptions() throws {
        let (store, library, skyfall, _) = try libraryFixture()
        _ = try episode(store, "One", duration: 100)
        let show = try #require(try store.items(where: "i.type = 'podcastShow'").first?.item)
        try library.addToLibrary(show, user: "ann", at: 1)
        try library.addToLibrary(skyfall, user: "ann", at: 2)
        #expect(try library.subscribedShows(user: "ann") == [show.identifier])
        #expect(try library.followedShows([show.identifier, "podcastShow/none"]) == [show.identifier])
        #expect(try library.subscribedShows(user: "bob").isEmpty)
    }
}

import Catalog
import Foundation
import Library
import MediaIntents
import Testing

@Suite("Co-listening for stations")
struct CoListeningTests {
    /// Of the people asked about, those who played or liked the seed are counted, and what they
    /// also played or liked comes back with how many of them did; the seed itself, and people who
    /// never heard it, are left out.
    @Test func whatTheSeedsListenersAlsoHeard() throws {
        let (store, library, skyfall, hello) = try libraryFixture()
        var other = CatalogEntry(type: .song, title: "Rumour Has It", artist: "Adele")
        other.album = "21"
        try store.upsert(other)
        let rumour = try #require(try store.items(where: "i.title = 'Rumour Has It'").first?.item)
        try library.recordPlay(skyfall, user: "home:flat/ann", at: 1)
        try library.recordPlay(hello, user: "home:flat/ann", at: 2)
        try library.setAffinity(.like, for: skyfall, user: "home:flat/bob", at: 3)
        try library.recordPlay(hello, user: "home:flat/bob", at: 4)
        try library.recordPlay(rumour, user: "home:flat/cat", at: 5)
        let people = ["home:flat/ann", "home:flat/bob", "home:flat/cat"]
        let heard = try library.alsoListened(with: [skyfall.identifier], among: people)
        #expect(heard == [hello.identifier: 2])
        let listeners = try library.alsoListened(with: [skyfall.identifier], among: people, countingListeners: true)
        #expect(listeners[""] == 2)
        // A dislike is not listening.
        try library.setAffinity(.dislike, for: rumour, user: "home:flat/ann", at: 6)
        #expect(try library.alsoListened(with: [skyfall.identifier], among: people)[rumour.identifier] == nil)
        #expect(try library.alsoListened(with: [skyfall.identifier], among: ["home:flat/cat"]).isEmpty)
    }
}

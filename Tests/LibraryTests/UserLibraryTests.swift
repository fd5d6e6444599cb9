import Storage
import Catalog
import Foundation
import Library
import MediaIntents
import Testing

func libraryFixture() throws -> (CatalogStore, UserLibrary, MediaItem, MediaItem) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-lib-\(UUID().uuidString).db").path
    let store = try CatalogStore(db: Database(path: path))
    var entry = CatalogEntry(type: .song, title: "Skyfall", artist: "Adele")
    entry.album = "Skyfall"
    try store.upsert(entry)
    try store.upsert(CatalogEntry(type: .song, title: "Hello", artist: "Adele"))
    var catalogList = CatalogEntry(type: .playlist, title: "Top Hits")
    catalogList.entries = [EntryReference(title: "Hello")]
    try store.upsert(catalogList)
    let library = try UserLibrary(store: store)
    let songs = try store.items(where: "i.type = 'song'", order: "i.title")
    return (store, library, songs[1].item, songs[0].item)
}

@Suite("User library")
struct UserLibraryTests {
    @Test func likesAndDislikesArePerUser() throws {
        let (_, library, skyfall, _) = try libraryFixture()
        try library.setAffinity(.like, for: skyfall, user: "ann", at: 1)
        #expect(try library.affinity(of: skyfall, user: "ann") == .like)
        #expect(try library.affinity(of: skyfall, user: "bob") == nil)
        try library.setAffinity(.dislike, for: skyfall, user: "ann", at: 2)
        #expect(try library.dislikedIdentifiers(user: "ann") == [skyfall.identifier])
        #expect(try library.likedSongs(user: "ann").isEmpty)
    }

    @Test func dislikeIsForSongsOnly() throws {
        let (store, library, _, _) = try libraryFixture()
        let album = try #require(try store.items(where: "i.type = 'album'").first?.item)
        #expect(throws: LibraryError.self) { try library.setAffinity(.dislike, for: album, user: "ann", at: 1) }
        try library.setAffinity(.like, for: album, user: "ann", at: 1)
        #expect(try library.affinity(of: album, user: "ann") == .like)
    }

    @Test func addingToAMissingPlaylistCreatesItOnce() throws {
        let (_, library, skyfall, hello) = try libraryFixture()
        let first = try library.add([skyfall], toPlaylist: "driving", user: "ann")
        #expect(first.created && first.playlist == "Driving")
        let second = try library.add([hello], toPlaylist: "Driving playlist", user: "ann")
        #expect(!second.created && second.playlist == "Driving")
        let playlist = try #require(try library.playlists(user: "ann").first)
        #expect(try library.playableItems(for: playlist).map(\.item.title) == ["Skyfall", "Hello"])
        #expect(try library.playlists(user: "bob").isEmpty)
    }

    @Test func aSongIsAddedOnceWhenAskedTwice() throws {
        let (_, library, skyfall, hello) = try libraryFixture()
        let first = try library.add([skyfall], toPlaylist: "workout", user: "ann", skippingPresent: true)
        #expect(first.created && first.added == 1)
        let again = try library.add([skyfall], toPlaylist: "workout", user: "ann", skippingPresent: true)
        #expect(!again.created && again.added == 0)
        // An album added over a song it holds adds only the rest, each once.
        let more = try library.add([skyfall, hello, hello], toPlaylist: "workout", user: "ann", skippingPresent: true)
        #expect(more.added == 1)
        let playlist = try #require(try library.playlists(user: "ann").first)
        #expect(try library.playableItems(for: playlist).map(\.item.title) == ["Skyfall", "Hello"])
        // Without it (the HTTP API's append), an entry may repeat.
        #expect(try library.add([skyfall], toPlaylist: "workout", user: "ann").added == 1)
        #expect(try library.playableItems(for: playlist).count == 3)
    }

    @Test func catalogPlaylistsCannotBeEdited() throws {
        let (_, library, skyfall, _) = try libraryFixture()
        #expect(throws: LibraryError.self) { try library.add([skyfall], toPlaylist: "top hits", user: "ann") }
    }

    @Test func removeFromPlaylist() throws {
        let (_, library, skyfall, hello) = try libraryFixture()
        _ = try library.add([skyfall, hello], toPlaylist: "Mine", user: "ann")
        #expect(try library.remove(skyfall, fromPlaylist: "mine", user: "ann") == 1)
        #expect(throws: LibraryError.self) { try library.remove(skyfall, fromPlaylist: "nope", user: "ann") }
    }

    @Test func libraryAndHistoryNewestFirst() throws {
        let (_, library, skyfall, hello) = try libraryFixture()
        try library.addToLibrary(skyfall, user: "ann", at: 1)
        try library.addToLibrary(hello, user: "ann", at: 2)
        try library.addToLibrary(hello, user: "ann", at: 3)
        #expect(try library.libraryItems(user: "ann").map(\.item.title) == ["Hello", "Skyfall"])
        try library.recordPlay(skyfall, user: "ann", at: 10)
        try library.recordPlay(hello, user: "ann", at: 20)
        #expect(try library.history(user: "ann").map(\.item.title) == ["Hello", "Skyfall"])
        #expect(try library.history(user: "bob").isEmpty)
    }

    /// A busy player's history stays bounded: old plays go, the newest stay, other users keep theirs.
    @Test func historyKeepsTheLatestPlaysOnly() throws {
        let (_, library, skyfall, hello) = try libraryFixture()
        for second in 0..<5 { try library.recordPlay(hello, user: "bob", at: Double(second)) }
        let plays = UserLibrary.historyKept + 300
        for second in 0..<plays {
            try library.recordPlay(second % 2 == 0 ? skyfall : hello, user: "ann", at: Double(100 + second))
        }
        let kept = try library.history(user: "ann", limit: plays)
        #expect(kept.count >= UserLibrary.historyKept && kept.count < UserLibrary.historyKept + 64)
        #expect(kept.first?.item.title == ((plays - 1) % 2 == 0 ? "Skyfall" : "Hello"))
        #expect(try library.history(user: "bob").count == 5)
    }
}

import Foundation
import MediaIntents
import Storage
import Testing

@testable import Catalog

/// Browsing by genre reads the genre index: a rare genre among many songs, a genre's longer names
/// ("hard rock" for rock), and the index kept true as items are written again, removed, bulk
/// loaded, or found in a catalog made before it.
@Suite("Genre index")
struct GenreIndexTests {
    func song(_ title: String, _ genres: [String], _ popularity: Double) -> CatalogEntry {
        var entry = CatalogEntry(type: .song, title: title, artist: "Band \(title)")
        entry.genres = genres
        entry.popularity = popularity
        return entry
    }

    func titles(_ store: CatalogStore, _ genre: String, limit: Int = 10) throws -> [String] {
        try Resolver(store: store).resolve(MediaSearch(genreNames: [genre]), limit: limit).map(\.item.title)
    }

    @Test func aRareGenreAmongManyIsFoundAndEndingsCount() throws {
        let store = try emptyStore()
        for index in 0..<300 { try store.upsert(song("Pop \(index)", ["pop"], Double(index) / 1000)) }
        try store.upsert(song("Smells", ["grunge"], 0.2))
        try store.upsert(song("Loud", ["hard rock"], 0.9))
        try store.upsert(song("Plain", ["rock"], 0.5))
        #expect(try titles(store, "grunge") == ["Smells"])
        // Most popular first; "hard rock" is rock too, and "rock" is not "hard rock".
        #expect(try titles(store, "rock") == ["Loud", "Plain"])
        #expect(try titles(store, "hard rock") == ["Loud"])
        #expect(try titles(store, "pop", limit: 2) == ["Pop 299", "Pop 298"])
        #expect(try titles(store, "polka").isEmpty)
    }

    @Test func writingAgainAndRemovingKeepTheIndexTrue() throws {
        let store = try emptyStore()
        try store.upsert(song("Moving", ["jazz"], 0.3))
        #expect(try titles(store, "jazz") == ["Moving"])
        try store.upsert(song("Moving", ["blues"], 0.3))
        #expect(try titles(store, "jazz").isEmpty)
        #expect(try titles(store, "blues") == ["Moving"])
        let identifier = try #require(try store.items(where: "i.title = 'Moving'").first?.item.identifier)
        #expect(try store.removeItem(identifier: identifier))
        #expect(try titles(store, "blues").isEmpty)
        #expect(try store.db.rows("SELECT count(*) FROM item_genres").first?.int(0) == 0)
    }

    @Test func aBulkLoadFilesEveryGenre() throws {
        let store = try emptyStore()
        try store.db.transaction {
            try store.beginBulkLoad()
            for index in 0..<50 { try store.upsert(song("Bulk \(index)", ["shoegaze"], Double(index) / 100)) }
            try store.finishBulkLoad()
        }
        #expect(try titles(store, "shoegaze", limit: 3) == ["Bulk 49", "Bulk 48", "Bulk 47"])
    }

    @Test func aCatalogMadeBeforeTheIndexGetsIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-genres-\(UUID().uuidString).db").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let store = try CatalogStore(path: path)
            try store.upsert(song("Old", ["trip hop"], 0.4))
            // As a catalog of migration 3 was: no genre index (and no lyrics).
            try store.db.execute("DROP TABLE item_genres")
            try store.db.run("DELETE FROM schema_migrations WHERE part = 'catalog' AND version >= 4", [])
        }
        let reopened = try CatalogStore(path: path)
        #expect(try titles(reopened, "hop") == ["Old"])
        #expect(try titles(reopened, "trip hop") == ["Old"])
    }
}

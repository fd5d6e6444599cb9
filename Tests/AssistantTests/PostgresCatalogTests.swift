import Catalog
import Foundation
import MediaIntents
import StateTestSupport
import Testing

/// The catalog's names copied to PostgreSQL (`PostgresCatalog`, measured against the SQLite
/// resolver by `hark bench resolve --postgres`) find what the SQLite resolver finds.
@Suite("Catalog in PostgreSQL")
struct PostgresCatalogTests {
    @Test("names, artists and misheard names are found as in SQLite", arguments: Engine.available.filter { $0 == .postgres })
    func findsWhatSQLiteFinds(engine: Engine) throws {
        // The server's own schema: pg_trgm's operators must be on the search path.
        let address = try #require(ProcessInfo.processInfo.environment["HARK_TEST_POSTGRES"])
        let store = try CatalogStore(path: try freshDatabase())
        let postgres = try PostgresCatalog(address: address)
        try postgres.load(from: store)
        #expect(try postgres.itemCount() == store.itemCount())
        let resolver = Resolver(store: store)
        let searches = [
            MediaSearch(mediaType: .song, mediaName: "skyfall", artistName: "adele"),
            MediaSearch(mediaName: "rolling in the deep"),
            MediaSearch(mediaType: .song, mediaName: "skyfal", artistName: "adele"),  // heard a little wrong
            MediaSearch(mediaType: .song, mediaName: "uptown funk"),
        ]
        for search in searches {
            let expected = try resolver.resolve(search, limit: 1).first?.stored.rowID
            #expect(expected != nil)
            #expect(try postgres.resolve(search, limit: 1).first == expected, "\(search)")
        }
        #expect(try postgres.resolve(MediaSearch(mediaName: "zzzz qqqq xxxx"), limit: 1).isEmpty)
    }
}

import Storage
import Foundation
import MediaIntents
import Testing

@testable import Catalog

func scratchFile(_ name: String, _ contents: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "hark-\(getpid())-\(UUID().uuidString)-\(name)")
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

func emptyStore() throws -> CatalogStore {
    try CatalogStore(db: Database(path: try scratchFile("empty.db", "")))
}

@Suite("Importing catalogs")
struct ImporterTests {
    @Test func jsonLinesImportAndIdempotentReimport() throws {
        let store = try emptyStore()
        let file = try scratchFile(
            "a.jsonl",
            """
            {"type":"song","title":"Skyfall","artist":"Adele","album":"Skyfall","year":2012}
            {"type":"podcastEpisode","title":"Pilot","show":"My Show","released":"2020-01-01"}
            {"type":"radioStation","title":"KEXP","frequency":"90.3 FM"}
            """)
        let importer = CatalogImporter(store: store)
        let first = try importer.importFile(file)
        #expect(first.imported == 3 && first.rejected.isEmpty)
        let counts = try store.counts()
        let again = try importer.importFile(file)
        #expect(again.imported == 3)
        #expect(try store.counts() == counts)
        #expect(counts["song"] == 1 && counts["album"] == 1 && counts["artist"] == 1 && counts["podcastShow"] == 1)
    }

    @Test func malformedLineRollsBackEverythingAndNamesTheLine() throws {
        let store = try emptyStore()
        try store.upsert(CatalogEntry(type: .song, title: "Kept", artist: "Someone"))
        let before = try store.counts()
        let file = try scratchFile(
            "bad.jsonl",
            """
            {"type":"song","title":"One","artist":"A"}
            {"type":"song","title":
            {"type":"dance","title":"Two"}
            {"type":"song","artist":"No Title"}
            """)
        let report = try CatalogImporter(store: store).importFile(file)
        #expect(report.rolledBack)
        #expect(report.rejected.map { $0.context?.hasSuffix("line 2") ?? false } == [true, false, false])
        try #require(report.rejected.count == 3)
        #expect("\(report.rejected[1])".contains("line 3") && "\(report.rejected[2])".contains("title"))
        #expect(try store.counts() == before)
    }

    @Test func skipBadRowsKeepsTheGoodOnes() throws {
        let store = try emptyStore()
        let file = try scratchFile("mixed.jsonl", "{\"type\":\"song\",\"title\":\"One\"}\nnot json\n")
        let report = try CatalogImporter(store: store).importFile(file, skipBadRows: true)
        #expect(!report.rolledBack && report.imported == 1 && report.rejected.count == 1)
        #expect(try store.counts()["song"] == 1)
    }

    @Test func csvWithMappingQuotesAndBadYear() throws {
        let store = try emptyStore()
        let file = try scratchFile(
            "songs.csv",
            #"""
            Song Clean,ARTIST CLEAN,Release Year,PlayCount
            "Hello, Goodbye",The Beatles,1967,120
            "Say ""Hi""",Someone,19x7,3
            """#)
        let mapping = try ColumnMapping(
            spec: "title=Song Clean,artist=ARTIST CLEAN,year=Release Year,popularity=PlayCount")
        let report = try CatalogImporter(store: store).importFile(file, mapping: mapping, skipBadRows: true)
        #expect(report.imported == 1)
        #expect("\(report.rejected.first!)".contains("line 3") && "\(report.rejected.first!)".contains("19x7"))
        let song = try #require(try store.items(where: "i.type = 'song'").first)
        #expect(song.item.title == "Hello, Goodbye" && song.item.releaseYear == 1967)
    }

    @Test func namesMatchAcrossScripts() throws {
        let store = try emptyStore()
        try store.upsert(CatalogEntry(type: .song, title: "Туман", artist: "Сектор Газа"))
        let resolver = Resolver(store: store)
        let latin = try #require(try resolver.resolve(MediaSearch(mediaName: "tuman", artistName: "sektor gaza")).first)
        #expect(latin.item.title == "Туман" && latin.item.artist == "Сектор Газа")
        let artist = try #require(try resolver.resolve(MediaSearch(mediaName: "Sektor Gaza")).first)
        #expect(artist.item.type == .artist && artist.item.title == "Сектор Газа")
    }

    @Test func missingFileAndBadMappingAreClear() throws {
        let store = try emptyStore()
        #expect { try CatalogImporter(store: store).importFile("/nonexistent/x.jsonl") } throws: {
            "\($0)".contains("/nonexistent/x.jsonl")
        }
        #expect { try ColumnMapping(spec: "colour=Title") } throws: { "\($0)".contains("colour=Title") }
    }

    @Test func demoCatalogHasEveryKind() throws {
        let demo = try demoStore()
        let counts = try demo.counts()
        #expect((counts["song"] ?? 0) > 6000)
        for kind in ["album", "artist", "playlist", "podcastShow", "podcastEpisode", "audioBook", "radioStation"] {
            #expect((counts[kind] ?? 0) > 0, "no \(kind)")
        }
        #expect(try DemoCatalog.seedIfEmpty(demo) == 0)
    }
}

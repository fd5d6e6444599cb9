import Storage
import Foundation
import MediaIntents
import Testing

@testable import Catalog

/// The demo catalog, loaded once into a file shared by the tests that only read it.
let demoPath: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-catalog-tests-\(getpid()).db").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let store = try! CatalogStore(db: Database(path: path))
    try! DemoCatalog.seedIfEmpty(store)
    return path
}()

/// A connection of its own to the seeded demo catalog (connections are not shared across tasks).
func demoStore() throws -> CatalogStore { try CatalogStore(db: Database(path: demoPath)) }

struct ResolveCase: CustomTestStringConvertible, Sendable {
    var search: MediaSearch
    var title: String
    var artist: String?
    var type: MediaItemType
    var testDescription: String { "\(search.mediaName ?? search.artistName ?? "?") → \(title)" }
}

@Suite("Resolver over the demo catalog", .serialized)
struct ResolverTests {
    let store = try! demoStore()
    var resolver: Resolver { Resolver(store: store) }

    @Test(arguments: [
        ResolveCase(search: MediaSearch(mediaName: "skyfall"), title: "Skyfall", artist: "Adele", type: .song),
        ResolveCase(
            search: MediaSearch(mediaName: "bohemian rhapsody"), title: "Bohemian Rhapsody", artist: "Queen",
            type: .song),
        ResolveCase(
            search: MediaSearch(mediaName: "eighty first street"), title: "Eighty-First Street",
            artist: "The Midnight Avenue", type: .song),
        ResolveCase(
            search: MediaSearch(mediaName: "81st street"), title: "Eighty-First Street", artist: "The Midnight Avenue",
            type: .song),
        ResolveCase(search: MediaSearch(mediaName: "two unlimited"), title: "2 Unlimited", artist: nil, type: .artist),
        ResolveCase(search: MediaSearch(mediaName: "adele"), title: "Adele", artist: nil, type: .artist),
        ResolveCase(
            search: MediaSearch(mediaType: .album, mediaName: "thriller"), title: "Thriller", artist: "Michael Jackson",
            type: .album),
        ResolveCase(
            search: MediaSearch(mediaType: .song, mediaName: "thriller"), title: "Thriller", artist: "Michael Jackson",
            type: .song),
        ResolveCase(
            search: MediaSearch(mediaName: "serial"), title: "Serial", artist: "Serial Productions", type: .podcastShow),
        ResolveCase(
            search: MediaSearch(mediaType: .radioStation, mediaName: "89.1 FM"), title: "Hark Community Radio",
            artist: nil, type: .radioStation),
        ResolveCase(search: MediaSearch(mediaName: "sektor gaza"), title: "Sektor Gaza", artist: nil, type: .artist),
        ResolveCase(search: MediaSearch(mediaName: "Сектор Газа"), title: "Sektor Gaza", artist: nil, type: .artist),
        ResolveCase(search: MediaSearch(mediaName: "the beatles"), title: "The Beatles", artist: nil, type: .artist),
        ResolveCase(search: MediaSearch(mediaName: "beatles"), title: "The Beatles", artist: nil, type: .artist),
        ResolveCase(
            search: MediaSearch(mediaName: "pride and prejudice"), title: "Pride and Prejudice", artist: "Jane Austen",
            type: .audioBook),
        ResolveCase(
            search: MediaSearch(mediaName: "smells like teen sprit"), title: "Smells Like Teen Spirit",
            artist: "Nirvana", type: .song),
    ])
    func finds(_ row: ResolveCase) throws {
        let best = try #require(try resolver.resolve(row.search).first)
        // Artists credited with and without "The" are one artist.
        func bare(_ title: String) -> String {
            let key = NameFolding.key(NameFolding.core(title))
            return key.hasPrefix("the ") ? String(key.dropFirst(4)) : key
        }
        #expect(bare(best.item.title) == bare(row.title))
        #expect(best.item.type == row.type)
        if let artist = row.artist { #expect(best.item.artist == artist) }
    }

    /// Billboard has many same-titled songs; the named artist's must win, never another's.
    @Test(arguments: [
        ("Because of You", "Kelly Clarkson"), ("Because of You", "Ne-Yo"), ("Angel", "Shaggy"),
        ("Heaven", "Bryan Adams"), ("Without You", "Nilsson"),
    ])
    func honoursTheArtist(title: String, artist: String) throws {
        let found = try resolver.resolve(MediaSearch(mediaName: title, artistName: artist))
        let best = try #require(found.first)
        #expect(best.item.artist?.contains(artist) == true)
        #expect(NameFolding.key(best.item.title) == NameFolding.key(title))
    }

    @Test func returnsAtMostFiveBestFirst() throws {
        let found = try resolver.resolve(MediaSearch(mediaName: "angel"))
        #expect(found.count == 5)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func genreMoodDecadeAndOrder() throws {
        let jazz = try resolver.resolve(MediaSearch(genreNames: ["jazz"]), limit: 20)
        #expect(!jazz.isEmpty && jazz.allSatisfy { $0.item.genres.contains("jazz") })
        let sadAcoustic = try resolver.resolve(MediaSearch(genreNames: ["acoustic"], moodNames: ["sad"]), limit: 20)
        #expect(!sadAcoustic.isEmpty && sadAcoustic.allSatisfy { $0.item.genres.contains("acoustic") })
        let eightiesRock = try resolver.resolve(
            MediaSearch(genreNames: ["rock"], releaseDate: YearRange(start: 1980, end: 1989)), limit: 20)
        #expect(
            eightiesRock.count == 20 && eightiesRock.allSatisfy { (1980...1989).contains($0.item.releaseYear ?? 0) })
        let top2010 = try resolver.resolve(
            MediaSearch(mediaType: .song, sortOrder: .popular, releaseDate: YearRange(start: 2010, end: 2010)), limit: 3
        )
        #expect(top2010.first?.item.title == "TiK ToK")
        let newestAdele = try resolver.resolve(
            MediaSearch(mediaType: .song, sortOrder: .newest, artistName: "Adele"), limit: 1)
        #expect(newestAdele.first?.item.title == "Easy on Me")
    }

    @Test func latestAndFirstEpisode() throws {
        let latest = try resolver.resolve(
            MediaSearch(mediaType: .podcastEpisode, sortOrder: .newest, mediaName: "serial"))
        #expect(latest.first?.item.title == "What We Know")
        let first = try resolver.resolve(
            MediaSearch(mediaType: .podcastEpisode, sortOrder: .oldest, mediaName: "serial"))
        #expect(first.first?.stored.released == "2014-10-03")
    }

    @Test(arguments: [
        "\"", "NEAR(a b)", "*", "-", "a:b", "((", "\"unbalanced", "title:skyfall", "AND OR NOT", "^",
        "'; DROP TABLE items; --",
    ])
    func anyTextIsSafe(_ text: String) throws {
        _ = try resolver.resolve(MediaSearch(mediaName: text))
        #expect(try store.itemCount() > 8000)
    }

    @Test func nothingForNonsense() throws {
        #expect(try resolver.resolve(MediaSearch(mediaName: "zzqx vvbn")).isEmpty)
    }
}

import Foundation
import MediaIntents
import Storage
import Testing

@testable import Catalog

/// The exact title by the exact artist wins however many songs share the title, and a title said
/// with its artist and no word between them is cut into the two.
@Suite("Resolver: exact matches at any crowd, titles and artists run together")
struct ResolverExactTests {
    /// An empty catalog holding these songs: (title, artist, popularity).
    func storeOfSongs(_ songs: [(String, String, Double)]) throws -> CatalogStore {
        let store = try emptyStore()
        for (title, artist, popularity) in songs {
            var entry = CatalogEntry(type: .song, title: title, artist: artist)
            entry.popularity = popularity
            try store.upsert(entry)
        }
        return store
    }

    /// 300 songs called "Don't Lose Tonight" by 300 artists "The Paper <word>", the one asked for
    /// the least popular of them.
    @Test func theExactTitleByTheExactArtistIsNeverCutByACrowd() throws {
        let store = try storeOfSongs(
            (0..<300).map { ("Don't Lose Tonight", "The Paper Band\($0)x", $0 == 137 ? 0.01 : 0.9) })
        let found = try Resolver(store: store).resolve(
            MediaSearch(mediaName: "dont lose tonight", artistName: "the paper band137x"))
        #expect(found.first?.item.artist == "The Paper Band137x")
        #expect((found.first?.nameMatch ?? 0) >= 0.95)
    }

    @Test(arguments: [
        ("adele skyfall", "Skyfall", "Adele"), ("skyfall adele", "Skyfall", "Adele"),
        ("queen bohemian rhapsody", "Bohemian Rhapsody", "Queen"),
    ])
    func aTitleAndItsArtistRunTogetherAreCut(text: String, title: String, artist: String) throws {
        let found = try Resolver(store: demoStore()).resolve(MediaSearch(mediaName: text))
        #expect(found.first?.item.title.hasPrefix(title) == true, "\(found.first?.item.title ?? "nothing")")
        #expect(found.first?.item.artist == artist)
    }

    /// A title said without its subtitle, with its artist, is that artist's song, not another
    /// artist's song of exactly the said title.
    @Test func aSubtitleLeftUnsaidStillFindsTheArtistsSong() throws {
        let store = try storeOfSongs([
            ("Limelight", "Rush", 0.9), ("Limelight (Terry's Theme)", "Frank Chacksfield", 0.3),
        ])
        let found = try Resolver(store: store).resolve(
            MediaSearch(mediaName: "limelight", artistName: "frank chacksfield"))
        #expect(found.first?.item.artist == "Frank Chacksfield")
        let rushFound = try Resolver(store: store).resolve(MediaSearch(mediaName: "limelight", artistName: "rush"))
        #expect(rushFound.first?.item.artist == "Rush")
    }

    /// Numbers as people say them: spelled, in the plural, joined to letters.
    @Test(arguments: [
        ("b fifty twos", "The B-52's"), ("nineteen ninety nine", "1999"), ("two become one", "2 Become 1"),
        ("fifty cent", "50 Cent"),
    ])
    func numbersSaidAsWords(said: String, title: String) throws {
        let store = try emptyStore()
        try store.upsert(CatalogEntry(type: .artist, title: "The B-52's"))
        try store.upsert(CatalogEntry(type: .artist, title: "50 Cent"))
        try store.upsert(CatalogEntry(type: .song, title: "1999", artist: "Prince"))
        try store.upsert(CatalogEntry(type: .song, title: "2 Become 1", artist: "Spice Girls"))
        let found = try Resolver(store: store).resolve(MediaSearch(mediaName: said))
        #expect(found.first?.item.title == title)
        #expect((found.first?.nameMatch ?? 0) >= 0.8)
    }

    /// Digits inside words are spelled; other numerals (a Chinese 十, a circled ⑩) are not digits
    /// to spell, and a search with them does not fail.
    @Test func onlyDigitsZeroToNineAreSpelled() throws {
        #expect(TermKeys.spelledDigits("sk8er") == "skeighter")
        #expect(TermKeys.spelledDigits("十年") == nil)
        #expect(TermKeys.spelledDigits("a⑩b") == nil)
        _ = try Resolver(store: demoStore()).resolveText("十年 陈奕迅")
    }

    /// A search box's text: title and artist in either order, the artist spelled a little wrong.
    @Test(arguments: [("adel skyfall", "Skyfall"), ("skyfall adel", "Skyfall"), ("hello adele", "Hello")])
    func typedTextFindsTitleAndArtist(text: String, title: String) throws {
        let found = try Resolver(store: demoStore()).resolveText(text)
        #expect(found.first?.item.title == title)
        #expect(found.first?.item.artist == "Adele")
    }

    /// A search box's type is a filter: "adele" among songs is Adele's songs, never the artist; among
    /// artists it is the artist; a title among albums finds no song.
    @Test func typedTextWithATypeGivesOnlyThatKind() throws {
        let resolver = Resolver(store: try demoStore())
        let songs = try resolver.resolveText("adele", type: .song)
        #expect(!songs.isEmpty)
        #expect(songs.allSatisfy { $0.item.type == .song && $0.item.artist == "Adele" }, "\(songs.map(\.item.title))")
        #expect(Set(songs.map(\.item.identifier)).count == songs.count)
        #expect(try resolver.resolveText("adele", type: .artist).first?.item.title == "Adele")
        #expect(try resolver.resolveText("skyfall", type: .album).allSatisfy { $0.item.type == .album })
        #expect(try resolver.resolveText("adele", type: .song, limit: 1).count == 1)
    }

    /// Typed text in a crowded catalog: the title shared by hundreds, the band's name of common
    /// words with one of them misheard or misspelt; and a Cyrillic name keeps its "й" when cut.
    @Test(arguments: [
        ("te silver foxes dont burn tonight", "Don't Burn Tonight", "The Silver Foxes"),
        ("dont burn tonight the silver foxs", "Don't Burn Tonight", "The Silver Foxes"),
        ("the silver foxes dont burm tonight", "Don't Burn Tonight", "The Silver Foxes"),
        ("песня мале юрий ляляти", "Песня Мале", "Юрий Ляляти"),
    ])
    func typedTextInACrowdedCatalog(text: String, title: String, artist: String) throws {
        let words = ["Silver", "Golden", "Paper", "Quiet", "Wild", "Dark"]
        let nouns = ["Foxes", "Wolves", "Ravens", "Queens", "Hearts", "Bells"]
        var songs: [(String, String, Double)] = [("Песня Мале", "Юрий Ляляти", 0.1), ("Песня", "Юрий Лялин", 0.9)]
        for word in words {
            for noun in nouns {
                let band = "The \(word) \(noun)"
                let mine = band == artist
                songs += [("Don't Burn Tonight", band, mine ? 0.01 : 0.9), ("Silver Foxes", band, 0.9)]
                songs += ["Don't Burn Home", "Don't Turn Tonight", "\(noun) Tonight"].map { ($0, band, 0.5) }
            }
        }
        songs += (0..<150).map { ("Don't Burn Tonight", "Band \($0)", 0.95) }
        let found = try Resolver(store: storeOfSongs(songs)).resolveText(text)
        #expect(found.first?.item.title == title, "\(found.first?.item.title ?? "nothing")")
        #expect(found.first?.item.artist == artist, "\(found.first?.item.artist ?? "nothing")")
    }

    /// A version said with the name ("Hello (Live)" from "the live version of hello") prefers the
    /// recording whose title carries it; without it, the plain one.
    @Test func aVersionSaidPicksThatRecording() throws {
        let store = try storeOfSongs([("Hello", "Adele", 0.9), ("Hello (Live at the Church Studios)", "Adele", 0.5)])
        let resolver = Resolver(store: store)
        #expect(try resolver.resolve(MediaSearch(mediaName: "hello (Live)", artistName: "adele")).first?.item.title
            == "Hello (Live at the Church Studios)")
        #expect(try resolver.resolve(MediaSearch(mediaName: "hello", artistName: "adele")).first?.item.title == "Hello")
    }

    /// A whole name the catalog has is not cut ("Rolling in the Deep" stays one title).
    @Test func aWholeTitleIsNotCut() throws {
        let found = try Resolver(store: demoStore()).resolve(MediaSearch(mediaName: "rolling in the deep"))
        #expect(found.first?.item.title == "Rolling in the Deep")
    }
}

import Foundation
import MediaIntents
import Storage
import Testing

@testable import Catalog

/// The exact title by the exact artist wins however many songs share the title, and a title said
/// with its artist and no word between them is cut into the two.
@Suite("Resolver: exact matches at any crowd, titles and artists run together")
struct ResolverExactTests {
    /// 300 songs called "Don't Lose Tonight" by 300 artists "The Paper <word>", the one asked for
    /// the least popular of them.
    @Test func theExactTitleByTheExactArtistIsNeverCutByACrowd() throws {
        let store = try emptyStore()
        let words = (0..<300).map { "Band\($0)x" }
        for (index, word) in words.enumerated() {
            var entry = CatalogEntry(type: .song, title: "Don't Lose Tonight", artist: "The Paper \(word)")
            entry.popularity = index == 137 ? 0.01 : 0.9
            try store.upsert(entry)
        }
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

    /// A whole name the catalog has is not cut ("Rolling in the Deep" stays one title).
    @Test func aWholeTitleIsNotCut() throws {
        let found = try Resolver(store: demoStore()).resolve(MediaSearch(mediaName: "rolling in the deep"))
        #expect(found.first?.item.title == "Rolling in the Deep")
    }
}

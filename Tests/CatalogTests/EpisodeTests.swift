import Foundation
import MediaIntents
import Storage
import Testing

@testable import Catalog

/// Issue 37: episodes as feeds number them (season and episode), and found by what they are about
/// (their notes), in the catalog alone.
@Suite("Episodes: seasons and numbers, and what they are about")
struct EpisodeTests {
    /// A show of five episodes over two seasons, numbered as a feed numbers them, with notes.
    func showStore() throws -> CatalogStore {
        let store = try emptyStore()
        try store.upsert(CatalogEntry(type: .podcastShow, title: "Deep Time", artist: "Rock Desk"))
        let episodes: [(String, Int, Int, String, String)] = [
            ("Pilot", 1, 1, "2024-01-01", "Why rocks remember everything."),
            ("Ice", 1, 2, "2024-01-08", "Glaciers carving valleys over millennia."),
            ("Volcanoes of Iceland", 1, 3, "2024-01-15", "Lava, ash and the island that grows."),
            ("Return", 2, 1, "2025-01-01", "A new season of slow change."),
            ("Deep Sea Vents", 2, 2, "2025-01-08", "Life around volcanic chimneys on the ocean floor."),
        ]
        for (title, season, number, released, notes) in episodes {
            var entry = CatalogEntry(type: .podcastEpisode, title: title, artist: "Rock Desk")
            entry.show = "Deep Time"
            entry.discNumber = season
            entry.trackNumber = number
            entry.released = released
            entry.description = notes
            try store.upsert(entry)
        }
        return store
    }

    func titles(_ store: CatalogStore, _ search: MediaSearch) throws -> [String] {
        try Resolver(store: store).resolve(search, limit: 3).map(\.item.title)
    }

    @Test func seasonAndEpisodeAreTheFeedsOwn() throws {
        let store = try showStore()
        var search = MediaSearch(mediaType: .podcastEpisode, mediaName: "deep time")
        search.episodeNumber = 2
        search.seasonNumber = 1
        #expect(try titles(store, search).first == "Ice")
        search.seasonNumber = 2
        #expect(try titles(store, search).first == "Deep Sea Vents")
        // A season the show does not have is not guessed.
        search.seasonNumber = 7
        #expect(try titles(store, search).isEmpty)
        // Without a season: the newest season's episode of that number.
        search.seasonNumber = nil
        #expect(try titles(store, search).first == "Deep Sea Vents")
    }

    @Test func episodesAreFoundByWhatTheyAreAbout() throws {
        let store = try showStore()
        var search = MediaSearch(mediaType: .podcastEpisode)
        search.about = "volcanoes"
        // The title's word, and the notes' "volcanic" by its start.
        #expect(Set(try titles(store, search)) == ["Volcanoes of Iceland", "Deep Sea Vents"])
        search.about = "glaciers and valleys"
        #expect(try titles(store, search) == ["Ice"])
        search.about = "quantum gravity"
        #expect(try titles(store, search).isEmpty)
        // Of a show that is not there: nothing, not another show's episode.
        search.about = "volcanoes"
        search.mediaName = "no such show"
        #expect(try titles(store, search).isEmpty)
        // Notes go with their item.
        let ice = try #require(try store.items(where: "i.title = 'Ice'").first)
        #expect(try store.notes(identifier: ice.item.identifier) == "Glaciers carving valleys over millennia.")
        #expect(try store.removeItem(identifier: ice.item.identifier))
        search.mediaName = nil
        search.about = "glaciers"
        #expect(try titles(store, search).isEmpty)
    }
}

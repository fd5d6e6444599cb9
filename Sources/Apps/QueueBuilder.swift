import Storage
import Catalog
import Foundation
import Library
import MediaIntents

/// Play queues from the catalog and a user's library: what follows a song, an album's tracks, a
/// station, a mix. Read-only, so it runs on a reader connection before the player is touched,
/// and requests build their queues side by side.
struct QueueBuilder {
    let store: CatalogStore
    let library: UserLibrary

    /// The chosen item's own tracks and, after a song, more by its artist, after an episode the
    /// show's later ones, without dislikes (the
    /// chosen song itself stays: it was asked for). Empty when the item holds nothing to hear.
    func queue(for chosen: StoredItem, user: String) throws -> [MediaItem] {
        let disliked = try library.dislikedIdentifiers(user: user)
        var items = try library.playableItems(for: chosen)
        if chosen.item.type == .song, let artist = try store.firstArtist(of: chosen) {
            items += try store.playableItems(for: artist, limit: 20).filter { $0.rowID != chosen.rowID }
        }
        // An episode goes on to the show's next one, so "what's the next episode?" has an answer.
        if chosen.item.type == .podcastEpisode { items += try store.laterEpisodes(after: chosen) }
        let keep = items.map(\.item).filter {
            $0.identifier == chosen.item.identifier || !disliked.contains($0.identifier)
        }
        return keep
    }


    /// A sensible mix when nothing was asked for: the user's liked songs and library, then the catalog's
    /// most popular songs, without dislikes, shuffled.
    func mix(user: String, limit: Int = 40) throws -> [MediaItem] {
        let disliked = try library.dislikedIdentifiers(user: user)
        var seen = Set<String>()
        var items: [MediaItem] = []
        let mine =
            try library.likedSongs(user: user) + library.libraryItems(user: user).filter { $0.item.type == .song }
        for stored in mine + (try store.items(where: "i.type = 'song'", limit: limit * 3))
        where !disliked.contains(stored.item.identifier) && seen.insert(stored.item.identifier).inserted {
            items.append(stored.item)
        }
        return Array(items.prefix(limit))
    }

    /// The user's own music for "play my library" / "my favourites".
    func myMusic(user: String) throws -> [MediaItem] {
        let liked = try library.likedSongs(user: user)
        let added = try library.libraryItems(user: user)
        var seen = Set<String>()
        var out: [MediaItem] = []
        for stored in liked + added {
            for item in try library.playableItems(for: stored, limit: 50) where seen.insert(item.item.identifier).inserted
            {
                out.append(item.item)
            }
        }
        return out
    }

    /// Songs like a seed (a song, album, artist or playlist), without the seed and dislikes
    /// (`SimilarSongs`); a mix when the catalog knows nothing alike.
    /// `neighbours`: the library keys of the other people of the person's home (co-listening).
    func station(from seed: StoredItem, user: String, neighbours: [String] = [], limit: Int = 40) throws -> [MediaItem] {
        let items = try SimilarSongs(store: store, library: library).songs(
            like: seed, user: user, neighbours: neighbours, limit: limit)
        return items.isEmpty ? try mix(user: user) : items
    }
}

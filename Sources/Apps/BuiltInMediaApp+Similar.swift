import Catalog
public import MediaIntents

extension BuiltInMediaApp {
    /// Artists who sound like an item ("who sounds like Bon Iver?"): the first other artists of the
    /// station the item would seed, one song of each, best first. An artist seeds with all of their
    /// songs; a song, an album or a playlist with what it holds. Empty when the catalog knows nothing
    /// alike or no item has this identifier.
    public nonisolated func similarArtists(to identifier: String, user: String, limit: Int = 3) throws -> [MediaItem] {
        try readers.with { reader in
            guard let seed = try reader.library.item(identifier: identifier) else { return [] }
            let songs = try SimilarSongs(store: reader.store, library: reader.library).songs(like: seed, user: user)
            let own = seed.item.type == .artist ? seed.item.title : seed.item.artist
            var seen = Set([own].compactMap { $0.map(NameFolding.key) })
            var found: [MediaItem] = []
            for song in songs {
                guard let artist = song.artist, seen.insert(NameFolding.key(artist)).inserted else { continue }
                found.append(song)
                if found.count == limit { break }
            }
            return found
        }
    }
}

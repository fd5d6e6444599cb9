import Catalog
import Foundation
import Library
public import MediaIntents

/// Finding items for a search: what a reference means (the song playing, its album or artist), the
/// resolver's readings of a name (read again as the artist it sounds like), and the catalog's
/// items for a search or for typed text.
extension BuiltInMediaApp {
    /// The item a reference means: the current song, or its album or artist when the type says so.
    func current(_ type: MediaItemType?, device: String) async throws -> MediaItem? {
        guard let item = try await player(device).current else { return nil }
        switch type {
        case .album: return try store.album(of: item.identifier)?.item
        case .artist: return try store.artists(of: item.identifier).first?.item
        // "Subscribe to this podcast" while an episode plays: its show.
        case .podcastShow: return try show(of: item)
        default:
            return item
        }
    }

    /// Items for a search, best first (at most five), resolved on a reader connection (side by side
    /// with other requests); once per request for the same search.
    nonisolated func find(_ search: MediaSearch, user: String, device: String, limit: Int = 5) async throws
        -> [ResolvedItem]
    {
        if search.reference == .currentlyPlaying { return try await currentResolved(search.mediaType, device: device) }
        // "A station based on Miles Davis", "songs like Skyfall": the seed is whatever the name is.
        if search.mediaType == .algorithmicRadioStation, search.hasName {
            var seed = search
            seed.mediaType = nil
            // "A station off the Abbey Road album", "a Fleetwood Mac station": the seed of the kind said.
            if search.mediaName == nil, let album = search.albumName {
                seed = MediaSearch(mediaType: .album, mediaName: album, artistName: search.artistName)
            } else if search.mediaName == nil, let artist = search.artistName {
                seed = MediaSearch(mediaType: .artist, mediaName: artist)
            }
            return try await find(seed, user: user, device: device, limit: limit)
        }
        let resolve = {
            try self.readers.with { reader -> [ResolvedItem] in
                // A playlist by name: the person's own first (they are kept apart from the catalog).
                if search.mediaType == .playlist, let name = search.mediaName,
                    let playlist = try reader.library.findPlaylist(named: name, user: user),
                    search.reference == .my || playlist.owner != nil
                {
                    return [ResolvedItem(stored: playlist, score: 1)]
                }
                return try reader.resolver.resolve(search, user: user, limit: limit)
            }
        }
        let found: [ResolvedItem]
        if let memo = RequestMemo.current {
            found = try memo.value(RequestMemo.Key(search: search, user: user, limit: limit), resolve)
        } else {
            found = try resolve()
        }
        // «самые популярные песни Битлз»: an artist written by its sound is found as a name (where
        // sound skeletons are weighed), then its songs by the catalog's spelling.
        // A title with such an artist (「ビートルズのYesterday」, 「エアロスミスのCome Together」) the same way, even
        // when the title alone was found for sure: the title may be another artist's.
        // A name said in Latin letters is spelled as it is: "the top song by gun" is not Queen's.
        if found.isEmpty || search.mediaName != nil, search.albumName == nil, let artist = search.artistName,
            Script.hasLettersBeyondLatin(artist)
        {
            let named = try await find(MediaSearch(mediaType: .artist, mediaName: artist), user: user, device: device, limit: 1)
            // With a title said too, the title found for sure by that artist is a second witness, and
            // a looser sound will do (エアロスミス is 0.68 near Aerosmith).
            let enough = search.mediaName == nil ? Self.soundedArtistMatch : Self.soundedArtistWithTitle
            if let best = named.first, best.item.type == .artist, best.item.title != artist, best.nameMatch >= enough {
                var spelled = search
                spelled.artistName = best.item.title
                let again = try await find(spelled, user: user, device: device, limit: limit)
                // The title by the artist said, found for sure, wins over the same title by another.
                let theirs = again.first.map {
                    $0.nameMatch >= Self.confidentMatch && NameFolding.holds(NameFolding.key($0.item.artist ?? ""), name: NameFolding.key(best.item.title))
                } ?? false
                if search.mediaName == nil || theirs || (again.first?.nameMatch ?? 0) > (found.first?.nameMatch ?? 0) { return again }
            }
        }
        if found.first.map({ $0.nameMatch >= Self.confidentMatch }) ?? false { return found }
        // "play Running on shuffle": a bare name the catalog lacks that is one of the person's own playlists.
        if search.mediaType == nil, search.artistName == nil, search.albumName == nil, let name = search.mediaName,
            let playlist = try readers.with({ try $0.library.findPlaylist(named: name, user: user) }), playlist.owner != nil
        {
            return [ResolvedItem(stored: playlist, score: 1)]
        }
        // "How Coffee Works from Stuff You Should Know": a name after "from" may be the album or show
        // the item is on, not its artist; 「Thrillerのアルバム」 ("Thriller's album") the album's own name.
        for reading in Self.artistReadAgain(search) {
            let again = try await find(reading, user: user, device: device, limit: limit)
            // The album or show said must be the item's own: "Creep by Radiohead" is not TLC's Creep.
            if let best = again.first, best.nameMatch >= Self.confidentMatch,
                reading.albumName.map({ said in
                    NameSimilarity.names(said: said, stored: best.item.album ?? "") >= Self.confidentMatch
                }) ?? true
            {
                return again
            }
        }
        return found
    }

    /// How close an artist named alone must be to be taken by its catalog spelling: a foreign name
    /// written by its sound («Битлз») scores about 0.77.
    static let soundedArtistMatch = 0.75
    /// The same, for an artist said with a title that must then be found by them for sure.
    static let soundedArtistWithTitle = 0.62

    /// Other readings of a search whose artist found nothing: the artist as the album or show the
    /// item is on, or, for an album with no name of its own, as the album's name.
    static func artistReadAgain(_ search: MediaSearch) -> [MediaSearch] {
        guard let artist = search.artistName, search.albumName == nil, search.reference == nil else { return [] }
        var readings: [MediaSearch] = []
        if search.mediaName != nil {
            var onAlbum = search
            onAlbum.artistName = nil
            onAlbum.albumName = artist
            readings.append(onAlbum)
        } else if search.mediaType == .album {
            var named = search
            named.artistName = nil
            named.mediaName = artist
            readings.append(named)
        } else if search.mediaType == nil, search.sortOrder == .newest || search.sortOrder == .oldest {
            // "Play the latest Stuff You Should Know": the newest episode of the show named.
            var episode = search
            episode.artistName = nil
            episode.mediaName = artist
            episode.mediaType = .podcastEpisode
            readings.append(episode)
        }
        return readings
    }

    /// The item playing (or its album or artist) as a search result.
    func currentResolved(_ type: MediaItemType?, device: String) async throws -> [ResolvedItem] {
        guard let item = try await current(type, device: device) else { return [] }
        return try library.item(identifier: item.identifier).map { [ResolvedItem(stored: $0, score: 1)] } ?? []
    }
    /// Catalog items for a search, best first: the same resolution as speech.
    public nonisolated func items(for search: MediaSearch, user: String, limit: Int) async throws -> [MediaItem] {
        try await find(search, user: user, device: "default", limit: limit).map(\.item)
    }

    /// An item's lyrics (plain, or timed line by line), nil when it has none.
    public nonisolated func lyrics(of identifier: String) async throws -> Lyrics? {
        try readers.with { try $0.store.lyrics(identifier: identifier) }
    }

    /// Catalog items for typed text, best first (`hark search`, `/v1/search`): title and artist in
    /// any order, the artist also spelled a little wrong.
    public nonisolated func items(matching text: String, type: MediaItemType?, user: String, limit: Int) async throws
        -> [MediaItem]
    {
        try readers.with { try $0.resolver.resolveText(text, type: type, user: user, limit: limit) }.map(\.item)
    }
}

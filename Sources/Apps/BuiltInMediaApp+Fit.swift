public import MediaIntents

extension BuiltInMediaApp {
    /// How well a reading's names exist (its search, and the playlist it adds to): 1 per name found
    /// exactly (a playlist, an item with its artist agreeing), less for near matches, 0 when nothing
    /// is found.
    public nonisolated func fit(search: MediaSearch?, destination: AddDestination?, user: String, device: String) async
        -> Double
    {
        var score = 0.0
        if case .playlist(let name) = destination {
            let playlist = try? readers.with { try $0.library.findPlaylist(named: name, user: user) }
            score += playlist == nil ? 0 : 1
        }
        // A kind Hark does not play (a movie, a TV show) fits nothing: «поставь кино пачка сигарет»
        // is the band Кино's song, not a film called Пачка сигарет.
        if let kind = search?.mediaType, !kind.isAudio { return score }
        if var search, search.hasName, search.reference == nil {
            // A chart of a name ("the most popular song on Rumours", "… of Битлз"): how well the
            // artist exists, or else the album (the catalog reads a name no artist has as an album's).
            if search.sortOrder != nil, search.mediaName == nil, let name = search.artistName ?? search.albumName {
                let asArtist = search.artistName == nil ? 0 : await fit(
                    search: MediaSearch(mediaType: .artist, mediaName: name), destination: nil, user: user, device: device)
                // An artist that fits fully needs no second look as an album.
                guard asArtist < 1 else { return score + asArtist }
                let asAlbum = await fit(
                    search: MediaSearch(mediaType: .album, mediaName: name), destination: nil, user: user, device: device)
                return score + max(asArtist, asAlbum)
            }
            // Only an artist named: how well the artist exists.
            if search.mediaName == nil, search.albumName == nil, let artist = search.artistName {
                search = MediaSearch(mediaType: .artist, mediaName: artist)
            }
            var found = (try? await find(search, user: user, device: device)) ?? []
            // A kind asked for is a constraint here as when playing: "my workout playlist" is not
            // fitted by a song called Work Out.
            if let kind = search.mediaType, Self.constrainedKinds.contains(kind) {
                found = found.filter { Self.sameKind($0.item.type, kind) }
            }
            // Names said in another script than the catalog's (周杰伦 for Jay Chou) agree through aliases.
            score += found.first.map { Self.agreesThroughAliases(search, $0.item) ? 1 : $0.nameMatch } ?? 0
        }
        return score
    }
}

extension BuiltInMediaApp {
    /// The search with its type set by what the catalog holds: "play Thriller by Michael Jackson"
    /// is the album when the catalog has only the album; "play Adele" names the artist.
    public nonisolated func typed(_ search: MediaSearch, user: String, device: String) async -> MediaSearch {
        let asked = search
        var search = search
        guard search.reference == nil, let name = search.mediaName,
            search.mediaType == nil || search.mediaType == .song
        else { return asked }
        if search.mediaType == .song,
            let best = (try? await find(search, user: user, device: device))?.first,
            best.item.type == .song, best.nameMatch >= 0.95
        {
            return asked
        }
        var untyped = search
        untyped.mediaType = nil
        guard let best = (try? await find(untyped, user: user, device: device))?.first, best.nameMatch >= 0.95,
            best.item.type != search.mediaType
        else { return asked }
        switch best.item.type {
        case .album where search.artistName != nil:
            search.albumName = name
            search.mediaName = nil
            search.mediaType = .album
        case .artist where search.artistName == nil && search.albumName == nil:
            search.artistName = name
            search.mediaName = nil
            search.mediaType = nil
        case .playlist, .podcastShow, .podcastEpisode, .audioBook, .radioStation, .album:
            search.mediaType = best.item.type
        default:
            return asked
        }
        return search
    }

    /// The first of `stretches` of a request (longest first) that names a catalog item whole, and
    /// that item (`Resolver.firstNamed`).
    public nonisolated func firstNamed(
        _ stretches: [String], type: MediaItemType?, besidesArtists: Bool = false, user: String
    ) async throws -> (index: Int, item: MediaItem)? {
        try readers.with {
            try $0.resolver.firstNamed(stretches, type: type, besidesArtists: besidesArtists, user: user)
        }
    }
}

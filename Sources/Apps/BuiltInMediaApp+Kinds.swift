import Catalog
import Library
import MediaIntents
import Playback

/// What a play request's named kind and the best match's confidence allow: only the kind asked
/// for plays, a weak match is offered rather than played, and "my playlist" / "my station"
/// without a name are the user's own.
extension BuiltInMediaApp {
    /// Below this name similarity (`hark bench resolve` calibrates it: at 0.8 about 99 % of right
    /// answers are still acted on) the best match is offered rather than played.
    static let confidentMatch = 0.8

    /// Whether the said names are the item's, counting the names it has in other scripts (周杰伦 for
    /// Jay Chou), which the resolver's name match does not weigh.
    static func namesAgree(_ search: MediaSearch, _ item: MediaItem) -> Bool {
        func close(_ said: String, _ names: [String]) -> Bool {
            names.contains { NameSimilarity.names(said: said, stored: $0) >= confidentMatch }
        }
        let titles = [item.title] + (item.aliases ?? [])
        let artists = (item.artist.map { [$0] } ?? []) + (item.artistAliases ?? [])
        if let name = search.mediaName ?? search.albumName {
            guard close(name, titles) else { return false }
            return search.artistName.map { close($0, artists) } ?? true
        }
        return search.artistName.map { close($0, item.type == .artist ? titles : artists) } ?? false
    }

    /// Whether the said names are the item's only by its names in other scripts (周杰伦 said, Jay
    /// Chou stored), where the resolver's name match cannot see the agreement.
    static func agreesThroughAliases(_ search: MediaSearch, _ item: MediaItem) -> Bool {
        guard item.aliases?.isEmpty == false || item.artistAliases?.isEmpty == false else { return false }
        var plain = item
        plain.aliases = nil
        plain.artistAliases = nil
        return namesAgree(search, item) && !namesAgree(search, plain)
    }

    /// Kinds that, when a request names them, only that kind may play.
    static let constrainedKinds: Set<MediaItemType> = [
        .playlist, .radioStation, .station, .musicStation, .album, .audioBook, .podcastShow, .podcastEpisode, .artist,
    ]

    /// Whether an item of kind `found` is what a request for kind `asked` wants (a station is a
    /// station whatever its flavour; an episode answers a request for a podcast).
    static func sameKind(_ found: MediaItemType, _ asked: MediaItemType) -> Bool {
        if found == asked { return true }
        if asked.isLive { return found.isLive }
        return asked == .podcastShow && found == .podcastEpisode
    }

    /// The user's own playlist or station for a request that names none: the one added to (or
    /// played) last when there is one, else which of them.
    static func ownChoice(_ type: MediaItemType, reader: Readers.Reader, user: String) throws
        -> [ResolutionResult<MediaItem>]
    {
        if type == .playlist {
            let mine = try reader.library.playlists(user: user)
            if mine.count == 1 { return [.success(mine[0].item)] }
            guard !mine.isEmpty else { return [.needsValue] }
            let last = try reader.library.lastAddedPlaylist(user: user)
            // By identifier: a person's playlists are kept in the state database, without catalog rows.
            let ordered = (last.map { [$0] } ?? []) + mine.filter { $0.item.identifier != last?.item.identifier }
            return [.disambiguation(Array(ordered.prefix(4)).map(\.item))]
        }
        if let last = try reader.library.history(user: user, limit: 200).first(where: { $0.item.type.isLive }) {
            return [.success(last.item)]
        }
        let stations = try reader.store.items(where: "i.type = 'radioStation'", order: "i.popularity DESC", limit: 4)
        return stations.isEmpty ? [.needsValue] : [.disambiguation(stations.map(\.item))]
    }

    /// Orders that make a browse a chart, played from its top.
    static let chartOrders: Set<MediaIntents.SortOrder> = [.popular, .best, .trending, .newest, .oldest, .unpopular, .worst]

    /// Whether a play is shuffled when the request did not say. Mixes and browsing are; a station
    /// plays likeliest first; an album, a book, an episode or a song plays in order. The charts ("the
    /// top songs", "the best songs of 1977") and the newest first play in their order; "play some
    /// jazz" and "popular rock" are a genre's songs, shuffled (a genre's chart from its top song).
    /// Nothing carries over from the request before.
    static func shuffledByKind(_ outcome: PlayOutcome, search: MediaSearch) -> Bool {
        switch outcome {
        case .browse:
            let chart = search.sortOrder.map(chartOrders.contains) == true && (search.genreNames ?? []).isEmpty
                && (search.moodNames ?? []).isEmpty
            return !chart
        case .mix: return true
        // A station is the likeliest first (SimilarSongs orders it, spreading artists): shuffled,
        // its first song was any of forty, and often the least alike.
        case .station: return false
        case .item, .resumed, .myMusic: return false
        }
    }
}

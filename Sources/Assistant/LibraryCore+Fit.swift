import MediaIntents
import Understanding

extension LibraryCore {
    /// How well a reading's names exist: 1 per name found exactly (a playlist, an item with its
    /// artist agreeing), less for near matches, 0 when nothing is found.
    nonisolated func fit(_ understood: Understood, user: String, device: String) async -> Double {
        var score = 0.0
        if case .playlist(let name) = understood.params?.destination {
            let playlist = try? readers.with { try $0.library.findPlaylist(named: name, user: user) }
            score += playlist == nil ? 0 : 1
        }
        if let search = understood.search, search.hasName, search.reference == nil {
            let found = (try? await find(search, user: user, device: device)) ?? []
            score += found.first?.nameMatch ?? 0
        }
        return score
    }
}

extension LibraryCore {
    /// The reading with its type set by what the catalog holds: "play Thriller by Michael Jackson"
    /// is the album when the catalog has only the album; "play Adele" names the artist.
    nonisolated func typed(_ understood: Understood, user: String, device: String) async -> Understood {
        guard var search = understood.search, search.reference == nil, let name = search.mediaName,
            search.mediaType == nil || search.mediaType == .song
        else { return understood }
        if search.mediaType == .song,
            let best = (try? await find(search, user: user, device: device))?.first,
            best.item.type == .song, best.nameMatch >= 0.95
        {
            return understood
        }
        var untyped = search
        untyped.mediaType = nil
        guard let best = (try? await find(untyped, user: user, device: device))?.first, best.nameMatch >= 0.95,
            best.item.type != search.mediaType
        else { return understood }
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
            return understood
        }
        var out = understood
        out.search = search
        return out
    }
}

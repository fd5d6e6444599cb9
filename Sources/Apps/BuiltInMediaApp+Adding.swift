import Catalog
import Foundation
import Library
import MediaIntents
import Playback

/// Adding to a playlist or the library, likes and dislikes, and searching: the intents besides play.
extension BuiltInMediaApp {
    // MARK: Add

    /// Items for add and affinity: the current item when the request points at it or names nothing.
    nonisolated func resolveTarget(_ search: MediaSearch, user: String, device: String) async throws
        -> [ResolutionResult<MediaItem>]
    {
        var search = search
        if !search.hasName && search.genreNames == nil && search.mediaIdentifier == nil {
            search.reference = .currentlyPlaying
        }
        // "I like this artist" on a song by several: which of them?
        if search.reference == .currentlyPlaying, search.mediaType == .artist {
            let artists = try await currentArtists(device: device)
            if artists.count > 1 { return [.disambiguation(Array(artists.prefix(4)))] }
        }
        let found = try await find(search, user: user, device: device)
        guard let best = found.first else { return [.needsValue] }
        // A name several artists use, with none named: liking or adding the wrong one matters, so ask.
        if search.reference == nil, search.artistName == nil, search.mediaIdentifier == nil {
            let tied = found.filter {
                $0.nameMatch >= 0.95 && $0.item.type == best.item.type && $0.item.type != .artist
            }
            if tied.count > 1, Set(tied.map { $0.item.artist ?? "" }).count > 1 {
                return [.disambiguation(Array(tied.prefix(4)).map(\.item))]
            }
        }
        return found.map { .success($0.item) }
    }

    func handleAdd(_ intent: AddMediaIntent, user: String, device: String) throws -> IntentResponse {
        guard let item = intent.mediaItems.first else { return IntentResponse(code: .failure, handled: .notFound) }
        let now = clock.now()
        switch intent.destination {
        case .library:
            try library.addToLibrary(item, user: user, at: now)
            return IntentResponse(code: .success, items: [item], handled: .added(.library))
        case .playlist(let said):
            var name = said
            if said.isEmpty {
                // "Add this to my playlist": the one added to last, the only one, or which.
                let mine = try library.playlists(user: user)
                if let last = try library.lastAddedPlaylist(user: user) ?? (mine.count == 1 ? mine.first : nil) {
                    name = last.item.title
                } else if mine.isEmpty {
                    return IntentResponse(code: .failure, items: [item], handled: .added(.noPlaylist))
                } else {
                    let choices = Array(mine.prefix(4)).map(\.item)
                    return IntentResponse(code: .needsChoice, items: choices, handled: .added(.choosePlaylist))
                }
            }
            // "Running, but only if it's not on there yet", 「Runningの中」: a name that holds one of
            // the person's own playlists and more words is that playlist, never a new one named by
            // the whole clause.
            if try library.findPlaylist(named: name, user: user) == nil, let kept = try ownPlaylist(within: name, user: user) {
                name = kept
            }
            do {
                let addition = try library.add(try expand(item), toPlaylist: name, user: user, skippingPresent: true)
                if addition.added == 0, !addition.created {
                    return IntentResponse(
                        code: .success, items: [item], handled: .added(.alreadyInPlaylist(addition.playlist)))
                }
                return IntentResponse(
                    code: .success, items: [item], handled: .added(.playlist(addition.playlist, created: addition.created)))
            } catch let error as LibraryError where error.code == .playlistNotEditable {
                return IntentResponse(
                    code: .failure, items: [item], destinationReason: .playlistNotEditable,
                    handled: .added(.playlistNotEditable(name)))
            }
        }
    }

    /// Adding an album or artist to a playlist adds its songs.
    private func expand(_ item: MediaItem) throws -> [MediaItem] {
        guard item.type != .song, let stored = try library.item(identifier: item.identifier) else { return [item] }
        return try library.playableItems(for: stored, limit: 50).map(\.item)
    }

    // MARK: Affinity

    func handleAffinity(_ intent: UpdateMediaAffinityIntent, user: String, device: String) async throws
        -> IntentResponse
    {
        guard let item = intent.mediaItems.first else { return IntentResponse(code: .failure, handled: .notFound) }
        if intent.affinityType == .dislike, item.type != .song {
            return IntentResponse(
                code: .failure, items: [item], reason: .unsupportedMediaType, handled: .affinity(.dislikeNotSong))
        }
        try library.setAffinity(intent.affinityType, for: item, user: user, at: clock.now())
        guard intent.affinityType == .dislike else {
            return IntentResponse(code: .success, items: [item], handled: .affinity(.liked))
        }
        // Disliking what plays skips it.
        let playsIt = try await player(device).current == item
        let skipped = playsIt ? try await command(.nextTrack, device: device) == .success : false
        return IntentResponse(code: .success, items: [item], handled: .affinity(.disliked(skipped: skipped)))
    }

    // MARK: Search

    func handleSearch(_ intent: SearchForMediaIntent) -> IntentResponse {
        intent.mediaItems.isEmpty
            ? IntentResponse(code: .failure, handled: .notFound)
            : IntentResponse(code: .success, items: Array(intent.mediaItems.prefix(5)))
    }
}

extension BuiltInMediaApp {
    /// The one playlist of the person's own whose name stands whole inside `said` (as words, or as
    /// characters in a language written without spaces); nil when none or several do.
    public func ownPlaylist(within said: String, user: String) throws -> String? {
        let saidWords = NameFolding.key(said).split(separator: " ").map(String.init)
        let saidJoined = saidWords.joined()
        let found = try library.playlists(user: user).filter { playlist in
            let words = NameFolding.key(playlist.item.title).split(separator: " ").map(String.init)
            guard !words.isEmpty, words.count < saidWords.count || saidJoined.count > words.joined().count else {
                return false
            }
            let inWords = saidWords.indices.contains { saidWords[$0...].starts(with: words) }
            let cjk = words.joined().unicodeScalars.contains { $0.value >= 0x3040 } || saidJoined.unicodeScalars.contains { $0.value >= 0x3040 }
            return inWords || (cjk && saidJoined.contains(words.joined()))
        }
        return found.count == 1 ? found[0].item.title : nil
    }

    /// The playlist a person just spoke of by adding to it, in the last few minutes ("add Back in
    /// Black to Running" … "how many songs are in it now?"); nil when they added to none lately.
    public func playlistJustAddedTo(user: String) throws -> String? {
        try library.lastAddedPlaylist(user: user, within: Self.playlistSpokenOfFor)?.item.title
    }

    /// How long an add keeps its playlist the one "it" means: 10 minutes.
    static let playlistSpokenOfFor = 600.0
}

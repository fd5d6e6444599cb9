import Catalog
import Foundation
import Library
public import MediaIntents

/// What a spoken removal did to the person's own library: "take this off Running", "unlike this",
/// «убери лайк», 「この曲Runningから消して」, "取消收藏". Hark's own library only: an app that
/// keeps its own has no way to be asked.
public enum Removal: Sendable, Equatable {
    /// The item's entries left the playlist.
    case fromPlaylist(MediaItem, playlist: String)
    /// The playlist does not hold the item: nothing changed.
    case notInPlaylist(MediaItem, playlist: String)
    /// The person has no playlist of that name.
    case noPlaylist(String)
    /// A catalog playlist, which nobody edits.
    case playlistNotEditable(String)
    case fromLibrary(MediaItem)
    case notInLibrary(MediaItem)
    /// The like (or dislike) of the item is forgotten.
    case affinityCleared(MediaItem, was: AffinityType)
    /// There was no like (or dislike) to forget.
    case noAffinity(MediaItem, asked: AffinityType)
    /// Nothing named and nothing playing.
    case nothing
}

extension BuiltInMediaApp {
    /// A playlist of the person's by a spoken name: theirs when they have one of that name (created
    /// false), else a new, empty one.
    public func createPlaylist(spokenName name: String, user: String) async throws -> (name: String, created: Bool) {
        if let mine = try library.findPlaylist(named: name, user: user), mine.owner != nil {
            return (mine.item.title, false)
        }
        return (try library.createPlaylist(named: name, user: user).item.title, true)
    }

    /// Carries out a spoken removal of what `search` names (what plays when it names nothing):
    /// from the playlist of `destination`, from the library, or, with `affinity`, the like or
    /// dislike of it.
    public func remove(
        _ search: MediaSearch, from destination: AddDestination?, affinity: AffinityType?, user: String, device: String
    ) async throws -> Removal {
        if case .playlist(let name) = destination {
            guard let playlist = try library.findPlaylist(named: name, user: user) else { return .noPlaylist(name) }
            guard playlist.owner != nil else { return .playlistNotEditable(playlist.item.title) }
            let entries = try library.playableItems(for: playlist, limit: 1_000).map(\.item)
            // A name said is looked for among the playlist's own songs first ("remove Beat It from Running").
            guard let item = try await target(search, among: entries, user: user, device: device) else { return .nothing }
            guard entries.contains(item) else { return .notInPlaylist(item, playlist: playlist.item.title) }
            _ = try library.remove(item, fromPlaylist: playlist.item.title, user: user)
            return .fromPlaylist(item, playlist: playlist.item.title)
        }
        guard let item = try await target(search, among: [], user: user, device: device) else { return .nothing }
        if let affinity {
            guard let was = try library.clearAffinity(of: item, user: user) else { return .noAffinity(item, asked: affinity) }
            return .affinityCleared(item, was: was)
        }
        return try library.removeFromLibrary(item, user: user) ? .fromLibrary(item) : .notInLibrary(item)
    }

    /// The item a removal is about: one of `entries` whose title is the name said, else what the
    /// search finds (what plays, when it names nothing).
    private func target(_ search: MediaSearch, among entries: [MediaItem], user: String, device: String) async throws
        -> MediaItem?
    {
        if let name = search.mediaName {
            let key = NameFolding.key(name)
            let said = entries.filter { NameFolding.isTitle($0.title, key: key) }
            if let artist = search.artistName.map(NameFolding.key),
                let byArtist = said.first(where: { NameFolding.key($0.artist ?? "").contains(artist) })
            {
                return byArtist
            }
            if let first = said.first { return first }
        }
        for result in try await resolveTarget(search, user: user, device: device) {
            switch result {
            case .success(let item): return item
            case .successes(let items): return items.first
            // Of several of the name, the one in the playlist; a weak match is never removed.
            case .disambiguation(let items): return items.first { entries.contains($0) } ?? items.first
            default: continue
            }
        }
        return nil
    }
}

import Catalog
import Foundation
import Library
public import MediaIntents

/// A user's library as the HTTP API shows it.
public struct LibrarySnapshot: Codable, Sendable {
    public var liked: [MediaItem]
    public var library: [MediaItem]
    public var playlists: [PlaylistSummary]
}

/// One of a user's playlists with its entries.
public struct PlaylistSummary: Codable, Sendable {
    public var name: String
    public var identifier: String
    public var items: [MediaItem]
}

/// Library reads and edits without speech, for the HTTP API.
extension BuiltInMediaApp {
    public func snapshot(user: String) throws -> LibrarySnapshot {
        LibrarySnapshot(
            liked: try library.likedSongs(user: user).map(\.item),
            library: try library.libraryItems(user: user).map(\.item),
            playlists: try library.playlists(user: user).map(summary))
    }

    func summary(_ playlist: StoredItem) throws -> PlaylistSummary {
        PlaylistSummary(
            name: playlist.item.title, identifier: playlist.item.identifier,
            items: try library.playableItems(for: playlist).map(\.item))
    }

    public func createPlaylist(named name: String, user: String) throws -> PlaylistSummary {
        try Self.refusing {
            try summary(
                try library.findPlaylist(named: name, user: user) ?? library.createPlaylist(named: name, user: user))
        }
    }

    public func editPlaylist(named name: String, identifier: String, add: Bool, user: String) throws -> PlaylistSummary {
        try Self.refusing { try changePlaylist(named: name, identifier: identifier, add: add, user: user) }
    }

    private func changePlaylist(named name: String, identifier: String, add: Bool, user: String) throws
        -> PlaylistSummary
    {
        guard let item = try library.item(identifier: identifier)?.item else {
            throw RequestRefused(.notFound, "no catalog item \"\(identifier)\"")
        }
        if add {
            _ = try library.add([item], toPlaylist: name, user: user)
        } else {
            guard try library.findPlaylist(named: name, user: user) != nil else {
                throw RequestRefused(.notFound, "no playlist \"\(name)\"")
            }
            _ = try library.remove(item, fromPlaylist: name, user: user)
        }
        guard let playlist = try library.findPlaylist(named: name, user: user) else {
            throw RequestRefused(.notFound, "no playlist \"\(name)\"")
        }
        return try summary(playlist)
    }

    /// Whether the person likes or dislikes an item (nil: neither), for "do I like this song?".
    public func affinity(of item: MediaItem, user: String) throws -> AffinityType? {
        try library.affinity(of: item, user: user)
    }

    public func setAffinity(_ affinity: AffinityType, identifier: String, user: String) throws -> MediaItem {
        guard let item = try library.item(identifier: identifier)?.item else {
            throw RequestRefused(.notFound, "no catalog item \"\(identifier)\"")
        }
        try Self.refusing { try library.setAffinity(affinity, for: item, user: user, at: clock.now()) }
        return item
    }

    /// The library's refusals as the API states them: what does not exist, and what cannot take
    /// the change (a catalog playlist, a dislike of what is not a song).
    static func refusing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LibraryError {
            switch error.code {
            case .playlistNotFound: throw RequestRefused(.notFound, error.description)
            case .dislikeNotSong, .playlistNotEditable: throw RequestRefused(.conflict, error.description)
            case .emptyName: throw RequestRefused(.invalid, error.description)
            }
        }
    }
}

import Catalog
import Foundation
import Library
public import MediaIntents
import Playback

/// What a playlist holds, for a question about it: `name` nil is the device's queue.
public struct PlaylistContents: Sendable {
    public var name: String?
    public var items: [MediaItem]
    public var total: Int
}

/// Up next by hand, and what an item holds (for a page that browses): a device's queue read,
/// reordered, cut and jumped in; an album's tracks, an artist's albums, a playlist's entries.
extension BuiltInMediaApp {
    /// The most items of up next read at once.
    public static let upNextLimit = 500

    /// What follows the current item on a device, in play order (at most `upNextLimit`).
    public func upNext(device: String) async throws -> [MediaItem] {
        Array(try await player(device).upNextItems.prefix(Self.upNextLimit))
    }

    /// What played before the current item: the queue's previous one, else the person's latest
    /// play of something else (a new request replaced the queue). Nil when nothing played before.
    public func previousItem(device: String, user: String) async throws -> MediaItem? {
        let machine = try await player(device)
        if let previous = machine.previousItem { return previous }
        let current = machine.current?.identifier
        return try library.history(user: user, limit: 10).map(\.item).first { $0.identifier != current }
    }

    /// What a playlist holds: the person's own or the catalog's by name, else (no name) what the
    /// device has queued from the current item on. Nil: no playlist by that name.
    public func contents(ofPlaylist name: String?, device: String, user: String) async throws -> PlaylistContents? {
        guard let name else {
            let machine = try await player(device)
            let items = (machine.current.map { [$0] } ?? []) + machine.upNextItems
            return PlaylistContents(name: nil, items: Array(items.prefix(Self.upNextLimit)), total: items.count)
        }
        guard let playlist = try library.findPlaylist(named: name, user: user) else { return nil }
        let items = try library.playableItems(for: playlist, limit: Self.upNextLimit).map(\.item)
        return PlaylistContents(name: playlist.item.title, items: items, total: items.count)
    }

    /// Moves an item of up next from one place to another (0: next); nil when a place is not in up next.
    public func moveUpNext(device: String, from: Int, to: Int) async throws -> NowPlayingInfo? {
        try await changeUpNext(device) { machine, _ in machine.moveUpNext(from: from, to: to) }
    }

    /// Takes the item at a place of up next out of the queue; nil when there is no such place.
    public func removeUpNext(device: String, at index: Int) async throws -> NowPlayingInfo? {
        try await changeUpNext(device) { machine, _ in machine.removeUpNext(at: index) }
    }

    /// Plays the first item of up next with this identifier now; nil when up next has none.
    public func jump(to identifier: String, device: String) async throws -> NowPlayingInfo? {
        try await changeUpNext(device) { machine, now in
            machine.upNextItems.firstIndex { $0.identifier == identifier }.flatMap { machine.jumpUpNext(to: $0, now: now) }
        }
    }

    /// A change of up next made on the device's player (nil from `change`: nothing to change),
    /// then what plays.
    private func changeUpNext(_ device: String, _ change: @escaping (inout PlayerMachine, Double) -> PlayerAction?)
        async throws -> NowPlayingInfo?
    {
        let changed = try await withPlayer(device) { machine, now -> (Bool, PlayerAction) in
            guard let action = change(&machine, now) else { return (false, .none) }
            return (true, action)
        }
        return changed ? try await nowPlaying(device) : nil
    }

    /// What an item holds, for browsing: the item, its tracks in order (an album's songs, a
    /// playlist's entries, a show's episodes, an artist's songs) and, for an artist, their albums.
    public struct ItemContents: Sendable, Codable {
        public var item: MediaItem
        public var tracks: [MediaItem]
        public var albums: [MediaItem]
    }

    /// The most tracks and albums an item's contents list.
    public static let contentsLimit = 500

    /// An item's contents, read on a reader connection; nil when no item has this identifier that
    /// `user` may see (another person's playlist is theirs alone).
    public nonisolated func contents(of identifier: String, user: String) throws -> ItemContents? {
        try readers.with { reader in
            guard let stored = try Self.visible(identifier, to: user, reader: reader) else { return nil }
            let tracks =
                stored.item.type == .song
                ? [] : try reader.library.playableItems(for: stored, limit: Self.contentsLimit)
            let albums =
                stored.item.type == .artist
                ? try reader.store.items(
                    ofArtist: stored.rowID, type: .album, order: "coalesce(i.year, 0) DESC", limit: 50) : []
            return ItemContents(
                item: stored.item, tracks: tracks.prefix(Self.contentsLimit).map(\.item), albums: albums.map(\.item))
        }
    }

    /// Where pictures of an item may be found: its own file and those of its first tracks (an
    /// album has no file of its own; a song's album's tracks come after the song's own). Nil when
    /// no item `user` may see has this identifier.
    public nonisolated func pictureSources(of identifier: String, user: String) throws
        -> (item: MediaItem, locations: [String])?
    {
        try readers.with { reader in
            guard let stored = try Self.visible(identifier, to: user, reader: reader) else { return nil }
            var locations = [stored.item.location].compactMap { $0 }
            // A song without a picture of its own shows its album's.
            let holder =
                stored.item.type == .song
                ? try reader.store.items(
                    where: "i.id = (SELECT album_id FROM items WHERE id = ?)", [.integer(stored.rowID)], limit: 1
                ).first : stored
            if let holder {
                locations += try reader.library.playableItems(for: holder, limit: 3).compactMap(\.item.location)
            }
            return (stored.item, Array(NSOrderedSet(array: locations)) as? [String] ?? locations)
        }
    }

    /// The item with this identifier, unless it is a playlist of someone other than `user`.
    private static func visible(_ identifier: String, to user: String, reader: Readers.Reader) throws -> StoredItem? {
        guard let stored = try reader.library.item(identifier: identifier) else { return nil }
        if stored.item.type == .playlist, let owner = stored.owner, owner != user { return nil }
        return stored
    }
}

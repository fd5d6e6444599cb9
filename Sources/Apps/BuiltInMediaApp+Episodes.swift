import Catalog
import Library
public import MediaIntents
import Playback

/// What "mark this as played" did.
public enum PlayedMark: Sendable, Hashable {
    case marked(MediaItem)
    case unmarked(MediaItem)
    /// "Mark as unplayed" of something not marked played.
    case wasNotPlayed(MediaItem)
    /// Only episodes and books are marked heard; a song is not.
    case notMarkable(MediaItem)
    case nothingPlaying
}

/// What is new in a person's podcasts, asked as a question ("what's new in my podcasts?", "any
/// episodes of Serial I haven't heard?"): nothing is played.
public struct NewEpisodes: Sendable {
    /// The show asked about; nil when asked of every show followed.
    public var show: MediaItem?
    /// Newest first: of every show followed, its newest unheard episode; of one show, all it has unheard.
    public var episodes: [MediaItem]
    /// How many shows the person follows (asked of every show).
    public var followed: Int
}

/// Episodes by what a person has heard: "play the next unplayed episode (of X)", "play my
/// podcasts" (the newest unplayed episode of each show followed, oldest first), "mark this as
/// played"; and a show for an episode ("subscribe to this podcast").
extension BuiltInMediaApp {
    /// The show an episode belongs to (a show is its own).
    func show(of item: MediaItem) throws -> MediaItem? {
        guard item.type == .podcastEpisode else { return item.type == .podcastShow ? item : nil }
        guard let parent = try store.item(identifier: item.identifier)?.parentID else { return nil }
        return try store.item(rowID: parent)?.item
    }

    /// Resolves a play of unplayed episodes (`sortOrder` unplayed): of the show named; of all the
    /// shows followed ("my podcasts"); else of the show playing or last heard.
    func unplayedEpisodes(_ search: MediaSearch, user: String, device: String) async throws
        -> [ResolutionResult<MediaItem>]
    {
        // An episode heard to its end just now counts as heard.
        try await keepPlace(device: device, user: user)
        if search.hasName {
            guard let show = try await namedShow(search, user: user, device: device) else { return [.needsValue] }
            guard show.item.type == .podcastShow else { return [.confirmationRequired(show.item)] }
            return try nextUnplayed(of: show.stored, user: user).map { [.success($0)] } ?? [.unsupported(.noUnplayedContent)]
        }
        if search.reference == .my {
            let shows = try store.items(identifiers: library.subscribedShows(user: user))
            let newest = try shows.compactMap { try newestUnplayed(of: $0, user: user) }
            // Oldest first: what has waited longest is heard first.
            let ordered = newest.sorted { ($0.released ?? "") < ($1.released ?? "") }.map(\.item)
            guard !ordered.isEmpty else { return [.unsupported(shows.isEmpty ? .noSubscriptions : .noUnplayedContent)] }
            return [.successes(ordered)]
        }
        var show: StoredItem?
        if let playing = try await player(device).current, let parent = try self.show(of: playing) {
            show = try store.item(identifier: parent.identifier)
        } else if let heard = try library.history(user: user, limit: 200).first(where: { $0.item.type == .podcastEpisode }),
            let parent = heard.parentID
        {
            show = try store.item(rowID: parent)
        }
        if let show { return try nextUnplayed(of: show, user: user).map { [.success($0)] } ?? [.unsupported(.noUnplayedContent)] }
        var my = search
        my.reference = .my
        return try await unplayedEpisodes(my, user: user, device: device)
    }

    /// What is new for `user`: in the show the search names, else in every show they follow. Nil
    /// when the name is no show here.
    public func newEpisodes(_ search: MediaSearch, user: String, device: String) async throws -> NewEpisodes? {
        // An episode heard to its end just now counts as heard.
        try await keepPlace(device: device, user: user)
        if search.hasName {
            guard let show = try await namedShow(search, user: user, device: device), show.item.type == .podcastShow
            else { return nil }
            let (all, played) = try episodes(of: show.stored, user: user)
            let unheard = all.reversed().filter { !played.contains($0.item.identifier) }.map(\.item)
            return NewEpisodes(show: show.item, episodes: unheard, followed: 0)
        }
        let shows = try store.items(identifiers: library.subscribedShows(user: user))
        let newest = try shows.compactMap { try newestUnplayed(of: $0, user: user) }
        return NewEpisodes(
            show: nil, episodes: newest.sorted { ($0.released ?? "") > ($1.released ?? "") }.map(\.item),
            followed: shows.count)
    }

    /// What the search's name finds, read as a show ("the next unplayed episode of Serial").
    private func namedShow(_ search: MediaSearch, user: String, device: String) async throws -> ResolvedItem? {
        var showSearch = search
        showSearch.mediaType = .podcastShow
        showSearch.sortOrder = nil
        showSearch.reference = nil
        return try await find(showSearch, user: user, device: device, limit: 1).first
    }

    /// A show's episodes oldest first, with the ones the person has heard.
    private func episodes(of show: StoredItem, user: String) throws -> (all: [StoredItem], played: Set<String>) {
        let all = try store.episodes(ofShow: show.rowID)
        return (all, try library.played(all.map(\.item.identifier), user: user))
    }

    /// The episode after the last one heard, when it is unheard; else the newest unheard.
    func nextUnplayed(of show: StoredItem, user: String) throws -> MediaItem? {
        let (all, played) = try episodes(of: show, user: user)
        if let last = all.lastIndex(where: { played.contains($0.item.identifier) }),
            let next = all[(last + 1)...].first(where: { !played.contains($0.item.identifier) })
        {
            return next.item
        }
        return all.last { !played.contains($0.item.identifier) }?.item
    }

    private func newestUnplayed(of show: StoredItem, user: String) throws -> StoredItem? {
        let (all, played) = try episodes(of: show, user: user)
        return all.last { !played.contains($0.item.identifier) }
    }

    /// Episodes and books the player went past while time passed (`from` is the player as stored,
    /// `to` as it is now), and the last one when it stopped at its end, are marked played for
    /// whoever asked for them. Items passed faster than they play were skipped (by another client,
    /// or a stream that failed), not heard. The player moved on is then stored, so that what was
    /// heard is noted once ("mark it as unplayed" afterwards stays so). A database that cannot be
    /// written now leaves it for the next read.
    func noteHeardToTheEnd(from stored: PlayerMachine, to now: PlayerMachine, device: String) {
        guard let user = stored.listener, stored.state == .playing else { return }
        let at = clock.now()
        var heard = stored.items(passedOnTheWayTo: now)
        let needed = heard.reduce(0.0) { $0 + ($1.duration ?? .infinity) }
        if needed > stored.position(at: at) + Self.heardSlack { heard = [] }
        if now.state == .stopped, let last = now.current, let duration = last.duration, !heard.contains(last),
            UserLibrary.finishes(at: now.position(at: at), duration: duration)
        {
            heard.append(last)
        }
        // Songs are not marked: a player that only went past music is left as it was stored.
        let spoken = heard.filter { UserLibrary.resumableTypes.contains($0.type) }
        guard !spoken.isEmpty else { return }
        do {
            let already = try library.played(spoken.map(\.identifier), user: user)
            for item in spoken where !already.contains(item.identifier) {
                try library.markPlayed(item, user: user, at: at)
            }
            _ = try players.save(now, device: device, at: at, overStored: true)
        } catch {
            return
        }
    }

    /// Seconds by which items passed may outrun the clock and still count as heard (a player's
    /// own account of time and the clock differ a little).
    static let heardSlack = 5.0

    /// "Mark this as played" (or unplayed): the episode or book playing on the device.
    public func markPlayed(_ played: Bool, device: String, user: String) async throws -> PlayedMark {
        guard let item = try await player(device).current else { return .nothingPlaying }
        guard UserLibrary.resumableTypes.contains(item.type) else { return .notMarkable(item) }
        if played {
            try library.markPlayed(item, user: user, at: clock.now())
            return .marked(item)
        }
        return try library.markUnplayed(item, user: user) ? .unmarked(item) : .wasNotPlayed(item)
    }
}

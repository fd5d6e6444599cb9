import Catalog
public import Foundation
import Library
public import MediaIntents
public import Podcasts

/// A show a person follows, as the page and `hark podcasts` list it: the feed it comes from and how
/// its last refresh went, and its newest episodes with what the person has heard of each.
public struct PodcastSubscription: Sendable, Codable {
    public struct Episode: Sendable, Codable {
        public var item: MediaItem
        public var released: String?
        public var played: Bool
        /// Seconds in, when the person is part way through.
        public var position: Double?
    }
    public var show: MediaItem
    public var feed: String?
    /// Why the last refresh read nothing, if it did not.
    public var error: String?
    public var checkedAt: Double?
    public var episodeCount: Int
    public var unplayed: Int
    public var episodes: [Episode]
}

/// Why a subscription by address was not made.
public enum PodcastError: Error, Sendable, CustomStringConvertible {
    case feed(url: String, FeedError)
    case readOnlyCatalog(String)
    case notFollowed(String)

    public var description: String {
        switch self {
        case .feed(let url, let error): "The feed \(url) \(error.description)."
        case .readOnlyCatalog(let path):
            "The catalog \(path) is a read-only snapshot: subscribe on the catalog it was built from, then build it again."
        case .notFollowed(let show): "\(show) is not among the podcasts followed."
        }
    }
}

/// Podcasts followed by address (`hark podcasts add`, `POST /v1/podcasts`, the page): the feed is
/// fetched and read on a thread of its own with a catalog connection of its own, never on the
/// actor and never inside a spoken request; the person then follows the show (it joins their
/// library, which is what a subscription is: "subscribe to this podcast" adds the show too).
extension BuiltInMediaApp {
    /// Reads the feed at `url` into the catalog and subscribes `user` to its show.
    public nonisolated func subscribe(feed url: String, user: String) async throws -> PodcastSubscription {
        let refresh = try await withFeedRefresher { try $0.add(url: url) }
        if case .failed(let error) = refresh.result { throw PodcastError.feed(url: url, error) }
        guard let ident = refresh.showIdentifier else { throw PodcastError.feed(url: url, .notAFeed(root: "no show")) }
        return try await follow(showIdentifier: ident, user: user)
    }

    private func follow(showIdentifier ident: String, user: String) throws -> PodcastSubscription {
        guard let show = try store.item(identifier: ident) else { throw PodcastError.notFollowed(ident) }
        try library.addToLibrary(show.item, user: user, at: clock.now())
        return try subscription(show, user: user, feeds: FeedStore.reading(store))
    }

    /// Refreshes the feeds someone follows (or those of `only`, by address), off the actor.
    public nonisolated func refreshPodcasts(only: [String]? = nil, progress: (@Sendable (FeedRefresh) -> Void)? = nil)
        async throws -> [FeedRefresh]
    {
        let followed = try await followedShows()
        return try await withFeedRefresher { refresher in
            let all = try refresher.feeds.feeds()
            let chosen = all.filter { feed in
                if let only { return only.contains(feed.url) }
                // Followed by someone, or never read yet.
                return feed.showIdentifier.map(followed.contains) ?? true
            }
            return try refresher.refresh(chosen) { progress?($0) }
        }
    }

    private func followedShows() throws -> Set<String> {
        let feeds = try FeedStore.reading(store)?.feeds().compactMap(\.showIdentifier) ?? []
        return try library.followedShows(feeds)
    }

    /// Whether a show comes from a feed Hark follows (its new episodes then arrive by themselves).
    public func hasFeed(showIdentifier ident: String) throws -> Bool {
        try FeedStore.reading(store)?.feed(showIdentifier: ident) != nil
    }

    /// The shows `user` follows, newest subscription first, each with its newest `episodes`.
    public func podcasts(user: String, episodes: Int = 10) throws -> [PodcastSubscription] {
        let feeds = try FeedStore.reading(store)
        return try store.items(identifiers: library.subscribedShows(user: user)).map {
            try subscription($0, user: user, feeds: feeds, episodes: episodes)
        }
    }

    /// Takes the show out of the person's podcasts; false when they did not follow it.
    public func unsubscribe(showIdentifier ident: String, user: String) throws -> Bool {
        guard let show = try store.item(identifier: ident) else { return false }
        return try library.removeFromLibrary(show.item, user: user)
    }

    private func subscription(_ show: StoredItem, user: String, feeds: FeedStore?, episodes limit: Int = 10) throws
        -> PodcastSubscription
    {
        let feed = try feeds?.feed(showIdentifier: show.item.identifier)
        let all = try store.episodes(ofShow: show.rowID, newestFirst: true)
        let played = try library.played(all.map(\.item.identifier), user: user)
        let newest = Array(all.prefix(limit))
        let places = try library.places(newest.map(\.item.identifier), user: user)
        return PodcastSubscription(
            show: show.item, feed: feed?.url, error: feed?.error, checkedAt: feed?.checkedAt, episodeCount: all.count,
            unplayed: all.count - played.count,
            episodes: newest.map {
                .init(
                    item: $0.item, released: $0.released, played: played.contains($0.item.identifier),
                    position: places[$0.item.identifier])
            })
    }

    /// Runs `body` with a refresher over a catalog connection of its own, on a thread of its own
    /// (a refresh waits on the network; it must hold neither the actor nor a pool thread).
    private nonisolated func withFeedRefresher<T: Sendable>(_ body: @escaping @Sendable (FeedRefresher) throws -> T)
        async throws -> T
    {
        if CatalogSnapshot.isSnapshot(databasePath) { throw PodcastError.readOnlyCatalog(databasePath) }
        let path = databasePath
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let store = try CatalogStore(path: path)
                        return try body(FeedRefresher(store: store))
                    })
            }
        }
    }
}

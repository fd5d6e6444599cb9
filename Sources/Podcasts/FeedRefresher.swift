public import Catalog
public import Foundation
import Synchronization

/// How one feed's refresh went.
public struct FeedRefresh: Sendable, Hashable {
    public enum Result: Sendable, Hashable {
        /// Read: episodes new to the catalog (their identifiers, newest first) and episodes whose
        /// details changed.
        case read(new: [String], changed: Int)
        /// The server said nothing changed (304), or sent the very document read before.
        case unchanged
        /// Nothing was read; the reason is kept with the feed, and its episodes stay as they were.
        case failed(FeedError)
    }

    public var url: String
    /// The show's title, once read.
    public var title: String?
    public var showIdentifier: String?
    public var result: Result
}

/// Refreshes feeds: fetches each (conditionally, with the validators its server gave last time),
/// reads it and writes the show and its episodes into the catalog, in one transaction per feed.
/// A feed that cannot be fetched or read leaves what was stored as it was. Fetching and reading run
/// on worker threads, several feeds at once; writing runs on the caller's thread, one feed at a time.
public final class FeedRefresher {
    public let feeds: FeedStore
    public var fetcher = FeedFetcher()
    /// Feeds fetched at once (network waits, not processor work, bound a refresh).
    public var parallelFetches = 8
    /// Episodes read from one feed, newest first; older ones in a longer list are left out.
    public static let episodesKept = 3_000
    private let now: () -> Double

    public init(store: CatalogStore, now: @escaping () -> Double = { Date().timeIntervalSince1970 }) throws {
        self.feeds = try FeedStore(store: store)
        self.now = now
    }

    /// Follows a feed and reads it at once. A feed that cannot be read is not followed: its row is
    /// taken out again unless it was followed before.
    public func add(url: String) throws -> FeedRefresh {
        let known = try feeds.feed(url: url)
        let id = try feeds.add(url: url, at: now())
        let refresh = try refresh(id: id, url: url)
        if case .failed = refresh.result, known == nil {
            try feeds.db.run("DELETE FROM podcast_feeds WHERE id = ?", [.integer(id)])
        }
        return refresh
    }

    /// Refreshes the feeds given (all followed feeds when nil); `progress` hears of each as it is done.
    public func refresh(_ chosen: [StoredFeed]? = nil, progress: ((FeedRefresh) -> Void)? = nil) throws -> [FeedRefresh] {
        let list = try chosen ?? feeds.feeds()
        let fetcher = self.fetcher
        let fetched = Fetched(count: list.count)
        let requests = try list.map {
            FetchRequest(url: $0.url, etag: $0.etag, lastModified: $0.lastModified, bodyDigest: try feeds.bodyDigest($0.id))
        }
        let workers = max(1, min(parallelFetches, list.count))
        for _ in 0..<workers {
            Thread.detachNewThread {
                while let index = fetched.nextIndex() {
                    let request = requests[index]
                    fetched.deliver(index, Self.fetchAndRead(request, fetcher: fetcher))
                }
            }
        }
        var done: [FeedRefresh] = []
        for _ in list.indices {
            let (index, outcome) = fetched.take()
            let feed = list[index]
            let refresh = try record(outcome, feed: feed.id, url: feed.url)
            progress?(refresh)
            done.append(refresh)
        }
        return done
    }

    /// Reads a feed in full (no validators: whatever was stored is read again).
    private func refresh(id: Int64, url: String) throws -> FeedRefresh {
        let outcome = Self.fetchAndRead(FetchRequest(url: url), fetcher: fetcher)
        return try record(outcome, feed: id, url: url)
    }

    struct FetchRequest: Sendable {
        var url: String
        var etag: String?
        var lastModified: String?
        /// The digest of the body read last time: the same body again is not read again.
        var bodyDigest: String?
    }

    /// What a worker hands back: the document read, "not modified", or why nothing was read.
    enum FetchOutcome: Sendable {
        case read(Feed, fetch: FeedFetch, digest: String)
        case notModified(FeedFetch)
        case failed(FeedError)
    }

    static func fetchAndRead(_ request: FetchRequest, fetcher: FeedFetcher) -> FetchOutcome {
        do {
            var fetch = try fetcher.fetch(request.url, etag: request.etag, lastModified: request.lastModified)
            guard let body = fetch.body else { return .notModified(fetch) }
            // A server that ignores validators may send the very document read before.
            let digest = Digest.of(body)
            if digest == request.bodyDigest { return .notModified(fetch) }
            let feed = try FeedParser.parse(body, url: fetch.url)
            fetch.body = nil  // read: the document itself is not kept
            return .read(feed, fetch: fetch, digest: digest)
        } catch {
            return .failed(error)
        }
    }

    private func record(_ outcome: FetchOutcome, feed id: Int64, url: String) throws -> FeedRefresh {
        let stored = try feeds.feed(url: url)
        var refresh = FeedRefresh(url: url, title: stored?.title, showIdentifier: stored?.showIdentifier, result: .unchanged)
        switch outcome {
        case .failed(let error):
            try feeds.recordFailure(id, reason: error.description, at: now())
            refresh.result = .failed(error)
        case .notModified(let fetch):
            try feeds.recordUnchanged(id, etag: fetch.etag, lastModified: fetch.lastModified, at: now())
        case .read(let feed, let fetch, let digest):
            let written = try write(feed, feed: id, fetch: fetch, digest: digest)
            refresh.title = written.title
            refresh.showIdentifier = written.show
            refresh.result = .read(new: written.new, changed: written.changed)
        }
        return refresh
    }

    /// Writes the show and the episodes that are new or changed, in one transaction.
    private func write(_ feed: Feed, feed id: Int64, fetch: FeedFetch, digest: String) throws
        -> (title: String, show: String, new: [String], changed: Int)
    {
        let store = feeds.store
        let title = FeedEntries.showTitle(feed, url: fetch.url)
        return try store.db.transaction {
            let showRow = try store.upsert(FeedEntries.show(feed, title: title))
            guard let show = try store.item(rowID: showRow)?.item.identifier else {
                throw FeedError.notAFeed(root: "a show that could not be stored")
            }
            let known = try feeds.episodeDigests(id)
            var seen = Set<String>()
            var new: [String] = []
            var changed = 0
            for episode in FeedEntries.newestFirst(feed.episodes).prefix(Self.episodesKept) {
                guard seen.insert(episode.guid).inserted else { continue }
                let entry = FeedEntries.episode(episode, show: title, author: feed.author)
                let episodeDigest = FeedEntries.digest(entry, summary: episode.summary)
                if known[episode.guid] == episodeDigest { continue }
                let row = try store.upsert(entry)
                guard let ident = try store.item(rowID: row)?.item.identifier else { continue }
                try feeds.recordEpisode(
                    id, guid: episode.guid, item: ident, digest: episodeDigest, summary: episode.summary)
                if known[episode.guid] == nil { new.append(ident) } else { changed += 1 }
            }
            try feeds.recordRead(
                id, show: show, title: title, etag: fetch.etag, lastModified: fetch.lastModified, bodyDigest: digest,
                changed: !new.isEmpty || changed > 0, at: now())
            return (title, show, new, changed)
        }
    }
}

/// Results handed from the fetching threads to the writing one, in the order they finish.
private final class Fetched: Sendable {
    private struct State {
        var next = 0
        var ready: [(Int, FeedRefresher.FetchOutcome)] = []
    }
    private let count: Int
    private let state = Mutex(State())
    private let arrived = DispatchSemaphore(value: 0)

    init(count: Int) { self.count = count }

    func nextIndex() -> Int? {
        state.withLock { state in
            guard state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func deliver(_ index: Int, _ outcome: FeedRefresher.FetchOutcome) {
        state.withLock { $0.ready.append((index, outcome)) }
        arrived.signal()
    }

    func take() -> (Int, FeedRefresher.FetchOutcome) {
        arrived.wait()
        return state.withLock { $0.ready.removeFirst() }
    }
}

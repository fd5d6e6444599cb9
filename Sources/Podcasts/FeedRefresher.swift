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

    /// One refresh (or addition) at a time in this process: two would write the same feeds at
    /// once, and each holds the catalog's write lock while it writes.
    private static let oneAtATime = NSLock()

    /// Follows a feed and reads it at once. A feed that cannot be read is not followed: its row is
    /// taken out again unless it was read before (by this addition or another).
    public func add(url: String) throws -> FeedRefresh {
        Self.oneAtATime.lock()
        defer { Self.oneAtATime.unlock() }
        let id = try feeds.add(url: url, at: now())
        let forget = { try? self.feeds.db.run("DELETE FROM podcast_feeds WHERE id = ? AND show_ident IS NULL", [.integer(id)]) }
        do {
            let refresh = try record(Self.fetchAndRead(FetchRequest(url: url), fetcher: fetcher), feed: id, url: url)
            if case .failed = refresh.result { _ = forget() }
            return refresh
        } catch {
            _ = forget()
            throw error
        }
    }

    /// Refreshes the feeds given (all followed feeds when nil); `progress` hears of each as it is
    /// done. A feed that cannot be stored is reported failed like one that cannot be read; the
    /// others go on.
    public func refresh(_ chosen: [StoredFeed]? = nil, progress: ((FeedRefresh) -> Void)? = nil) throws -> [FeedRefresh] {
        Self.oneAtATime.lock()
        defer { Self.oneAtATime.unlock() }
        let list = try chosen ?? feeds.feeds()
        guard !list.isEmpty else { return [] }
        let fetcher = self.fetcher
        XMLDocument.prepared
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
        // Whatever ends this loop, the workers stop taking feeds.
        defer { fetched.stop() }
        var done: [FeedRefresh] = []
        for _ in list.indices {
            let (index, outcome) = fetched.take()
            let feed = list[index]
            let refresh: FeedRefresh
            do {
                refresh = try record(outcome, feed: feed.id, url: feed.url)
            } catch {
                let failure = FeedError.notStored("\(error)")
                try? feeds.recordFailure(feed.id, reason: failure.description, at: now())
                refresh = FeedRefresh(url: feed.url, title: feed.title, showIdentifier: feed.showIdentifier, result: .failed(failure))
            }
            progress?(refresh)
            done.append(refresh)
        }
        return done
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
            let digest = Digest.of(body) + "-" + FeedEntries.mappingVersion
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

    /// Episodes written in one transaction: a first read of thousands is written in steps, so
    /// the catalog's write lock is never held long (the state may share the file).
    static let episodesPerTransaction = 200

    /// Writes the show and the episodes that are new or changed, oldest first, a batch of
    /// episodes a transaction; the feed's validators and digest last, so a read cut short is read
    /// again in full next time (an episode already written is not written again).
    private func write(_ feed: Feed, feed id: Int64, fetch: FeedFetch, digest: String) throws
        -> (title: String, show: String, new: [String], changed: Int)
    {
        let store = feeds.store
        // A show keeps the name it was first read under: its identity (and so its followers, and
        // their places and played episodes) does not change when the feed retitles it.
        var named = (title: FeedEntries.showTitle(feed, url: fetch.url), author: feed.author)
        if let known = try feeds.feed(id: id)?.showIdentifier, let stored = try store.item(identifier: known) {
            named = (stored.item.title, stored.item.artist)
        }
        var showEntry = FeedEntries.show(feed, title: named.title)
        showEntry.artist = named.author
        let showRow = try store.db.transaction { try store.upsert(showEntry) }
        guard let show = try store.item(rowID: showRow)?.item.identifier else { throw FeedError.notStored("the show") }
        let known = try feeds.episodes(id)
        // Each catalog identity belongs to one episode: a second "Trailer" is told apart by its day.
        var owner = Dictionary(known.map { ($0.value.item, $0.key) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        var new: [String] = []
        var changed = 0
        let episodes = FeedEntries.newestFirst(feed.episodes).prefix(Self.episodesKept).reversed()
            .filter { seen.insert($0.guid).inserted }
        for start in stride(from: 0, to: episodes.count, by: Self.episodesPerTransaction) {
            try store.db.transaction {
                for episode in episodes[start..<min(start + Self.episodesPerTransaction, episodes.count)] {
                    var entry = FeedEntries.episode(episode, show: named.title, author: named.author)
                    let episodeDigest = FeedEntries.digest(entry, summary: episode.summary)
                    if known[episode.guid]?.digest == episodeDigest { continue }
                    var keys = store.keys(for: entry)
                    for attempt in 1...20 where owner[keys.ident].map({ $0 != episode.guid }) ?? false {
                        entry.title =
                            FeedEntries.title(of: episode) + " (" + (entry.released ?? "undated")
                            + (attempt > 1 ? " \(attempt)" : "") + ")"
                        keys = store.keys(for: entry)
                    }
                    let ident = keys.ident
                    owner[ident] = episode.guid
                    try store.upsert(entry, keys: keys)
                    try feeds.recordEpisode(id, guid: episode.guid, item: ident, digest: episodeDigest)
                    if known[episode.guid] == nil { new.append(ident) } else { changed += 1 }
                }
            }
        }
        try feeds.recordRead(
            id, show: show, title: named.title, etag: fetch.etag, lastModified: fetch.lastModified, bodyDigest: digest,
            changed: !new.isEmpty || changed > 0, at: now())
        return (named.title, show, new.reversed(), changed)
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

    /// No more feeds are handed out (the writer stopped early).
    func stop() { state.withLock { $0.next = count } }

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

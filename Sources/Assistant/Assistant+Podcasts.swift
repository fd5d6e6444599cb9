public import Apps
import Foundation
import MediaIntents

/// Podcasts followed by feed address, for the API and the page (the voice reaches them as library
/// additions and removals of shows).
extension Assistant {
    /// The shows `user` follows, each with its newest episodes and what the person heard of them.
    public func podcasts(user: String = "default") async throws -> [PodcastSubscription] {
        try await builtInApp.podcasts(user: user)
    }

    /// Reads the feed at `url` and subscribes `user` to its show. A feed that cannot be read is
    /// refused with its reason (`RequestRefused.invalid`), and nothing stored changes.
    public func subscribe(feed url: String, user: String = "default") async throws -> PodcastSubscription {
        do {
            return try await builtInApp.subscribe(feed: url, user: user)
        } catch let error as PodcastError {
            if case .readOnlyCatalog = error { throw RequestRefused(.conflict, error.description) }
            throw RequestRefused(.invalid, error.description)
        }
    }

    /// Asks every followed feed for new episodes, off the request path; how many feeds brought
    /// new episodes, were unchanged, and could not be read (with why).
    public func refreshPodcasts() async throws -> PodcastRefreshSummary {
        let done = try await builtInApp.refreshPodcasts()
        var summary = PodcastRefreshSummary()
        for refresh in done {
            switch refresh.result {
            case .read(let new, _): summary.newEpisodes += new.count; summary.read += 1
            case .unchanged: summary.unchanged += 1
            case .failed(let error): summary.failed.append(.init(url: refresh.url, reason: error.description))
            }
        }
        return summary
    }

    /// Refreshes followed feeds every `interval` seconds until the task is cancelled (`hark serve`).
    public func refreshPodcastsEvery(_ interval: Double, report: @escaping @Sendable (PodcastRefreshSummary) -> Void)
        async
    {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(interval))
            if Task.isCancelled { return }
            if let summary = try? await refreshPodcasts() { report(summary) }
        }
    }
}

/// What a refresh of every followed feed found.
public struct PodcastRefreshSummary: Sendable, Codable {
    public struct Failure: Sendable, Codable {
        public var url: String
        public var reason: String
    }
    public var read = 0
    public var newEpisodes = 0
    public var unchanged = 0
    public var failed: [Failure] = []
}

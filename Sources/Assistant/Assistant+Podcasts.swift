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

    /// "What's new in my podcasts?", "any episodes of Serial I haven't heard?": the newest unheard
    /// episode of each show followed (newest first), or a show's unheard episodes, named; nothing
    /// plays ("play it" then plays the first named).
    func answerNewEpisodes(_ search: MediaSearch, handler: any MediaIntentHandling, language: String, outcome: inout Outcome)
        async
    {
        guard let new = try? await builtInApp.newEpisodes(search, user: handler.user, device: handler.device) else {
            outcome.code = .failure
            outcome.reply = replies.say("fail.notFound", ["query": describe(search, language: language)], language: language)
            return
        }
        let said = Array(new.episodes.prefix(Self.namesSaid))
        let title = { (item: MediaItem) in self.replies.values(for: item, language: language)["title"] ?? item.title }
        outcome.items = said
        outcome.code = .success
        if let show = new.show {
            var values = ["show": title(show), "count": String(new.episodes.count)]
            values["title"] = said.first.map(title) ?? ""
            let key = new.episodes.isEmpty ? ".none" : new.episodes.count == 1 ? ".one" : ""
            outcome.reply = replies.say("search.new.show" + key, values, language: language)
            return
        }
        if new.followed == 0 {
            outcome.code = .failure
            outcome.reply = replies.say("fail.noSubscriptions", language: language)
            return
        }
        let entries = said.map {
            replies.say("search.new.entry", ["title": title($0), "show": $0.album ?? ""], language: language)
        }
        let more = new.episodes.count - said.count
        outcome.reply = replies.say(
            "search.new.podcasts" + (said.isEmpty ? ".none" : more > 0 ? ".more" : ""),
            ["list": joined(entries, last: "list.and", language: language), "more": String(more)], language: language)
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

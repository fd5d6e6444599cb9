import Apps
import Foundation
import Podcasts

extension Commands {
    /// `hark podcasts [add URL | refresh [URL…] | remove SHOW]`.
    static func podcasts(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let app = try builtInApp(arguments, dbPath: dbPath)
        let user = arguments.options["user"] ?? "default"
        let words = Array(arguments.positional.dropFirst())
        switch arguments.positional.first {
        case "add":
            guard words.count == 1, let url = words.first else { throw UsageError("hark podcasts add URL") }
            do {
                let added = try await app.subscribe(feed: url, user: user)
                if arguments.flags.contains("json") { print(json(added, pretty: true)); return 0 }
                print("Subscribed \(user) to \(added.show.title): \(added.episodeCount) episodes.")
                return 0
            } catch let error as PodcastError {
                warn("hark: \(error)")
                return 1
            }
        case "refresh":
            let started = Date()
            let done = try await app.refreshPodcasts(only: words.isEmpty ? nil : words) { refresh in
                print(describe(refresh))
            }
            let failed = done.filter { if case .failed = $0.result { return true } else { return false } }.count
            print(
                "Refreshed \(done.count) feeds in \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
                    + (failed > 0 ? "; \(failed) could not be read." : "."))
            return failed == 0 ? 0 : 1
        case "remove":
            guard words.count == 1, let said = words.first else { throw UsageError("hark podcasts remove SHOW") }
            let followed = try await app.podcasts(user: user, episodes: 0)
            guard
                let show = followed.first(where: {
                    $0.show.identifier == said || $0.show.title.caseInsensitiveCompare(said) == .orderedSame
                })
            else {
                warn("hark: \(user) does not follow \(said)")
                return 1
            }
            _ = try await app.unsubscribe(showIdentifier: show.show.identifier, user: user)
            print("Unsubscribed \(user) from \(show.show.title).")
            return 0
        case nil:
            let followed = try await app.podcasts(user: user)
            if arguments.flags.contains("json") { print(json(followed, pretty: true)); return 0 }
            if followed.isEmpty { print("\(user) follows no podcasts.") }
            for show in followed {
                print("\(show.show.title) — \(show.episodeCount) episodes, \(show.unplayed) unplayed" + (show.feed.map { " (\($0))" } ?? ""))
                if let error = show.error { print("  last refresh: \(error)") }
                for episode in show.episodes {
                    let heard =
                        episode.played ? "played" : episode.position.map { "at \(Int($0) / 60):" + String(format: "%02d", Int($0) % 60) } ?? "new"
                    print("  \(episode.released ?? "          ")  \(episode.item.title)  [\(heard)]")
                }
            }
            return 0
        case let other?:
            throw UsageError("unknown podcasts command '\(other)'")
        }
    }

    /// One feed's refresh, in a line.
    static func describe(_ refresh: FeedRefresh) -> String {
        let name = refresh.title ?? refresh.url
        switch refresh.result {
        case .read(let new, let changed):
            return "\(name): \(new.count) new episodes" + (changed > 0 ? ", \(changed) changed" : "")
        case .unchanged: return "\(name): unchanged"
        case .failed(let error): return "\(name): \(refresh.url) \(error.description)"
        }
    }
}

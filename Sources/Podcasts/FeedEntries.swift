public import Catalog
import Foundation
import MediaIntents

/// A feed's show and episodes as catalog entries. The show is credited to the feed's author, and so
/// is each episode, so that the catalog files the episodes under that show. An episode's `path` is
/// its enclosure's address (the player streams it); its number and season, where the feed gives
/// them, are its track and disc numbers.
public enum FeedEntries {
    public static func show(_ feed: Feed, title: String) -> CatalogEntry {
        var entry = CatalogEntry(type: .podcastShow, title: title, artist: feed.author.flatMap(nonEmpty))
        entry.explicit = feed.explicit
        return entry
    }

    public static func episode(_ episode: FeedEpisode, show: String, author: String?) -> CatalogEntry {
        var entry = CatalogEntry(type: .podcastEpisode, title: title(of: episode), artist: author.flatMap(nonEmpty))
        entry.show = show
        entry.path = episode.enclosure
        entry.duration = episode.duration
        entry.explicit = episode.explicit
        entry.description = episode.summary
        entry.trackNumber = episode.number
        entry.discNumber = episode.season
        if let published = episode.published {
            entry.released = day.string(from: published)
            entry.year = Calendar(identifier: .gregorian).dateComponents(in: utc, from: published).year
        }
        return entry
    }

    /// The feed's title; a feed without one is named by its address's host.
    static func showTitle(_ feed: Feed, url: String) -> String {
        nonEmpty(feed.title) ?? URL(string: url)?.host ?? url
    }

    /// An episode without a title is named by its day.
    static func title(of episode: FeedEpisode) -> String {
        nonEmpty(episode.title) ?? episode.published.map { "Episode of " + day.string(from: $0) } ?? "Untitled episode"
    }

    /// Episodes newest first; undated ones keep the feed's order after the dated.
    static func newestFirst(_ episodes: [FeedEpisode]) -> [FeedEpisode] {
        episodes.enumerated().sorted { left, right in
            switch (left.element.published, right.element.published) {
            case let (l?, r?) where l != r: return l > r
            case (_?, nil): return true
            case (nil, _?): return false
            default: return left.offset < right.offset
            }
        }.map(\.element)
    }

    /// Which mapping of feeds to catalog entries wrote what is stored: digests carry it, so a feed
    /// read before the mapping changed is written again (raise it with any change to the mapping).
    static let mappingVersion = "2"

    /// What was written for an episode, digested: the same digest means nothing to write.
    static func digest(_ entry: CatalogEntry, summary: String?) -> String {
        let fields: [String?] = [
            mappingVersion,
            entry.title, entry.artist, entry.show, entry.path, entry.duration.map { String($0) }, entry.released,
            entry.trackNumber.map(String.init), entry.discNumber.map(String.init), entry.explicit == true ? "e" : "",
            summary,
        ]
        return Digest.of(Data(fields.map { $0 ?? "" }.joined(separator: "\u{1F}").utf8))
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private static let utc = TimeZone(identifier: "UTC")!

    /// Used by the one refresh at a time (`FeedRefresher.oneAtATime`).
    nonisolated(unsafe) private static let day: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()
}

/// A document's or an episode's digest, in hex: enough to tell whether it changed since it was
/// last stored.
enum Digest {
    static func of(_ data: Data) -> String { String(StableHash.fnv1a(data), radix: 16) }
}

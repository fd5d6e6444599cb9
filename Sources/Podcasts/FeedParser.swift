public import Foundation

/// Reads a podcast feed: RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, or Atom. An
/// episode without an enclosure is not an episode (nothing to play) and is left out.
public enum FeedParser {
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let podcast = "https://podcastindex.org/namespace/1.0"
    static let atom = "http://www.w3.org/2005/Atom"
    static let content = "http://purl.org/rss/1.0/modules/content/"

    public static func parse(_ data: Data, url: String? = nil) throws(FeedError) -> Feed {
        let document = try XMLDocument(data, url: url)
        guard let root = document.root else { throw .notXML("no root element") }
        switch (root.name, root.namespace) {
        case ("rss", _):
            guard let channel = root.child("channel") else { throw .notAFeed(root: "rss without a channel") }
            return rss(channel)
        case ("feed", atom):
            return atomFeed(root)
        default:
            throw .notAFeed(root: root.name)
        }
    }

    private static func rss(_ channel: XMLElement) -> Feed {
        var feed = Feed(title: channel.text(of: "title") ?? "")
        feed.author = channel.text(of: "author", itunes) ?? channel.text(of: "managingEditor")
        feed.summary = (channel.text(of: "summary", itunes) ?? channel.text(of: "description")).flatMap(plain)
        feed.image = channel.child("image", itunes)?.attribute("href") ?? channel.child("image")?.text(of: "url")
        feed.link = channel.text(of: "link")
        feed.language = channel.text(of: "language")
        feed.explicit = isExplicit(channel.text(of: "explicit", itunes))
        feed.episodes = channel.all("item").compactMap(rssEpisode)
        return feed
    }

    private static func rssEpisode(_ item: XMLElement) -> FeedEpisode? {
        guard let enclosure = item.child("enclosure"), let address = enclosure.attribute("url") else { return nil }
        let title = item.text(of: "title", itunes) ?? item.text(of: "title") ?? ""
        var episode = FeedEpisode(guid: item.text(of: "guid") ?? address, title: title, enclosure: address)
        episode.enclosureType = enclosure.attribute("type")
        episode.enclosureLength = enclosure.attribute("length").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
        let described =
            item.text(of: "summary", itunes) ?? item.text(of: "description") ?? item.text(of: "encoded", content)
        episode.summary = described.flatMap(plain)
        episode.published = item.text(of: "pubDate").flatMap(FeedDates.date)
        episode.duration = item.text(of: "duration", itunes).flatMap(FeedDates.duration)
        episode.season = item.text(of: "season", itunes).flatMap { Int($0) }
        episode.number = item.text(of: "episode", itunes).flatMap { Int($0) }
        episode.kind = item.text(of: "episodeType", itunes)?.lowercased()
        episode.explicit = isExplicit(item.text(of: "explicit", itunes))
        episode.image = item.child("image", itunes)?.attribute("href")
        episode.chapters = item.child("chapters", podcast)?.attribute("url")
        episode.transcripts = item.all("transcript", podcast).compactMap { element in
            element.attribute("url").map {
                FeedEpisode.Transcript(
                    url: $0, type: element.attribute("type"), language: element.attribute("language"))
            }
        }
        return episode
    }

    private static func atomFeed(_ root: XMLElement) -> Feed {
        var feed = Feed(title: root.text(of: "title", atom) ?? "")
        feed.author = root.child("author", atom)?.text(of: "name", atom)
        feed.summary = root.text(of: "subtitle", atom).flatMap(plain)
        feed.image = root.text(of: "logo", atom) ?? root.text(of: "icon", atom)
        feed.link = link(of: root, relation: "alternate")?.attribute("href")
        feed.language = root.attribute("lang")
        feed.episodes = root.all("entry", atom).compactMap { entry in
            guard let enclosure = link(of: entry, relation: "enclosure"), let address = enclosure.attribute("href")
            else { return nil }
            var episode = FeedEpisode(
                guid: entry.text(of: "id", atom) ?? address, title: entry.text(of: "title", atom) ?? "",
                enclosure: address)
            episode.enclosureType = enclosure.attribute("type")
            episode.enclosureLength = enclosure.attribute("length").flatMap { Int64($0) }
            episode.summary = (entry.text(of: "summary", atom) ?? entry.text(of: "content", atom)).flatMap(plain)
            episode.published = (entry.text(of: "published", atom) ?? entry.text(of: "updated", atom))
                .flatMap(FeedDates.date)
            episode.duration = entry.text(of: "duration", itunes).flatMap(FeedDates.duration)
            return episode
        }
        return feed
    }

    /// An Atom link of a relation ("alternate" when a link names none).
    private static func link(of element: XMLElement, relation: String) -> XMLElement? {
        element.all("link", atom).first { ($0.attribute("rel") ?? "alternate") == relation }
    }

    private static func plain(_ text: String) -> String? { XMLDocument.plainText(ofHTML: text) }

    private static func isExplicit(_ value: String?) -> Bool {
        ["yes", "true", "explicit"].contains(value?.lowercased() ?? "")
    }
}

import Foundation
import Testing

@testable import Podcasts

/// Issue 37: feeds read with libxml2: RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, Atom,
/// and hostile or broken documents refused with a reason.
@Suite("Feed parsing")
struct FeedParserTests {
    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
             xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
          <channel>
            <title>Night Owls</title>
            <link>https://owls.example/</link>
            <language>en-gb</language>
            <itunes:author>The Owl Collective</itunes:author>
            <itunes:image href="https://owls.example/cover.jpg"/>
            <itunes:explicit>false</itunes:explicit>
            <description><![CDATA[<p>Talk about <b>birds</b> &amp; the night.</p>]]></description>
            <item>
              <title>Barn owls at dusk</title>
              <guid isPermaLink="false">owls-12</guid>
              <pubDate>Tue, 03 Jun 2025 09:00:00 GMT</pubDate>
              <enclosure url="https://owls.example/12.mp3" type="audio/mpeg" length="12345678"/>
              <itunes:duration>1:02:03</itunes:duration>
              <itunes:season>2</itunes:season>
              <itunes:episode>3</itunes:episode>
              <itunes:episodeType>full</itunes:episodeType>
              <itunes:explicit>yes</itunes:explicit>
              <description>Where they hunt &amp; why.</description>
              <podcast:chapters url="https://owls.example/12.json" type="application/json+chapters"/>
              <podcast:transcript url="https://owls.example/12.vtt" type="text/vtt" language="en"/>
              <podcast:transcript url="https://owls.example/12.srt" type="application/srt"/>
            </item>
            <item>
              <title>A post with no audio</title>
              <guid>owls-note</guid>
            </item>
            <item>
              <title>Trailer</title>
              <pubDate>Mon, 2 Jun 2025 08:30 +0200</pubDate>
              <enclosure url="https://owls.example/trailer.mp3" type="audio/mpeg"/>
              <itunes:duration>95</itunes:duration>
              <content:encoded><![CDATA[<div>Coming <i>soon</i></div>]]></content:encoded>
            </item>
          </channel>
        </rss>
        """

    @Test func rssWithTheITunesAndPodcastNamespacesIsRead() throws {
        let feed = try FeedParser.parse(Data(Self.rss.utf8))
        #expect(feed.title == "Night Owls")
        #expect(feed.author == "The Owl Collective")
        #expect(feed.image == "https://owls.example/cover.jpg")
        #expect(feed.summary == "Talk about birds & the night.")
        #expect(feed.language == "en-gb" && !feed.explicit)
        // The item with nothing to play is not an episode.
        #expect(feed.episodes.map(\.title) == ["Barn owls at dusk", "Trailer"])
        let first = feed.episodes[0]
        #expect(first.guid == "owls-12")
        #expect(first.enclosure == "https://owls.example/12.mp3" && first.enclosureType == "audio/mpeg")
        #expect(first.enclosureLength == 12_345_678)
        #expect(first.published == Date(timeIntervalSince1970: 1_748_941_200))
        #expect(first.duration == 3723)
        #expect(first.season == 2 && first.number == 3 && first.kind == "full" && first.explicit)
        #expect(first.summary == "Where they hunt & why.")
        #expect(first.chapters == "https://owls.example/12.json")
        #expect(first.transcripts.map(\.url) == ["https://owls.example/12.vtt", "https://owls.example/12.srt"])
        #expect(first.transcripts.first?.language == "en")
        let trailer = feed.episodes[1]
        #expect(trailer.guid == "https://owls.example/trailer.mp3")  // no guid: its audio's address
        #expect(trailer.published == Date(timeIntervalSince1970: 1_748_845_800))
        #expect(trailer.duration == 95)
        #expect(trailer.summary == "Coming soon")
    }

    @Test func atomFeedsAreReadToo() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de">
              <title>Nachtgespräche</title>
              <author><name>Anna</name></author>
              <link href="https://nacht.example/"/>
              <entry>
                <id>urn:nacht:1</id>
                <title>Folge 1</title>
                <published>2025-05-01T18:00:00Z</published>
                <link rel="enclosure" href="https://nacht.example/1.ogg" type="audio/ogg" length="999"/>
                <summary>Über Eulen</summary>
              </entry>
              <entry><id>urn:nacht:text</id><title>Nur Text</title></entry>
            </feed>
            """
        let feed = try FeedParser.parse(Data(atom.utf8))
        #expect(feed.title == "Nachtgespräche" && feed.author == "Anna" && feed.link == "https://nacht.example/")
        #expect(feed.episodes.count == 1)
        #expect(feed.episodes.first?.guid == "urn:nacht:1")
        #expect(feed.episodes.first?.enclosure == "https://nacht.example/1.ogg")
        #expect(feed.episodes.first?.published == Date(timeIntervalSince1970: 1_746_122_400))
    }

    @Test func anEntityBombIsRefusedUnexpanded() {
        var bomb = #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a0 "lol">"#
        for level in 1...9 {
            bomb += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        bomb += "]><rss><channel><title>&a9;</title></channel></rss>"
        #expect(throws: FeedError.declaresEntities) { try FeedParser.parse(Data(bomb.utf8)) }
    }

    @Test func whatIsNotAFeedIsRefusedWithWhatItIs() {
        #expect(throws: FeedError.notAFeed(root: "html")) {
            try FeedParser.parse(Data("<html><body><p>Moved</p></body></html>".utf8))
        }
        do {
            _ = try FeedParser.parse(Data("{\"not\": \"xml\"}".utf8))
            Issue.record("JSON read as a feed")
        } catch {
            if case .notXML = error {} else { Issue.record("\(error)") }
        }
        #expect(throws: FeedError.notXML("empty")) { try FeedParser.parse(Data()) }
        let huge = Data(count: XMLDocument.largest + 1)
        #expect(throws: FeedError.tooLarge(limit: XMLDocument.largest)) { try FeedParser.parse(huge) }
    }

    @Test func durationsAndDatesAsFeedsWriteThem() {
        #expect(FeedDates.duration("62:03") == 3723)
        #expect(FeedDates.duration("3723") == 3723)
        #expect(FeedDates.duration("1:2:3:4") == nil && FeedDates.duration("soon") == nil)
        #expect(FeedDates.date("Tue, 03 Jun 2025 09:00:00 +0000") == Date(timeIntervalSince1970: 1_748_941_200))
        #expect(FeedDates.date("03 Jun 2025 09:00:00 GMT") == Date(timeIntervalSince1970: 1_748_941_200))
        #expect(FeedDates.date("2025-06-03T09:00:00.000Z") == Date(timeIntervalSince1970: 1_748_941_200))
        #expect(FeedDates.date("yesterday") == nil)
    }
}

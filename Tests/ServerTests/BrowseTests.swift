import Foundation
import Server
import Testing

/// The page's touch API: an item opened, played by identifier (an album from its second song,
/// next, later), up next moved and cut, and pictures with their caching.
@Suite("Browsing and up next by touch", .serialized) struct BrowseTests {
    var live: LiveServer { ServerTests.live }

    func titles(_ reply: LiveServer.Reply, _ key: String = "upNext") -> [String] {
        (reply.json[key] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    @Test func anAlbumOpensToItsSongsAndPlaysFromTheSecond() async throws {
        let album = try await live.call("GET", "/v1/items/album%2Fadele%2F21")
        #expect(album.status == 200)
        let songs = titles(album, "tracks")
        try #require(songs.count == 4 && songs.first == "Rolling in the Deep", "\(songs)")
        let second = try #require((album.json["tracks"] as? [[String: Any]])?[1]["identifier"] as? String)
        let played = try await live.call(
            "POST", "/v1/play", json: #"{"identifier": "album/adele/21", "start": "\#(second)", "device": "browse"}"#)
        #expect(played.json["reply"] as? String == "Playing \(songs[1]) by Adele.")
        #expect(played.json["understoodText"] as? String == "Play · \(songs[1]) by Adele")
        let upNext = try await live.call("GET", "/v1/queue?device=browse")
        #expect(titles(upNext) == Array(songs.dropFirst(2)))
        // An artist opens to their songs and albums.
        let artist = try await live.call("GET", "/v1/items/artist%2Fadele%2F").json
        #expect((artist["albums"] as? [[String: Any]])?.contains { $0["title"] as? String == "21" } == true)
        #expect(try await live.call("GET", "/v1/items/album%2Fnobody%2Fnothing").status == 404)
        #expect(try await live.call("GET", "/v1/items").status == 404)
        // An identifier in the path may be as long as one in a body (1000), unlike a name (200).
        #expect(try await live.call("GET", "/v1/items/" + String(repeating: "a", count: 300)).status == 404)
        #expect(try await live.call("GET", "/v1/items/" + String(repeating: "a", count: 1_001) + "/art").status == 400)
    }

    @Test func lyricsAreGivenTimedLineByLineAndSongsAreFoundByThem() async throws {
        let timed = try await live.call("GET", "/v1/items/song%2F%2Ftwinkle-twinkle-little-star/lyrics")
        #expect(timed.status == 200)
        #expect(timed.json["timed"] as? Bool == true)
        let lines = timed.json["lines"] as? [[String: Any]] ?? []
        #expect(lines.first?["text"] as? String == "Twinkle, twinkle, little star")
        #expect(lines.first?["time"] as? Double == 2)
        let plain = try await live.call("GET", "/v1/items/song%2F%2Famazing-grace/lyrics")
        #expect(plain.json["timed"] as? Bool == false)
        #expect((plain.json["text"] as? String)?.hasPrefix("Amazing grace, how sweet the sound\n") == true)
        #expect(try await live.call("GET", "/v1/items/song%2Fadele%2Fskyfall/lyrics").status == 404)
        #expect(try await live.call("GET", "/v1/items/song%2Fnobody%2Fnothing/lyrics").status == 404)
        // An identifier as long as one in a body (1000) is a lookup, not a refused path.
        #expect(try await live.call("GET", "/v1/items/" + String(repeating: "a", count: 300) + "/lyrics").status == 404)
        // Asked by a line, the reply quotes the line and the item says it.
        let asked = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "play the song that goes how I wonder what you are", "device": "lyrics"}"#)
        #expect(asked.json["reply"] as? String == "Playing Twinkle, Twinkle, Little Star. It has the line “How I wonder what you are”.")
        let item = (asked.json["items"] as? [[String: Any]])?.first
        #expect(item?["lyricLine"] as? String == "How I wonder what you are")
        // Asked for the lyrics: a page (a screen) is shown them, a speaker says it cannot read them.
        let onScreen = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "what are the lyrics", "device": "lyrics", "screen": true}"#)
        let shown = onScreen.json["reply"] as? String ?? ""
        #expect(shown.hasPrefix("Now: “") || shown == "Here are the lyrics of Twinkle, Twinkle, Little Star.", "\(shown)")
        let spoken = try await live.call("POST", "/v1/ask", json: #"{"text": "what are the lyrics", "device": "lyrics"}"#)
        #expect((spoken.json["reply"] as? String)?.contains("can't read out lyrics") == true)
    }

    @Test func upNextIsReorderedCutAndAddedToNextAndLater() async throws {
        let album = try await live.call("POST", "/v1/play", json: #"{"identifier": "album/adele/21", "device": "queue"}"#)
        // The album asked for is named, not the first of its songs now playing.
        #expect(album.json["understoodText"] as? String == "Play · 21 by Adele")
        let before = titles(try await live.call("GET", "/v1/queue?device=queue"))
        #expect(before.count == 3)
        let moved = try await live.call("POST", "/v1/queue/move", json: #"{"device": "queue", "from": 2, "to": 0}"#)
        #expect(titles(moved) == [before[2], before[0], before[1]])
        let cut = try await live.call("POST", "/v1/queue/remove", json: #"{"device": "queue", "index": 1}"#)
        #expect(titles(cut) == [before[2], before[1]])
        let next = try await live.call(
            "POST", "/v1/play", json: #"{"identifier": "song/adele/hello", "when": "next", "device": "queue"}"#)
        #expect(next.json["reply"] as? String == "Hello will play next.")
        #expect(next.json["understoodText"] as? String == "Play next · Hello by Adele")
        let later = try await live.call(
            "POST", "/v1/play", json: #"{"identifier": "song/adele/skyfall", "when": "later", "device": "queue"}"#)
        #expect(later.json["reply"] as? String == "Added Skyfall to the queue.")
        #expect(later.json["understoodText"] as? String == "Play later · Skyfall by Adele")
        #expect(titles(try await live.call("GET", "/v1/queue?device=queue")) == ["Hello", before[2], before[1], "Skyfall"])
        // What is playing stays playing.
        let playing = try await live.call("GET", "/v1/now-playing?device=queue").json
        #expect((playing["nowPlaying"] as? [String: Any])?["state"] as? String == "playing")
        // Places outside up next, and bodies without them, are refused with what is wrong.
        #expect(try await live.call("POST", "/v1/queue/move", json: #"{"device": "queue", "from": 9, "to": 0}"#).status == 404)
        #expect(try await live.call("POST", "/v1/queue/move", json: #"{"device": "queue"}"#).status == 400)
        #expect(try await live.call("POST", "/v1/queue/shuffle", json: #"{"device": "queue"}"#).status == 404)
        #expect(try await live.call("POST", "/v1/play", json: #"{"identifier": "x", "when": "soon"}"#).status == 400)
        // An item that is not there, or a start that is not one of its items: 404, nothing played.
        let missing = try await live.call("POST", "/v1/play", json: #"{"identifier": "song/nope/nope", "device": "queue"}"#)
        #expect(missing.status == 404 && (missing.json["error"] as? String)?.contains("song/nope/nope") == true)
        let elsewhere = try await live.call(
            "POST", "/v1/play", json: #"{"identifier": "album/adele/21", "start": "song/queen/bohemian-rhapsody", "device": "queue"}"#)
        #expect(elsewhere.status == 404)
        #expect(titles(try await live.call("GET", "/v1/queue?device=queue")) == ["Hello", before[2], before[1], "Skyfall"])
    }

    /// A "/" or a "%" in a path segment, sent escaped, stays in that segment: a playlist "AC/DC 100%"
    /// is added to by its name, and escaped query values are read as sent.
    @Test func anEscapedSlashOrPercentStaysInItsSegment() async throws {
        let path = "/v1/playlists/AC%2FDC%20100%25/items"
        let added = try await live.call("POST", path, json: #"{"identifier": "song/adele/hello", "user": "slash"}"#)
        #expect(added.status == 200, "\(added.text)")
        let lists = try await live.call("GET", "/v1/library?user=slash").json["playlists"] as? [[String: Any]]
        #expect(lists?.map { $0["name"] as? String } == ["AC/DC 100%"])
        let removed = try await live.call("DELETE", path + "?identifier=song%2Fadele%2Fhello&user=sl%61sh")
        #expect(removed.status == 200 && (removed.json["items"] as? [Any])?.isEmpty == true, "\(removed.text)")
        // A literal "%2F" in a name is sent as "%252F" and is not taken for a slash.
        let literal = try await live.call("POST", "/v1/playlists/a%252Fb/items", json: #"{"identifier": "song/adele/hello", "user": "slash"}"#)
        #expect(literal.status == 200)
        let names = (try await live.call("GET", "/v1/library?user=slash").json["playlists"] as? [[String: Any]])?
            .compactMap { $0["name"] as? String }
        #expect(names?.map { $0.lowercased() }.sorted() == ["a%2fb", "ac/dc 100%"], "\(names ?? [])")
    }

    @Test func anItemWithoutAPictureGetsADrawnOneWithCaching() async throws {
        let picture = try await live.call("GET", "/v1/items/song%2Fadele%2Fskyfall/art?size=100")
        #expect(picture.status == 200)
        #expect(picture.headers["content-type"] == "image/svg+xml")
        #expect(picture.text.contains("width=\"128\"") && picture.text.contains(">S</text>"))
        let tag = try #require(picture.headers["etag"])
        #expect(picture.headers["cache-control"]?.contains("max-age") == true)
        let again = try await live.call("GET", "/v1/items/song%2Fadele%2Fskyfall/art?size=100", headers: ["If-None-Match": tag])
        #expect(again.status == 304)
        #expect(try await live.call("GET", "/v1/items/song%2Fnobody%2Fnothing/art").status == 404)
        #expect(try await live.call("GET", "/v1/items/song%2Fadele%2Fskyfall/art?size=big").status == 400)
    }

    @Test func thePageIsServedWholeWithNoOutsideResourcesAndNoEmoji() async throws {
        var text = ""
        for path in ["/", "/page.js", "/library.js", "/rooms.js", "/lyrics.js", "/podcasts.js", "/identify.js"] {
            let reply = try await live.call("GET", path)
            #expect(reply.status == 200, "\(path)")
            text += reply.text
        }
        // Nothing is fetched from elsewhere: no address but the page's own.
        for line in text.split(separator: "\n") where line.contains("http:") || line.contains("https:") || line.contains("//cdn") {
            Issue.record("an outside resource: \(line)")
        }
        let emoji = text.unicodeScalars.filter { $0.properties.isEmojiPresentation }
        #expect(emoji.isEmpty, "emoji in the page: \(String(String.UnicodeScalarView(emoji)))")
    }
}

import Foundation
import Server
import Testing

/// Issue 20, the authorisation table: every endpoint without a token, and what a user's token
/// reaches of their own, of another user's and of another home's.
@Suite("Who may do what", .serialized) struct AuthorizationTests {
    static let server = try! LiveServer(tokens: ["t-ann": "ann", "t-bob": "bob"])
    var live: LiveServer { Self.server }

    /// Every endpoint that acts for a user, with a body where it takes one.
    static let endpoints: [(String, String, String?)] = [
        ("POST", "/v1/ask", #"{"text": "pause"}"#), ("GET", "/v1/now-playing", nil), ("GET", "/v1/events", nil),
        ("GET", "/v1/search?q=hello", nil), ("GET", "/v1/library", nil),
        ("POST", "/v1/library/affinities", #"{"identifier": "song/adele/hello", "affinity": "like"}"#),
        ("GET", "/v1/playlists", nil), ("POST", "/v1/playlists", #"{"name": "Road Trip"}"#),
        ("POST", "/v1/playlists/Road%20Trip/items", #"{"items": ["song/adele/hello"]}"#),
        ("DELETE", "/v1/playlists/Road%20Trip/items?identifier=song/adele/hello", nil),
        ("PUT", "/v1/vocabulary/playlistTitle", #"{"phrases": []}"#),
        ("POST", "/v1/apps", #"{"identifier": "com.example.x", "name": "X"}"#),
        ("PUT", "/v1/apps/default", #"{}"#), ("GET", "/v1/apps/com.example.x/entities", nil),
        ("PUT", "/v1/apps/com.example.x/entities", #"{"entities": []}"#),
        ("DELETE", "/v1/apps/com.example.x/entities/walk/1", nil),
        ("POST", "/v1/apps/com.example.x/donations", #"{"intent": "x"}"#), ("GET", "/v1/suggestions", nil),
        ("POST", "/v1/suggestions/perform", #"{"app": "x", "intent": "x"}"#),
        ("POST", "/v1/player/pause", #"{}"#), ("GET", "/v1/home", nil), ("GET", "/v1/home/flat", nil),
        ("PUT", "/v1/home/flat", #"{"name": "Flat"}"#), ("DELETE", "/v1/home/flat", nil),
        ("GET", "/v1/items/album%2Fadele%2F21", nil), ("GET", "/v1/items/album%2Fadele%2F21/art", nil),
        ("GET", "/v1/items/song%2F%2Famazing-grace/lyrics", nil),
        ("POST", "/v1/play", #"{"identifier": "album/adele/21"}"#), ("GET", "/v1/queue", nil),
        ("POST", "/v1/queue/move", #"{"from": 0, "to": 1}"#), ("POST", "/v1/queue/remove", #"{"index": 0}"#),
    ]

    @Test func withoutATokenEveryEndpointThatActsForAUserIs401AndTheOthersAnswer() async throws {
        for (method, path, body) in Self.endpoints {
            let status = try await live.call(method, path, json: body).status
            #expect(status == 401, "\(method) \(path) without a token: \(status)")
        }
        for path in ["/v1/health", "/v1/openapi.json", "/", "/v1/metrics"] {
            #expect(try await live.call("GET", path).status == 200, "\(path)")
        }
    }

    @Test func aUsersDevicesLibraryAndHomeAreTheirOwn() async throws {
        // Ann plays in her kitchen, likes a song and makes a home.
        let played = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "play skyfall by adele", "device": "kitchen"}"#, token: "t-ann")
        #expect(played.status == 200)
        _ = try await live.call(
            "POST", "/v1/library/affinities", json: #"{"identifier": "song/adele/hello", "affinity": "like"}"#,
            token: "t-ann")
        let home = #"{"name": "Ann's", "rooms": [{"id": "k", "name": "kitchen"}], "devices": [{"id": "s", "name": "speaker", "kind": "speaker", "room": "k"}]}"#
        #expect(try await live.call("PUT", "/v1/home/annhome", json: home, token: "t-ann").status == 200)
        #expect(try await live.call("PUT", "/v1/home/bobhome", json: home, token: "t-bob").status == 200)

        // Her own token reaches all of it.
        let hers = try await live.call("GET", "/v1/now-playing?device=kitchen", token: "t-ann").json
        #expect(((hers["nowPlaying"] as? [String: Any])?["item"] as? [String: Any])?["title"] as? String == "Skyfall")
        #expect(try await live.call("GET", "/v1/home/annhome", token: "t-ann").status == 200)

        // Another user's token: a "kitchen" of Bob's own, not hers; pausing it leaves hers playing.
        let bobs = try await live.call("GET", "/v1/now-playing?device=kitchen", token: "t-bob").json
        #expect((bobs["nowPlaying"] as? [String: Any])?["item"] == nil)
        _ = try await live.call("POST", "/v1/player/pause", json: #"{"device": "kitchen"}"#, token: "t-bob")
        let still = try await live.call("GET", "/v1/now-playing?device=kitchen", token: "t-ann").json
        #expect((still["nowPlaying"] as? [String: Any])?["state"] as? String == "playing")
        let library = try await live.call("GET", "/v1/library?user=ann", token: "t-bob").json
        #expect((library["liked"] as? [Any])?.isEmpty == true)

        // Another home's token: Ann's home is not Bob's to read, change, delete, list or use.
        #expect(try await live.call("GET", "/v1/home/annhome", token: "t-bob").status == 403)
        #expect(try await live.call("PUT", "/v1/home/annhome", json: home, token: "t-bob").status == 403)
        #expect(try await live.call("DELETE", "/v1/home/annhome", token: "t-bob").status == 403)
        let listed = try await live.call("GET", "/v1/home", token: "t-bob").json
        #expect((listed["homes"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["bobhome"])
        let asked = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "play hello", "home": "annhome", "device": "s"}"#, token: "t-bob")
        #expect(asked.status == 403)
        #expect(try await live.call("GET", "/v1/events?home=annhome&access_token=t-bob").status == 403)
        #expect(try await live.call("GET", "/v1/queue?home=annhome&device=s", token: "t-bob").status == 403)
        // Her own home's room, by home and device, from the page's buttons with her token.
        _ = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "play skyfall by adele", "home": "annhome", "device": "s"}"#, token: "t-ann")
        let paused = try await live.call("POST", "/v1/player/pause", json: #"{"home": "annhome", "device": "s"}"#, token: "t-ann")
        #expect((paused.json["nowPlaying"] as? [String: Any])?["state"] as? String == "paused")
        let room = try await live.call("GET", "/v1/now-playing?home=annhome&device=s", token: "t-ann").json
        #expect(((room["nowPlaying"] as? [String: Any])?["item"] as? [String: Any])?["title"] as? String == "Skyfall")
        #expect(try await live.call("POST", "/v1/player/pause", json: #"{"home": "annhome", "device": "s"}"#, token: "t-bob").status == 403)
        let moved = try await live.call(
            "POST", "/v1/queue/move", json: #"{"home": "annhome", "device": "s", "from": 0, "to": 1}"#, token: "t-bob")
        #expect(moved.status == 403)
    }

    @Test func upNextAndPlayingByTouchAreEachUsersOwnAndPicturesTakeTheTokenInTheQuery() async throws {
        let played = try await live.call(
            "POST", "/v1/play", json: #"{"identifier": "album/adele/21", "device": "den"}"#, token: "t-ann")
        #expect(played.status == 200)
        let hers = try await live.call("GET", "/v1/queue?device=den", token: "t-ann").json
        #expect((hers["upNext"] as? [Any])?.count == 3)
        // Bob's "den" is his own: nothing up next there, and his move changes nothing of Ann's.
        let bobs = try await live.call("GET", "/v1/queue?device=den", token: "t-bob").json
        #expect((bobs["upNext"] as? [Any])?.isEmpty == true)
        let moved = try await live.call("POST", "/v1/queue/remove", json: #"{"device": "den", "index": 0}"#, token: "t-bob")
        #expect(moved.status == 404)
        #expect(((try await live.call("GET", "/v1/queue?device=den", token: "t-ann").json)["upNext"] as? [Any])?.count == 3)
        // An <img> cannot send a header: pictures take the token in the query, and only a real one.
        #expect(try await live.call("GET", "/v1/items/album%2Fadele%2F21/art?access_token=t-ann").status == 200)
        #expect(try await live.call("GET", "/v1/items/album%2Fadele%2F21/art?access_token=wrong").status == 401)
        // Other routes still take it only as a header.
        #expect(try await live.call("GET", "/v1/queue?device=den&access_token=t-ann").status == 401)
    }
}

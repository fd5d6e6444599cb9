import Storage
import Assistant
import Catalog
import Foundation
import MusicFiles
import Server
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A server on a free loopback port over a fresh demo database, shared by the tests in this file.
final class LiveServer: Sendable {
    let port: UInt16
    let server: HTTPServer
    let databasePath: String

    init(tokens: [String: String] = [:]) throws {
        databasePath =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("hark-server-\(UUID().uuidString).db").path
        let api = HarkAPI(
            assistant: try Assistant(databasePath: databasePath), tokens: tokens,
            speak: { try Speech.wav($0, language: $1) }, wrongTokenWindow: 3_600)
        server = HTTPServer(bodyLimits: HarkAPI.bodyLimits) { await api.respond($0) }
        port = try server.start(host: "127.0.0.1", port: 0)
    }

    deinit {
        server.stop()
        // The database and its journal files go with the server: a run leaves nothing in /tmp.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
    }

    struct Reply {
        var status: Int
        var body: Data
        var headers: [String: String]
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One request; async, so a test never blocks one of the few threads the server's work needs.
    func call(
        _ method: String, _ path: String, json: String? = nil, body: Data? = nil, token: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        // No test here is about time: under a sanitizer on a loaded machine, registering an app
        // (which compiles every language's grammar again) took over URLSession's default minute.
        request.timeoutInterval = 600
        request.httpMethod = method
        request.httpBody = body ?? json.map { Data($0.utf8) }
        if json != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        return Reply(status: http.statusCode, body: data, headers: headers)
    }
}

@Suite("HTTP API", .serialized)
struct ServerTests {
    static let live = try! LiveServer()
    var live: LiveServer { Self.live }

    @Test func healthAskNowPlayingAndTheCommandCentre() async throws {
        #expect(try await live.call("GET", "/v1/health").json["status"] as? String == "ok")
        let asked = try await live.call("POST", "/v1/ask", json: #"{"text": "play skyfall by adele", "device": "den"}"#)
        #expect(asked.status == 200 && asked.headers["content-type"] == "application/json")
        #expect(asked.json["reply"] as? String == "Playing Skyfall by Adele.")
        let playing = try await live.call("GET", "/v1/now-playing?device=den").json
        let item = (playing["nowPlaying"] as? [String: Any])?["item"] as? [String: Any]
        #expect(item?["title"] as? String == "Skyfall")
        #expect(
            try await live.call("POST", "/v1/player/pause", json: #"{"device": "den"}"#).json["reply"] as? String
                == "Paused."
        )
        let next = try await live.call("POST", "/v1/player/next", json: #"{"device": "den"}"#).json["reply"] as? String
        #expect(next?.hasPrefix("Skipping to ") == true)
        let seek = try await live.call("POST", "/v1/player/seek", json: #"{"device": "den", "position": 30}"#)
        #expect(seek.status == 200)
        let volume = try await live.call("POST", "/v1/player/volume", json: #"{"device": "den", "volume": 40}"#)
        #expect(volume.json["reply"] as? String == "Volume is at 40%.")
        let liked = try await live.call("POST", "/v1/player/rate", json: #"{"device": "den", "affinity": "like"}"#)
        #expect((liked.json["reply"] as? String)?.hasPrefix("Got it, you like") == true)
        let found = try await live.call("GET", "/v1/search?q=hello&limit=3").json["items"] as? [[String: Any]]
        #expect((found?.count ?? 0) >= 2 && found?.first?["title"] as? String == "Hello")
        // The commands now playing says it supports that take no value each have a button.
        func state(_ command: String) async throws -> String? {
            let reply = try await live.call("POST", "/v1/player/\(command)", json: #"{"device": "den"}"#)
            #expect(reply.status == 200, "\(command): \(reply.text)")
            return (reply.json["nowPlaying"] as? [String: Any])?["state"] as? String
        }
        let toggled = try await state("togglePlayPause")
        #expect(try await state("togglePlayPause") != toggled)
        #expect(try await state("stop") != "playing")
    }

    @Test func errorsAreJsonAndNameTheProblem() async throws {
        let missing = try await live.call("GET", "/v1/nope")
        #expect(missing.status == 404 && (missing.json["error"] as? String)?.contains("/v1/nope") == true)
        let wrongMethod = try await live.call("GET", "/v1/ask")
        #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "POST")
        let badJSON = try await live.call("POST", "/v1/ask", json: #"{"text": "#)
        #expect(badJSON.status == 400 && (badJSON.json["error"] as? String)?.contains("not valid JSON") == true)
        let noText = try await live.call("POST", "/v1/ask", json: #"{"txt": "play"}"#)
        #expect(noText.status == 400 && (noText.json["error"] as? String)?.contains("\"text\"") == true)
        let long = try await live.call(
            "POST", "/v1/ask", json: "{\"text\": \"\(String(repeating: "a", count: 1_001))\"}")
        #expect(long.status == 400 && (long.json["error"] as? String)?.contains("1000") == true)
        let huge = try await live.call("POST", "/v1/ask", body: Data(repeating: 0x20, count: 70_000))
        #expect(huge.status == 413)
        let unknownCommand = try await live.call("POST", "/v1/player/dance")
        #expect(unknownCommand.status == 404)
        #expect(try await live.call("GET", "/v1/search").status == 400)
        let nonsense = try await live.call("POST", "/v1/ask", json: #"{"text": "what's the weather like"}"#)
        #expect(nonsense.status == 200 && nonsense.json["reply"] as? String == "Sorry, I didn't get that.")
    }

    /// Accept: audio/wav: the reply spoken by espeak-ng, the text in a header.
    @Test func repliesCanComeAsSpeech() async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(live.port)/v1/ask")!)
        request.httpMethod = "POST"
        request.setValue("audio/wav", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"text": "включи Кино", "device": "speech"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200 && http.value(forHTTPHeaderField: "Content-Type") == "audio/wav")
        #expect(data.count > 8_000 && data.starts(with: Array("RIFF".utf8)))
        let reply = http.value(forHTTPHeaderField: "X-Hark-Reply")?.removingPercentEncoding
        #expect(reply?.hasPrefix("Включаю") == true)
    }

    /// What the API fuzzer (schemathesis) found, kept as cases.
    @Test func fuzzerFindingsStayFixed() async throws {
        // A seek far past any number a reply can say answered by crashing the server.
        _ = try await live.call("POST", "/v1/ask", json: #"{"text": "play skyfall by adele", "device": "fuzz"}"#)
        let far = try await live.call("POST", "/v1/player/seek", json: #"{"device": "fuzz", "position": 9.9e288}"#)
        #expect(far.status == 200)
        #expect(try await live.call("GET", "/v1/health").status == 200)
        // Every method a path takes is in Allow.
        #expect(try await live.call("PUT", "/v1/playlists").headers["allow"] == "GET, POST")
        #expect(try await live.call("GET", "/v1/playlists/x/items").headers["allow"] == "POST, DELETE")
        // Fields are checked whichever command they come with; a bad limit is not silently clamped.
        #expect(try await live.call("POST", "/v1/player/pause", json: #"{"volume": 101}"#).status == 400)
        #expect(try await live.call("POST", "/v1/player/pause", json: #"{"position": -1}"#).status == 400)
        #expect(try await live.call("GET", "/v1/search?q=hello&limit=null").status == 400)
        #expect(try await live.call("GET", "/v1/search?q=%0C").status == 400)
        // Well formed but impossible: 409, not a server error.
        let dislike = try await live.call(
            "POST", "/v1/library/affinities", json: #"{"identifier": "playlist//0", "affinity": "dislike"}"#)
        #expect(dislike.status == 409 || dislike.status == 404)
        // null stands for an absent optional field; length counts code points.
        #expect(try await live.call("POST", "/v1/ask", json: #"{"text": "pause", "device": null}"#).status == 200)
        let combining = String(repeating: "e\u{301}", count: 150)
        let named = try await live.call("POST", "/v1/playlists", json: "{\"name\": \"\(combining)\"}")
        #expect(named.status == 400)
    }

    @Test func metricsCountRequestsInPrometheusText() async throws {
        _ = try await live.call("GET", "/v1/health")
        let metrics = try await live.call("GET", "/v1/metrics")
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain") == true)
        #expect(metrics.text.contains("hark_requests_total{route=\"health\",status=\"200\"}"))
        #expect(metrics.text.contains("hark_request_duration_seconds_bucket{le=\"+Inf\"}"))
    }

    /// Parallel adds to one playlist: none is lost.
    @Test func parallelWritesAreNotLost() async throws {
        let titles = [
            "rumour has it", "skyfall", "someone like you", "rolling in the deep", "easy on me", "thriller",
            "yesterday", "turning tables", "let it be", "bohemian rhapsody",
        ]
        let live = self.live
        await withTaskGroup(of: Void.self) { group in
            for title in titles {
                group.addTask {
                    _ = try? await live.call(
                        "POST", "/v1/ask", json: "{\"text\": \"add \(title) to my party playlist\", \"user\": \"pat\"}")
                }
            }
        }
        let count = try Database(path: live.databasePath).first(
            """
            SELECT count(*) FROM user_playlist_items e JOIN user_playlists p ON p.ident = e.playlist
            WHERE p."user" = 'pat'
            """)?.int(0)
        #expect(count == titles.count)
    }

    @Test func tokensNameTheUserAndAreRequired() async throws {
        let guarded = try LiveServer(tokens: ["s3cret": "ann"])
        #expect(try await guarded.call("POST", "/v1/ask", json: #"{"text": "pause"}"#).status == 401)
        #expect(try await guarded.call("POST", "/v1/ask", json: #"{"text": "pause"}"#, token: "wrong").status == 401)
        #expect(try await guarded.call("POST", "/v1/ask", json: #"{"text": "pause"}"#, token: "s3cret").status == 200)
        #expect(try await guarded.call("GET", "/v1/health").status == 200)
    }

    @Test func theWebPageAndTheOpenAPIDocumentAreServed() async throws {
        let page = try await live.call("GET", "/")
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("id=\"ask\"") && page.text.contains("/page.js"))
        let script = try await live.call("GET", "/page.js")
        #expect(script.status == 200 && script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(script.text.contains("/v1/ask"))
        let document = try await live.call("GET", "/v1/openapi.json").json
        #expect((document["openapi"] as? String)?.hasPrefix("3.") == true)
        let paths = try #require(document["paths"] as? [String: Any])
        for path in ["/v1/ask", "/v1/now-playing", "/v1/player/{command}", "/v1/search", "/v1/health", "/v1/metrics"] {
            #expect(paths[path] != nil, "\(path)")
        }
    }

    /// Real responses carry what the OpenAPI document says they must (required properties, types).
    @Test func responsesMatchTheDocument() async throws {
        let document = try await live.call("GET", "/v1/openapi.json").json
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func check(_ value: Any, _ schemaName: String, _ context: String) {
            guard let schema = schemas[schemaName] as? [String: Any], let object = value as? [String: Any] else {
                Issue.record("\(context): not an object for \(schemaName)")
                return
            }
            for key in schema["required"] as? [String] ?? [] {
                #expect(object[key] != nil, "\(context): \(schemaName) lacks \(key)")
            }
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            for (key, property) in properties {
                guard let found = object[key], let type = property["type"] as? String else { continue }
                switch type {
                case "string": #expect(found is String, "\(context): \(key) should be a string")
                case "array": #expect(found is [Any], "\(context): \(key) should be an array")
                case "object": #expect(found is [String: Any], "\(context): \(key) should be an object")
                case "boolean", "number", "integer":
                    #expect(found is NSNumber, "\(context): \(key) should be a \(type)")
                default: break
                }
            }
        }
        let asked = try await live.call(
            "POST", "/v1/ask", json: #"{"text": "play hello by adele", "device": "contract"}"#)
        check(asked.json, "Outcome", "ask")
        for item in asked.json["items"] as? [Any] ?? [] { check(item, "MediaItem", "ask items") }
        if let nowPlaying = asked.json["nowPlaying"] { check(nowPlaying, "NowPlaying", "ask nowPlaying") }
        check(try await live.call("GET", "/v1/now-playing?device=contract").json, "NowPlayingResponse", "now-playing")
        check(
            try await live.call("POST", "/v1/player/skip", json: #"{"device": "contract", "seconds": 10}"#).json,
            "Outcome", "skip")
        check(try await live.call("GET", "/v1/nope").json, "Error", "404")
        for item in try await live.call("GET", "/v1/search?q=adele").json["items"] as? [Any] ?? [] {
            check(item, "MediaItem", "search")
        }
    }

    @Test func libraryPlaylistsVocabularyAndApps() async throws {
        let created = try await live.call("POST", "/v1/playlists", json: #"{"name": "Road Trip", "user": "lee"}"#)
        #expect(created.status == 201 && created.json["name"] as? String == "Road Trip")
        let added = try await live.call(
            "POST", "/v1/playlists/Road%20Trip/items", json: #"{"identifier": "song/adele/skyfall", "user": "lee"}"#)
        #expect((added.json["items"] as? [[String: Any]])?.first?["title"] as? String == "Skyfall")
        let removed = try await live.call(
            "DELETE", "/v1/playlists/Road%20Trip/items?identifier=song/adele/skyfall&user=lee")
        #expect(removed.status == 200 && (removed.json["items"] as? [Any])?.isEmpty == true)
        let missing = try await live.call(
            "POST", "/v1/playlists/Road%20Trip/items", json: #"{"identifier": "song/nobody/nothing", "user": "lee"}"#)
        #expect(missing.status == 404)
        let liked = try await live.call(
            "POST", "/v1/library/affinities",
            json: #"{"identifier": "song/adele/hello", "affinity": "like", "user": "lee"}"#)
        #expect(liked.status == 200)
        let library = try await live.call("GET", "/v1/library?user=lee").json
        #expect((library["liked"] as? [[String: Any]])?.first?["title"] as? String == "Hello")
        #expect((library["playlists"] as? [[String: Any]])?.first?["name"] as? String == "Road Trip")
        // Another user's library is theirs alone.
        let other = try await live.call("GET", "/v1/library?user=kim").json
        #expect((other["liked"] as? [Any])?.isEmpty == true && (other["playlists"] as? [Any])?.isEmpty == true)
        let vocabulary = try await live.call(
            "PUT", "/v1/vocabulary/playlistTitle", json: #"{"phrases": ["Road Trip"]}"#)
        #expect(vocabulary.status == 200)
        #expect(try await live.call("PUT", "/v1/vocabulary/colours", json: #"{"phrases": []}"#).status == 404)
        let app = try await live.call(
            "POST", "/v1/apps", json: #"{"identifier": "com.example.walk", "name": "Walk Mate"}"#)
        #expect(app.status == 201 && app.json["effective"] as? String == "now")
        // The running server understands the new app's name at once.
        let asked = try await live.call("POST", "/v1/ask", json: #"{"text": "play hello in walk mate"}"#)
        #expect((asked.json["understood"] as? [String: Any])?["app"] as? String == "walk mate")
    }
}

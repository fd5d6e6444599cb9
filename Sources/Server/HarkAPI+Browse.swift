import Assistant
import Foundation

/// What the page does by touch: play an item it shows, read and change up next, open an item, and
/// show its picture. An identifier in a path is one segment, its "/" sent escaped as `%2F`
/// (`/v1/items/album%2Fadele%2F21`): the router decodes each segment after cutting the path.
extension HarkAPI {
    struct PlayBody: Decodable {
        var identifier: String
        /// An item of what `identifier` holds to start at (an album's second song).
        var start: String?
        /// "now" (default), "next" or "later".
        var when: String?
        var user: String?
        var device: String?
        var lang: String?
        var home: String?
        var person: String?
    }

    /// `POST /v1/play`: an item played by its identifier, answered as `/v1/ask` answers.
    func play(_ routed: RouteRequest) async -> HTTPResponse {
        let body: PlayBody
        switch decode(PlayBody.self, routed.http, example: #"{"identifier": "album/adele/21", "start": "song/adele/hello"}"#) {
        case .failure(let response): return response
        case .success(let decoded): body = decoded
        }
        if let long = [body.identifier, body.start ?? ""].first(where: { $0.unicodeScalars.count > 1_000 }) {
            return Self.error(400, "an identifier is at most 1000 characters, not \(long.unicodeScalars.count)")
        }
        if let lang = body.lang, lang.unicodeScalars.count > 20 { return Self.error(400, "lang is a language tag, at most 20 characters") }
        guard let location = PlaybackQueueLocation(rawValue: body.when ?? "now") else {
            return Self.error(400, "when is \"now\", \"next\" or \"later\"")
        }
        let context = RequestContext(
            user: routed.user(named: body.user), device: body.device, language: body.lang, home: body.home,
            person: body.person)
        do {
            if let problem = try assistant.unplayable(identifier: body.identifier, startingAt: body.start, context: context) {
                return Self.error(404, problem)
            }
        } catch {
            return Self.failure(error)
        }
        let outcome = await assistant.play(
            identifier: body.identifier, startingAt: body.start, location: location, context: context)
        if let trouble = outcome.storageUnavailable { return Self.storageBusy(trouble) }
        events.update(device: outcome.device, info: outcome.nowPlaying)
        return Self.json(200, outcome)
    }

    struct UpNextBody: Encodable {
        var device: String
        var upNext: [MediaItem]
        var nowPlaying: NowPlayingInfo?
    }

    /// The player a queue request is about: a home's device (`home` and `device`) or a device.
    func queueDevice(home: String?, device: String?) throws -> String {
        let device = device ?? "default"
        guard let home else { return device }
        guard let keys = try assistant.playerKeys(ofHome: home) else { throw HTTPResponse.notFound("no home called \(home)") }
        return keys.prefix + device
    }

    /// `GET /v1/queue?device=`: up next in play order.
    func queue(_ routed: RouteRequest) async -> HTTPResponse {
        do {
            let device = try queueDevice(home: routed.http.query["home"], device: routed.http.query["device"])
            let upNext = try await assistant.upNext(device: device)
            return Self.json(200, UpNextBody(device: device, upNext: upNext, nowPlaying: await assistant.nowPlaying(device: device)))
        } catch {
            return Self.failure(error)
        }
    }

    struct QueueChangeBody: Decodable {
        var device: String?
        var home: String?
        var user: String?
        var from: Int?
        var to: Int?
        var index: Int?
        var identifier: String?
    }

    /// `POST /v1/queue/move {"from": 2, "to": 0}`, `POST /v1/queue/remove {"index": 1}` (places
    /// count from what plays next, 0) and `POST /v1/queue/jump {"identifier": …}` (that item of up
    /// next plays now, the rest of up next after it).
    func changeQueue(_ routed: RouteRequest) async -> HTTPResponse {
        let body: QueueChangeBody
        switch decode(QueueChangeBody.self, routed.http, example: #"{"device": "kitchen", "from": 2, "to": 0}"#) {
        case .failure(let response): return response
        case .success(let decoded): body = decoded
        }
        do {
            let device = try queueDevice(home: body.home, device: body.device)
            let changed: NowPlayingInfo?
            switch routed.captures[0] {
            case "move":
                guard let from = body.from, let to = body.to else {
                    return Self.error(400, "move needs {\"from\": place, \"to\": place} (0 is what plays next)")
                }
                changed = try await assistant.moveUpNext(device: device, from: from, to: to)
            case "remove":
                guard let index = body.index else { return Self.error(400, "remove needs {\"index\": place}") }
                changed = try await assistant.removeUpNext(device: device, at: index)
            case "jump":
                guard let identifier = body.identifier, identifier.unicodeScalars.count <= 1_000 else {
                    return Self.error(400, "jump needs {\"identifier\": the item of up next to play now}")
                }
                changed = try await assistant.jump(to: identifier, device: device)
            default:
                return Self.error(404, "no queue change \"\(routed.captures[0])\" (move, remove, jump)")
            }
            guard let changed else { return Self.error(404, "that place is not in up next") }
            events.update(device: device, info: changed)
            return Self.json(200, UpNextBody(device: device, upNext: try await assistant.upNext(device: device), nowPlaying: changed))
        } catch {
            return Self.failure(error)
        }
    }

    /// `GET /v1/items/{id}`: an item and what it holds.
    func item(_ routed: RouteRequest) async -> HTTPResponse {
        let id = routed.captures[0]
        do {
            guard let contents = try assistant.contents(of: id, user: routed.user(named: routed.http.query["user"])) else {
                return Self.error(404, "no item \(id)")
            }
            return Self.json(200, contents)
        } catch {
            return Self.failure(error)
        }
    }

    /// `GET /v1/items/{id}/lyrics`: an item's lyrics, timed line by line when they were.
    func lyrics(_ routed: RouteRequest) async -> HTTPResponse {
        let id = routed.captures[0]
        do {
            guard try assistant.contents(of: id, user: routed.user(named: routed.http.query["user"])) != nil else {
                return Self.error(404, "no item \(id)")
            }
            guard let lyrics = await assistant.lyrics(of: id) else { return Self.error(404, "no lyrics for \(id)") }
            return Self.json(200, ItemLyrics(identifier: id, lyrics: lyrics))
        } catch {
            return Self.failure(error)
        }
    }

    /// A database busy or out of reach (`what` failed): 503 with when to try again.
    static func storageBusy(_ what: String) -> HTTPResponse {
        var busy = Self.error(503, "the database is busy or cannot be reached; try again shortly (\(what))")
        busy.headers["Retry-After"] = "2"
        return busy
    }

    /// An error as a response: a response thrown as it is, a busy database as 503, else 500.
    static func failure(_ error: any Error) -> HTTPResponse {
        if let response = error as? HTTPResponse { return response }
        if Assistant.isBusy(error) { return storageBusy("\(error)") }
        return Self.error(500, "\(error)")
    }
}

extension HTTPResponse {
    static func notFound(_ message: String) -> HTTPResponse { HarkAPI.error(404, message) }
}

/// An item's lyrics as `/v1/items/{id}/lyrics` gives them.
struct ItemLyrics: Encodable {
    var identifier: String
    var timed: Bool
    var lines: [Lyrics.Line]
    var text: String

    init(identifier: String, lyrics: Lyrics) {
        self.identifier = identifier
        timed = lyrics.isTimed
        lines = lyrics.lines
        text = lyrics.plainText
    }
}

import Assistant
import Foundation

/// Requests about what plays: ask, now playing, the event stream, search and the player buttons.
extension HarkAPI {
    struct AskBody: Decodable {
        var text: String
        var lang: String?
        var user: String?
        var device: String?
        /// In a home: the home, and the person speaking (by id or by the recognised voice).
        var home: String?
        var person: String?
        var voiceProfile: String?
        /// The asking device shows text (the page sends true).
        var screen: Bool?
    }

    func ask(_ routed: RouteRequest) async -> HTTPResponse {
        let request = routed.http
        let body: AskBody
        switch decode(AskBody.self, request, example: #"{"text": "play skyfall"}"#) {
        case .failure(let response): return response
        case .success(let decoded): body = decoded
        }
        // Counted as JSON Schema's maxLength counts: Unicode code points.
        let length = body.text.unicodeScalars.count
        guard length <= Self.maximumText else {
            return Self.error(400, "text is \(length) characters; at most \(Self.maximumText)")
        }
        var context = RequestContext(
            user: routed.user(named: body.user), device: body.device, language: body.lang, home: body.home,
            person: body.person, voiceProfile: body.voiceProfile)
        context.screen = body.screen
        let outcome = await self.assistant.ask(body.text, context: context)
        // Nothing can be trusted to have been done: a clear, retryable answer, fast.
        if let trouble = outcome.storageUnavailable { return Self.storageBusy(trouble) }
        events.update(device: outcome.device, info: outcome.nowPlaying)
        // A request heard in a home may act on several rooms: each one's page hears of it.
        for device in outcome.devices ?? [] where device != outcome.device {
            events.update(device: device, info: await assistant.nowPlaying(device: device))
        }
        if request.headers["accept"]?.contains("audio/wav") == true {
            // The reply spoken (espeak-ng, in the request's language); the text rides in a header.
            guard let speak else { return Self.error(503, "this server does not speak replies") }
            do {
                let language = outcome.language.isEmpty ? "en" : outcome.language
                let reply = outcome.reply
                let audio = try await Self.offThePool { try speak(reply, language) }
                let encoded = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
                return HTTPResponse(
                    status: 200, contentType: "audio/wav", body: audio,
                    headers: [
                        "X-Hark-Reply": encoded(outcome.reply), "X-Hark-Code": outcome.code.rawValue,
                        "X-Hark-Understood": encoded(outcome.understoodText ?? ""),
                    ])
            } catch {
                return Self.error(503, "cannot speak the reply: \(error)")
            }
        }
        return Self.json(200, outcome)
    }

    func search(_ routed: RouteRequest) async -> HTTPResponse {
        let request = routed.http
        guard let query = request.query["q"], Self.hasVisibleText(query) else {
            return Self.error(400, "give the words to look for as ?q=")
        }
        var type: MediaItemType?
        if let raw = request.query["type"] {
            guard let parsed = MediaItemType(rawValue: raw) else { return Self.error(400, "unknown type \"\(raw)\"") }
            type = parsed
        }
        let limit = Int(request.query["limit"] ?? "10") ?? 0
        guard (1...50).contains(limit) else { return Self.error(400, "limit is a whole number from 1 to 50") }
        let user = routed.user(named: request.query["user"])
        let wanted = type
        let items = await self.assistant.search(query, type: wanted, limit: limit, user: user)
        return Self.json(200, ["items": items])
    }

    struct PlayerBody: Decodable {
        var device: String?
        /// With a home, `device` is the home's device.
        var home: String?
        var user: String?
        var seconds: Double?
        var position: Double?
        var volume: Int?
        var on: Bool?
        var mode: String?
        var affinity: String?

        /// What is wrong with a field that is present, whichever command it came with.
        var problem: String? {
            if let volume, !(0...100).contains(volume) { return "volume is 0…100, not \(volume)" }
            if let affinity, AffinityType(rawValue: affinity) == nil { return "affinity is \"like\" or \"dislike\"" }
            if let mode, RepeatMode(rawValue: mode) == nil { return "mode is \"off\", \"one\" or \"all\"" }
            if let position, position < 0 { return "position is seconds from the start, 0 or more" }
            for value in [seconds, position].compactMap({ $0 }) where !value.isFinite {
                return "numbers must be finite"
            }
            return nil
        }
    }

    func player(_ routed: RouteRequest) async -> HTTPResponse {
        let request = routed.http
        let command = routed.captures[0]
        var body = PlayerBody()
        if !request.body.isEmpty || request.bodyTooLarge {
            switch decode(PlayerBody.self, request, example: #"{"device": "kitchen"}"#) {
            case .failure(let response): return response
            case .success(let decoded): body = decoded
            }
        }
        if let problem = body.problem { return Self.error(400, problem) }
        var params = IntentParameters()
        let intent: IntentKind
        var search: MediaSearch?
        switch command {
        case "play": intent = .resume
        case "pause": intent = .pause
        case "next": intent = .nextTrack
        case "previous": intent = .previousTrack
        case "stop": intent = .stop
        case "togglePlayPause": intent = .togglePlayPause
        case "seek":
            guard let position = body.position else { return Self.error(400, "seek needs {\"position\": seconds}") }
            intent = .seek
            params.position = position
        case "skip":
            let seconds = body.seconds ?? 30
            intent = seconds < 0 ? .skipBackward : .skipForward
            params.interval = abs(seconds)
        case "rate":
            guard let affinity = body.affinity.flatMap(AffinityType.init(rawValue:)) else {
                return Self.error(400, "rate needs {\"affinity\": \"like\"} or \"dislike\"")
            }
            intent = .updateMediaAffinity
            params.affinityType = affinity
            search = MediaSearch(reference: .currentlyPlaying)
        case "shuffle":
            intent = .setShuffleMode
            params.shuffle = body.on ?? true
        case "repeat":
            guard let mode = RepeatMode(rawValue: body.mode ?? "all") else {
                return Self.error(400, "repeat needs {\"mode\": \"off\" | \"one\" | \"all\"}")
            }
            intent = .setRepeatMode
            params.repeatMode = mode
        case "volume":
            guard let volume = body.volume, (0...100).contains(volume) else {
                return Self.error(400, "volume needs {\"volume\": 0…100}")
            }
            intent = .setVolume
            params.volume = volume
        default:
            return Self.error(
                404,
                "no player command \"\(command)\" (play, pause, next, previous, stop, togglePlayPause, seek, skip, rate, shuffle, repeat, volume)"
            )
        }
        let device: String
        do {
            device = try queueDevice(home: body.home, device: body.device)
        } catch {
            return Self.failure(error)
        }
        let context = RequestContext(user: routed.user(named: body.user), device: device)
        let outcome = await self.assistant.perform(intent, search: search, params: params, context: context)
        events.update(device: outcome.device, info: outcome.nowPlaying)
        return Self.json(200, outcome)
    }

    /// `GET /v1/now-playing[?device=][&home=]`.
    func nowPlaying(_ routed: RouteRequest) async -> HTTPResponse {
        let device: String
        do {
            device = try queueDevice(home: routed.http.query["home"], device: routed.http.query["device"])
        } catch {
            return Self.failure(error)
        }
        let info = await assistant.nowPlaying(device: device)
        return Self.json(200, NowPlayingBody(device: device, nowPlaying: info))
    }

    /// `GET /v1/events[?device=|?home=]`: a Server-Sent Events stream of now-playing changes, of
    /// one device, of every device of a home (each room of a page's home view), or of all.
    func subscribe(_ routed: RouteRequest) async -> HTTPResponse {
        let request = routed.http
        let device = request.query["device"].flatMap { $0.isEmpty ? nil : $0 }
        var subscriber = NowPlayingEvents.Subscriber(channel: StreamChannel(), device: device)
        var shown = [device ?? "default"]
        if let homeID = request.query["home"] {
            guard let keys = try? assistant.playerKeys(ofHome: homeID) else {
                return Self.error(404, "no home called \(homeID)")
            }
            subscriber.prefix = keys.prefix
            shown = keys.devices
        }
        var current: [(device: String, info: NowPlayingInfo?)] = []
        for one in shown {
            let info = await assistant.nowPlaying(device: one)
            events.update(device: one, info: info)
            current.append((one, info))
        }
        let channel = events.subscribe(subscriber, current: current)
        events.startTicking { [assistant] device in await assistant.nowPlaying(device: device) }
        events.startWatching(assistant)
        return HTTPResponse(
            status: 200, contentType: "text/event-stream", body: Data(),
            headers: ["Cache-Control": "no-cache", "X-Accel-Buffering": "no"], stream: channel)
    }
}

public import Assistant
public import Foundation

/// Hark's JSON API under `/v1`, on top of one `Assistant`: ask, now playing, player buttons,
/// search, library, vocabulary, apps, health and metrics. Users come from the request body or a
/// bearer token.
public final class HarkAPI: Sendable {
    let assistant: Assistant
    /// Bearer tokens to user names; empty means no token is needed (loopback only).
    let tokens: [String: String]
    /// Speaks a reply as WAV audio in a language, for `Accept: audio/wav` (nil: not offered).
    let speak: (@Sendable (String, String) throws -> Data)?
    /// Reads items' pictures from their files (nil: every item gets a drawn one).
    let pictures: PictureReader?
    let metrics = Metrics()
    let events = NowPlayingEvents()
    /// Wrong tokens counted per client address (20 within the window, then 429).
    let failedAttempts: FailedAttempts
    let log: @Sendable (String) -> Void
    let router = Router(routes: HarkAPI.routes)

    public static let maximumText = 1_000

    public init(
        assistant: Assistant, tokens: [String: String] = [:],
        speak: (@Sendable (_ text: String, _ language: String) throws -> Data)? = nil, pictures: PictureReader? = nil,
        wrongTokenWindow: Double = 60, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.pictures = pictures
        failedAttempts = FailedAttempts(window: wrongTokenWindow)
        self.assistant = assistant
        // An empty token would let `Authorization: Bearer ` in.
        self.tokens = tokens.filter { !$0.key.isEmpty }
        self.speak = speak
        self.log = log
    }

    /// Every endpoint. The OpenAPI document (`Resources/openapi.json`) describes the same ones.
    static let routes: [Route] = [
        Route("GET", "/", name: "page", actsForUser: false) { _, _ in
            resource("index.html", type: "text/html; charset=utf-8")
        },
        Route("GET", "/index.html", name: "page", actsForUser: false) { _, _ in
            resource("index.html", type: "text/html; charset=utf-8")
        },
        Route("GET", "/page.js", name: "page", actsForUser: false) { _, _ in
            resource("page.js", type: "text/javascript; charset=utf-8")
        },
        Route("GET", "/library.js", name: "page", actsForUser: false) { _, _ in
            resource("library.js", type: "text/javascript; charset=utf-8")
        },
        Route("GET", "/rooms.js", name: "page", actsForUser: false) { _, _ in
            resource("rooms.js", type: "text/javascript; charset=utf-8")
        },
        Route("GET", "/lyrics.js", name: "page", actsForUser: false) { _, _ in
            resource("lyrics.js", type: "text/javascript; charset=utf-8")
        },
        Route("GET", "/podcasts.js", name: "page", actsForUser: false) { _, _ in
            resource("podcasts.js", type: "text/javascript; charset=utf-8")
        },
        Route("GET", "/identify.js", name: "page", actsForUser: false) { _, _ in
            resource("identify.js", type: "text/javascript; charset=utf-8")
        },
        Route("GET", "/v1/openapi.json", name: "openapi", actsForUser: false) { _, _ in
            resource("openapi.json", type: "application/json")
        },
        Route("GET", "/v1/health", name: "health", actsForUser: false) { _, _ in json(200, ["status": "ok"]) },
        Route("GET", "/v1/metrics", name: "metrics", actsForUser: false) { api, _ in
            HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Data(api.metrics.text().utf8))
        },
        Route("POST", "/v1/ask", name: "ask") { await $0.ask($1) },
        Route("GET", "/v1/now-playing", name: "now-playing") { await $0.nowPlaying($1) },
        Route("GET", "/v1/events", name: "events") { await $0.subscribe($1) },
        Route("GET", "/v1/search", name: "search") { await $0.search($1) },
        // An identifier holds slashes, sent escaped as one segment: /v1/items/album%2Fadele%2F21/art.
        Route("GET", "/v1/items/{id}", name: "items") { await $0.item($1) },
        Route("GET", "/v1/items/{id}/art", name: "art") { await $0.art($1) },
        Route("GET", "/v1/items/{id}/lyrics", name: "lyrics") { await $0.lyrics($1) },
        Route("POST", "/v1/play", name: "play") { await $0.play($1) },
        Route("GET", "/v1/queue", name: "queue") { await $0.queue($1) },
        Route("POST", "/v1/queue/{change}", name: "queue") { await $0.changeQueue($1) },
        Route("GET", "/v1/library", name: "library") { await $0.library($1) },
        Route("POST", "/v1/library/affinities", name: "library") { await $0.affinity($1) },
        Route("GET", "/v1/playlists", name: "playlists") { await $0.playlists($1) },
        Route("POST", "/v1/playlists", name: "playlists") { await $0.createPlaylist($1) },
        Route("POST", "/v1/playlists/{name}/items", name: "playlists") { await $0.addToPlaylist($1) },
        // Identifiers hold slashes, so removal names the item in the query: DELETE …/items?identifier=…
        Route("DELETE", "/v1/playlists/{name}/items", name: "playlists") { await $0.removeFromPlaylist($1) },
        Route("PUT", "/v1/vocabulary/{type}", name: "vocabulary") { await $0.vocabulary($1) },
        Route("GET", "/v1/podcasts", name: "podcasts") { await $0.podcasts($1) },
        Route("POST", "/v1/podcasts", name: "podcasts") { await $0.subscribeToFeed($1) },
        Route("POST", "/v1/podcasts/refresh", name: "podcasts") { await $0.refreshPodcasts($1) },
        Route("POST", "/v1/identify", name: "identify") { await $0.identify($1) },
        Route("POST", "/v1/apps", name: "apps") { await $0.registerApp($1) },
        Route("PUT", "/v1/apps/default", name: "apps") { await $0.setDefaultApp($1) },
        Route("GET", "/v1/apps/{app}/entities", name: "apps") { await $0.listEntities($1) },
        Route("PUT", "/v1/apps/{app}/entities", name: "apps") { await $0.putEntities($1) },
        Route("DELETE", "/v1/apps/{app}/entities/{type}/{id}", name: "apps") { await $0.deleteEntity($1) },
        Route("POST", "/v1/apps/{app}/donations", name: "apps") { await $0.donate($1) },
        Route("GET", "/v1/suggestions", name: "suggestions") { await $0.suggestions($1) },
        Route("POST", "/v1/suggestions/perform", name: "suggestions") { await $0.performSuggestion($1) },
        Route("POST", "/v1/player/{command}", name: "player") { await $0.player($1) },
        Route("GET", "/v1/home", name: "home") { await $0.listHomes($1) },
        Route("GET", "/v1/home/{home}", name: "home") { await $0.getHome($1) },
        Route("PUT", "/v1/home/{home}", name: "home") { await $0.putHome($1) },
        Route("DELETE", "/v1/home/{home}", name: "home") { await $0.deleteHome($1) },
    ]

    /// Answers one HTTP request: routed, authorized, timed into the metrics and written to the access log.
    public func respond(_ request: HTTPRequest) async -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let (name, response) = await route(request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        metrics.record(route: name, status: response.status, seconds: seconds)
        let line = AccessLine(
            time: Self.timestamps.now(), method: request.method, path: request.path, status: response.status,
            ms: (seconds * 100_000).rounded() / 100)
        log((try? StreamingJSONEncoder.string(line)) ?? "{}")
        return response
    }

    /// The route's name and its answer; 404 for an unknown path, 405 naming the methods a path takes.
    private func route(_ request: HTTPRequest) async -> (String, HTTPResponse) {
        switch router.match(method: request.method, path: request.path) {
        case .notFound:
            return ("unknown", Self.error(404, "no such route: \(request.path)"))
        case .wrongMethod(let name, let allowed):
            let allow = allowed.joined(separator: ", ")
            return (name, Self.error(405, "\(request.path) takes \(allow), not \(request.method)", allow: allow))
        case .found(let route, let captures):
            // The body's top-level object, read once for the guards and for ownership.
            let object = Self.jsonObject(request.body)
            if let refused = refusal(of: request, route: route.name, body: object, captures: captures) { return (route.name, refused) }
            var tokenUser: String?
            if route.actsForUser, !tokens.isEmpty {
                if failedAttempts.isBlocked(request.client) {
                    return (route.name, Self.error(429, "too many wrong tokens from this address; wait a minute"))
                }
                guard let user = user(of: request, route: route.name) else {
                    // A wrong token is a guess; no token at all is not.
                    if request.headers["authorization"] != nil || request.query["access_token"] != nil {
                        failedAttempts.record(request.client)
                    }
                    return (route.name, Self.error(401, "a valid bearer token is needed (Authorization: Bearer …)"))
                }
                tokenUser = user
            }
            var request = request
            if let tokenUser {
                switch await owned(request, body: object, captures: captures, routeName: route.name, user: tokenUser) {
                case .success(let own): request = own
                case .failure(let refused): return (route.name, refused)
                }
            }
            let routed = RouteRequest(http: request, captures: captures, tokenUser: tokenUser)
            return (route.name, await route.handle(self, routed))
        }
    }
}

public import Foundation
public import MediaIntents

/// A media app over HTTP (a music service of its own): Hark's media intents — play, add, like,
/// search — sent to `POST {endpoint}/media`, signed as every call to an app is, in two steps as
/// SiriKit's are: `resolve` (what the search names, in the app's catalog) and `handle` (do it with
/// the items resolved). The app answers with its own items; Hark words the reply.
public struct HTTPMediaHandler: MediaIntentHandling {
    public let app: AppRegistration
    public let secret: String
    public let user: String
    public let device: String
    public let language: String
    /// How long the app has for each step.
    public var deadline = 2.0

    public init(app: AppRegistration, secret: String, user: String, device: String, language: String) {
        self.app = app
        self.secret = secret
        self.user = user
        self.device = device
        self.language = language
    }

    /// One step of a media intent, as the app receives it.
    struct MediaCall: Codable {
        var app: String
        /// "resolve" or "handle".
        var step: String
        var intent: String
        var search: MediaSearch
        /// "like" / "dislike"; a playlist's name or "library"; "shuffle", "repeat", "next"…
        var details: [String: String]
        var items: [MediaAppItem]
        var user: String
        var device: String
        var language: String
        var deadline: Double
    }

    /// An item as an app names it: its own identifier, title, kind and artist.
    public struct MediaAppItem: Codable, Sendable, Hashable {
        public var identifier: String
        public var title: String
        public var type: MediaItemType
        public var artist: String?
        public var album: String?

        init(_ item: MediaItem) {
            identifier = item.identifier
            title = item.title
            type = item.type
            artist = item.artist
            album = item.album
        }

        var item: MediaItem {
            MediaItem(identifier: identifier, title: title, type: type, artist: artist, album: album)
        }
    }

    /// The app's answer to one step.
    struct MediaAnswer: Codable {
        /// resolve: success, successes, disambiguation, notFound, unsupported; handle: success, failure.
        var status: String
        var items: [MediaAppItem]?
        var reason: UnsupportedReason?
    }

    func call(_ step: String, _ intent: String, search: MediaSearch, details: [String: String], items: [MediaItem])
        async -> MediaAnswer?
    {
        let body = MediaCall(
            app: app.identifier, step: step, intent: intent, search: search, details: details,
            items: items.map(MediaAppItem.init), user: user, device: device, language: language,
            deadline: Date().timeIntervalSince1970 + deadline)
        guard let endpoint = app.endpoint, let data = try? JSONEncoder().encode(body) else { return nil }
        let answer = try? await HTTPAppHandler.post(
            data, to: endpoint, path: "/media", secret: secret, deadline: body.deadline, app: app.identifier)
        return answer.flatMap { try? JSONDecoder().decode(MediaAnswer.self, from: $0) }
    }

    func resolved(_ intent: String, search: MediaSearch, details: [String: String] = [:]) async
        -> [ResolutionResult<MediaItem>]
    {
        guard let answer = await call("resolve", intent, search: search, details: details, items: []) else {
            return [.unsupported(.serviceUnavailable)]
        }
        let items = (answer.items ?? []).map(\.item)
        switch answer.status {
        case "success" where items.count == 1: return [.success(items[0])]
        case "success", "successes" where !items.isEmpty: return [.successes(items)]
        case "disambiguation" where !items.isEmpty: return [.disambiguation(Array(items.prefix(4)))]
        case "unsupported": return [.unsupported(answer.reason ?? .unsupportedMediaType)]
        // Nothing in its catalog: as Hark's own library says it ("I couldn't find Skyfall.").
        default: return [.needsValue]
        }
    }

    func handled(_ intent: String, search: MediaSearch, items: [MediaItem], details: [String: String] = [:]) async
        -> IntentResponse
    {
        guard let answer = await call("handle", intent, search: search, details: details, items: items) else {
            return IntentResponse(code: .failure, reason: .serviceUnavailable)
        }
        let done = (answer.items ?? []).map(\.item)
        return answer.status == "success"
            ? IntentResponse(code: .success, items: done.isEmpty ? items : done)
            : IntentResponse(code: .failure, items: items, reason: answer.reason)
    }

    public func resolveMediaItems(for intent: PlayMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await resolved("playMedia", search: intent.mediaSearch)
    }

    public func handle(intent: PlayMediaIntent) async -> IntentResponse {
        var details: [String: String] = ["queue": intent.playbackQueueLocation.rawValue]
        if intent.playShuffled == true { details["shuffle"] = "true" }
        if let mode = intent.playbackRepeatMode { details["repeat"] = mode.rawValue }
        return await handled("playMedia", search: intent.mediaSearch, items: intent.mediaItems, details: details)
    }

    public func resolveMediaItems(for intent: AddMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await resolved("addMedia", search: intent.mediaSearch)
    }

    public func handle(intent: AddMediaIntent) async -> IntentResponse {
        var details: [String: String] = [:]
        if case .playlist(let name) = intent.destination { details["playlist"] = name } else { details["library"] = "true" }
        return await handled("addMedia", search: intent.mediaSearch, items: intent.mediaItems, details: details)
    }

    public func resolveMediaItems(for intent: UpdateMediaAffinityIntent) async -> [ResolutionResult<MediaItem>] {
        await resolved("updateMediaAffinity", search: intent.mediaSearch)
    }

    public func handle(intent: UpdateMediaAffinityIntent) async -> IntentResponse {
        await handled(
            "updateMediaAffinity", search: intent.mediaSearch, items: intent.mediaItems,
            details: ["affinity": intent.affinityType.rawValue])
    }

    public func resolveMediaItems(for intent: SearchForMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await resolved("searchForMedia", search: intent.mediaSearch)
    }

    public func handle(intent: SearchForMediaIntent) async -> IntentResponse {
        await handled("searchForMedia", search: intent.mediaSearch, items: intent.mediaItems)
    }
}

import MediaIntents
import Playback

/// The built-in app's intent handlers for one user on one device.
struct BuiltInMediaHandler: MediaIntentHandling {
    let app: BuiltInMediaApp
    let user: String
    let device: String

    /// A handler that failed in storage answers `failure` rather than crashing the request.
    private func guarded<T>(_ fallback: T, _ body: () async throws -> T) async -> T {
        do { return try await body() } catch { return fallback }
    }

    func resolveMediaItems(for intent: PlayMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await guarded([.unsupported(.serviceUnavailable)]) {
            try await app.resolvePlay(intent, user: user, device: device)
        }
    }


    func handle(intent: PlayMediaIntent) async -> IntentResponse {
        do {
            let plan = try app.planPlay(intent, user: user)
            return try await app.handlePlay(intent, plan: plan, user: user, device: device)
        } catch is PlayerUnreachable {
            return IntentResponse(code: .failure, reason: .serviceUnavailable, handled: .playerUnreachable)
        } catch {
            return IntentResponse(code: .failure, reason: .serviceUnavailable)
        }
    }

    func resolveMediaItems(for intent: AddMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await guarded([.unsupported(.serviceUnavailable)]) {
            try await app.resolveTarget(intent.mediaSearch, user: user, device: device)
        }
    }


    func handle(intent: AddMediaIntent) async -> IntentResponse {
        await guarded(IntentResponse(code: .failure, reason: .serviceUnavailable)) {
            try await app.handleAdd(intent, user: user, device: device)
        }
    }

    func resolveMediaItems(for intent: UpdateMediaAffinityIntent) async -> [ResolutionResult<MediaItem>] {
        await guarded([.unsupported(.serviceUnavailable)]) {
            try await app.resolveTarget(intent.mediaSearch, user: user, device: device)
        }
    }

    func handle(intent: UpdateMediaAffinityIntent) async -> IntentResponse {
        await guarded(IntentResponse(code: .failure, reason: .serviceUnavailable)) {
            try await app.handleAffinity(intent, user: user, device: device)
        }
    }

    func resolveMediaItems(for intent: SearchForMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await guarded([.unsupported(.serviceUnavailable)]) {
            // "Do you have First Love by Utada Hikaru?": with a title and its artist said, only that
            // title by them is found, never another artist's song with a word in common.
            let search = intent.mediaSearch
            return try await app.find(search, user: user, device: device).filter { found in
                search.mediaName == nil || search.artistName == nil || found.nameMatch >= BuiltInMediaApp.confidentMatch
                    || BuiltInMediaApp.namesAgree(search, found.item)
            }
            .map { .success($0.item) }
        }
    }

    func handle(intent: SearchForMediaIntent) async -> IntentResponse {
        await app.handleSearch(intent)
    }
}

import MediaIntents
import Playback

/// The built-in library app's intent handlers for one user on one device.
struct LibraryHandler: PlayMediaIntentHandling, AddMediaIntentHandling, UpdateMediaAffinityIntentHandling,
    SearchForMediaIntentHandling
{
    let core: LibraryCore
    let user: String
    let device: String

    /// A handler that failed in storage answers `failure` rather than crashing the request.
    private func guarded<T>(_ fallback: T, _ body: () async throws -> T) async -> T {
        do { return try await body() } catch { return fallback }
    }

    func resolveMediaItems(for intent: PlayMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await guarded([.unsupported(.serviceUnavailable)]) {
            try await core.resolvePlay(intent, user: user, device: device)
        }
    }


    func handle(intent: PlayMediaIntent) async -> IntentResponse {
        do {
            let plan = try core.planPlay(intent, user: user)
            return try await core.handlePlay(intent, plan: plan, user: user, device: device)
        } catch is PlayerUnreachable {
            return IntentResponse(code: .failure, reason: .serviceUnavailable, handled: .playerUnreachable)
        } catch {
            return IntentResponse(code: .failure, reason: .serviceUnavailable)
        }
    }

    func resolveMediaItems(for intent: AddMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await guarded([.unsupported(.serviceUnavailable)]) {
            try await core.resolveTarget(intent.mediaSearch, user: user, device: device)
        }
    }


    func handle(intent: AddMediaIntent) async -> IntentResponse {
        await guarded(IntentResponse(code: .failure, reason: .serviceUnavailable)) {
            try await core.handleAdd(intent, user: user, device: device)
        }
    }

    func resolveMediaItems(for intent: UpdateMediaAffinityIntent) async -> [ResolutionResult<MediaItem>] {
        await guarded([.unsupported(.serviceUnavailable)]) {
            try await core.resolveTarget(intent.mediaSearch, user: user, device: device)
        }
    }

    func handle(intent: UpdateMediaAffinityIntent) async -> IntentResponse {
        await guarded(IntentResponse(code: .failure, reason: .serviceUnavailable)) {
            try await core.handleAffinity(intent, user: user, device: device)
        }
    }

    func resolveMediaItems(for intent: SearchForMediaIntent) async -> [ResolutionResult<MediaItem>] {
        await guarded([.unsupported(.serviceUnavailable)]) {
            try await core.find(intent.mediaSearch, user: user, device: device).map { .success($0.item) }
        }
    }

    func handle(intent: SearchForMediaIntent) async -> IntentResponse {
        await core.handleSearch(intent)
    }
}

/// An app that plays media: resolve the items, confirm, then handle (SiriKit's `INPlayMediaIntentHandling`).
public protocol PlayMediaIntentHandling: Sendable {
    func resolveMediaItems(for intent: PlayMediaIntent) async -> [ResolutionResult<MediaItem>]
    func confirm(intent: PlayMediaIntent) async -> IntentResponse
    func handle(intent: PlayMediaIntent) async -> IntentResponse
}

/// An app that adds media to the library or a playlist.
public protocol AddMediaIntentHandling: Sendable {
    func resolveMediaItems(for intent: AddMediaIntent) async -> [ResolutionResult<MediaItem>]
    func confirm(intent: AddMediaIntent) async -> IntentResponse
    func handle(intent: AddMediaIntent) async -> IntentResponse
}

/// An app that records likes and dislikes.
public protocol UpdateMediaAffinityIntentHandling: Sendable {
    func resolveMediaItems(for intent: UpdateMediaAffinityIntent) async -> [ResolutionResult<MediaItem>]
    func confirm(intent: UpdateMediaAffinityIntent) async -> IntentResponse
    func handle(intent: UpdateMediaAffinityIntent) async -> IntentResponse
}

/// An app that searches its catalog and shows the results.
public protocol SearchForMediaIntentHandling: Sendable {
    func resolveMediaItems(for intent: SearchForMediaIntent) async -> [ResolutionResult<MediaItem>]
    func confirm(intent: SearchForMediaIntent) async -> IntentResponse
    func handle(intent: SearchForMediaIntent) async -> IntentResponse
}

extension PlayMediaIntentHandling {
    /// Media requests skip confirmation: playing the wrong song is cheaper than asking.
    public func confirm(intent: PlayMediaIntent) async -> IntentResponse { IntentResponse(code: .success) }
}

extension AddMediaIntentHandling {
    public func confirm(intent: AddMediaIntent) async -> IntentResponse { IntentResponse(code: .success) }
}

extension UpdateMediaAffinityIntentHandling {
    public func confirm(intent: UpdateMediaAffinityIntent) async -> IntentResponse { IntentResponse(code: .success) }
}

extension SearchForMediaIntentHandling {
    public func confirm(intent: SearchForMediaIntent) async -> IntentResponse { IntentResponse(code: .success) }
}

/// Everything a media app handles for one person on one device: play, add, like, search.
public protocol MediaIntentHandling: PlayMediaIntentHandling, AddMediaIntentHandling,
    UpdateMediaAffinityIntentHandling, SearchForMediaIntentHandling
{
    /// Whose request it is.
    var user: String { get }
    /// The player it acts on.
    var device: String { get }
}

/// An app the assistant dispatches media requests to (the built-in library app is one).
public protocol MediaApp: Sendable {
    /// The app's handlers for one person's requests on one device.
    func handler(user: String, device: String) -> any MediaIntentHandling
}

import Catalog
import Foundation
import MediaIntents

/// Conversation state per user and the device they spoke to; never shared between users. What a
/// question holds is the assistant's own (stored as its JSON text).
extension BuiltInMediaApp {
    /// How long a question waits for its answer.
    static let questionLifetime = 60.0

    /// The open question for this user on this device, as the assistant stored it, if it has not
    /// lapsed.
    public func pendingQuestion(user: String, device: String) throws -> String? {
        try ConversationStore(db: state).question(user: user, device: device, now: clock.now())
    }

    /// Stores (for `questionLifetime` seconds) or clears the question for this user on this device.
    public func setPendingQuestion(_ question: String?, user: String, device: String) throws {
        let conversations = ConversationStore(db: state)
        guard let question else { return try conversations.clear(user: user, device: device) }
        try conversations.set(question, user: user, device: device, expires: clock.now() + Self.questionLifetime)
    }

    /// Every artist credited on the current item, when there are several ("I like this artist").
    func currentArtists(device: String) async throws -> [MediaItem] {
        guard let item = try await player(device).current else { return [] }
        return try store.artists(of: item.identifier).map(\.item)
    }
}

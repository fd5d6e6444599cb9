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
        let row = try db.prepare("SELECT question, expires_at FROM conversation WHERE user = ? AND device = ?")
            .rows([.text(user), .text(device)]).first
        guard let json = row?.string(0), let expires = row?.double(1) else { return nil }
        guard expires > clock.now() else {
            try setPendingQuestion(nil, user: user, device: device)
            return nil
        }
        return json
    }

    /// Stores (for `questionLifetime` seconds) or clears the question for this user on this device.
    public func setPendingQuestion(_ question: String?, user: String, device: String) throws {
        guard let question else {
            try db.prepare("DELETE FROM conversation WHERE user = ? AND device = ?").run([.text(user), .text(device)])
            return
        }
        try db.prepare("INSERT OR REPLACE INTO conversation(user, device, question, expires_at) VALUES(?,?,?,?)")
            .run([.text(user), .text(device), .text(question), .real(clock.now() + Self.questionLifetime)])
    }

    /// Every artist credited on the current item, when there are several ("I like this artist").
    func currentArtists(device: String) throws -> [MediaItem] {
        guard let item = try player(device).current else { return [] }
        let sql = """
            SELECT \(StoredItem.columns("a")) FROM item_artists ia JOIN items a ON a.id = ia.artist_id
            WHERE ia.item_id = (SELECT id FROM items WHERE ident = ?) ORDER BY ia.position
            """
        return try db.prepare(sql).rows([.text(item.identifier)]).map { StoredItem($0).item }
    }
}

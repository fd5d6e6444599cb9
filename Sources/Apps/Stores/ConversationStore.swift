import Storage
import Catalog

/// Open questions ("Which one?") per person and the device they spoke to, never shared between
/// people. What a question holds is the assistant's own, stored as its text.
struct ConversationStore {
    let db: Database

    /// The question for this person on this device, unless it lapsed before `now` (then it goes).
    func question(user: String, device: String, now: Double) throws -> String? {
        let row = try db.prepare("SELECT question, expires_at FROM conversation WHERE user = ? AND device = ?")
            .rows([.text(user), .text(device)]).first
        guard let text = row?.string(0), let expires = row?.double(1) else { return nil }
        guard expires > now else {
            try clear(user: user, device: device)
            return nil
        }
        return text
    }

    func set(_ question: String, user: String, device: String, expires: Double) throws {
        try db.prepare("INSERT OR REPLACE INTO conversation(user, device, question, expires_at) VALUES(?,?,?,?)")
            .run([.text(user), .text(device), .text(question), .real(expires)])
    }

    func clear(user: String, device: String) throws {
        try db.prepare("DELETE FROM conversation WHERE user = ? AND device = ?").run([.text(user), .text(device)])
    }
}

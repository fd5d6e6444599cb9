import Storage
import Catalog

/// Open questions ("Which one?") per person and the device they spoke to, never shared between
/// people. What a question holds is the assistant's own, stored as its text.
struct ConversationStore {
    let db: any SQLDatabase

    /// The question for this person on this device, unless it lapsed before `now` (then it goes).
    func question(user: String, device: String, now: Double) throws -> String? {
        let row = try db.first(
            "SELECT question, expires_at FROM conversation WHERE \"user\" = ? AND device = ?", [.text(user), .text(device)])
        guard let text = row?.string(0), let expires = row?.double(1) else { return nil }
        guard expires > now else {
            try clear(user: user, device: device)
            return nil
        }
        return text
    }

    func set(_ question: String, user: String, device: String, expires: Double) throws {
        try db.run(
            """
            INSERT INTO conversation("user", device, question, expires_at) VALUES(?,?,?,?)
            ON CONFLICT("user", device) DO UPDATE SET question = excluded.question, expires_at = excluded.expires_at
            """, [.text(user), .text(device), .text(question), .real(expires)])
    }

    func clear(user: String, device: String) throws {
        try db.run("DELETE FROM conversation WHERE \"user\" = ? AND device = ?", [.text(user), .text(device)])
    }

    /// Deletes questions that lapsed before `now`.
    func forget(before now: Double) throws {
        try db.run("DELETE FROM conversation WHERE expires_at < ?", [.real(now)])
    }
}

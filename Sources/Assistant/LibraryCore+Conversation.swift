import Catalog
import Foundation
import MediaIntents
import Understanding

/// A question Hark asked and is waiting on: what was asked for, and the choices offered.
struct PendingQuestion: Codable, Sendable {
    var understood: Understood
    var choices: [MediaItem]
    /// When the question lapses (clock seconds).
    var expires: Double
    /// The language the question was asked in: an answer that is only a name keeps it.
    var language: String? = nil
}

/// Conversation state per user and the device they spoke to; never shared between users.
extension LibraryCore {
    /// How long a question waits for its answer.
    static let questionLifetime = 60.0

    static let conversationTable = """
        CREATE TABLE IF NOT EXISTS conversation(
            user TEXT NOT NULL, device TEXT NOT NULL, question TEXT NOT NULL, expires_at REAL NOT NULL,
            PRIMARY KEY(user, device));
        """

    /// The open question for this user on this device, if it has not lapsed.
    func pendingQuestion(user: String, device: String) throws -> PendingQuestion? {
        let row = try db.prepare("SELECT question, expires_at FROM conversation WHERE user = ? AND device = ?")
            .rows([.text(user), .text(device)]).first
        guard let json = row?.string(0), let expires = row?.double(1) else { return nil }
        guard expires > clock.now() else {
            try setPendingQuestion(nil, user: user, device: device)
            return nil
        }
        return try? JSONDecoder().decode(PendingQuestion.self, from: Data(json.utf8))
    }

    /// Asks (stores) or clears the question for this user on this device.
    func setPendingQuestion(_ question: PendingQuestion?, user: String, device: String) throws {
        guard var question else {
            try db.prepare("DELETE FROM conversation WHERE user = ? AND device = ?").run([.text(user), .text(device)])
            return
        }
        question.expires = clock.now() + Self.questionLifetime
        let json = try StreamingJSONEncoder.string(question)
        try db.prepare("INSERT OR REPLACE INTO conversation(user, device, question, expires_at) VALUES(?,?,?,?)")
            .run([.text(user), .text(device), .text(json), .real(question.expires)])
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

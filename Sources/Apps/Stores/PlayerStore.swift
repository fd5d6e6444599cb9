import Storage
import Catalog
import Foundation
import MediaIntents
import Playback

/// Each device's player in the database. The queue (the large part) is stored apart with a
/// revision, so it is decoded only when another process changed it, and written only when it changed.
final class PlayerStore {
    let db: Database

    /// A device's player as last read or written, with the stored text it came from.
    struct DecodedPlayer {
        /// The stored machine without its queue.
        var json: String
        /// The stored queue's revision (0: the queue is inside `json`, as older databases kept it).
        var revision: Int64
        var machine: PlayerMachine
    }

    /// Each device's player as last read or written, for at most `remembered` devices (however many
    /// device names clients make up, memory stays bounded; a forgotten one is read again).
    private var decoded: [String: DecodedPlayer] = [:] {
        didSet { if decoded.count > Self.remembered { decoded.removeAll(keepingCapacity: true) } }
    }
    static let remembered = 1_024

    init(db: Database) { self.db = db }

    /// The device's player as stored (nil: none yet, or unreadable).
    func machine(_ device: String) throws -> PlayerMachine? {
        let row = try db.prepare(
            """
            SELECT s.machine, q.revision FROM player_state s LEFT JOIN player_queues q ON q.device = s.device
            WHERE s.device = ?
            """
        ).rows([.text(device)]).first
        guard let json = row?.string(0) else { return nil }
        let revision = Int64(row?.int(1) ?? 0)
        let known = decoded[device]
        if let known, known.json == json, known.revision == revision { return known.machine }
        guard var saved = try? JSONDecoder().decode(PlayerMachine.self, from: Data(json.utf8)) else { return nil }
        if revision != 0 {
            if let known, known.revision == revision {
                saved.restoreQueue(known.machine.queue)
            } else {
                saved.restoreQueue(try storedQueue(device))
            }
        }
        decoded[device] = DecodedPlayer(json: json, revision: revision, machine: saved)
        return saved
    }

    private func storedQueue(_ device: String) throws -> [MediaItem] {
        let row = try db.prepare("SELECT items FROM player_queues WHERE device = ?").rows([.text(device)]).first
        guard let text = row?.string(0) else { return [] }
        return (try? JSONDecoder().decode([MediaItem].self, from: Data(text.utf8))) ?? []
    }

    /// Stores the machine; the queue only when it differs from the one last stored (an unchanged
    /// queue is the same array, so the comparison is immediate).
    func save(_ machine: PlayerMachine, device: String, at time: Double) throws {
        let json = try StreamingJSONEncoder.string(machine.withoutQueue)
        let known = decoded[device]
        var revision = known?.revision ?? 0
        let queueChanged = known == nil || revision == 0 || known?.machine.queue != machine.queue
        if queueChanged { revision = Int64.random(in: 1...Int64.max) }
        let saveState = {
            try self.db.prepare(
                """
                INSERT INTO player_state(device, machine, updated_at) VALUES(?,?,?)
                ON CONFLICT(device) DO UPDATE SET machine=excluded.machine, updated_at=excluded.updated_at
                """
            ).run([.text(device), .text(json), .real(time)])
        }
        if queueChanged {
            let items = try StreamingJSONEncoder.string(machine.queue)
            try db.transaction {
                try db.prepare(
                    """
                    INSERT INTO player_queues(device, revision, items) VALUES(?,?,?)
                    ON CONFLICT(device) DO UPDATE SET revision=excluded.revision, items=excluded.items
                    """
                ).run([.text(device), .integer(revision), .text(items)])
                try saveState()
            }
        } else {
            try saveState()
        }
        decoded[device] = DecodedPlayer(json: json, revision: revision, machine: machine)
    }

    /// Deletes the players of devices not used since `time` (seconds, the clock's), with their
    /// queues; returns how many.
    @discardableResult
    func forget(before time: Double) throws -> Int {
        try db.transaction {
            try db.prepare(
                "DELETE FROM player_queues WHERE device IN (SELECT device FROM player_state WHERE updated_at < ?)"
            ).run([.real(time)])
            try db.prepare("DELETE FROM player_state WHERE updated_at < ?").run([.real(time)])
        }
        decoded.removeAll()
        return db.changes
    }
}

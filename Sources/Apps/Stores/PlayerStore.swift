import Storage
import Catalog
import Foundation
import MediaIntents
import Playback

/// Each device's player in the database. The queue (the large part) is stored apart with a
/// revision, so it is decoded only when another process changed it, and written only when it changed.
/// Every stored player has a version: a change is stored only over the version it was made from, so
/// two processes (replicas sharing PostgreSQL, or a command beside a server) never lose each other's.
final class PlayerStore {
    let db: any SQLDatabase

    /// A device's player as last read or written, with the stored text it came from.
    struct DecodedPlayer {
        /// The stored machine without its queue.
        var json: String
        /// The stored queue's revision (0: the queue is inside `json`, as older databases kept it).
        var revision: Int64
        /// The stored player's version (nil: there was none).
        var version: Int64?
        var machine: PlayerMachine
    }

    /// Each device's player as last read or written, for at most `remembered` devices (however many
    /// device names clients make up, memory stays bounded; a forgotten one is read again).
    private var decoded: [String: DecodedPlayer] = [:] {
        didSet { if decoded.count > Self.remembered { decoded.removeAll(keepingCapacity: true) } }
    }
    static let remembered = 1_024
    /// The PostgreSQL channel a stored player change is announced on, with its device as payload.
    static let playerChannel = "hark_players"

    init(db: any SQLDatabase) { self.db = db }

    /// The device's player as stored (nil: none yet, or unreadable). Read once per request: a
    /// request that read or stored it already gets the copy it read or stored (`RequestMemo`).
    func machine(_ device: String) throws -> PlayerMachine? {
        if let memo = RequestMemo.current, memo.hasPlayer(device), let known = decoded[device] {
            return known.version == nil ? nil : known.machine
        }
        defer { if decoded[device] != nil { RequestMemo.current?.notePlayer(device) } }
        let row = try db.first(
            """
            SELECT s.machine, q.revision, s.version FROM player_state s LEFT JOIN player_queues q ON q.device = s.device
            WHERE s.device = ?
            """, [.text(device)])
        guard let row, let json = row.string(0) else {
            // Remembered as absent, so a first save can tell whether another process made it meanwhile.
            decoded[device] = DecodedPlayer(json: "", revision: 0, version: nil, machine: PlayerMachine())
            return nil
        }
        let revision = Int64(row.int(1) ?? 0)
        let version = Int64(row.int(2) ?? 0)
        let known = decoded[device]
        if let known, known.json == json, known.revision == revision, known.version == version { return known.machine }
        guard var saved = try? JSONDecoder().decode(PlayerMachine.self, from: Data(json.utf8)) else { return nil }
        if revision != 0 {
            if let known, known.revision == revision {
                saved.restoreQueue(known.machine.queue)
            } else {
                saved.restoreQueue(try storedQueue(device))
            }
        }
        decoded[device] = DecodedPlayer(json: json, revision: revision, version: version, machine: saved)
        return saved
    }

    private func storedQueue(_ device: String) throws -> [MediaItem] {
        guard let text = try db.first("SELECT items FROM player_queues WHERE device = ?", [.text(device)])?.string(0)
        else { return [] }
        return (try? JSONDecoder().decode([MediaItem].self, from: Data(text.utf8))) ?? []
    }

    /// Stores the machine; the queue only when it differs from the one last stored (an unchanged
    /// queue is the same array, so the comparison is immediate). `overStored`: only if the stored
    /// player is still the one last read (false comes back when another process changed it since;
    /// nothing is stored then). Otherwise the machine replaces whatever is stored.
    @discardableResult
    func save(_ machine: PlayerMachine, device: String, at time: Double, overStored: Bool = false) throws -> Bool {
        let json = try StreamingJSONEncoder.string(machine.withoutQueue)
        let known = decoded[device]
        var revision = known?.revision ?? 0
        let queueChanged = known == nil || revision == 0 || known?.machine.queue != machine.queue
        if queueChanged { revision = Int64.random(in: 1...Int64.max) }
        let items = queueChanged ? try StreamingJSONEncoder.string(machine.queue) : nil
        let write = Self.write(json: json, device: device, at: time, over: overStored ? known.map { $0.version } : nil)
        let version: Int64
        do {
            if db.dialect == .postgres {
                version = try saveInOneStatement(write, device: device, revision: revision, items: items)
            } else {
                version = try db.transaction { () -> Int64 in
                    guard let version = try db.first(write.sql, write.values)?.int(0) else { throw PlayerChangedMeanwhile() }
                    if let items {
                        try db.run(
                            """
                            INSERT INTO player_queues(device, revision, items) VALUES(?,?,?)
                            ON CONFLICT(device) DO UPDATE SET revision = excluded.revision, items = excluded.items
                            """, [.text(device), .integer(revision), .text(items)])
                    }
                    return Int64(version)
                }
            }
        } catch is PlayerChangedMeanwhile {
            decoded[device] = nil
            return false
        }
        decoded[device] = DecodedPlayer(json: json, revision: revision, version: version, machine: machine)
        RequestMemo.current?.notePlayer(device)
        return true
    }

    /// Another process stored the device's player after this one read it.
    private struct PlayerChangedMeanwhile: Error {}

    /// The statement that stores a player and returns its new version (no row: not stored). `over`:
    /// store only over this version read (`.some(nil)`: only if none was stored); nil: replace.
    private static func write(json: String, device: String, at time: Double, over: Int64??) -> (sql: String, values: [SQLValue]) {
        switch over {
        case .some(.some(let read)):
            return (
                """
                UPDATE player_state SET machine = ?, updated_at = ?, version = version + 1
                WHERE device = ? AND version = ? RETURNING version
                """, [.text(json), .real(time), .text(device), .integer(read)])
        case .some(.none):
            return (
                """
                INSERT INTO player_state(device, machine, updated_at, version) VALUES(?,?,?,1)
                ON CONFLICT(device) DO NOTHING RETURNING version
                """, [.text(device), .text(json), .real(time)])
        case .none:
            return (
                """
                INSERT INTO player_state(device, machine, updated_at, version) VALUES(?,?,?,1)
                ON CONFLICT(device) DO UPDATE SET machine = excluded.machine,
                    updated_at = excluded.updated_at, version = player_state.version + 1
                RETURNING version
                """, [.text(device), .text(json), .real(time)])
        }
    }

    /// PostgreSQL: the player, its queue when it changed, and the announcement to every replica's
    /// event streams (LISTEN, `playerChannel`) in one statement, its own transaction: one round trip
    /// where BEGIN, three statements and COMMIT took five. The queue and the announcement follow
    /// only a player that was stored.
    private func saveInOneStatement(
        _ write: (sql: String, values: [SQLValue]), device: String, revision: Int64, items: String?
    ) throws -> Int64 {
        var sql = "WITH written AS (\(write.sql))"
        var values = write.values
        if let items {
            sql += """
                , queue AS (INSERT INTO player_queues(device, revision, items)
                    SELECT ?::text, ?::bigint, ?::text FROM written
                    ON CONFLICT(device) DO UPDATE SET revision = excluded.revision, items = excluded.items)
                """
            values += [.text(device), .integer(revision), .text(items)]
        }
        sql += " SELECT version, pg_notify(?, ?) FROM written"
        values += [.text(Self.playerChannel), .text(device)]
        guard let version = try db.first(sql, values)?.int(0) else { throw PlayerChangedMeanwhile() }
        return Int64(version)
    }

    /// Deletes the players of devices not used since `time` (seconds, the clock's), with their
    /// queues; returns how many.
    @discardableResult
    func forget(before time: Double) throws -> Int {
        let forgotten = try db.transaction {
            try db.run(
                "DELETE FROM player_queues WHERE device IN (SELECT device FROM player_state WHERE updated_at < ?)",
                [.real(time)])
            return try db.run("DELETE FROM player_state WHERE updated_at < ?", [.real(time)])
        }
        decoded.removeAll()
        return forgotten
    }
}

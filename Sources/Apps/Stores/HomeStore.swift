import Storage
import Catalog
import Foundation

/// Homes, each stored whole as its JSON document (people, rooms and devices change together and are
/// few; a home is read once per request).
struct HomeStore {
    let db: any SQLDatabase

    func home(_ id: String) throws -> Home? {
        try db.first("SELECT document FROM homes WHERE id = ?", [.text(id)])?.string(0)
            .flatMap { try? JSONDecoder().decode(Home.self, from: Data($0.utf8)) }
    }

    func all() throws -> [Home] {
        try db.rows("SELECT document FROM homes ORDER BY id").compactMap { row in
            row.string(0).flatMap { try? JSONDecoder().decode(Home.self, from: Data($0.utf8)) }
        }
    }

    func save(_ home: Home) throws {
        let json = String(decoding: try JSONEncoder().encode(home), as: UTF8.self)
        try db.run(
            "INSERT INTO homes(id, document) VALUES(?,?) ON CONFLICT(id) DO UPDATE SET document = excluded.document",
            [.text(home.id), .text(json)])
        try announce(home.id)
    }

    func delete(_ id: String) throws -> Bool {
        let deleted = try db.run("DELETE FROM homes WHERE id = ?", [.text(id)]) > 0
        try announce(id)
        return deleted
    }

    /// Tells every replica that a home changed, so that each makes its devices' outputs again
    /// from the new addresses (`BuiltInMediaApp.watchHomeChanges`).
    private func announce(_ id: String) throws {
        guard db.dialect == .postgres else { return }
        _ = try db.rows("SELECT pg_notify(?, ?)", [.text(Self.channel), .text(id)])
    }

    /// The PostgreSQL channel a changed home is announced on, with the home's id as payload.
    static let channel = "hark_homes"
}

import Storage
import Catalog
import Foundation

/// Homes, each stored whole as its JSON document (people, rooms and devices change together and are
/// few; a home is read once per request).
struct HomeStore {
    let db: Database

    func home(_ id: String) throws -> Home? {
        try db.prepare("SELECT document FROM homes WHERE id = ?").rows([.text(id)]).first?.string(0)
            .flatMap { try? JSONDecoder().decode(Home.self, from: Data($0.utf8)) }
    }

    func all() throws -> [Home] {
        try db.prepare("SELECT document FROM homes ORDER BY id").rows().compactMap { row in
            row.string(0).flatMap { try? JSONDecoder().decode(Home.self, from: Data($0.utf8)) }
        }
    }

    func save(_ home: Home) throws {
        let json = String(decoding: try JSONEncoder().encode(home), as: UTF8.self)
        try db.prepare("INSERT OR REPLACE INTO homes(id, document) VALUES(?,?)").run([.text(home.id), .text(json)])
    }

    func delete(_ id: String) throws -> Bool {
        try db.prepare("DELETE FROM homes WHERE id = ?").run([.text(id)])
        return db.changes > 0
    }
}

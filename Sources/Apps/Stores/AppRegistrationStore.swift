import Storage
import Catalog
import Foundation

/// The apps registered on this system, each as its registration's JSON.
struct AppRegistrationStore {
    let db: any SQLDatabase

    func all() throws -> [AppRegistration] {
        try db.rows("SELECT registration FROM apps ORDER BY identifier").compactMap { row in
            row.string(0).flatMap { try? JSONDecoder().decode(AppRegistration.self, from: Data($0.utf8)) }
        }
    }

    func save(_ app: AppRegistration) throws {
        let json = String(decoding: try JSONEncoder().encode(app), as: UTF8.self)
        try db.run(
            """
            INSERT INTO apps(identifier, registration) VALUES(?,?)
            ON CONFLICT(identifier) DO UPDATE SET registration = excluded.registration
            """, [.text(app.identifier), .text(json)])
        if db.dialect == .postgres {
            // Every replica learns the app's names and phrases (`BuiltInMediaApp.watchAppRegistrations`).
            _ = try db.rows("SELECT pg_notify(?, ?)", [.text(Self.channel), .text(app.identifier)])
        }
    }

    /// The PostgreSQL channel a registration is announced on, with the app's identifier as payload.
    static let channel = "hark_apps"
}

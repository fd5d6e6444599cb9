import Storage
import Catalog

/// Each person's settings ("explicit": "off"), by name.
struct SettingsStore {
    let db: any SQLDatabase

    func value(_ key: String, user: String) throws -> String? {
        try db.first("SELECT value FROM user_settings WHERE \"user\" = ? AND key = ?", [.text(user), .text(key)])?
            .string(0)
    }

    func set(_ key: String, value: String, user: String) throws {
        try db.run(
            """
            INSERT INTO user_settings("user", key, value) VALUES(?,?,?)
            ON CONFLICT("user", key) DO UPDATE SET value = excluded.value
            """, [.text(user), .text(key), .text(value)])
    }
}

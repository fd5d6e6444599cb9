import Storage
import Catalog

/// Each person's settings ("explicit": "off"), by name.
struct SettingsStore {
    let db: Database

    func value(_ key: String, user: String) throws -> String? {
        try db.prepare("SELECT value FROM user_settings WHERE user = ? AND key = ?")
            .rows([.text(user), .text(key)]).first?.string(0)
    }

    func set(_ key: String, value: String, user: String) throws {
        try db.prepare("INSERT OR REPLACE INTO user_settings(user, key, value) VALUES(?,?,?)")
            .run([.text(user), .text(key), .text(value)])
    }
}

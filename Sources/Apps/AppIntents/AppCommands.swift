import Storage
public import Foundation

/// Apps' own commands behind Hark: their entities (stored, and indexed in memory for matching),
/// the secret each app's calls are signed with, the donations apps report, and the handlers that
/// carry the commands out. One per database; an actor, so writes and re-indexing go one at a time.
public actor AppCommands {
    let db: Database
    /// Each app's entities in memory, built when first matched and rebuilt on every change.
    private var indexes: [String: EntityIndex] = [:]
    /// In-process handlers by name (`AppRegistration.handlerName`).
    private var local: [String: any AppIntentHandling] = [:]

    public init(path: String) throws {
        db = try Database(path: path)
        try db.migrate(Self.schemaPart, Self.migrations)
    }

    static let schemaPart = "app commands"
    static let migrations = [
        Migration(
            1, "apps' entities, secrets and donations",
            sql: """
                CREATE TABLE IF NOT EXISTS app_entities(
                    app TEXT NOT NULL, type TEXT NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL,
                    keywords TEXT NOT NULL DEFAULT '[]', PRIMARY KEY(app, type, id));
                CREATE TABLE IF NOT EXISTS app_secrets(app TEXT PRIMARY KEY, secret TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS app_donations(
                    id INTEGER PRIMARY KEY, user TEXT NOT NULL, device TEXT, app TEXT NOT NULL,
                    intent TEXT NOT NULL, parameters TEXT NOT NULL, title TEXT, at REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS app_donations_user ON app_donations(user, at DESC);
                """)
    ]

    // MARK: Entities

    /// Adds or replaces entities (by app, type and id), in one transaction, and re-indexes the app.
    public func put(_ entities: [AppEntity], app: String) throws {
        let json = JSONEncoder()
        try db.transaction {
            let insert = try db.prepare(
                "INSERT OR REPLACE INTO app_entities(app, type, id, name, keywords) VALUES(?,?,?,?,?)")
            for entity in entities {
                let keywords = String(decoding: try json.encode(entity.keywords ?? []), as: UTF8.self)
                try insert.run([.text(app), .text(entity.type), .text(entity.id), .text(entity.name), .text(keywords)])
            }
        }
        try reindex(app)
    }

    /// Removes one entity (or every entity of a type when `id` is nil); true when something went.
    @discardableResult
    public func delete(app: String, type: String, id: String?) throws -> Bool {
        if let id {
            try db.prepare("DELETE FROM app_entities WHERE app = ? AND type = ? AND id = ?")
                .run([.text(app), .text(type), .text(id)])
        } else {
            try db.prepare("DELETE FROM app_entities WHERE app = ? AND type = ?").run([.text(app), .text(type)])
        }
        let removed = db.changes > 0
        try reindex(app)
        return removed
    }

    /// Every entity of an app, by type and name.
    public func entities(app: String) throws -> [AppEntity] {
        let decoder = JSONDecoder()
        return try db.prepare("SELECT type, id, name, keywords FROM app_entities WHERE app = ? ORDER BY type, name")
            .rows([.text(app)]).map { row in
                AppEntity(
                    id: row.string(1) ?? "", type: row.string(0) ?? "", name: row.string(2) ?? "",
                    keywords: try? decoder.decode([String].self, from: Data((row.string(3) ?? "[]").utf8)))
            }
    }

    /// What `said` names among the app's entities of `type`.
    public func match(_ said: String, app: String, type: String?) throws -> EntityMatch {
        try index(app).match(said, type: type)
    }

    private func index(_ app: String) throws -> EntityIndex {
        if let index = indexes[app] { return index }
        try reindex(app)
        return indexes[app] ?? EntityIndex([])
    }

    private func reindex(_ app: String) throws {
        indexes[app] = EntityIndex(try entities(app: app))
    }

    // MARK: Secrets and handlers

    /// The secret the app's calls are signed with: made once, kept across registrations.
    public func secret(app: String) throws -> String {
        if let secret = try db.prepare("SELECT secret FROM app_secrets WHERE app = ?").rows([.text(app)]).first?.string(0) {
            return secret
        }
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        try db.prepare("INSERT INTO app_secrets(app, secret) VALUES(?,?)").run([.text(app), .text(secret)])
        return secret
    }

    /// Makes an in-process handler available to apps that name it (`handlerName`).
    public func addHandler(_ handler: any AppIntentHandling, named name: String) { local[name] = handler }

    /// The handler for an app: its in-process one, else HTTP to its endpoint with its secret.
    public func handler(for app: AppRegistration) throws -> (any AppIntentHandling)? {
        if let name = app.handlerName, let handler = local[name] { return handler }
        guard let endpoint = app.endpoint else { return nil }
        return HTTPAppHandler(endpoint: endpoint, secret: try secret(app: app.identifier))
    }

    // MARK: Donations

    /// What a person just did in an app, reported by the app after it succeeded.
    public func donate(_ donation: AppDonation) throws {
        let parameters = String(decoding: try JSONEncoder().encode(donation.parameters), as: UTF8.self)
        try db.prepare(
            "INSERT INTO app_donations(user, device, app, intent, parameters, title, at) VALUES(?,?,?,?,?,?,?)"
        ).run([
            .text(donation.user), donation.device.map { .text($0) } ?? .null, .text(donation.app),
            .text(donation.intent), .text(parameters), donation.title.map { .text($0) } ?? .null,
            .real(donation.at ?? Date().timeIntervalSince1970),
        ])
        // Only the latest few hundred per person are kept.
        try db.prepare(
            """
            DELETE FROM app_donations WHERE user = ? AND id NOT IN
                (SELECT id FROM app_donations WHERE user = ? ORDER BY at DESC, id DESC LIMIT 200)
            """
        ).run([.text(donation.user), .text(donation.user)])
    }

    /// A person's latest donation (on `device` first, when given).
    public func latestDonation(user: String, device: String? = nil) throws -> AppDonation? {
        try donations(user: user, limit: 50).first { device == nil || $0.device == nil || $0.device == device }
    }

    /// Suggestions for a person: what they do most often, the most recent first among equals, one
    /// per intent and parameters.
    public func suggestions(user: String, device: String? = nil, limit: Int = 5) throws -> [AppSuggestion] {
        var tally: [String: AppSuggestion] = [:]
        for donation in try donations(user: user, limit: 200)
        where device == nil || donation.device == nil || donation.device == device {
            let key = donation.app + "\t" + donation.intent + "\t" + donation.parameters.keys.sorted().map {
                $0 + "=" + (donation.parameters[$0]?.spoken ?? "")
            }.joined(separator: "&")
            if tally[key] == nil {
                tally[key] = AppSuggestion(donation: donation, count: 0)
            }
            tally[key]?.count += 1
        }
        return Array(
            tally.values.sorted {
                $0.count != $1.count ? $0.count > $1.count : ($0.donation.at ?? 0) > ($1.donation.at ?? 0)
            }.prefix(limit))
    }

    private func donations(user: String, limit: Int) throws -> [AppDonation] {
        let decoder = JSONDecoder()
        return try db.prepare(
            """
            SELECT user, device, app, intent, parameters, title, at FROM app_donations
            WHERE user = ? ORDER BY at DESC, id DESC LIMIT ?
            """
        ).rows([.text(user), .integer(Int64(limit))]).compactMap { row in
            guard
                let parameters = try? decoder.decode(
                    [String: AppParameterValue].self, from: Data((row.string(4) ?? "{}").utf8))
            else { return nil }
            return AppDonation(
                user: row.string(0) ?? "", device: row.string(1), app: row.string(2) ?? "", intent: row.string(3) ?? "",
                parameters: parameters, title: row.string(5), at: row.double(6))
        }
    }
}

/// Something a person did in an app, as the app reports it (`POST /v1/apps/{app}/donations`).
public struct AppDonation: Codable, Sendable, Hashable {
    public var user: String
    public var device: String?
    public var app: String
    public var intent: String
    public var parameters: [String: AppParameterValue]
    /// How to show it ("Load Berlin Loop").
    public var title: String?
    public var at: Double?

    public init(
        user: String, device: String? = nil, app: String, intent: String, parameters: [String: AppParameterValue],
        title: String? = nil, at: Double? = nil
    ) {
        self.user = user
        self.device = device
        self.app = app
        self.intent = intent
        self.parameters = parameters
        self.title = title
        self.at = at
    }
}

/// A suggestion: a donation people repeat, with how often.
public struct AppSuggestion: Codable, Sendable, Hashable {
    public var donation: AppDonation
    public var count: Int
}

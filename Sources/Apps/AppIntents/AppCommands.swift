public import Storage
public import Foundation

/// Apps' own commands behind Hark: their entities (stored, and indexed in memory for matching),
/// the secret each app's calls are signed with, the donations apps report, and the handlers that
/// carry the commands out. One per database; an actor, so writes and re-indexing go one at a time.
public actor AppCommands {
    let db: any SQLDatabase
    /// Each app's entities in memory with the revision they were read at, built when first matched
    /// and rebuilt when the stored revision moves (a change here, or in another replica).
    private var indexes: [String: (revision: Int64, index: EntityIndex)] = [:]
    /// In-process handlers by name (`AppRegistration.handlerName`).
    private var local: [String: any AppIntentHandling] = [:]

    /// Opens its own connection to the state database (the same file as the built-in app's, or
    /// PostgreSQL), so its writes do not wait on the app's.
    public init(state: StateLocation) throws {
        db = try state.open()
        try db.migrate(Self.schemaPart, Self.migrations)
    }

    static let schemaPart = "app commands"
    static let migrations = [
        Migration(
            1, "apps' entities, secrets and donations",
            sql: { dialect in
                """
                CREATE TABLE IF NOT EXISTS app_entities(
                    app TEXT NOT NULL, type TEXT NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL,
                    keywords TEXT NOT NULL DEFAULT '[]', PRIMARY KEY(app, type, id));
                CREATE TABLE IF NOT EXISTS app_secrets(app TEXT PRIMARY KEY, secret TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS app_donations(
                    id \(dialect.autoIncrementKey), "user" TEXT NOT NULL, device TEXT, app TEXT NOT NULL,
                    intent TEXT NOT NULL, parameters TEXT NOT NULL, title TEXT, at DOUBLE PRECISION NOT NULL);
                CREATE INDEX IF NOT EXISTS app_donations_user ON app_donations("user", at DESC);
                """
            }),
        Migration(
            2, "entity revisions",
            sql: "CREATE TABLE IF NOT EXISTS app_entity_revisions(app TEXT PRIMARY KEY, revision BIGINT NOT NULL);"),
    ]

    // MARK: Entities

    /// Adds or replaces entities (by app, type and id), in one transaction, and re-indexes the app.
    public func put(_ entities: [AppEntity], app: String) throws {
        let json = JSONEncoder()
        try db.transaction {
            for entity in entities {
                let keywords = String(decoding: try json.encode(entity.keywords ?? []), as: UTF8.self)
                try db.run(
                    """
                    INSERT INTO app_entities(app, type, id, name, keywords) VALUES(?,?,?,?,?)
                    ON CONFLICT(app, type, id) DO UPDATE SET name = excluded.name, keywords = excluded.keywords
                    """, [.text(app), .text(entity.type), .text(entity.id), .text(entity.name), .text(keywords)])
            }
            try newRevision(app)
        }
        try reindex(app)
    }

    /// Removes one entity (or every entity of a type when `id` is nil); true when something went.
    @discardableResult
    public func delete(app: String, type: String, id: String?) throws -> Bool {
        let removed = try db.transaction { () -> Bool in
            let count =
                if let id {
                    try db.run(
                        "DELETE FROM app_entities WHERE app = ? AND type = ? AND id = ?",
                        [.text(app), .text(type), .text(id)])
                } else {
                    try db.run("DELETE FROM app_entities WHERE app = ? AND type = ?", [.text(app), .text(type)])
                }
            if count > 0 { try newRevision(app) }
            return count > 0
        }
        try reindex(app)
        return removed
    }

    /// Every entity of an app, by type and name.
    public func entities(app: String) throws -> [AppEntity] {
        let decoder = JSONDecoder()
        return try db.rows("SELECT type, id, name, keywords FROM app_entities WHERE app = ? ORDER BY type, name", [.text(app)])
            .map { row in
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
        if let known = indexes[app], known.revision == (try revision(app)) { return known.index }
        try reindex(app)
        return indexes[app]?.index ?? EntityIndex([])
    }

    private func reindex(_ app: String) throws {
        // The revision first: a change landing in between makes the next match read again.
        let revision = try revision(app)
        indexes[app] = (revision, EntityIndex(try entities(app: app)))
    }

    /// The app's entities' stored revision (0: never changed).
    private func revision(_ app: String) throws -> Int64 {
        Int64(try db.first("SELECT revision FROM app_entity_revisions WHERE app = ?", [.text(app)])?.int(0) ?? 0)
    }

    /// Marks the app's entities changed, for every process that indexed them.
    private func newRevision(_ app: String) throws {
        try db.run(
            """
            INSERT INTO app_entity_revisions(app, revision) VALUES(?, ?)
            ON CONFLICT(app) DO UPDATE SET revision = excluded.revision
            """, [.text(app), .integer(Int64.random(in: 1...Int64.max))])
    }

    // MARK: Secrets and handlers

    /// The secret the app's calls are signed with: made once, kept across registrations.
    public func secret(app: String) throws -> String {
        let stored = { try self.db.first("SELECT secret FROM app_secrets WHERE app = ?", [.text(app)])?.string(0) }
        if let secret = try stored() { return secret }
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        // Another replica may have made one meanwhile: the first stored is the app's.
        try db.run("INSERT INTO app_secrets(app, secret) VALUES(?,?) ON CONFLICT(app) DO NOTHING", [.text(app), .text(secret)])
        return try stored() ?? secret
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
        try db.run(
            "INSERT INTO app_donations(\"user\", device, app, intent, parameters, title, at) VALUES(?,?,?,?,?,?,?)",
            [
            .text(donation.user), donation.device.map { .text($0) } ?? .null, .text(donation.app),
            .text(donation.intent), .text(parameters), donation.title.map { .text($0) } ?? .null,
            .real(donation.at ?? Date().timeIntervalSince1970),
            ])
        // Only the latest few hundred per person are kept.
        try db.run(
            """
            DELETE FROM app_donations WHERE "user" = ? AND id NOT IN
                (SELECT id FROM app_donations WHERE "user" = ? ORDER BY at DESC, id DESC LIMIT 200)
            """, [.text(donation.user), .text(donation.user)])
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
        return try db.rows(
            """
            SELECT "user", device, app, intent, parameters, title, at FROM app_donations
            WHERE "user" = ? ORDER BY at DESC, id DESC LIMIT ?
            """, [.text(user), .integer(Int64(limit))]
        ).compactMap { row in
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

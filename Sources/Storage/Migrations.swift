/// One numbered change to a part of the schema. Each part of Hark that keeps tables (the catalog,
/// the users' libraries, the built-in app, music folders) numbers its own changes from 1; a change
/// is applied once, in order, and recorded in `schema_migrations`. The same migrations run on
/// SQLite and PostgreSQL: SQL that differs between them is written from the connection's dialect.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    let apply: @Sendable (any SQLDatabase) throws -> Void

    public init(_ version: Int, _ name: String, sql: String) {
        self.init(version, name) { try $0.execute(sql) }
    }

    /// A change whose SQL depends on the engine (`dialect.autoIncrementKey`, …).
    public init(_ version: Int, _ name: String, sql: @escaping @Sendable (SQLDialect) -> String) {
        self.init(version, name) { try $0.execute(sql($0.dialect)) }
    }

    public init(_ version: Int, _ name: String, apply: @escaping @Sendable (any SQLDatabase) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

extension SQLDatabase {
    /// Applies `part`'s migrations not yet applied, each in its own transaction with its record, and
    /// returns the versions applied. Databases made before migrations were recorded start at 1:
    /// the first migration of every part only creates what is missing. Several processes may
    /// migrate one database at once (replicas starting together): each change is applied once.
    @discardableResult
    public func migrate(_ part: String, _ migrations: [Migration]) throws -> [Int] {
        precondition(
            migrations.map(\.version) == Array(1...migrations.count), "\(part)'s migrations are numbered 1, 2, …")
        try transaction {
            try lockMigrations()
            try execute(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations(
                    part TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY(part, version))
                """)
        }
        let current = try schemaVersion(part)
        var applied: [Int] = []
        for migration in migrations where migration.version > current {
            // Read again inside the write transaction: another connection may have applied it meanwhile.
            let done = try transaction { () -> Bool in
                try lockMigrations()
                if try schemaVersion(part) >= migration.version { return false }
                try migration.apply(self)
                try run(
                    "INSERT INTO schema_migrations(part, version, name) VALUES(?,?,?)",
                    [.text(part), .integer(Int64(migration.version)), .text(migration.name)])
                return true
            }
            if done { applied.append(migration.version) }
        }
        return applied
    }

    /// The last migration applied to `part` (0: none).
    public func schemaVersion(_ part: String) throws -> Int {
        guard try !columns(of: "schema_migrations").isEmpty else { return 0 }
        return try first("SELECT max(version) FROM schema_migrations WHERE part = ?", [.text(part)])?.int(0) ?? 0
    }

    /// Makes other connections' migrations wait for this transaction's end. SQLite's write
    /// transaction already does; PostgreSQL takes an advisory lock held until commit.
    private func lockMigrations() throws {
        guard dialect == .postgres else { return }
        // Any fixed number; it names Hark's migrations among the database's advisory locks.
        _ = try rows("SELECT pg_advisory_xact_lock(4811277)")
    }
}

extension Database {
    /// The columns a table has (empty: no such table).
    public func columns(of table: String) throws -> Set<String> {
        Set(try prepareOnce("PRAGMA table_info(\(table))").rows().compactMap { $0.string(1) })
    }
}

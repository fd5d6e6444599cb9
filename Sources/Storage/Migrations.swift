/// One numbered change to a part of the schema. Each part of Hark that keeps tables (the catalog,
/// the users' libraries, the built-in app, music folders) numbers its own changes from 1; a change
/// is applied once, in order, and recorded in `schema_migrations`.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    let apply: @Sendable (Database) throws -> Void

    public init(_ version: Int, _ name: String, sql: String) {
        self.init(version, name) { try $0.execute(sql) }
    }

    public init(_ version: Int, _ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

extension Database {
    /// Applies `part`'s migrations not yet applied, each in its own transaction with its record, and
    /// returns the versions applied. Databases made before migrations were recorded start at 1:
    /// the first migration of every part only creates what is missing.
    @discardableResult
    public func migrate(_ part: String, _ migrations: [Migration]) throws -> [Int] {
        precondition(
            migrations.map(\.version) == Array(1...migrations.count), "\(part)'s migrations are numbered 1, 2, …")
        try execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations(
                part TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY(part, version))
            """)
        let current = try schemaVersion(part)
        var applied: [Int] = []
        for migration in migrations where migration.version > current {
            // Read again inside the write transaction: another connection may have applied it meanwhile.
            let done = try transaction { () -> Bool in
                if try schemaVersion(part) >= migration.version { return false }
                try migration.apply(self)
                try prepare("INSERT INTO schema_migrations(part, version, name) VALUES(?,?,?)")
                    .run([.text(part), .integer(Int64(migration.version)), .text(migration.name)])
                return true
            }
            if done { applied.append(migration.version) }
        }
        return applied
    }

    /// The last migration applied to `part` (0: none).
    public func schemaVersion(_ part: String) throws -> Int {
        let exists = try prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
            .rows().first != nil
        guard exists else { return 0 }
        return try prepare("SELECT max(version) FROM schema_migrations WHERE part = ?").rows([.text(part)]).first?
            .int(0) ?? 0
    }

    /// The columns a table has.
    public func columns(of table: String) throws -> Set<String> {
        Set(try prepareOnce("PRAGMA table_info(\(table))").rows().compactMap { $0.string(1) })
    }
}

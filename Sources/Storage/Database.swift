import CSQLite
import Foundation

/// A SQLite connection. One owner uses it at a time (the assistant's actor, or a command).
public final class Database: SQLDatabase {
    let handle: OpaquePointer
    /// The file this database lives in.
    public let path: String
    /// Statements of fixed SQL, prepared once and kept; SQL built per call is prepared with `prepareOnce`.
    private var statements: [String: Statement] = [:]

    /// Whether the file is read as a snapshot that never changes (`Database(snapshot:)`).
    public let isSnapshot: Bool

    /// Opens (creating if needed) the database at `path`, in WAL mode with foreign keys on.
    public convenience init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, path != ":memory:" {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try self.init(opening: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, snapshot: false)
    }

    /// Opens a file that is never written while open, read-only and without locks or a write-ahead
    /// log (SQLite's `immutable`). A new version of it must be a new file renamed into its place:
    /// this connection goes on reading the file it opened.
    public convenience init(snapshot path: String) throws {
        var uri = URLComponents()
        uri.scheme = "file"
        uri.path = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        uri.queryItems = [URLQueryItem(name: "immutable", value: "1")]
        try self.init(
            opening: uri.string ?? path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, snapshot: true, shownAs: path)
    }

    private init(opening name: String, flags: Int32, snapshot: Bool, shownAs path: String? = nil) throws {
        let path = path ?? name
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let error = SQLiteError(rc, handle: db, context: path)
            sqlite3_close(db)
            throw error
        }
        self.handle = db
        self.path = path
        self.isSnapshot = snapshot
        sqlite3_busy_timeout(db, 5000)
        if snapshot {
            // A file that is not a database fails here, at once, rather than at the first request.
            try execute("SELECT count(*) FROM sqlite_master")
            try execute("PRAGMA cache_size=-65536")
            return
        }
        try switchToWriteAheadLog()
        try execute("PRAGMA synchronous=NORMAL")
        try execute("PRAGMA foreign_keys=ON")
        // A 64 MiB page cache: a million-item catalog is several hundred MiB, and the resolver's
        // candidate reads are scattered. (Memory-mapping the file made reads cheaper but the mapped
        // pages count as resident memory: 580 MiB in the 1 M benchmark.)
        try execute("PRAGMA cache_size=-65536")
    }

    /// Turns the write-ahead log on. Two processes opening a new file at once can both try the switch;
    /// SQLite answers the loser `SQLITE_BUSY` without calling the busy handler (waiting could
    /// deadlock), so the switch is tried again, briefly, for as long as the busy timeout allows.
    private func switchToWriteAheadLog() throws {
        let deadline = Date().addingTimeInterval(5)
        while true {
            let rc = sqlite3_exec(handle, "PRAGMA journal_mode=WAL", nil, nil, nil)
            if rc == SQLITE_OK { return }
            let error = SQLiteError(rc, handle: handle, context: "PRAGMA journal_mode=WAL")
            guard error.isBusy, Date() < deadline else { throw StorageTrouble.noted(error) }
            usleep(2_000)
        }
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows (several statements allowed).
    public func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        sqlite3_free(error)
        if rc != SQLITE_OK { throw StorageTrouble.noted(SQLiteError(rc, handle: handle, context: sql)) }
    }

    /// A prepared statement of fixed SQL, kept and reused (by its SQL) for the connection's life.
    public func prepare(_ sql: String) throws -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try prepareOnce(sql)
        statements[sql] = statement
        return statement
    }

    /// A statement prepared for one use and finalized when dropped: for SQL built per call (a
    /// list of `?` as long as the values), which would otherwise fill the cache without end.
    public func prepareOnce(_ sql: String) throws -> Statement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw SQLiteError(rc, handle: handle, context: sql) }
        return Statement(stmt, db: self, sql: sql)
    }

    /// How many statements are kept prepared.
    public var cachedStatements: Int { statements.count }

    public var dialect: SQLDialect { .sqlite }
    public var location: String { path }

    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try prepare(sql).run(values)
        return changes
    }

    public func rows(_ sql: String, _ values: [SQLValue]) throws -> [Row] { try prepare(sql).rows(values) }


    /// The rowid of the last insert.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The error SQLite reports for the last call on this connection, which returned `code`.
    func error(_ code: Int32, sql: String) -> SQLiteError {
        StorageTrouble.noted(SQLiteError(code, handle: handle, context: sql))
    }

    /// Bytes SQLite holds in this process (page caches, statements), across all connections.
    public static var memoryUsed: Int64 { sqlite3_memory_used() }
}

/// A value bound to or read from SQL.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// A prepared statement owned by its database.
public final class Statement {
    let stmt: OpaquePointer
    unowned let db: Database
    let sql: String

    init(_ stmt: OpaquePointer, db: Database, sql: String) {
        self.stmt = stmt
        self.db = db
        self.sql = sql
    }

    deinit { sqlite3_finalize(stmt) }

    func reset() {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
    }

    /// Binds values to the `?` placeholders in order; there must be exactly one value for each.
    @discardableResult
    public func bind(_ values: [SQLValue]) throws -> Statement {
        let expected = Int(sqlite3_bind_parameter_count(stmt))
        guard values.count == expected else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "\(values.count) values for \(expected) placeholders", context: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(stmt, index)
            case .integer(let v): rc = sqlite3_bind_int64(stmt, index, v)
            case .real(let v): rc = sqlite3_bind_double(stmt, index, v)
            case .text(let v): rc = sqlite3_bind_text(stmt, index, v, -1, hark_sqlite_transient())
            }
            if rc != SQLITE_OK { throw db.error(rc, sql: sql) }
        }
        return self
    }

    /// Runs a statement that returns no rows.
    public func run(_ values: [SQLValue] = []) throws {
        defer { sqlite3_reset(stmt) }
        try bind(values)
        let rc = sqlite3_step(stmt)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw db.error(rc, sql: sql) }
    }

    /// Runs a statement and returns the first column of its first row (an id from RETURNING).
    public func integer(_ values: [SQLValue] = []) throws -> Int64? {
        defer { sqlite3_reset(stmt) }
        try bind(values)
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_DONE { return nil }
        guard rc == SQLITE_ROW else { throw db.error(rc, sql: sql) }
        return sqlite3_column_type(stmt, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(stmt, 0)
    }

    /// Runs a query and returns the first column of every row as integers (NULL as 0): for long
    /// lists of row ids, without a `Row` each.
    public func integers(_ values: [SQLValue] = []) throws -> [Int64] {
        try collect(values) { sqlite3_column_int64($0, 0) }
    }

    /// Runs a query and returns every row.
    public func rows(_ values: [SQLValue] = []) throws -> [Row] {
        try collect(values) { Row($0) }
    }

    /// Runs a query and reads each row it returns with `read`.
    private func collect<T>(_ values: [SQLValue], _ read: (OpaquePointer) -> T) throws -> [T] {
        defer { sqlite3_reset(stmt) }
        try bind(values)
        var out: [T] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw db.error(rc, sql: sql) }
            out.append(read(stmt))
        }
        return out
    }
}

/// One result row, read into Swift values.
public struct Row: Sendable {
    public var values: [SQLValue]

    public init(values: [SQLValue]) { self.values = values }

    init(_ stmt: OpaquePointer) {
        let count = sqlite3_column_count(stmt)
        values = (0..<count).map { index in
            switch sqlite3_column_type(stmt, index) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(stmt, index))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(stmt, index))
            case SQLITE_NULL: return .null
            default:
                guard let text = sqlite3_column_text(stmt, index) else { return .null }
                return .text(String(cString: text))
            }
        }
    }

    public func string(_ index: Int) -> String? {
        switch values[index] {
        case .text(let v): return v
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        case .null: return nil
        }
    }

    public func int(_ index: Int) -> Int? {
        switch values[index] {
        case .integer(let v): return Int(v)
        case .real(let v): return Int(v)
        case .text(let v): return Int(v)
        case .null: return nil
        }
    }

    public func double(_ index: Int) -> Double? {
        switch values[index] {
        case .integer(let v): return Double(v)
        case .real(let v): return v
        case .text(let v): return Double(v)
        case .null: return nil
        }
    }
}

extension SQLValue {
    /// Text, or NULL for nil.
    public static func optional(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }
    /// An integer, or NULL for nil.
    public static func optional(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    /// A real, or NULL for nil.
    public static func optional(_ value: Double?) -> SQLValue { value.map { .real($0) } ?? .null }
}

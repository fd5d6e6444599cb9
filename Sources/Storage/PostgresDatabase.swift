import CPostgres
import Foundation

/// A PostgreSQL connection (libpq), for state that many `hark serve` replicas share. One owner uses
/// it at a time, like a SQLite `Database`. Statements are prepared on the server once per
/// connection and kept; values go as text with their `?` turned into `$1, $2, …`.
///
/// A server that goes away (restarted, unreachable) makes calls fail at once with an error that
/// `isUnavailable`; the next call connects again, so Hark recovers without being restarted.
public final class PostgresDatabase: SQLDatabase {
    private let connection: OpaquePointer
    public let location: String
    /// Names of the statements prepared on this connection, by their SQL as stores write it.
    private var prepared: [String: (name: String, sql: String, count: Int)] = [:]
    /// Seconds a connection attempt may take before the database counts as unavailable.
    public static let connectTimeout = 2
    /// Seconds one statement may run (a lock held by a stuck replica must not stall requests).
    public static let statementTimeout = 5

    public var dialect: SQLDialect { .postgres }

    /// Connects to `address` (`postgres://user@host:port/database`, or a libpq key=value string).
    public init(address: String) throws {
        location = Self.withoutPassword(address)
        let keys = ["connect_timeout", "application_name", "dbname"]
        let values = ["\(Self.connectTimeout)", "hark", address]
        connection = try Self.withCStrings(keys) { keyPointers in
            try Self.withCStrings(values) { valuePointers in
                guard let made = PQconnectdbParams(keyPointers, valuePointers, 1) else {
                    throw PostgresError(state: "08000", message: "out of memory", context: Self.withoutPassword(address))
                }
                return made
            }
        }
        // (Every property is set, so a throw from here on runs deinit, which closes the connection.)
        guard PQstatus(connection) == CONNECTION_OK else {
            throw StorageTrouble.noted(PostgresError(state: "08001", message: lastMessage, context: location))
        }
        try configure()
    }

    deinit { PQfinish(connection) }

    /// What every session starts with, again after a reconnection.
    private func configure() throws {
        // Notices ("relation … already exists, skipping") would otherwise be printed to standard error.
        try execute(
            "SET statement_timeout = \(Self.statementTimeout * 1000); SET lock_timeout = 5000; SET client_min_messages = warning")
    }

    public func execute(_ sql: String) throws {
        try ensureConnected()
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        let result = try send(sql, values)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    public func rows(_ sql: String, _ values: [SQLValue]) throws -> [Row] {
        let result = try send(sql, values)
        defer { PQclear(result) }
        let count = PQntuples(result)
        let fields = PQnfields(result)
        let types = (0..<fields).map { PQftype(result, $0) }
        return (0..<count).map { row in
            Row(values: (0..<fields).map { field in
                if PQgetisnull(result, row, field) != 0 { return .null }
                return Self.value(String(cString: PQgetvalue(result, row, field)), type: types[Int(field)])
            })
        }
    }


    public func columns(of table: String) throws -> Set<String> {
        Set(
            try rows(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?",
                [.text(table)]
            ).compactMap { $0.string(0) })
    }

    // MARK: Sending

    /// Prepares `sql` on this connection once, then executes it with `values`.
    private func send(_ sql: String, _ values: [SQLValue]) throws -> OpaquePointer {
        try ensureConnected()
        let statement = try prepare(sql)
        guard values.count == statement.count else {
            throw PostgresError(
                state: "07001", message: "\(values.count) values for \(statement.count) placeholders", context: sql)
        }
        let texts: [String?] = values.map(\.postgresText)
        let result = Self.withOptionalCStrings(texts) { pointers in
            PQexecPrepared(connection, statement.name, Int32(texts.count), pointers, nil, nil, 0)
        }
        do {
            try check(result, sql: sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result!
    }

    private func prepare(_ sql: String) throws -> (name: String, sql: String, count: Int) {
        if let known = prepared[sql] { return known }
        let (numbered, count) = Self.numberPlaceholders(sql)
        let name = "hark_\(prepared.count + 1)"
        let result = PQprepare(connection, name, numbered, 0, nil)
        defer { PQclear(result) }
        try check(result, sql: sql)
        prepared[sql] = (name, numbered, count)
        return (name, numbered, count)
    }

    /// Connects again when the connection was lost; throws when the server still cannot be reached.
    private func ensureConnected() throws {
        guard PQstatus(connection) != CONNECTION_OK else { return }
        prepared.removeAll()
        PQreset(connection)
        guard PQstatus(connection) == CONNECTION_OK else {
            throw StorageTrouble.noted(PostgresError(state: "08006", message: lastMessage, context: location))
        }
        try configure()
    }

    private func check(_ result: OpaquePointer?, sql: String) throws {
        guard let result else { throw StorageTrouble.noted(PostgresError(state: "08006", message: lastMessage, context: sql)) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let lost = PQstatus(connection) != CONNECTION_OK
            // A statement prepared before a server restart is gone with the old session.
            if state == "26000" { prepared.removeAll() }
            throw StorageTrouble.noted(
                PostgresError(
                    state: lost ? "08006" : (state ?? "XX000"), message: String(cString: PQresultErrorMessage(result)),
                    context: sql))
        }
    }

    private var lastMessage: String {
        String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

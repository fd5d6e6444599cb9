import CSQLite

/// A failure SQLite reported, with its result code, so callers can tell a busy database or a
/// broken constraint from a mistake in the SQL.
public struct SQLiteError: StorageFailure, CustomStringConvertible, Sendable {
    /// SQLite's primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
    public var code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …).
    public var extendedCode: Int32
    public var message: String
    /// The statement, or the file opened.
    public var context: String

    public var description: String {
        "\(context.prefix(160)): \(message) (SQLite \(Self.name(code)), \(extendedCode))"
    }

    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    public var isConstraint: Bool { code == SQLITE_CONSTRAINT }
    /// A file is always there to reach.
    public var isUnavailable: Bool { false }

    public init(code: Int32, extendedCode: Int32? = nil, message: String, context: String) {
        self.code = code & 0xFF
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.context = context
    }

    /// The error SQLite holds for `handle` after a call returned `code`.
    init(_ code: Int32, handle: OpaquePointer?, context: String) {
        self.init(
            code: code, extendedCode: handle.map { sqlite3_extended_errcode($0) } ?? code,
            message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code)),
            context: context)
    }

    static func name(_ code: Int32) -> String { String(cString: sqlite3_errstr(code)) }
}

import Foundation

/// A failure PostgreSQL reported, with its SQLSTATE code (`23505` a unique key broken, `08…` the
/// connection, `40001` a serialization failure, `55P03` a lock not granted in time).
public struct PostgresError: StorageFailure, CustomStringConvertible, Sendable {
    public var state: String
    public var message: String
    /// The statement, or the address connected to (without its password).
    public var context: String

    public var description: String {
        "\(context.prefix(160)): \(message.trimmingCharacters(in: .whitespacesAndNewlines)) (PostgreSQL \(state))"
    }

    public var isBusy: Bool { ["40001", "40P01", "55P03", "57014"].contains(state) }
    public var isUnavailable: Bool { state.hasPrefix("08") || state.hasPrefix("57P") }
    public var isConstraint: Bool { state.hasPrefix("23") }

    public init(state: String, message: String, context: String) {
        self.state = state
        self.message = message
        self.context = context
    }
}

extension SQLValue {
    /// The value as PostgreSQL reads a text parameter (nil: NULL).
    var postgresText: String? {
        switch self {
        case .null: nil
        case .integer(let v): String(v)
        case .real(let v): v.isFinite ? String(v) : (v.isNaN ? "NaN" : (v > 0 ? "Infinity" : "-Infinity"))
        case .text(let v): v
        }
    }
}

extension PostgresDatabase {
    /// `sql` with each `?` outside quotes numbered `$1, $2, …`, and how many there are.
    static func numberPlaceholders(_ sql: String) -> (String, Int) {
        var out = ""
        var count = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "?" {
                count += 1
                out += "$\(count)"
                continue
            }
            out.append(character)
        }
        return (out, count)
    }

    /// A column's text as a value of the type PostgreSQL says it has (by type OID).
    static func value(_ text: String, type: UInt32) -> SQLValue {
        switch type {
        case 20, 21, 23, 26: Int64(text).map { .integer($0) } ?? .text(text)  // int8, int2, int4, oid
        case 700, 701, 1700: Double(text).map { .real($0) } ?? .text(text)  // float4, float8, numeric
        case 16: .integer(text == "t" ? 1 : 0)  // bool
        default: .text(text)
        }
    }

    /// The address as it may be shown: any password replaced by `***`.
    static func withoutPassword(_ address: String) -> String {
        if var parts = URLComponents(string: address), parts.scheme?.hasPrefix("postgres") == true {
            if parts.password != nil { parts.password = "***" }
            return parts.string ?? address
        }
        return address.replacingOccurrences(
            of: #"password\s*=\s*('[^']*'|\S+)"#, with: "password=***", options: .regularExpression)
    }

    static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws -> T) rethrows -> T {
        try withOptionalCStrings(strings) { pointers in try body(pointers + [nil]) }
    }

    /// Runs `body` with C copies of `strings` (nil stays a null pointer), freed afterwards.
    static func withOptionalCStrings<T>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) throws -> T) rethrows
        -> T
    {
        let copies = strings.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return try body(copies.map { $0.map { UnsafePointer($0) } })
    }
}

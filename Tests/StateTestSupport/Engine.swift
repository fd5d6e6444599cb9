import Foundation
import Storage
import Testing

/// The engines state is tested on, for every test target that tests state: SQLite always,
/// PostgreSQL when the run has a server (`HARK_TEST_POSTGRES`, set by `scripts/test`, which starts
/// one with `scripts/postgres`).
public enum Engine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    public var testDescription: String { rawValue }

    /// The engines this run can reach (`HARK_REQUIRE_POSTGRES=1` makes a missing server a failure).
    public static var available: [Engine] {
        let environment = ProcessInfo.processInfo.environment
        let required = environment["HARK_REQUIRE_POSTGRES"] == "1"
        return environment["HARK_TEST_POSTGRES"] == nil && !required ? [.sqlite] : allCases
    }

    /// A fresh, empty place for state: a new SQLite file, or a new schema in the test server
    /// (its address names the schema, so every connection made from it sees only that schema).
    public func freshAddress() throws -> String {
        let name = "t\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())"
        switch self {
        case .sqlite:
            return NSTemporaryDirectory() + "/\(name).db"
        case .postgres:
            guard let server = ProcessInfo.processInfo.environment["HARK_TEST_POSTGRES"] else {
                throw PostgresError(state: "08001", message: "HARK_TEST_POSTGRES is not set", context: "tests")
            }
            try PostgresDatabase(address: server).execute("CREATE SCHEMA \(name)")
            let separator = server.contains("?") ? "&" : "?"
            return server + separator + "options=-csearch_path%3D\(name)"
        }
    }

    public func fresh() throws -> any SQLDatabase { try StateLocation(freshAddress()).open() }
}

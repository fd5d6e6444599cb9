/// Where per-user and per-device state is kept, as given to `--state` or `HARK_STATE`: a
/// PostgreSQL address (`postgres://…` or `postgresql://…`) shared by replicas, or a SQLite file.
public enum StateLocation: Sendable, Equatable, CustomStringConvertible {
    case file(String)
    case postgres(String)

    public init(_ text: String) {
        let lowered = text.lowercased()
        self = lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") ? .postgres(text) : .file(text)
    }

    /// A new connection to it.
    public func open() throws -> any SQLDatabase {
        switch self {
        case .file(let path): try Database(path: path)
        case .postgres(let address): try PostgresDatabase(address: address)
        }
    }

    public var description: String {
        switch self {
        case .file(let path): path
        case .postgres(let address): PostgresDatabase.withoutPassword(address)
        }
    }
}

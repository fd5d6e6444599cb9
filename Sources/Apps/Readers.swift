import Storage
import Catalog
import Foundation
import Library
import MediaIntents

/// Read-only work (resolving what a request names) on connections of its own, so requests resolve
/// side by side instead of queueing on the library's one connection. SQLite's write-ahead log lets
/// readers see every committed write while the library writes.
final class Readers: Sendable {
    /// One connection and what reads through it; used by one task at a time.
    final class Reader: @unchecked Sendable {
        let store: CatalogStore
        let resolver: Resolver
        let library: UserLibrary
        /// The state database: the catalog's connection itself unless the state is kept elsewhere.
        let state: any SQLDatabase

        init(path: String, state location: StateLocation) throws {
            let db = try Database(path: path)
            state = location == .file(path) ? db : try location.open()
            // Smaller than the writer's: there are several, and they share the OS page cache.
            try db.execute("PRAGMA cache_size=-16384")
            store = try CatalogStore(db: db)
            resolver = Resolver(store: store)
            library = try UserLibrary(store: store, state: state)
        }

        var queues: QueueBuilder { QueueBuilder(store: store, library: library) }

        func setting(_ key: String, user: String) throws -> String? {
            try SettingsStore(db: state).value(key, user: user)
        }
    }

    let path: String
    let state: StateLocation
    private let idle = Locked<[Reader]>([])
    /// Idle connections kept; more are opened while many requests read at once, then closed.
    static let kept = 4

    init(path: String, state: StateLocation) {
        self.path = path
        self.state = state
    }

    func with<T>(_ body: (Reader) throws -> T) throws -> T {
        let reader = try idle.withLock { $0.popLast() } ?? Reader(path: path, state: state)
        defer {
            idle.withLock { if $0.count < Self.kept { $0.append(reader) } }
        }
        return try body(reader)
    }
}

/// Searches resolved during one request: choosing a reading, typing it and acting on it resolve
/// the same search up to three times, and nothing is written in between.
public final class FindMemo: Sendable {
    @TaskLocal public static var current: FindMemo?

    public init() {}

    struct Key: Hashable {
        var search: MediaSearch
        var user: String
        var limit: Int
    }

    private let found = Locked<[Key: [ResolvedItem]]>([:])

    func value(_ key: Key, _ make: () throws -> [ResolvedItem]) rethrows -> [ResolvedItem] {
        if let known = found.withLock({ $0[key] }) { return known }
        let made = try make()
        found.withLock { $0[key] = made }
        return made
    }
}

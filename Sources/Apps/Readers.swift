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

        /// Which snapshot of the catalog this reader was opened on (`Readers.renew`).
        let generation: Int

        init(path: String, state location: StateLocation, snapshot: Bool, generation: Int) throws {
            self.generation = generation
            if snapshot {
                store = try CatalogStore(snapshot: path)
            } else {
                let db = try Database(path: path)
                // Smaller than the writer's: there are several, and they share the OS page cache.
                try db.execute("PRAGMA cache_size=-16384")
                store = try CatalogStore(db: db)
            }
            state = location == .file(path) ? store.db : try location.open()
            resolver = Resolver(store: store)
            library = try UserLibrary(store: store, state: state)
        }

        var queues: QueueBuilder { QueueBuilder(store: store, library: library) }

        func setting(_ key: String, user: String) throws -> String? {
            try SettingsStore(db: state).value(key, user: user)
        }
    }

    let state: StateLocation
    /// Whether the catalog is a snapshot, read-only (`CatalogSnapshot`).
    let snapshot: Bool
    /// The idle readers, the generation of the catalog new readers are opened on, and its file.
    private let idle: Locked<(readers: [Reader], generation: Int, path: String)>
    /// Idle connections kept; more are opened while many requests read at once, then closed.
    static let kept = 4

    init(path: String, state: StateLocation, snapshot: Bool = false) {
        self.idle = Locked(([], 0, path))
        self.state = state
        self.snapshot = snapshot
    }

    func with<T>(_ body: (Reader) throws -> T) throws -> T {
        let (kept, generation, path) = idle.withLock { ($0.readers.popLast(), $0.generation, $0.path) }
        let reader = try kept ?? Reader(path: path, state: state, snapshot: snapshot, generation: generation)
        defer {
            idle.withLock {
                if $0.readers.count < Self.kept, reader.generation == $0.generation { $0.readers.append(reader) }
            }
        }
        return try body(reader)
    }

    /// A new snapshot is in place: readers open it from now on. Reads under way finish on the
    /// snapshot they began with, whose reader is then closed.
    func renew(path: String) {
        idle.withLock {
            $0.readers.removeAll()
            $0.generation += 1
            $0.path = path
        }
    }
}

/// What one request has read already: the searches it resolved (choosing a reading, typing it and
/// acting on it resolve the same search up to three times, and nothing is written in between), and
/// the devices whose player it has read or stored (read again from the app's last copy: a request
/// does not need another round trip to learn what it read or wrote itself).
public final class RequestMemo: Sendable {
    @TaskLocal public static var current: RequestMemo?

    public init() {}

    struct Key: Hashable {
        var search: MediaSearch
        var user: String
        var limit: Int
    }

    private let found = Locked<[Key: [ResolvedItem]]>([:])
    private let players = Locked<Set<String>>([])

    func value(_ key: Key, _ make: () throws -> [ResolvedItem]) rethrows -> [ResolvedItem] {
        if let known = found.withLock({ $0[key] }) { return known }
        let made = try make()
        found.withLock { $0[key] = made }
        return made
    }

    /// Whether this request has read or stored the device's player.
    func hasPlayer(_ device: String) -> Bool { players.withLock { $0.contains(device) } }

    func notePlayer(_ device: String) { _ = players.withLock { $0.insert(device) } }
}

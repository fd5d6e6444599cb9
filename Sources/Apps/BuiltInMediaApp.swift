public import Storage
import Catalog
import Foundation
import Library
public import MediaIntents
public import Playback

/// Hark's own media app: the catalog, users' libraries and one player per device, behind the same
/// app protocol a third-party app implements (`MediaApp`). The catalog and libraries are in one
/// SQLite database; players, settings, homes, apps and open questions are in the state database:
/// the same file by default, or PostgreSQL shared by replicas (`StateLocation`).
/// An actor, so writes from many tasks are taken one at a time; reads go to reader connections.
public actor BuiltInMediaApp: MediaApp {
    /// Each device's player, stored.
    let players: PlayerStore
    /// Connections for read-only work outside the actor.
    nonisolated let readers: Readers
    /// The database file, for the other parts of Hark that keep their state beside the app's.
    public nonisolated let databasePath: String
    /// Where players, settings, homes, apps and open questions are kept.
    public nonisolated let stateLocation: StateLocation
    /// The catalog's connection: a snapshot's (replaced when a new snapshot is put in its place,
    /// `followCatalogSnapshot`) or the database file's.
    var db: Database
    /// The state database: `db` itself unless the state is kept elsewhere.
    let state: any SQLDatabase
    var store: CatalogStore
    var resolver: Resolver
    var library: UserLibrary
    /// The snapshot read now; nil when the catalog is a database file, not a snapshot.
    var catalogFile: PinnedSnapshot?
    let clock: any PlayerClock
    /// Where a player's audio goes unless its device has an output of its own.
    let output: any PlayerOutput
    /// Makes a device's own output from its address in the home (`mpd://host:port`); nil: none can be made.
    let outputFactory: (@Sendable (String) -> (any PlayerOutput)?)?
    /// The outputs of home devices that have their own, by player key, made when first used.
    var deviceOutputs: [String: any PlayerOutput] = [:]
    /// Devices whose player is being changed, each with the changes waiting for their turn (a
    /// change waits on its output away from the actor, and two must not interleave on one device).
    var turns: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// Fastest and slowest speeds a play request may ask for.
    public static let speedRange = PlayerMachine.rateRange
    /// Memory SQLite holds, every connection's page cache together.
    public static var sqliteMemoryBytes: Int64 { Database.memoryUsed }

    /// Opens (or creates and fills with the demo catalog) the database at `path`, with the state in
    /// it unless `state` says where else.
    public init(
        path: String, state: StateLocation? = nil, clock: any PlayerClock = SystemClock(),
        output: any PlayerOutput = SimulatedOutput(), outputFactory: (@Sendable (String) -> (any PlayerOutput)?)? = nil
    ) throws {
        let stateLocation = state ?? .file(path)
        let snapshot = CatalogSnapshot.isSnapshot(path)
        let store: CatalogStore
        var pinned: PinnedSnapshot?
        if snapshot {
            guard stateLocation != .file(path) else {
                throw CatalogError.snapshot(
                    path, "a catalog snapshot is read-only: keep the state elsewhere (--state FILE or postgres://…)")
            }
            pinned = try PinnedSnapshot(path)
            store = try CatalogStore(snapshot: pinned!.path)
        } else {
            let db = try Database(path: path)
            // The writer mostly writes (reads go to the readers), so a small page cache bounds memory.
            try db.execute("PRAGMA cache_size=-16384")
            store = try CatalogStore(db: db)
            try DemoCatalog.seedIfEmpty(store)
        }
        let stateDB = stateLocation == .file(path) ? store.db : try stateLocation.open()
        self.db = store.db
        self.catalogFile = pinned
        self.state = stateDB
        self.stateLocation = stateLocation
        self.players = PlayerStore(db: stateDB)
        self.readers = Readers(path: pinned?.path ?? path, state: stateLocation, snapshot: snapshot)
        self.databasePath = path
        self.store = store
        self.resolver = Resolver(store: store)
        self.library = try UserLibrary(store: store, state: stateDB)
        self.clock = clock
        self.output = output
        self.outputFactory = outputFactory
        try stateDB.migrate(Self.schemaPart, Self.migrations)
        // People's playlists the catalog brought (the demo's, an import's) are kept in the state.
        try library.adoptCatalogPlaylists()
        // Players of devices unused for long, and questions no one answered, are not kept forever.
        try players.forget(before: clock.now() - Self.playerLifetime)
        try ConversationStore(db: stateDB).forget(before: clock.now())
    }

    /// True for an error that says another process held the database past the busy timeout.
    public static func isBusy(_ error: any Error) -> Bool {
        if error is PlayerBusy { return true }
        guard let failure = error as? any StorageFailure else { return false }
        return failure.isBusy || failure.isUnavailable
    }

    /// Runs `body` noting the databases it found busy or unreachable; returns its value and the
    /// first such failure, described (nil: none). Reads that treat a failure as "nothing there"
    /// are then not taken for the truth.
    public static func noticingStorageTrouble<T: Sendable>(_ body: () async -> T) async -> (T, String?) {
        let trouble = StorageTrouble()
        let value = await StorageTrouble.$current.withValue(trouble) { await body() }
        return (value, trouble.failure.map { "\($0)" })
    }

    /// Calls `handler` with the device of every player change stored by any process sharing the
    /// state (replicas on PostgreSQL: LISTEN/NOTIFY), until the returned function is called. Nil
    /// when the state is a SQLite file: its one server hears its own changes.
    public nonisolated func watchPlayerChanges(_ handler: @escaping @Sendable (String) -> Void) throws
        -> (@Sendable () -> Void)?
    {
        try watch(PlayerStore.playerChannel, handler)
    }

    /// Like `watchPlayerChanges`, for apps registered (or registered again) by any replica; the
    /// handler gets the app's identifier.
    public nonisolated func watchAppRegistrations(_ handler: @escaping @Sendable (String) -> Void) throws
        -> (@Sendable () -> Void)?
    {
        try watch(AppRegistrationStore.channel, handler)
    }

    /// Like `watchPlayerChanges`, for homes saved or deleted by any replica; the handler gets the home's id.
    public nonisolated func watchHomeChanges(_ handler: @escaping @Sendable (String) -> Void) throws
        -> (@Sendable () -> Void)?
    {
        try watch(HomeStore.channel, handler)
    }

    private nonisolated func watch(_ channel: String, _ handler: @escaping @Sendable (String) -> Void) throws
        -> (@Sendable () -> Void)?
    {
        guard case .postgres(let address) = stateLocation else { return nil }
        let listener = try PostgresListener(address: address, channel: channel, handler: handler)
        return { listener.stop() }
    }

    /// Seconds a device's player is kept after its last use: 90 days.
    public static let playerLifetime = 90 * 86_400.0

    /// The built-in app's schema changes, in order (`Database.migrate`): players, settings, app
    /// registrations and open questions.
    static let schemaPart = "built-in app"
    static let migrations = [
        Migration(
            1, "players, settings, apps, conversations",
            sql: """
                CREATE TABLE IF NOT EXISTS player_state(
                    device TEXT PRIMARY KEY, machine TEXT NOT NULL, updated_at DOUBLE PRECISION NOT NULL);
                CREATE TABLE IF NOT EXISTS player_queues(
                    device TEXT PRIMARY KEY, revision BIGINT NOT NULL, items TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS user_settings(
                    "user" TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY("user", key));
                CREATE TABLE IF NOT EXISTS apps(identifier TEXT PRIMARY KEY, registration TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS conversation(
                    "user" TEXT NOT NULL, device TEXT NOT NULL, question TEXT NOT NULL,
                    expires_at DOUBLE PRECISION NOT NULL, PRIMARY KEY("user", device));
                """),
        Migration(2, "homes", sql: "CREATE TABLE IF NOT EXISTS homes(id TEXT PRIMARY KEY, document TEXT NOT NULL);"),
        Migration(
            3, "owners", sql: "CREATE TABLE IF NOT EXISTS owners(resource TEXT PRIMARY KEY, owner TEXT NOT NULL);"),
        Migration(
            4, "player versions",
            sql: "ALTER TABLE player_state ADD COLUMN version BIGINT NOT NULL DEFAULT 0;"),
    ]

    /// Each database's parts with the last migration applied to them: the catalog's file, then
    /// the state (when it is kept elsewhere).
    public func schemaVersions() throws -> [(place: String, parts: [(String, Int)])] {
        let read = { (db: any SQLDatabase) in
            try db.rows("SELECT part, max(version) FROM schema_migrations GROUP BY part ORDER BY part").map {
                ($0.string(0) ?? "", $0.int(1) ?? 0)
            }
        }
        var places = [(place: databasePath, parts: try read(db))]
        if stateLocation != .file(databasePath) { places.append((stateLocation.description, try read(state))) }
        return places
    }

    /// The apps registered in this database (read on a reader connection, before the assistant's
    /// understanding is built).
    public nonisolated func registeredApps() throws -> [AppRegistration] {
        try readers.with { try AppRegistrationStore(db: $0.state).all() }
    }

    /// A person's setting, read on a reader connection.
    public nonisolated func setting(_ key: String, user: String) throws -> String? {
        try readers.with { try $0.setting(key, user: user) }
    }

    public func saveApp(_ app: AppRegistration) throws {
        try AppRegistrationStore(db: state).save(app)
    }

    /// The app's handlers for one person's requests on one device.
    public nonisolated func handler(user: String, device: String) -> any MediaIntentHandling {
        BuiltInMediaHandler(app: self, user: user, device: device)
    }

    /// The user's vocabulary, by type, most important first.
    public nonisolated func vocabulary(user: String) throws -> [VocabularyType: [String]] {
        try readers.with { try $0.library.vocabulary(user: user) }
    }

    public func setVocabulary(_ phrases: [String], type: VocabularyType, user: String) throws {
        try library.setVocabulary(phrases, type: type, user: user)
    }

    // MARK: Settings

    public func setSetting(_ key: String, value: String, user: String) throws {
        try SettingsStore(db: state).set(key, value: value, user: user)
    }

    /// Queues built on the library's own connection (the few cases that need the player first).
    var queues: QueueBuilder { QueueBuilder(store: store, library: library) }
}

/// A home that cannot be stored, and why.
public struct HomeProblem: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

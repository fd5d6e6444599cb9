import Storage
import Catalog
import Foundation
import Library
public import MediaIntents
public import Playback

/// Hark's own media app: the catalog, users' libraries and one player per device, all in one
/// SQLite database, behind the same app protocol a third-party app implements (`MediaApp`).
/// An actor, so writes from many tasks are taken one at a time; reads go to reader connections.
public actor BuiltInMediaApp: MediaApp {
    /// Each device's player, stored.
    let players: PlayerStore
    /// Connections for read-only work outside the actor.
    nonisolated let readers: Readers
    /// The database file, for the other parts of Hark that keep their state beside the app's.
    public nonisolated let databasePath: String
    let db: Database
    let store: CatalogStore
    let resolver: Resolver
    let library: UserLibrary
    let clock: any PlayerClock
    /// Where a player's audio goes unless its device has an output of its own.
    let output: any PlayerOutput
    /// Makes a device's own output from its address in the home (`mpd://host:port`); nil: none can be made.
    let outputFactory: (@Sendable (String) -> (any PlayerOutput)?)?
    /// The outputs of home devices that have their own, by player key, made when first used.
    private var deviceOutputs: [String: any PlayerOutput] = [:]
    /// Fastest and slowest speeds a play request may ask for.
    public static let speedRange = PlayerMachine.rateRange
    /// Memory SQLite holds, every connection's page cache together.
    public static var sqliteMemoryBytes: Int64 { Database.memoryUsed }

    /// Opens (or creates and fills with the demo catalog) the database at `path`.
    public init(
        path: String, clock: any PlayerClock = SystemClock(), output: any PlayerOutput = SimulatedOutput(),
        outputFactory: (@Sendable (String) -> (any PlayerOutput)?)? = nil
    ) throws {
        let db = try Database(path: path)
        // The writer mostly writes (reads go to the readers), so a small page cache bounds memory.
        try db.execute("PRAGMA cache_size=-16384")
        let store = try CatalogStore(db: db)
        try DemoCatalog.seedIfEmpty(store)
        self.db = db
        self.players = PlayerStore(db: db)
        self.readers = Readers(path: path)
        self.databasePath = path
        self.store = store
        self.resolver = Resolver(store: store)
        self.library = try UserLibrary(store: store)
        self.clock = clock
        self.output = output
        self.outputFactory = outputFactory
        try db.migrate(Self.schemaPart, Self.migrations)
    }

    /// The built-in app's schema changes, in order (`Database.migrate`): players, settings, app
    /// registrations and open questions.
    static let schemaPart = "built-in app"
    static let migrations = [
        Migration(
            1, "players, settings, apps, conversations",
            sql: """
                CREATE TABLE IF NOT EXISTS player_state(
                    device TEXT PRIMARY KEY, machine TEXT NOT NULL, updated_at REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS player_queues(
                    device TEXT PRIMARY KEY, revision INTEGER NOT NULL, items TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS user_settings(
                    user TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY(user, key));
                CREATE TABLE IF NOT EXISTS apps(identifier TEXT PRIMARY KEY, registration TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS conversation(
                    user TEXT NOT NULL, device TEXT NOT NULL, question TEXT NOT NULL, expires_at REAL NOT NULL,
                    PRIMARY KEY(user, device));
                """),
        Migration(2, "homes", sql: "CREATE TABLE IF NOT EXISTS homes(id TEXT PRIMARY KEY, document TEXT NOT NULL);"),
    ]

    /// The apps registered in this database (read on a reader connection, before the assistant's
    /// understanding is built).
    public nonisolated func registeredApps() throws -> [AppRegistration] {
        try readers.with { try AppRegistrationStore(db: $0.store.db).all() }
    }

    // MARK: Homes

    /// A home, read on a reader connection (once per request heard in it).
    public nonisolated func home(_ id: String) throws -> Home? {
        try readers.with { try HomeStore(db: $0.store.db).home(id) }
    }

    public nonisolated func homes() throws -> [Home] {
        try readers.with { try HomeStore(db: $0.store.db).all() }
    }

    /// Stores a home whole (its people, rooms and devices), after checking it.
    public func saveHome(_ home: Home) throws {
        if let problem = home.problem() { throw HomeProblem(message: "home \(home.id): \(problem)") }
        try HomeStore(db: db).save(home)
        // Its devices' outputs are made again from the new addresses when next used.
        deviceOutputs = deviceOutputs.filter { Home.device(ofPlayerKey: $0.key)?.home != home.id }
    }

    @discardableResult
    public func deleteHome(_ id: String) throws -> Bool { try HomeStore(db: db).delete(id) }

    /// A person's setting, read on a reader connection.
    public nonisolated func setting(_ key: String, user: String) throws -> String? {
        try readers.with { try $0.setting(key, user: user) }
    }

    public func saveApp(_ app: AppRegistration) throws {
        try AppRegistrationStore(db: db).save(app)
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

    // MARK: Players

    /// The device's player, moved on to now.
    func player(_ device: String, fromDevice: Bool = false) throws -> PlayerMachine {
        var machine = try players.machine(device) ?? PlayerMachine()
        machine.advance(to: clock.now())
        // A real player knows better than the clock what it plays. Out of reach, the clock answers,
        // unless the caller needs the player's own word (`fromDevice`: then that throws).
        let output = output(for: device)
        let status = fromDevice ? try output.status() : machine.current == nil ? nil : try? output.status()
        if machine.current != nil, let status { machine.adopt(status, now: clock.now()) }
        return machine
    }

    /// Stores a device's player.
    func save(_ machine: PlayerMachine, device: String) throws {
        try players.save(machine, device: device, at: clock.now())
    }

    /// The output a player's actions go to: its home device's own (`Home.Device.output`), else the app's.
    func output(for device: String) -> any PlayerOutput {
        if let own = deviceOutputs[device] { return own }
        guard let factory = outputFactory, let (homeID, deviceID) = Home.device(ofPlayerKey: device),
            let spec = try? self.home(homeID)?.device(deviceID)?.output,
            let made = factory(spec)
        else { return output }
        deviceOutputs[device] = made
        return made
    }

    /// Runs an event on a device's player, saves it and hands the action to the output.
    func withPlayer<T>(_ device: String, _ body: (inout PlayerMachine, Double) -> (T, PlayerAction)) throws -> T {
        var machine = try player(device)
        let (value, action) = body(&machine, clock.now())
        // The player first: when it cannot be reached, Hark's own state stays as it was.
        if action != .none { try output(for: device).perform(action) }
        try save(machine, device: device)
        return value
    }

    /// What a device plays. `fromDevice`: a real player that cannot be reached throws
    /// `PlayerUnreachable` rather than answering from Hark's last known state.
    public func nowPlaying(_ device: String, fromDevice: Bool = false) throws -> NowPlayingInfo {
        try player(device, fromDevice: fromDevice).nowPlaying(at: clock.now())
    }

    /// Hands what plays on `source` to `targets`: the same queue, at the same place, in the same
    /// modes; the source stops unless `keepSource` (then one queue plays in several rooms). Nil when
    /// nothing plays on the source; else what the first target plays.
    public func handOff(from source: String, to targets: [String], keepSource: Bool) throws -> NowPlayingInfo? {
        let machine = try player(source)
        guard machine.current != nil, machine.state != .stopped else { return nil }
        let now = clock.now()
        for target in targets where target != source {
            let queue = machine.order.map { machine.queue[$0] }
            try output(for: target).perform(.load(queue: queue, index: machine.cursor ?? 0, position: machine.position(at: now)))
            try save(machine, device: target)
        }
        if !keepSource, !targets.contains(source) {
            _ = try withPlayer(source) { machine, now in machine.handle(.stop, now: now) }
        }
        return try targets.first.map { try nowPlaying($0) }
    }

    /// Turns a command off or on for a device ("the app disabled skipping").
    public func setCommand(_ name: String, enabled: Bool, device: String) throws {
        try withPlayer(device) { machine, _ in
            if enabled { machine.disabledCommands.remove(name) } else { machine.disabledCommands.insert(name) }
            return ((), PlayerAction.none)
        }
    }

    public func command(_ command: NowPlayingCommand, device: String) throws -> CommandStatus {
        try withPlayer(device) { machine, now in machine.handle(command, now: now) }
    }

    public func volume(_ command: VolumeCommand, device: String) throws -> CommandStatus {
        try withPlayer(device) { machine, _ in machine.handle(command) }
    }

    // MARK: Settings

    public func setSetting(_ key: String, value: String, user: String) throws {
        try SettingsStore(db: db).set(key, value: value, user: user)
    }

    // MARK: Finding items

    /// The item a reference means: the current song, or its album or artist when the type says so.
    func current(_ type: MediaItemType?, device: String) throws -> MediaItem? {
        guard let item = try player(device).current else { return nil }
        switch type {
        case .album: return try store.album(of: item.identifier)?.item
        case .artist: return try store.artists(of: item.identifier).first?.item
        default:
            return item
        }
    }

    /// Items for a search, best first (at most five), resolved on a reader connection (side by side
    /// with other requests); once per request for the same search.
    nonisolated func find(_ search: MediaSearch, user: String, device: String, limit: Int = 5) async throws
        -> [ResolvedItem]
    {
        if search.reference == .currentlyPlaying { return try await currentResolved(search.mediaType, device: device) }
        let resolve = {
            try self.readers.with { reader -> [ResolvedItem] in
                if search.reference == .my, search.mediaType == .playlist, let name = search.mediaName,
                    let playlist = try reader.library.findPlaylist(named: name, user: user)
                {
                    return [ResolvedItem(stored: playlist, score: 1)]
                }
                return try reader.resolver.resolve(search, user: user, limit: limit)
            }
        }
        guard let memo = FindMemo.current else { return try resolve() }
        return try memo.value(FindMemo.Key(search: search, user: user, limit: limit), resolve)
    }

    /// The item playing (or its album or artist) as a search result.
    private func currentResolved(_ type: MediaItemType?, device: String) throws -> [ResolvedItem] {
        try current(type, device: device).flatMap { item in
            try store.item(identifier: item.identifier).map { [ResolvedItem(stored: $0, score: 1)] }
        } ?? []
    }
    /// Catalog items for a search, best first: the same resolution as speech.
    public nonisolated func items(for search: MediaSearch, user: String, limit: Int) async throws -> [MediaItem] {
        try await find(search, user: user, device: "default", limit: limit).map(\.item)
    }

    /// Catalog items for typed text, best first (`hark search`, `/v1/search`): title and artist in
    /// any order, the artist also spelled a little wrong.
    public nonisolated func items(matching text: String, type: MediaItemType?, user: String, limit: Int) async throws
        -> [MediaItem]
    {
        try readers.with { try $0.resolver.resolveText(text, type: type, user: user, limit: limit) }.map(\.item)
    }

    /// Queues built on the library's own connection (the few cases that need the player first).
    var queues: QueueBuilder { QueueBuilder(store: store, library: library) }
}

/// A home that cannot be stored, and why.
public struct HomeProblem: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

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

    // MARK: Finding items

    /// The item a reference means: the current song, or its album or artist when the type says so.
    func current(_ type: MediaItemType?, device: String) async throws -> MediaItem? {
        guard let item = try await player(device).current else { return nil }
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
        // "A station based on Miles Davis", "songs like Skyfall": the seed is whatever the name is.
        if search.mediaType == .algorithmicRadioStation, search.hasName {
            var seed = search
            seed.mediaType = nil
            // "A station off the Abbey Road album", "a Fleetwood Mac station": the seed of the kind said.
            if search.mediaName == nil, let album = search.albumName {
                seed = MediaSearch(mediaType: .album, mediaName: album, artistName: search.artistName)
            } else if search.mediaName == nil, let artist = search.artistName {
                seed = MediaSearch(mediaType: .artist, mediaName: artist)
            }
            return try await find(seed, user: user, device: device, limit: limit)
        }
        let resolve = {
            try self.readers.with { reader -> [ResolvedItem] in
                // A playlist by name: the person's own first (they are kept apart from the catalog).
                if search.mediaType == .playlist, let name = search.mediaName,
                    let playlist = try reader.library.findPlaylist(named: name, user: user),
                    search.reference == .my || playlist.owner != nil
                {
                    return [ResolvedItem(stored: playlist, score: 1)]
                }
                return try reader.resolver.resolve(search, user: user, limit: limit)
            }
        }
        let found: [ResolvedItem]
        if let memo = RequestMemo.current {
            found = try memo.value(RequestMemo.Key(search: search, user: user, limit: limit), resolve)
        } else {
            found = try resolve()
        }
        if found.first.map({ $0.nameMatch >= Self.confidentMatch }) ?? false { return found }
        // "play Running on shuffle": a bare name the catalog lacks that is one of the person's own playlists.
        if search.mediaType == nil, search.artistName == nil, search.albumName == nil, let name = search.mediaName,
            let playlist = try readers.with({ try $0.library.findPlaylist(named: name, user: user) }), playlist.owner != nil
        {
            return [ResolvedItem(stored: playlist, score: 1)]
        }
        // "How Coffee Works from Stuff You Should Know": a name after "from" may be the album or show
        // the item is on, not its artist; 「Thrillerのアルバム」 ("Thriller's album") the album's own name.
        for reading in Self.artistReadAgain(search) {
            let again = try await find(reading, user: user, device: device, limit: limit)
            // The album or show said must be the item's own: "Creep by Radiohead" is not TLC's Creep.
            if let best = again.first, best.nameMatch >= Self.confidentMatch,
                reading.albumName.map({ said in
                    NameSimilarity.names(said: said, stored: best.item.album ?? "") >= Self.confidentMatch
                }) ?? true
            {
                return again
            }
        }
        // «самые популярные песни Битлз»: an artist written by its sound is found as a name (where
        // sound skeletons are weighed), then its songs by the catalog's spelling.
        // A title with such an artist (「ビートルズのYesterday」) the same way, when it found nothing sure.
        // A name said in Latin letters is spelled as it is: "the top song by gun" is not Queen's.
        if found.isEmpty || search.mediaName != nil, search.albumName == nil, let artist = search.artistName,
            Script.hasLettersBeyondLatin(artist)
        {
            let named = try await find(MediaSearch(mediaType: .artist, mediaName: artist), user: user, device: device, limit: 1)
            if let best = named.first, best.item.type == .artist, best.item.title != artist,
                best.nameMatch >= Self.soundedArtistMatch
            {
                var spelled = search
                spelled.artistName = best.item.title
                let again = try await find(spelled, user: user, device: device, limit: limit)
                if search.mediaName == nil || (again.first?.nameMatch ?? 0) > (found.first?.nameMatch ?? 0) { return again }
            }
        }
        return found
    }

    /// How close an artist named alone must be to be taken by its catalog spelling: a foreign name
    /// written by its sound («Битлз») scores about 0.77.
    static let soundedArtistMatch = 0.75

    /// Other readings of a search whose artist found nothing: the artist as the album or show the
    /// item is on, or, for an album with no name of its own, as the album's name.
    static func artistReadAgain(_ search: MediaSearch) -> [MediaSearch] {
        guard let artist = search.artistName, search.albumName == nil, search.reference == nil else { return [] }
        var readings: [MediaSearch] = []
        if search.mediaName != nil {
            var onAlbum = search
            onAlbum.artistName = nil
            onAlbum.albumName = artist
            readings.append(onAlbum)
        } else if search.mediaType == .album {
            var named = search
            named.artistName = nil
            named.mediaName = artist
            readings.append(named)
        }
        return readings
    }

    /// The item playing (or its album or artist) as a search result.
    private func currentResolved(_ type: MediaItemType?, device: String) async throws -> [ResolvedItem] {
        guard let item = try await current(type, device: device) else { return [] }
        return try library.item(identifier: item.identifier).map { [ResolvedItem(stored: $0, score: 1)] } ?? []
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

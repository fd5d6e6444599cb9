import Apps
import Assistant
import Foundation
import MediaIntents
import Playback
import StateTestSupport
import Storage
import Testing
import Waiting

/// Two assistants sharing one state database, as two `hark serve` replicas do (each with its own
/// copy of the catalog), on SQLite and on PostgreSQL: what one stores, the other sees at once.
@Suite("Shared state, on each engine")
struct SharedStateTests {
    /// Two assistants over one state at `address`, with one clock.
    func replicas(_ engine: Engine, clock: ManualClock = ManualClock()) throws -> (Assistant, Assistant) {
        let address = try engine.freshAddress()
        let make = { try Assistant(app: BuiltInMediaApp(path: freshDatabase(), state: .init(address), clock: clock)) }
        return (try make(), try make())
    }

    @Test("what one replica plays, the other reports and moves on", arguments: Engine.available)
    func playerIsShared(engine: Engine) async throws {
        let (a, b) = try replicas(engine)
        #expect(await a.ask("play skyfall by adele").reply == "Playing Skyfall by Adele.")
        #expect(await b.ask("what's playing").reply == "You're listening to Skyfall by Adele.")
        let next = await b.ask("next")
        #expect(next.code == .success)
        #expect(await a.ask("what's playing").nowPlaying?.item?.title == next.nowPlaying?.item?.title)
    }

    @Test("a question asked on one replica is answered on the other", arguments: Engine.available)
    func questionIsShared(engine: Engine) async throws {
        let (a, b) = try replicas(engine)
        _ = await a.ask("play uptown funk")
        #expect(await a.ask("I like this artist").reply == "Which one: Mark Ronson or Bruno Mars?")
        #expect(await b.ask("the second one").reply == "Got it, you like Bruno Mars.")
        // Answered once: the question is gone on both.
        #expect(await a.ask("the first one").reply == "Sorry, I didn't get that.")
    }

    @Test("homes, owners and settings written on one are read on the other", arguments: Engine.available)
    func homesAndSettingsAreShared(engine: Engine) async throws {
        let address = try engine.freshAddress()
        let first = try BuiltInMediaApp(path: freshDatabase(), state: .init(address))
        let second = try BuiltInMediaApp(path: freshDatabase(), state: .init(address))
        let home = Home(
            id: "flat", name: "Flat", people: [Home.Person(id: "ann", name: "Ann")],
            rooms: [Home.Room(id: "kitchen", name: "Kitchen")],
            devices: [Home.Device(id: "kitchen-speaker", name: "Kitchen speaker", kind: .speaker, room: "kitchen")])
        try await first.saveHome(home)
        #expect(try second.home("flat")?.devices.map(\.id) == ["kitchen-speaker"])
        #expect(try await first.claim("home:flat", for: "ann"))
        #expect(try await second.claim("home:flat", for: "bob") == false)
        #expect(try await second.owner(of: "home:flat") == "ann")
        try await second.setSetting("explicit", value: "off", user: "ann")
        #expect(try first.setting("explicit", user: "ann") == "off")
        #expect(try await first.deleteHome("flat"))
        #expect(try second.homes().isEmpty)
    }

    @Test("an app registered on one replica, and its entities changed there, are understood on the other",
          arguments: Engine.available)
    func appEntitiesAreShared(engine: Engine) async throws {
        let address = try engine.freshAddress()
        let a = try Assistant(app: BuiltInMediaApp(path: freshDatabase(), state: .init(address)))
        let b = try Assistant(app: BuiltInMediaApp(path: freshDatabase(), state: .init(address)))
        await b.appCommands.addHandler(RecordingApp(), named: "walks")
        let following = try b.followOtherReplicas()
        defer { following?() }
        #expect((following != nil) == (engine == .postgres))
        try await a.register(AppCommandTests.manifest())
        try await a.appCommands.put(AppCommandTests.walks, app: "test.walkmate")
        // On PostgreSQL the second replica hears of the registration (NOTIFY); a file has one server,
        // which is told here as `hark apps add` beside it would be.
        if following == nil { try await b.adoptRegistrations() }
        // Taking up a registration compiles every language's grammar again: over a minute under a
        // sanitizer, and over two in a full run with both cores held busy by other work.
        try await waitUntil("the second replica to hear of Walk Mate's registration", within: 600) {
            await b.app(identifier: "test.walkmate") != nil
        }
        #expect(await b.ask("load berlin loop in Walk Mate").reply == "Loaded Berlin Loop.")
        try await a.appCommands.put([Apps.AppEntity(id: "w2", type: "walk", name: "North Meadow")], app: "test.walkmate")
        #expect(await b.ask("load north meadow in Walk Mate").reply == "Loaded North Meadow.")
        try await a.appCommands.delete(app: "test.walkmate", type: "walk", id: "w1")
        #expect(await b.ask("load berlin loop in Walk Mate").reply == "I couldn't find berlin loop in Walk Mate.")
    }

    @Test(
        "a home changed on one replica gives the other's devices their new outputs",
        arguments: Engine.available.filter { $0 == .postgres })
    func homeChangesReachOtherReplicas(engine: Engine) async throws {
        let address = try engine.freshAddress()
        let made = Locked<[String]>([])
        let factory: @Sendable (String) -> (any PlayerOutput)? = { spec in
            made.withLock { $0.append(spec) }
            return SimulatedOutput()
        }
        let make = { try Assistant(app: BuiltInMediaApp(path: freshDatabase(), state: .init(address), outputFactory: factory)) }
        let (a, b) = (try make(), try make())
        let following = try b.followOtherReplicas()
        defer { following?() }
        var flat = HomeTests.flat
        let kitchen = try #require(flat.devices.firstIndex { $0.id == "kitchen-speaker" })
        flat.devices[kitchen].output = "mpd://old.kitchen:6600"
        try await a.saveHome(flat)
        let inKitchen = RequestContext(device: "kitchen-speaker", home: "flat")
        _ = await b.ask("play skyfall by adele", context: inKitchen)
        #expect(made.withLock { $0.last } == "mpd://old.kitchen:6600")
        flat.devices[kitchen].output = "mpd://new.kitchen:6600"
        try await a.saveHome(flat)
        try await waitUntil("the second replica to play the kitchen through its new output", every: 0.05) {
            _ = await b.ask("play skyfall by adele", context: inKitchen)
            return made.withLock { $0.last } == "mpd://new.kitchen:6600"
        }
        #expect(made.withLock { $0.last } == "mpd://new.kitchen:6600")
    }

    @Test("two replicas changing one player at once lose no change", arguments: Engine.available)
    func concurrentPlayerChangesAreAllKept(engine: Engine) async throws {
        let address = try engine.freshAddress()
        let apps = try (0..<2).map { _ in try BuiltInMediaApp(path: freshDatabase(), state: .init(address)) }
        _ = try await apps[0].volume(.set(0), device: "kitchen")
        let perReplica = 25
        let kept = await withTaskGroup(of: Int.self) { group in
            for app in apps {
                group.addTask {
                    var kept = 0
                    for _ in 0..<perReplica {
                        do {
                            _ = try await app.volume(.change(1), device: "kitchen")
                            kept += 1
                        } catch {}
                    }
                    return kept
                }
            }
            return await group.reduce(0, +)
        }
        // Each change that was acknowledged is in the stored level; none was lost to the other replica.
        #expect(kept > perReplica)
        #expect(try await apps[1].nowPlaying("kitchen").volume == kept)
    }

    @Test("a like and a playlist on one replica are seen by the next request on the other", arguments: Engine.available)
    func libraryIsShared(engine: Engine) async throws {
        let (a, b) = try replicas(engine)
        _ = await a.ask("play skyfall by adele")
        #expect(await a.ask("I like this song").reply == "Got it, you like Skyfall.")
        #expect(try await b.library().liked.map(\.title) == ["Skyfall"])
        #expect(await b.ask("add hello by adele to my road trip playlist").code == .success)
        #expect(await a.ask("play my road trip playlist").reply == "Playing the playlist Road Trip.")
        #expect(await b.ask("what's playing").reply == "You're listening to Hello by Adele.")
    }

    @Test("two replicas adding to one playlist at once keep every entry", arguments: Engine.available)
    func concurrentPlaylistAddsAreAllKept(engine: Engine) async throws {
        let (a, b) = try replicas(engine)
        let titles = ["skyfall", "let it be", "someone like you", "rolling in the deep", "thriller", "billie jean"]
        await withTaskGroup(of: Void.self) { group in
            for (index, title) in titles.enumerated() {
                let replica = index.isMultiple(of: 2) ? a : b
                group.addTask { _ = await replica.ask("add \(title) to my party playlist") }
            }
        }
        let party = try await a.library().playlists.first { $0.name == "Party" }
        #expect(party?.items.count == titles.count)
    }

    @Test(
        "a lost database connection is said so at once, and the next request connects again",
        arguments: Engine.available.filter { $0 == .postgres })
    func lostConnectionIsSaidAndRecovered(engine: Engine) async throws {
        // A role of the test's own, so that only its connections are cut (as a server restart would).
        let address = try engine.freshAddress()
        let schema = try #require(address.components(separatedBy: "%3D").last)
        let admin = try StateLocation(address).open()
        try admin.execute("CREATE ROLE \(schema) LOGIN; ALTER SCHEMA \(schema) OWNER TO \(schema)")
        let own = address.replacingOccurrences(of: "://hark@", with: "://\(schema)@")
        let assistant = try Assistant(app: BuiltInMediaApp(path: freshDatabase(), state: .init(own)))
        #expect(await assistant.ask("play skyfall by adele").reply == "Playing Skyfall by Adele.")
        _ = try admin.rows("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ?", [.text(schema)])
        let cut = await assistant.ask("play hello by adele")
        #expect(cut.code == .failure)
        #expect(cut.reply == "I can't reach my storage right now. Try again in a moment.")
        #expect(cut.storageUnavailable?.contains("PostgreSQL 08") == true)
        #expect(await assistant.ask("play hello by adele").reply == "Playing Hello by Adele.")
    }
}

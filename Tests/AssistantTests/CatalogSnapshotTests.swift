import Apps
import Assistant
import Catalog
import Foundation
import StateTestSupport
import Storage
import Testing

/// Replicas read the catalog from a read-only snapshot (`hark catalog build`), and a new snapshot
/// renamed into its place is served from the next request on, with none turned away.
@Suite("Catalog snapshots")
struct CatalogSnapshotTests {
    /// A source catalog (the seeded demo) in a folder of its own, with a snapshot built from it.
    func sourceAndSnapshot() throws -> (source: String, snapshot: String) {
        let folder = NSTemporaryDirectory() + "hark-snapshot-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = folder + "/source.db"
        try FileManager.default.copyItem(atPath: try freshDatabase(), toPath: source)
        let snapshot = folder + "/catalog.db"
        _ = try CatalogSnapshot.build(from: source, to: snapshot)
        return (source, snapshot)
    }

    /// Adds a song to a source catalog.
    func addSong(_ title: String, by artist: String, to source: String) throws {
        let file = source + ".\(UUID().uuidString).jsonl"
        try #"{"type":"song","title":"\#(title)","artist":"\#(artist)","popularity":0.9}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        _ = try CatalogImporter(store: CatalogStore(path: source)).importFile(file)
    }

    @Test func aSnapshotHoldsTheCatalogAloneReadOnlyInOneFile() throws {
        let (source, snapshot) = try sourceAndSnapshot()
        // The source's state (a player) stays out of the snapshot.
        _ = try BuiltInMediaApp(path: source)
        let db = try Database(path: source)
        try db.execute("INSERT INTO player_state(device, machine, updated_at) VALUES('speaker', '{}', 0)")
        let built = try CatalogSnapshot.build(from: source, to: snapshot)
        #expect(built.items > 10_000)
        #expect(CatalogSnapshot.isSnapshot(snapshot))
        #expect(!CatalogSnapshot.isSnapshot(source))
        let read = try Database(snapshot: snapshot)
        let tables = try read.rows("SELECT name FROM sqlite_master WHERE type = 'table'", []).compactMap { $0.string(0) }
        #expect(tables.contains("items") && !tables.contains("player_state"))
        #expect(try read.rows("SELECT DISTINCT part FROM schema_migrations", []).compactMap { $0.string(0) } == ["catalog"])
        #expect(try read.rows("PRAGMA journal_mode", []).first?.string(0) == "delete")
        #expect(!FileManager.default.fileExists(atPath: snapshot + "-wal"))
        // Nothing can be written to it.
        #expect(throws: SQLiteError.self) { try read.execute("DELETE FROM items") }
    }

    @Test func aSnapshotIsNotBuiltOverItsOwnSourceNorFromNothing() throws {
        let (source, snapshot) = try sourceAndSnapshot()
        let before = FileIdentity(path: snapshot)
        #expect(throws: CatalogError.self) { try CatalogSnapshot.build(from: source, to: source) }
        #expect(throws: CatalogError.self) { try CatalogSnapshot.build(from: source + ".missing", to: snapshot) }
        // A build that fails leaves the snapshot in place as it was.
        #expect(FileIdentity(path: snapshot) == before)
        #expect(CatalogSnapshot.isSnapshot(snapshot))
    }

    @Test func aSnapshotNeedsTheStateKeptElsewhere() throws {
        let (_, snapshot) = try sourceAndSnapshot()
        #expect(throws: CatalogError.self) { try BuiltInMediaApp(path: snapshot) }
    }

    @Test("a new snapshot is served from the next request on, none turned away", arguments: Engine.available)
    func aNewSnapshotIsFollowed(engine: Engine) async throws {
        let (source, snapshot) = try sourceAndSnapshot()
        let app = try BuiltInMediaApp(path: snapshot, state: .init(try engine.freshAddress()))
        let assistant = try Assistant(app: app)
        #expect(await app.servesSnapshot)
        #expect(try await app.followCatalogSnapshot() == nil)
        #expect(await assistant.ask("play skyfall by adele").reply == "Playing Skyfall by Adele.")
        #expect(await assistant.ask("play glass lanterns by the quiet harbour").code != .success)
        try addSong("Glass Lanterns", by: "The Quiet Harbour", to: source)
        // Requests keep coming while the new snapshot is built and taken up.
        let answers = Task {
            var replies: [String] = []
            for _ in 0..<30 { replies.append(await assistant.ask("play skyfall by adele").reply) }
            return replies
        }
        _ = try CatalogSnapshot.build(from: source, to: snapshot)
        #expect(try await app.followCatalogSnapshot() ?? 0 > 10_000)
        #expect(await answers.value.allSatisfy { $0 == "Playing Skyfall by Adele." })
        // What played before the change is still known (items are named by identifier) ...
        #expect(await assistant.ask("what's playing").nowPlaying?.item?.title == "Skyfall")
        // ... and the new song is found.
        #expect(await assistant.ask("play glass lanterns by the quiet harbour").reply
            == "Playing Glass Lanterns by The Quiet Harbour.")
    }

    @Test func aFileThatIsNotASnapshotIsNotTakenUp() async throws {
        let (_, snapshot) = try sourceAndSnapshot()
        let app = try BuiltInMediaApp(path: snapshot, state: .init(NSTemporaryDirectory() + "\(UUID().uuidString).db"))
        let assistant = try Assistant(app: app)
        let broken = snapshot + ".broken"
        try "not a database".write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(rename(broken, snapshot) == 0)
        await #expect(throws: (any Error).self) { try await app.followCatalogSnapshot() }
        // The snapshot opened before keeps serving.
        #expect(await assistant.ask("play skyfall by adele").reply == "Playing Skyfall by Adele.")
    }
}

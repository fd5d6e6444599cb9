import Apps
import Assistant
import Catalog
import Foundation
import MediaIntents
import Testing

@Suite("Stations: songs like a seed")
struct StationTests {
    /// A small world of its own genre: the seed, a song on the seed's album by another artist, a
    /// song of the genre and era, another version of the seed, a song the person dislikes, and a
    /// song of another genre and time.
    static let rows: [CatalogEntry] = {
        func song(_ title: String, _ artist: String, _ genre: String, _ year: Int, album: String? = nil) -> CatalogEntry {
            var entry = CatalogEntry(type: .song, title: title, artist: artist)
            entry.genres = [genre]
            entry.year = year
            entry.album = album
            return entry
        }
        return [
            song("Quiet Harbour", "Ana Loom", "zzlounge", 1961, album: "Harbour Sessions"),
            song("Low Tide", "Ben Tide", "zzlounge", 1962, album: "Harbour Sessions"),
            song("Night Pier", "Cara Dune", "zzlounge", 1963),
            song("Quiet Harbour (Live)", "Ana Loom", "zzlounge", 1961),
            song("Grey Dune", "Cara Dune", "zzlounge", 1960),
            song("Metal Storm", "Dax Iron", "zzmetal", 2015),
        ]
    }()

    @Test func aStationIsLikeItsSeedAndLeavesOutDislikesAndTheSeedsVersions() async throws {
        let path = try freshDatabase()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("station-\(UUID().uuidString).jsonl")
        let lines = try Self.rows.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        _ = try CatalogImporter(store: CatalogStore(path: path)).importFile(file.path)
        let assistant = try Assistant(app: BuiltInMediaApp(path: path, state: testState(), clock: ManualClock()))
        _ = await assistant.ask("play grey dune by cara dune")
        _ = await assistant.ask("i don't like this song")
        let station = await assistant.ask("play songs like quiet harbour by ana loom")
        #expect(station.reply.contains("Quiet Harbour"), "\(station.reply)")
        let now = try #require(await assistant.nowPlaying())
        let titles = Set(([now.item].compactMap { $0 } + now.upNext).map(\.title))
        #expect(titles.isSuperset(of: ["Low Tide", "Night Pier"]), "\(titles)")
        #expect(titles.isDisjoint(with: ["Quiet Harbour", "Quiet Harbour (Live)", "Grey Dune", "Metal Storm"]), "\(titles)")
    }
}

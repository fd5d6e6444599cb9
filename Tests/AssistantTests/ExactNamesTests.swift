import Apps
import Assistant
import Catalog
import Foundation
import Storage
import Testing
import Understanding

/// What plays for names said plainly (punctuation, subtitles, numbers as words), in another case,
/// in another script or reading, or with words padding the request: issue 34's cases, over a small
/// catalog without aliases among generated strangers. Judged by the item that plays.
@Suite("Exact names play, and the catalog decides the reading")
struct ExactNamesTests {
    static let catalog = """
        {"type":"song","title":"First Love","artist":"宇多田ヒカル","year":1999,"popularity":0.8}
        {"type":"song","title":"Искала","artist":"Земфира","year":1999,"popularity":0.7}
        {"type":"song","title":"Кукушка","artist":"Кино","year":1990,"popularity":0.8}
        {"type":"song","title":"Girl & Tiger","artist":"Oscar Myers","year":2011,"popularity":0.3}
        {"type":"song","title":"House & Baby","artist":"The Winter Saints","year":2015,"popularity":0.3}
        {"type":"song","title":"Eagle Heart","artist":"Leo & The Lovers","year":2019,"popularity":0.3}
        {"type":"song","title":"Take On Me","artist":"a-ha","year":1985,"popularity":0.9}
        {"type":"song","title":"I Wanna Dance with Somebody (Who Loves Me)","artist":"Whitney Houston","popularity":0.9}
        {"type":"song","title":"24K Magic","artist":"Bruno Mars","year":2016,"popularity":0.9}
        {"type":"song","title":"Nineteen Eighty-Four","artist":"The Paper Moons","popularity":0.2}
        {"type":"song","title":"Here Comes the Sun - Remastered 2009","artist":"The Beatles","popularity":0.9}
        {"type":"song","title":"Mr. Brightside","artist":"The Killers","year":2004,"popularity":0.9}
        {"type":"song","title":"Work Out","artist":"J. Cole","year":2011,"popularity":0.6}
        {"type":"song","title":"Clair de lune","artist":"Claude Debussy","genres":["classical"],"popularity":0.6}
        {"type":"song","title":"Tiger Feet","artist":"Mud","year":1974,"genres":["rock"],"popularity":0.4}
        {"type":"song","title":"Girl","artist":"The Beatles","year":1965,"popularity":0.5}
        """

    static let databasePath: String = {
        // MeCab's readings are filed as the catalog is imported.
        LanguageLibraries.install()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hark-exact-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("catalog.jsonl").path
        try? catalog.write(toFile: file, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("catalog.db").path
        if let store = try? CatalogStore(db: Database(path: path)) {
            _ = try? CatalogImporter(store: store).importFile(file)
        }
        return path
    }()

    func ask(_ text: String, language: String) async throws -> Outcome {
        // A copy each: every request writes its player and its record of what played.
        let copy = Self.databasePath + "-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.databasePath, toPath: copy)
        let assistant = try Assistant(app: BuiltInMediaApp(path: copy, state: testState()))
        return await assistant.ask(text, context: RequestContext(device: UUID().uuidString, language: language))
    }

    @Test(arguments: [
        ("play girl tiger by oscar myers", "en", "Girl & Tiger"),
        ("play house baby by the winter saints", "en", "House & Baby"),
        ("play eagle heart by leo the lovers", "en", "Eagle Heart"),
        ("play take on me by aha", "en", "Take On Me"),
        ("play i wanna dance with somebody", "en", "I Wanna Dance with Somebody (Who Loves Me)"),
        ("play twenty four k magic", "en", "24K Magic"),
        ("play nineteen eighty four by the paper moons", "en", "Nineteen Eighty-Four"),
        ("play here comes the sun", "en", "Here Comes the Sun - Remastered 2009"),
        ("play first love by utada hikaru", "en", "First Love"),
        ("play mr brightside okay", "en", "Mr. Brightside"),
        ("play girl tigers by oscar meyers", "en", "Girl & Tiger"),
        ("включи искала земфиры", "ru", "Искала"),
        ("поставь кукушку группы кино", "ru", "Кукушка"),
        ("うただひかるのファーストラブを再生", "ja", "First Love"),
    ])
    func theNamedItemPlaysAtOnce(text: String, language: String, title: String) async throws {
        let outcome = try await ask(text, language: language)
        #expect(outcome.code == .success, "\(text): \(outcome.reply)")
        #expect(outcome.nowPlaying?.item?.title == title, "\(text): \(outcome.reply)")
    }

    /// Nothing far off plays: a title the catalog lacks is not swapped for one that shares its words.
    @Test(arguments: ["play tiger girl by oscar myers", "play skyfall by adele"])
    func whatTheCatalogLacksDoesNotPlay(text: String) async throws {
        let outcome = try await ask(text, language: "en")
        #expect(outcome.code != .success, "\(text): \(outcome.reply)")
    }

    /// A genre word read as a name is the genre when the catalog has the genre and not the name;
    /// "my workout playlist" is not a song called Work Out.
    @Test func aGenreWordIsTheGenreAndAKindStaysAConstraint() async throws {
        let classical = try await ask("play the classical music for me", language: "en")
        #expect(classical.nowPlaying?.item?.title == "Clair de lune", "\(classical.reply)")
        let hour = try await ask("play rock music for the next hour", language: "en")
        #expect(hour.nowPlaying?.item?.title == "Tiger Feet", "\(hour.reply)")
        let workout = try await ask("play my workout playlist", language: "en")
        #expect(workout.code != .success || workout.nowPlaying?.item?.type == .playlist, "\(workout.reply)")
    }
}

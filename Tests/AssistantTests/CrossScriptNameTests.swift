import Catalog
import Foundation
import MediaIntents
import Storage
import Testing
import Understanding

/// Names found whichever script or reading they are said in, with the catalog holding each name in
/// one writing only and no aliases: Japanese by MeCab's readings, katakana loanwords spelled back,
/// Russian by Snowball's stems.
@Suite("Names across scripts")
struct CrossScriptNameTests {
    static let catalog = """
        {"type":"artist","title":"宇多田ヒカル","popularity":0.8,"kind":"person"}
        {"type":"song","title":"First Love","artist":"宇多田ヒカル","year":1999,"popularity":0.8}
        {"type":"artist","title":"椎名林檎","popularity":0.7,"kind":"person"}
        {"type":"song","title":"丸の内サディスティック","artist":"椎名林檎","year":1999,"popularity":0.7}
        {"type":"artist","title":"Khalid","popularity":0.7,"kind":"person"}
        {"type":"song","title":"Talk","artist":"Khalid","year":2019,"popularity":0.7}
        {"type":"artist","title":"Земфира","popularity":0.7,"kind":"person"}
        {"type":"song","title":"Хочешь?","artist":"Земфира","year":2000,"popularity":0.7}
        {"type":"song","title":"Ocean Eyes","artist":"Billie Eilish","year":2016,"popularity":0.7}
        """

    let resolver: Resolver

    init() throws {
        LanguageLibraries.install()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hark-scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("catalog.jsonl").path
        try Self.catalog.write(toFile: file, atomically: true, encoding: .utf8)
        let store = try CatalogStore(db: Database(path: folder.appendingPathComponent("catalog.db").path))
        _ = try CatalogImporter(store: store).importFile(file)
        resolver = Resolver(store: store)
    }

    @Test(arguments: [
        ("うただひかる", "宇多田ヒカル"), ("utada hikaru", "宇多田ヒカル"), ("ウタダヒカル", "宇多田ヒカル"),
        ("しいなりんご", "椎名林檎"), ("Shiina Ringo", "椎名林檎"), ("カリード", "Khalid"), ("Земфиру", "Земфира"),
        ("Zemfira", "Земфира"),
    ])
    func artistSaidAnotherWay(said: String, artist: String) throws {
        let found = try resolver.resolve(MediaSearch(mediaType: .artist, artistName: said)).first
        #expect(found?.item.title == artist)
        #expect((found?.nameMatch ?? 0) >= 0.8, "\(said): a match too weak to play")
    }

    @Test(arguments: [
        ("まるのうちさでぃすてぃっく", nil, "丸の内サディスティック"), ("marunouchi sadisutikku", nil, "丸の内サディスティック"),
        ("first love", "うただひかる", "First Love"), ("talk", "カリード", "Talk"),
    ])
    func titleSaidAnotherWay(title: String, artist: String?, expected: String) throws {
        let found = try resolver.resolve(MediaSearch(mediaName: title, artistName: artist)).first
        #expect(found?.item.title == expected)
    }

    /// A reading that is only close is not taken for a name it is not.
    @Test func unrelatedNamesStayApart() throws {
        let found = try resolver.resolve(MediaSearch(mediaType: .artist, artistName: "さかもとりゅういち")).first
        #expect(found == nil || (found?.nameMatch ?? 0) < 0.8)
    }
}

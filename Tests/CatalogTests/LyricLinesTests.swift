import Foundation
import MediaIntents
import Storage
import Testing

@testable import Catalog

/// Issue 36: the index of lyric lines, which finds the song that sings a line's words together
/// among songs that hold them all, apart.
@Suite("Lyric lines")
struct LyricLinesTests {
    func catalog(_ rows: [String]) throws -> CatalogStore {
        let store = try emptyStore()
        let file = try scratchFile("lines.jsonl", rows.joined(separator: "\n") + "\n")
        #expect(try CatalogImporter(store: store).importFile(file).rejectedCount == 0)
        return store
    }

    func song(_ title: String, _ lines: [String]) -> String {
        let lyrics = lines.joined(separator: "\\n")
        return #"{"type":"song","title":"\#(title)","artist":"Singer","lyrics":"\#(lyrics)"}"#
    }

    /// The lines of the index holding `key`.
    func lines(_ store: CatalogStore, _ key: String) throws -> [Int64] {
        try store.db.prepare("SELECT rowid FROM lyric_lines_fts WHERE lyric_lines_fts MATCH ?").integers([
            .text("\"\(key)\"")
        ])
    }

    @Test func theSongSingingTheWordsInOneLineIsFoundAmongSongsHoldingThemApart() throws {
        // 120 songs, read first, hold every word and every neighbouring pair of the line, but over
        // two lines: by the song alone they tie with the one that sings the line, and the first
        // 50 songs of a tie would be the only ones compared.
        let apart = (1...120).map {
            song("Apart \($0)", ["amber harbour candle", "zero \($0)", "harbour candle dancing"])
        }
        let store = try catalog(apart + [song("Together", ["amber harbour candle dancing", "something else"])])
        let found = try #require(try store.findByLyrics("amber harbour candle dancing").first)
        #expect(try store.item(rowID: found.rowID)?.item.title == "Together")
        #expect(found.line == "amber harbour candle dancing")
    }

    @Test func theIndexFollowsEachSongsLyricsAsTheyChange() throws {
        let store = try catalog([
            song("First", ["northern lights again", "northern lights again", "slow river"]),
            song("Second", ["slow river"]),
        ])
        // A chorus is one line of the index, at its first place.
        let first = try #require(try store.db.prepare("SELECT id FROM items WHERE title = 'First'").integer())
        #expect(try lines(store, "northern0lights") == [first * LyricLines.perTrack])
        #expect(try lines(store, "slow0river").count == 2)
        let changed = try scratchFile("changed.jsonl", song("First", ["quiet harbour"]) + "\n")
        _ = try CatalogImporter(store: store).importFile(changed)
        #expect(try lines(store, "northern0lights").isEmpty)
        #expect(try lines(store, "quiet0harbour") == [first * LyricLines.perTrack])
        let second = try #require(try store.db.prepare("SELECT ident FROM items WHERE title = 'Second'").rows().first)
        #expect(try store.removeItem(identifier: second.string(0) ?? ""))
        #expect(try lines(store, "slow0river").isEmpty)
    }

    @Test func aCatalogFromBeforeTheLineIndexGetsItWhenOpened() throws {
        let store = try catalog([song("Old", ["paper moon over water"]), song("Other", ["water paper"])])
        try store.db.execute(
            """
            DROP TABLE lyric_lines_fts;
            DELETE FROM schema_migrations WHERE part = 'catalog' AND version >= 7;
            """)
        let opened = try CatalogStore(db: Database(path: store.db.path))
        #expect(try lines(opened, "moon0over").count == 1)
        let found = try #require(try opened.findByLyrics("paper moon over water").first)
        #expect(try opened.item(rowID: found.rowID)?.item.title == "Old")
    }

    @Test func everyLineLyricsMayHoldHasARowOfItsOwn() {
        #expect(LyricLines.perTrack >= Int64(Lyrics.maximumLines))
        let keys = (0..<Lyrics.maximumLines).map { "word\($0)" }.joined(separator: "\n")
        let rows = LyricLines.documents(of: 3, keys: "chorus\n" + keys + "\nchorus", skips: "").map(\.row)
        #expect(rows.count == Lyrics.maximumLines + 1 && Set(rows).count == rows.count)
        #expect(rows.allSatisfy { $0 / LyricLines.perTrack == 3 })
        #expect(LyricLines.documents(of: Int64.max / 2, keys: "a b", skips: "").isEmpty)
    }

    @Test func rowListsMergeIntoOneWithTheWeightsOfTheListsHoldingEachRow() {
        let merged = LyricSearch.merge([[1, 4, 9], [4, 5], [], [1, 9, 12]], [1, 2, 8, 0.5])
        #expect(merged.rows == [1, 4, 5, 9, 12])
        #expect(merged.sums == [1.5, 3, 2, 1.5, 0.5])
        let line = LyricLines.perTrack
        let best = LyricLines.bestLines([[2 * line, 2 * line + 2, 4 * line + 5], [2 * line + 2]], [1, 2])
        #expect(best.rows == [2, 4])
        #expect(best.sums == [3, 1])
        #expect(LyricSearch.most(best, 1) == [2])
    }
}

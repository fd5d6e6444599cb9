import Testing

@testable import MediaIntents

/// Issue 36: lyrics as LRC files and tags write them, and as plain lines.
@Suite("Lyrics parsing")
struct LyricsParsingTests {
    @Test func lrcStampsTagsAndAnOffsetAreRead() throws {
        let text = "[ar:Queen]\n[offset:+500]\n[00:12.50][01:02.00]Chorus line\n[00:05.00]First line\n\n[00:20:30] Third "
        let lyrics = try #require(Lyrics(parsing: text))
        #expect(lyrics.isTimed)
        #expect(lyrics.lines.map(\.text) == ["First line", "Chorus line", "Third", "Chorus line"])
        #expect(lyrics.lines.map { $0.time ?? -1 } == [4.5, 12.0, 19.8, 61.5])
        #expect(lyrics.line(at: 13)?.text == "Chorus line")
    }

    @Test func plainLinesHaveNoTimes() throws {
        let lyrics = try #require(Lyrics(parsing: "One line\r\n[Chorus]\nTwo line\n"))
        #expect(!lyrics.isTimed)
        #expect(lyrics.lines.map(\.text) == ["One line", "[Chorus]", "Two line"])
        #expect(lyrics.line(at: 3) == nil)
    }

    @Test func emptyOrHugeTextIsNotLyrics() {
        #expect(Lyrics(parsing: " \n\n[ti:Nothing]\n") == nil)
        let huge = String(repeating: "x", count: Lyrics.maximumBytes + 1)
        #expect(Lyrics(parsing: huge) == nil)
        #expect(Lyrics.problem(huge)?.contains("bytes") == true)
    }
}

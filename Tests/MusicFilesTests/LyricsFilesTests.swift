import Catalog
import Foundation
import MediaIntents
import Storage
import Testing

@testable import MusicFiles

/// Issue 36: lyrics read from every tag format TagLib maps, from ID3v2 SYLT, and from files beside
/// the audio; re-read when they change; a hostile tag left out with a reason.
@Suite("Lyrics from music files")
struct LyricsFilesTests {
    @Test func vorbisCommentsHoldLyricsUnderEitherName() throws {
        let folder = temporaryFolder("lyrics-flac")
        writeFLAC(folder + "/a.flac", fields: ["TITLE=A", "LYRICS=First line\nSecond line"])
        writeFLAC(folder + "/b.flac", fields: ["TITLE=B", "UNSYNCEDLYRICS=[00:01.00]Timed line"])
        #expect(AudioTags.read(folder + "/a.flac")?.lyrics == "First line\nSecond line")
        #expect(AudioTags.read(folder + "/b.flac")?.lyrics == "[00:01.00]Timed line")
    }

    @Test func mp4AndAPETagsHoldLyricsToo() throws {
        // Encoded by ffmpeg (installed with the tests): MP4 keeps lyrics in its ©lyr atom, WavPack
        // in an APEv2 item; TagLib's property map gives both as LYRICS.
        let folder = temporaryFolder("lyrics-mp4-ape")
        for (file, codec) in [("song.m4a", "aac"), ("song.wv", "wavpack")] {
            let encoder = Process()
            encoder.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
            encoder.arguments = [
                "-v", "error", "-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono", "-t", "0.5", "-c:a", codec,
                "-metadata", "title=Tagged", "-metadata", "lyrics=Sung in \(codec)\nthe second line", "-y",
                folder + "/" + file,
            ]
            try encoder.run()
            encoder.waitUntilExit()
            #expect(encoder.terminationStatus == 0, "ffmpeg could not write \(file): is ffmpeg installed (scripts/setup --test)?")
            let tags = try #require(AudioTags.read(folder + "/" + file))
            #expect(tags.title == "Tagged")
            #expect(tags.lyrics == "Sung in \(codec)\nthe second line")
        }
        let store = try CatalogStore(db: Database(path: folder + ".db"))
        let report = try FolderImporter(store: store).importFolder(folder)
        #expect(report.read == 2 && report.withLyrics == 2)
        let found = try #require(try store.findByLyrics("sung in wavpack the second line").first)
        #expect(try store.lyrics(ofRow: found.rowID)?.plainText == "Sung in wavpack\nthe second line")
    }

    @Test func aHostileTagOfMegabytesIsLeftOutNotCopied() throws {
        let path = temporaryFolder("lyrics-huge") + "/huge.flac"
        writeFLAC(path, fields: ["TITLE=Huge", "LYRICS=" + String(repeating: "la ", count: 1_000_000)])
        let tags = try #require(AudioTags.read(path))
        #expect(tags.title == "Huge" && tags.lyrics == nil && tags.lyricsRefused)
    }

    @Test func id3v2UnsyncedAndSyncedFrames() throws {
        let path = temporaryFolder("lyrics-id3") + "/song.wav"
        let unsynced: [UInt8] = [3] + Array("eng".utf8) + [0] + Array("Plain words here".utf8)
        // UTF-8, English, milliseconds, lyrics, no description; then text, NUL, time (big-endian).
        var synced: [UInt8] = [3] + Array("eng".utf8) + [2, 1, 0]
        for (text, ms) in [("Sung first", 1_500), ("Sung second", 63_250)] {
            synced += Array(text.utf8) + [0] + [UInt8(ms >> 24), UInt8((ms >> 16) & 0xFF), UInt8((ms >> 8) & 0xFF), UInt8(ms & 0xFF)]
        }
        try writeTaggedWAV(path, frames: [("TIT2", [0] + Array("Song".utf8)), ("USLT", unsynced), ("SYLT", synced)])
        let tags = try #require(AudioTags.read(path))
        // Timed lyrics are preferred to plain ones.
        let text = try #require(tags.lyrics)
        let lyrics = try #require(Lyrics(parsing: text))
        #expect(lyrics.lines == [.init(time: 1.5, text: "Sung first"), .init(time: 63.25, text: "Sung second")])
        try writeTaggedWAV(path, frames: [("TIT2", [0] + Array("Song".utf8)), ("USLT", unsynced)])
        #expect(AudioTags.read(path)?.lyrics == "Plain words here")
    }

    @Test func filesBesideTheAudioAreReadAndReadAgainWhenTheyChange() throws {
        let root = temporaryFolder("lyrics-folder")
        let album = root + "/Band/Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        writeFLAC(album + "/01 Timed.flac", fields: ["TITLE=Timed", "ARTIST=Band", "LYRICS=words from the tag"])
        try "[00:02.00]morning comes over the hill\n[00:06.00]and the river runs".write(
            toFile: album + "/01 Timed.lrc", atomically: true, encoding: .utf8)
        writeFLAC(album + "/02 Plain.flac", fields: ["TITLE=Plain", "ARTIST=Band"])
        try "\u{FEFF}stars fall on the quiet town\n".write(toFile: album + "/02 Plain.txt", atomically: true, encoding: .utf8)
        writeFLAC(album + "/03 Huge.flac", fields: ["TITLE=Huge", "ARTIST=Band", "LYRICS=" + String(repeating: "x", count: 70_000)])
        let store = try CatalogStore(db: Database(path: root + ".db"))
        let importer = try FolderImporter(store: store)
        let first = try importer.importFolder(root)
        #expect(first.read == 3 && first.withLyrics == 2 && first.audioFiles == 3)
        #expect(first.skipped["not audio"] == nil)
        #expect(first.skippedExamples.contains { $0.path.hasSuffix("03 Huge.flac") && $0.reason.contains("left out") })
        #expect(try store.items(where: "i.title = 'Huge'").count == 1)
        let timed = try #require(try store.findByLyrics("morning comes over the hill").first)
        #expect(try store.item(rowID: timed.rowID)?.item.title == "Timed")
        #expect(try store.lyrics(ofRow: timed.rowID)?.isTimed == true)
        let plain = try #require(try store.findByLyrics("stars fall on the quiet town").first)
        #expect(try store.item(rowID: plain.rowID)?.item.title == "Plain")

        // A changed lyrics file is read again; one taken away leaves the tag's words.
        try "[00:01.00]a new line about the sea".write(toFile: album + "/01 Timed.lrc", atomically: true, encoding: .utf8)
        let second = try importer.importFolder(root)
        #expect(second.read == 1 && second.unchanged == 2)
        let changed = try #require(try store.findByLyrics("a new line about the sea").first)
        #expect(try store.item(rowID: changed.rowID)?.item.title == "Timed")
        try FileManager.default.removeItem(atPath: album + "/01 Timed.lrc")
        let third = try importer.importFolder(root)
        #expect(third.read == 1)
        #expect(try store.lyrics(ofRow: changed.rowID)?.plainText == "words from the tag")
    }
}

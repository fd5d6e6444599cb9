import Catalog
import Foundation
import MediaIntents
import Playback
import Testing

@testable import MusicFiles

/// A real WAV file: 16-bit mono PCM of `seconds` of a tone (TagLib reads its length).
func writeWAV(_ path: String, seconds: Double = 2) {
    let rate = 8_000
    let samples = Int(Double(rate) * seconds)
    var bytes: [UInt8] = []
    func u32(_ value: Int) { for index in 0..<4 { bytes.append(UInt8((value >> (8 * index)) & 0xFF)) } }
    func u16(_ value: Int) { for index in 0..<2 { bytes.append(UInt8((value >> (8 * index)) & 0xFF)) } }
    bytes += Array("RIFF".utf8)
    u32(36 + samples * 2)
    bytes += Array("WAVEfmt ".utf8)
    u32(16)
    u16(1)
    u16(1)
    u32(rate)
    u32(rate * 2)
    u16(2)
    u16(16)
    bytes += Array("data".utf8)
    u32(samples * 2)
    for index in 0..<samples { u16(Int(sin(Double(index) * 0.3) * 8_000) & 0xFFFF) }
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

func temporaryFolder(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-\(name)-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("Music folders")
struct FolderImportTests {
    @Test func importsByPathReadsOnlyChangesAndRemovesWhatIsGone() throws {
        let root = temporaryFolder("music")
        let album = root + "/Portishead/Dummy"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        writeWAV(album + "/01 Mysterons.wav")
        writeWAV(album + "/05 Roads.wav", seconds: 3)
        _ = FileManager.default.createFile(atPath: album + "/cover.jpg", contents: Data([0xFF, 0xD8]))
        _ = FileManager.default.createFile(atPath: album + "/fake.mp3", contents: Data("not audio".utf8))
        try FileManager.default.createSymbolicLink(atPath: album + "/loop", withDestinationPath: "..")
        let store = try CatalogStore(db: Database(path: root + ".db"))
        let importer = try FolderImporter(store: store)

        let first = try importer.importFolder(root)
        #expect(first.read == 2 && first.audioFiles == 3)
        #expect(first.skipped == ["not audio": 1, "unreadable": 1, "symlink loop": 1])
        let roads = try #require(try store.items(where: "i.type = 'song' AND i.title = 'Roads'").first)
        #expect(roads.item.artist == "Portishead" && roads.item.album == "Dummy")
        #expect(roads.item.duration == 3 && roads.item.location == album + "/05 Roads.wav")

        let again = try importer.importFolder(root)
        #expect(again.read == 0 && again.unchanged == 3 - 1)

        writeWAV(album + "/05 Roads.wav", seconds: 4)  // changed (size)
        writeWAV(album + "/06 Pedestal.wav")  // added
        try FileManager.default.removeItem(atPath: album + "/01 Mysterons.wav")  // removed
        let third = try importer.importFolder(root)
        #expect(third.read == 2 && third.removed == 1 && third.unchanged == 0)
        let titles = Set(try store.items(where: "i.type = 'song'").map(\.item.title))
        #expect(titles == ["Roads", "Pedestal"])

        // The last file of an album and artist goes: so do they.
        let other = root + "/Tricky/Maxinquaye"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        writeWAV(other + "/01 Overcome.wav")
        _ = try importer.importFolder(root)
        #expect(try store.items(where: "i.type = 'artist' AND i.title = 'Tricky'").count == 1)
        try FileManager.default.removeItem(atPath: root + "/Tricky")
        #expect(try importer.importFolder(root).removed == 1)
        #expect(try store.items(where: "i.title IN ('Tricky', 'Maxinquaye', 'Overcome')").isEmpty)
        #expect(try store.items(where: "i.type = 'album' AND i.title = 'Dummy'").count == 1)
        #expect(try store.items(where: "i.title = 'Roads'").first?.item.duration == 4)
    }

    @Test func fileNamesGiveTrackNumbersAndTitles() {
        #expect(FolderImporter.splitTrackNumber("01 Hello") == (1, "Hello"))
        #expect(FolderImporter.splitTrackNumber("1. Hello") == (1, "Hello"))
        #expect(FolderImporter.splitTrackNumber("07 - Here Comes the Sun") == (7, "Here Comes the Sun"))
        #expect(FolderImporter.splitTrackNumber("1999") == (nil, "1999"))
        let entry = FolderImporter.entry(
            for: "/m/Кино/Группа крови/02 Закрой за мной дверь.ogg", tags: AudioTags(), root: "/m")
        #expect(entry.title == "Закрой за мной дверь" && entry.artist == "Кино" && entry.album == "Группа крови")
        #expect(entry.trackNumber == 2)
        var tags = AudioTags()
        tags.artists = ["Mark Ronson", "Bruno Mars"]
        tags.title = "Uptown Funk"
        #expect(FolderImporter.entry(for: "/m/x.flac", tags: tags, root: "/m").artist == "Mark Ronson feat. Bruno Mars")
    }
}

@Suite("Tag blocks")
struct TagBlockTests {
    @Test func vorbisCommentsGiveAlbumArtistDiscAndEveryArtist() throws {
        var block: [UInt8] = []
        func u32(_ value: Int) { for index in 0..<4 { block.append(UInt8((value >> (8 * index)) & 0xFF)) } }
        let vendor = Array("hark".utf8)
        u32(vendor.count)
        block += vendor
        let fields = ["ARTIST=Mark Ronson", "artist=Bruno Mars", "ALBUMARTIST=Mark Ronson", "DISCNUMBER=2/3"]
        u32(fields.count)
        for field in fields {
            u32(field.utf8.count)
            block += Array(field.utf8)
        }
        let parsed = try #require(TagBlocks.vorbisComments(block))
        #expect(parsed.artists == ["Mark Ronson", "Bruno Mars"])
        #expect(parsed.albumArtist == "Mark Ronson" && parsed.disc == 2)
    }

    @Test func mp4ItemListsEvenWithTheMovieAtomLast() throws {
        func atom(_ type: [UInt8], _ body: [UInt8]) -> [UInt8] {
            let size = body.count + 8
            return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
                + type + body
        }
        func item(_ name: [UInt8], _ payload: [UInt8], flags: UInt8 = 1) -> [UInt8] {
            atom(name, atom(Array("data".utf8), [0, 0, 0, flags, 0, 0, 0, 0] + payload))
        }
        let list =
            item([0xA9] + Array("ART".utf8), Array("Mark Ronson".utf8))
            + item([0xA9] + Array("ART".utf8), Array("Bruno Mars".utf8))
            + item(Array("aART".utf8), Array("Mark Ronson".utf8))
            + item(Array("disk".utf8), [0, 0, 0, 2, 0, 2], flags: 0)
        let moov = atom(
            Array("moov".utf8),
            atom(Array("udta".utf8), atom(Array("meta".utf8), [0, 0, 0, 0] + atom(Array("ilst".utf8), list))))
        let file =
            atom(Array("ftyp".utf8), Array("M4A ".utf8) + [0, 0, 0, 0])
            + atom(Array("mdat".utf8), [UInt8](repeating: 7, count: 300_000)) + moov
        let path = temporaryFolder("mp4") + "/x.m4a"
        _ = FileManager.default.createFile(atPath: path, contents: Data(file))
        let parsed = try #require(TagBlocks.read(path))
        #expect(
            parsed.artists == ["Mark Ronson", "Bruno Mars"] && parsed.albumArtist == "Mark Ronson" && parsed.disc == 2)
    }

    @Test func id3v2TextFramesInEveryEncoding() throws {
        func frame(_ id: String, _ payload: [UInt8]) -> [UInt8] {
            let size = payload.count
            return Array(id.utf8) + [
                UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF),
                UInt8(size & 0xFF), 0, 0,
            ] + payload
        }
        let utf16 =
            [UInt8(1), 0xFF, 0xFE]
            + Array("Кино".utf16).flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let body =
            frame("TPE2", utf16) + frame("TPOS", [0] + Array("2/2".utf8)) + frame("TPE1", [3] + Array("A\0B".utf8))
        let size = body.count
        let header: [UInt8] =
            Array("ID3".utf8) + [3, 0, 0] + [
                UInt8((size >> 21) & 0x7F), UInt8((size >> 14) & 0x7F), UInt8((size >> 7) & 0x7F), UInt8(size & 0x7F),
            ]
        let parsed = try #require(TagBlocks.id3v2(header + body))
        #expect(parsed.albumArtist == "Кино" && parsed.disc == 2 && parsed.artists == ["A", "B"])
    }
}

@Suite("Players and speech")
struct PlayerOutputTests {
    @Test func mpdAddresses() {
        #expect(MPDAddress("mpd://127.0.0.1:6611") == MPDAddress("mpd://127.0.0.1:6611"))
        #expect(MPDAddress("mpd://localhost")?.port == 6600)
        #expect(MPDAddress("mpd://host:99999") == nil && MPDAddress("http://x") == nil && MPDAddress("mpd://") == nil)
    }

    @Test func aDaemonThatIsNotThereIsUnreachable() {
        // A port nothing listens on (bound and closed by the kernel's choice is not portable; 1 is root's).
        let output = MPDOutput(MPDAddress("mpd://127.0.0.1:1")!)
        #expect(throws: PlayerUnreachable.self) { try output.perform(.pause) }
        #expect(throws: PlayerUnreachable.self) { try output.status() }
    }

    @Test func theMachineTakesThePlayersWord() {
        func song(_ name: String) -> MediaItem {
            var item = MediaItem(identifier: "song/x/\(name)", title: name, type: .song, duration: 100)
            item.location = "/music/x/\(name).flac"
            return item
        }
        var machine = PlayerMachine()
        _ = machine.play([song("a"), song("b"), song("c")], now: 0)
        machine.adopt(OutputStatus(location: "x/c.flac", state: .paused, elapsed: 12, volume: 30), now: 5)
        let info = machine.nowPlaying(at: 50)
        #expect(info.item?.title == "c" && info.state == .paused && info.position == 12 && info.volume == 30)
        // A file not in this queue (another device's) changes nothing.
        machine.adopt(OutputStatus(location: "y/z.flac", state: .playing, elapsed: 1), now: 6)
        #expect(machine.nowPlaying(at: 6).item?.title == "c")
    }

    @Test func spokenWAVsGetTheirSizesFilledIn() {
        var stream = Array("RIFF".utf8) + [0xFF, 0xFF, 0xFF, 0x7F] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0]
        stream += [UInt8](repeating: 0, count: 16) + Array("data".utf8) + [0xFF, 0xFF, 0xFF, 0x7F]
        stream += [UInt8](repeating: 1, count: 100)
        let fixed = [UInt8](Speech.fixedSizes(Data(stream)))
        #expect(fixed[4] == UInt8(stream.count - 8) && fixed[5] == 0)
        #expect(fixed[40] == 100 && fixed[41] == 0)
    }
}

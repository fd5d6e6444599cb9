import Storage
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

/// A FLAC file TagLib reads as audio (a stream info block saying 3 seconds at 8 kHz, no frames),
/// with a Vorbis comment block holding `fields`.
func writeFLAC(_ path: String, fields: [String]) {
    func u32le(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    func blockHeader(last: Bool, type: UInt8, length: Int) -> [UInt8] {
        [(last ? 0x80 : 0) | type, UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
    }
    let packed: UInt64 = (8_000 << 44) | (15 << 36) | 24_000  // rate, mono, 16 bits, samples
    let streamInfo: [UInt8] =
        [0x10, 0x00, 0x10, 0x00, 0, 0, 0, 0, 0, 0] + (0..<8).reversed().map { UInt8((packed >> (8 * UInt64($0))) & 0xFF) }
        + [UInt8](repeating: 0, count: 16)
    var comments = u32le(4) + Array("hark".utf8) + u32le(fields.count)
    for field in fields { comments += u32le(field.utf8.count) + Array(field.utf8) }
    let bytes =
        Array("fLaC".utf8) + blockHeader(last: false, type: 0, length: streamInfo.count) + streamInfo
        + blockHeader(last: true, type: 4, length: comments.count) + comments
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// A WAV file (`writeWAV`) with an ID3v2.4 tag in an `id3 ` chunk, as taggers write it (frames
/// under 128 bytes, whose sizes read the same synchsafe or not).
func writeTaggedWAV(_ path: String, frames: [(String, [UInt8])]) throws {
    writeWAV(path)
    var body: [UInt8] = []
    for (id, payload) in frames {
        let size = payload.count
        body += Array(id.utf8) + [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF), 0, 0]
        body += payload
    }
    let size = body.count
    var tag: [UInt8] =
        Array("ID3".utf8) + [4, 0, 0]
        + [UInt8((size >> 21) & 0x7F), UInt8((size >> 14) & 0x7F), UInt8((size >> 7) & 0x7F), UInt8(size & 0x7F)] + body
    if tag.count % 2 == 1 { tag.append(0) }
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    data += Array("id3 ".utf8) + (0..<4).map { UInt8((tag.count >> (8 * $0)) & 0xFF) } + tag
    let riffSize = data.count - 8
    data.replaceSubrange(4..<8, with: (0..<4).map { UInt8((riffSize >> (8 * $0)) & 0xFF) })
    try data.write(to: URL(fileURLWithPath: path))
}

@Suite("Audio tags through TagLib")
struct AudioTagTests {
    @Test func vorbisCommentsGiveAlbumArtistDiscAndEveryArtist() throws {
        let path = temporaryFolder("flac") + "/uptown.flac"
        writeFLAC(
            path,
            fields: [
                "TITLE=Uptown Funk", "ARTIST=Mark Ronson", "artist=Bruno Mars", "ALBUMARTIST=Mark Ronson",
                "DISCNUMBER=2/3", "TRACKNUMBER=4", "DATE=2014-11-10", "GENRE=Funk", "ALBUM=Uptown Special",
            ])
        let tags = try #require(AudioTags.read(path))
        #expect(tags.title == "Uptown Funk" && tags.album == "Uptown Special" && tags.genre == "Funk")
        #expect(tags.artists == ["Mark Ronson", "Bruno Mars"])
        #expect(tags.albumArtist == "Mark Ronson" && tags.disc == 2 && tags.track == 4 && tags.year == 2014)
        #expect(tags.duration == 3)
    }

    @Test func otherTaggersNamesAreReadToo() throws {
        let path = temporaryFolder("flac") + "/various.flac"
        writeFLAC(path, fields: ["TITLE=Roads", "ARTIST=Portishead", "ALBUM ARTIST=Various Artists", "YEAR=1994", "TRACKNUM=5"])
        let tags = try #require(AudioTags.read(path))
        #expect(tags.albumArtist == "Various Artists" && tags.year == 1994 && tags.track == 5)
    }

    @Test func id3v2FramesInEveryEncoding() throws {
        let utf16 =
            [UInt8(1), 0xFF, 0xFE]
            + Array("Кино".utf16).flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let path = temporaryFolder("wav") + "/tagged.wav"
        try writeTaggedWAV(
            path,
            frames: [
                ("TIT2", [0] + Array("Blood Type".utf8)),
                ("TPE2", utf16), ("TPOS", [0] + Array("2/2".utf8)), ("TPE1", [3] + Array("A\0B".utf8)),
            ])
        let tags = try #require(AudioTags.read(path))
        #expect(tags.title == "Blood Type" && tags.albumArtist == "Кино" && tags.disc == 2)
        #expect(tags.artists == ["A", "B"])
        #expect(tags.duration == 2)
    }

    @Test func aFileWithoutSoundIsNotAudio() {
        let path = temporaryFolder("fake") + "/fake.mp3"
        _ = FileManager.default.createFile(atPath: path, contents: Data("not audio".utf8))
        #expect(AudioTags.read(path) == nil)
        #expect(AudioTags.read(path + ".missing") == nil)
    }

    @Test func numbersLeadTheirTags() {
        #expect(AudioTags.leadingNumber("2/3") == 2 && AudioTags.leadingNumber("2011-05-03") == 2011)
        #expect(AudioTags.leadingNumber("x") == nil)
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

    // Issue 20: a reply that starts with "-" is text to speak (the library takes no options from it).
    @Test(arguments: [
        ("Playing Hello by Adele.", "en"), ("Включаю песни группы «Кино».", "ru"), ("正在播放周杰伦的歌。", "zh-Hans"),
        ("--help -v xx Playing Minus by Minus.", "en"),
    ])
    func repliesAreSpokenAsWAV(text: String, language: String) throws {
        let wav = [UInt8](try Speech.wav(text, language: language))
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(wav[at + $1]) << (8 * $1) } }
        #expect(Array(wav[0..<4]) == Array("RIFF".utf8) && u32(4) == wav.count - 8)
        #expect(Array(wav[36..<40]) == Array("data".utf8) && u32(40) == wav.count - 44)
        #expect(u32(24) == 22_050)
        // About a second of speech or more, and not silence.
        let samples = stride(from: 44, to: wav.count - 1, by: 2).map { Int(Int16(bitPattern: UInt16(wav[$0]) | UInt16(wav[$0 + 1]) << 8)) }
        #expect(samples.count > 22_050 / 2)
        #expect(samples.map(abs).max() ?? 0 > 1_000)
    }
}

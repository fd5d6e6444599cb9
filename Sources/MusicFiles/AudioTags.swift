import CTagLib
import Foundation

/// What an audio file says about itself.
public struct AudioTags: Sendable, Hashable {
    public var title: String?
    /// Every artist the file names (several ARTIST fields, or one credit).
    public var artists: [String] = []
    public var album: String?
    public var albumArtist: String?
    public var genre: String?
    public var year: Int?
    public var track: Int?
    public var disc: Int?
    /// Seconds.
    public var duration: Double?

    public init() {}

    /// The extensions read as audio.
    public static let audioExtensions: Set<String> = ["mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "aac", "wav"]

    /// Reads a file's tags with TagLib, plus album artist, disc number and repeated artist fields
    /// from the tag blocks TagLib's C binding does not expose (FLAC and Ogg comments, ID3v2 frames).
    /// Nil when TagLib cannot open the file as audio.
    public static func read(_ path: String) -> AudioTags? {
        configure
        guard let file = taglib_file_new(path) else { return nil }
        defer { taglib_file_free(file) }
        guard taglib_file_is_valid(file) != 0 else { return nil }
        var tags = AudioTags()
        if let tag = taglib_file_tag(file) {
            tags.title = take(taglib_tag_title(tag))
            tags.artists = take(taglib_tag_artist(tag)).map { [$0] } ?? []
            tags.album = take(taglib_tag_album(tag))
            tags.genre = take(taglib_tag_genre(tag))
            let year = Int(taglib_tag_year(tag))
            tags.year = year > 0 ? year : nil
            let track = Int(taglib_tag_track(tag))
            tags.track = track > 0 ? track : nil
        }
        // A file TagLib opens but finds no sound in (a text file named .mp3) is not audio.
        guard let properties = taglib_file_audioproperties(file),
            taglib_audioproperties_bitrate(properties) > 0 || taglib_audioproperties_length(properties) > 0
        else { return nil }
        let length = Int(taglib_audioproperties_length(properties))
        tags.duration = length > 0 ? Double(length) : nil
        if let extra = TagBlocks.read(path) {
            if !extra.artists.isEmpty { tags.artists = extra.artists }
            tags.albumArtist = extra.albumArtist ?? tags.albumArtist
            tags.disc = extra.disc ?? tags.disc
        }
        return tags
    }

    /// Strings are UTF-8 and freed by the caller (set once, before any file is read).
    private static let configure: Void = {
        taglib_set_strings_unicode(1)
        taglib_set_string_management_enabled(0)
    }()

    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { taglib_free(pointer) }
        let text = String(cString: pointer).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

/// Album artist, disc number and artists read straight from a file's tag blocks (FLAC and Ogg
/// comments, ID3v2 frames, MP4 item lists).
struct TagBlocks {
    var artists: [String] = []
    var albumArtist: String?
    var disc: Int?

    /// The first 256 KiB hold the tags of FLAC, Ogg and MP3 files (cover art aside); MP4 is walked.
    static func read(_ path: String) -> TagBlocks? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 256 * 1024) else { return nil }
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("fLaC".utf8)) { return flac(bytes) }
        if bytes.starts(with: Array("OggS".utf8)) { return ogg(bytes) }
        if bytes.starts(with: Array("ID3".utf8)) { return id3v2(bytes) }
        if bytes.count >= 8, bytes[4..<8].elementsEqual(Array("ftyp".utf8)) { return mp4(handle) }
        return nil
    }

    /// MP4/M4A: the `moov/udta/meta/ilst` item list (`©ART` artists, `aART` album artist, `disk`).
    /// `moov` may sit at the end of the file, so top-level atoms are walked by their sizes.
    static func mp4(_ handle: FileHandle) -> TagBlocks? {
        func read(_ count: Int, at offset: UInt64) -> [UInt8]? {
            guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count) else {
                return nil
            }
            return [UInt8](data)
        }
        var offset: UInt64 = 0
        while let header = read(16, at: offset), header.count >= 8 {
            var size = UInt64(big32(header, 0))
            let type = String(decoding: header[4..<8], as: UTF8.self)
            var headerSize: UInt64 = 8
            if size == 1, header.count >= 16 {
                size = header[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
                headerSize = 16
            }
            guard size >= headerSize else { return nil }
            if type == "moov" {
                guard size <= 32 << 20, let body = read(Int(size - headerSize), at: offset + headerSize) else {
                    return nil
                }
                return ilst(body)
            }
            offset += size
        }
        return nil
    }

    /// The item list inside a `moov` atom's body.
    static func ilst(_ moov: [UInt8]) -> TagBlocks? {
        /// The body of the first child atom of `type` in `bytes[range]`.
        func child(_ type: String, in bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                let size = big32(bytes, offset)
                guard size >= 8, offset + size <= range.upperBound else { return nil }
                if bytes[(offset + 4)..<(offset + 8)].elementsEqual(Array(type.utf8)) {
                    return (offset + 8)..<(offset + size)
                }
                offset += size
            }
            return nil
        }
        guard let udta = child("udta", in: moov, 0..<moov.count),
            let meta = child("meta", in: moov, udta), meta.count > 4,
            let list = child("ilst", in: moov, (meta.lowerBound + 4)..<meta.upperBound)
        else { return nil }
        var blocks = TagBlocks()
        var offset = list.lowerBound
        while offset + 8 <= list.upperBound {
            let size = big32(moov, offset)
            guard size >= 8, offset + size <= list.upperBound else { break }
            let name = Array(moov[(offset + 4)..<(offset + 8)])
            if let data = child("data", in: moov, (offset + 8)..<(offset + size)), data.count > 8 {
                let payload = Array(moov[(data.lowerBound + 8)..<data.upperBound])
                let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                switch name {
                case [0xA9] + Array("ART".utf8): if !text.isEmpty { blocks.artists.append(text) }
                case Array("aART".utf8): blocks.albumArtist = text.isEmpty ? nil : text
                case Array("disk".utf8) where payload.count >= 4:
                    let disc = Int(payload[2]) << 8 | Int(payload[3])
                    blocks.disc = disc > 0 ? disc : nil
                default: break
                }
            }
            offset += size
        }
        return blocks
    }

    /// FLAC metadata blocks: block type 4 is a Vorbis comment.
    static func flac(_ bytes: [UInt8]) -> TagBlocks? {
        var offset = 4
        while offset + 4 <= bytes.count {
            let header = bytes[offset]
            let length = Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            offset += 4
            if header & 0x7F == 4, offset + length <= bytes.count {
                return vorbisComments(Array(bytes[offset..<(offset + length)]))
            }
            if header & 0x80 != 0 { break }
            offset += length
        }
        return nil
    }

    /// Ogg Vorbis or Opus: the comment packet follows its signature in the second page.
    static func ogg(_ bytes: [UInt8]) -> TagBlocks? {
        for signature in [[3] + Array("vorbis".utf8), Array("OpusTags".utf8)] {
            if let start = find(signature, in: bytes) {
                return vorbisComments(Array(bytes[(start + signature.count)...]))
            }
        }
        return nil
    }

    /// A Vorbis comment block: vendor string, then `NAME=value` fields (little-endian lengths).
    static func vorbisComments(_ bytes: [UInt8]) -> TagBlocks? {
        var offset = 0
        func u32() -> Int? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
                | Int(bytes[offset + 3]) << 24
        }
        guard let vendor = u32(), offset + vendor <= bytes.count else { return nil }
        offset += vendor
        guard let count = u32() else { return nil }
        var blocks = TagBlocks()
        for _ in 0..<min(count, 1_000) {
            guard let length = u32(), offset + length <= bytes.count else { break }
            let field = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
            offset += length
            guard let equals = field.firstIndex(of: "=") else { continue }
            let name = field[..<equals].uppercased()
            let value = String(field[field.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            switch name {
            case "ARTIST": blocks.artists.append(value)
            case "ALBUMARTIST", "ALBUM ARTIST": blocks.albumArtist = value
            case "DISCNUMBER": blocks.disc = leadingNumber(value)
            default: break
            }
        }
        return blocks
    }

    /// ID3v2.3/2.4 text frames: TPE1 (artists, "/" or NUL separated in 2.4), TPE2 (album
    /// artist), TPOS (disc, "1/2").
    static func id3v2(_ bytes: [UInt8]) -> TagBlocks? {
        guard bytes.count >= 10 else { return nil }
        let version = bytes[3]
        guard version == 3 || version == 4 else { return nil }
        let size = synchsafe(bytes, 6)
        let end = min(10 + size, bytes.count)
        var offset = 10
        if bytes[5] & 0x40 != 0 {  // extended header
            offset += version == 4 ? synchsafe(bytes, 10) : 4 + big32(bytes, 10)
        }
        var blocks = TagBlocks()
        while offset + 10 <= end {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            guard id.allSatisfy({ $0.isLetter || $0.isNumber }), id != "\0\0\0\0" else { break }
            let length = version == 4 ? synchsafe(bytes, offset + 4) : big32(bytes, offset + 4)
            let body = offset + 10
            guard length > 0, body + length <= end else { break }
            if ["TPE1", "TPE2", "TPOS"].contains(id) {
                let values = text(Array(bytes[body..<(body + length)]))
                switch id {
                case "TPE1": blocks.artists = values
                case "TPE2": blocks.albumArtist = values.first
                default: blocks.disc = values.first.flatMap(leadingNumber)
                }
            }
            offset = body + length
        }
        return blocks
    }

    /// A text frame's values: encoding byte, then NUL-separated strings.
    static func text(_ frame: [UInt8]) -> [String] {
        guard let encoding = frame.first else { return [] }
        let payload = Array(frame.dropFirst())
        let decoded: String
        switch encoding {
        case 0: decoded = String(decoding: payload.map { UInt16($0) }, as: UTF16.self)
        case 1, 2:
            var units: [UInt16] = []
            var index = 0
            var bigEndian = encoding == 2
            if encoding == 1, payload.count >= 2 {
                bigEndian = payload[0] == 0xFE && payload[1] == 0xFF
                if (payload[0] == 0xFF && payload[1] == 0xFE) || bigEndian { index = 2 }
            }
            while index + 1 < payload.count {
                let unit =
                    bigEndian
                    ? UInt16(payload[index]) << 8 | UInt16(payload[index + 1])
                    : UInt16(payload[index + 1]) << 8 | UInt16(payload[index])
                // A byte order mark starts each further string in a list.
                if unit != 0xFEFF { units.append(unit) }
                index += 2
            }
            decoded = String(decoding: units, as: UTF16.self)
        default: decoded = String(decoding: payload, as: UTF8.self)
        }
        return decoded.split(separator: "\0").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func synchsafe(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at + 4 <= bytes.count else { return 0 }
        return Int(bytes[at]) << 21 | Int(bytes[at + 1]) << 14 | Int(bytes[at + 2]) << 7 | Int(bytes[at + 3])
    }

    static func big32(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at + 4 <= bytes.count else { return 0 }
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    static func leadingNumber(_ text: String) -> Int? {
        Int(text.prefix { $0.isNumber })
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}

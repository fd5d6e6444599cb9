import Foundation
import MediaIntents
import TagLibShim

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
    /// The words, as the tags hold them: timed (ID3v2 SYLT, as LRC) before plain (USLT, Vorbis
    /// LYRICS or UNSYNCEDLYRICS, MP4 ©lyr, APE LYRICS), which may themselves be LRC text.
    public var lyrics: String?
    /// Whether a lyrics tag was too long to be lyrics (over `Lyrics.maximumBytes`) and left out.
    public var lyricsRefused = false

    public init() {}

    /// The extensions read as audio.
    public static let audioExtensions: Set<String> = [
        "mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "aac", "wav", "wv", "ape", "mpc",
    ]

    /// Reads a file's tags through TagLib's property map, which names the same things the same way
    /// in every format (ID3v2 frames, Vorbis comments, MP4 items, RIFF INFO). Nil when TagLib
    /// cannot read the file as audio.
    public static func read(_ path: String) -> AudioTags? {
        final class Properties { var values: [String: [String]] = [:] }
        let properties = Properties()
        var seconds: Int32 = 0
        let isAudio = withExtendedLifetime(properties) {
            hark_taglib_read(path, Unmanaged.passUnretained(properties).toOpaque(), { context, key, value in
                guard let context, let key, let value else { return }
                let properties = Unmanaged<Properties>.fromOpaque(context).takeUnretainedValue()
                // A value past the lyrics limit (a hostile 50 MB tag) is not copied: its length is kept.
                let length = strnlen(value, Lyrics.maximumBytes + 1)
                if length > Lyrics.maximumBytes {
                    properties.values[Self.refusedMark + String(cString: key), default: []].append("")
                    return
                }
                properties.values[String(cString: key), default: []].append(String(cString: value))
            }, &seconds)
        }
        guard isAudio == 1 else { return nil }
        return AudioTags(properties: properties.values, seconds: Int(seconds))
    }

    /// Tags from a property map (keys as TagLib names them, upper case). Vorbis comments come
    /// through as the file stores them, so the names other taggers write are read too ("ALBUM
    /// ARTIST" from foobar2000, YEAR and TRACKNUM from older tools).
    init(properties: [String: [String]], seconds: Int) {
        func first(_ keys: String...) -> String? {
            keys.lazy.compactMap { key in
                properties[key]?.lazy.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
            }.first
        }
        title = first("TITLE")
        artists = (properties["ARTIST"] ?? []).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        album = first("ALBUM")
        albumArtist = first("ALBUMARTIST", "ALBUM ARTIST")
        genre = first("GENRE")
        year = first("DATE", "YEAR").flatMap(Self.leadingNumber).flatMap { $0 > 0 ? $0 : nil }
        track = first("TRACKNUMBER", "TRACKNUM").flatMap(Self.leadingNumber).flatMap { $0 > 0 ? $0 : nil }
        disc = first("DISCNUMBER").flatMap(Self.leadingNumber).flatMap { $0 > 0 ? $0 : nil }
        duration = seconds > 0 ? Double(seconds) : nil
        // ID3v2 USLT frames with a description come as "LYRICS:<description>".
        let lyricKeys = ["SYNCEDLYRICS", "LYRICS", "UNSYNCEDLYRICS", "UNSYNCED LYRICS"]
        let described = properties.keys.filter { $0.hasPrefix("LYRICS:") }.sorted()
        lyrics = (lyricKeys + described).lazy.compactMap { key in
            properties[key]?.first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        }.first
        lyricsRefused =
            lyrics == nil && properties.keys.contains { $0.hasPrefix(Self.refusedMark) && $0.contains("LYRICS") }
    }

    /// Marks a property whose value was too long to read (`read`).
    static let refusedMark = "\u{1}refused:"

    /// The number a tag starts with ("2/3" → 2, "2011-05-03" → 2011).
    static func leadingNumber(_ text: String) -> Int? {
        Int(text.prefix { $0.isNumber })
    }
}

import Foundation
import MediaIntents

/// Lyrics kept beside audio files (`Song.lrc` or `Song.txt` next to `Song.flac`, as players such as
/// foobar2000, MusicBee and Navidrome read them) and chosen among a track's sources.
enum LyricsFiles {
    static let extensions: Set<String> = ["lrc", "txt"]

    /// For each name without its extension, the lyrics file of that name in a folder's listing:
    /// a timed `.lrc` before a plain `.txt`.
    static func beside(_ names: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for name in names.sorted() where !name.hasPrefix(".") {
            let ext = (name as NSString).pathExtension.lowercased()
            guard extensions.contains(ext) else { continue }
            let stem = (name as NSString).deletingPathExtension
            if ext == "lrc" || out[stem] == nil { out[stem] = name }
        }
        return out
    }

    /// A track's lyrics: a `.lrc` file beside it, else its tags (timed before plain), else a `.txt`
    /// beside it; with the file and reason when a source was left out (too long, not text).
    static func lyrics(tags: AudioTags, audio: String, file: String?) -> (String?, (String, String)?) {
        var problem: (String, String)?
        var fromFile: String?
        if let file {
            switch read(file) {
            case .success(let text): fromFile = text
            case .failure(let reason): problem = (file, reason.description)
            }
        }
        if let fromFile, file?.lowercased().hasSuffix(".lrc") == true { return (fromFile, problem) }
        if let tagged = tags.lyrics { return (tagged, problem) }
        if tags.lyricsRefused, problem == nil {
            problem = (audio, "lyrics tag of more than \(Lyrics.maximumBytes) bytes left out")
        }
        return (fromFile, problem)
    }

    /// A lyrics file's text: UTF-8 (with or without a byte order mark) or UTF-16 with one, at most
    /// `Lyrics.maximumBytes`.
    static func read(_ path: String) -> Result<String, MusicFilesError> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(MusicFilesError("lyrics file unreadable")) }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Lyrics.maximumBytes + 3)) ?? Data()
        if data.count > Lyrics.maximumBytes + 2 {
            return .failure(MusicFilesError("lyrics file over \(Lyrics.maximumBytes) bytes left out"))
        }
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]),
            let text = String(data: data, encoding: .utf16)
        {
            return .success(text)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            return .failure(MusicFilesError("lyrics file not UTF-8 text left out"))
        }
        return .success(text)
    }
}

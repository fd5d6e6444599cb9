import CMPDClient
public import Catalog
import Foundation
import MediaIntents
public import Playback

/// The daemon refused a command (an unknown file, no mixer for volume).
struct MPDCommandError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Hark's player carried out by Music Player Daemon: Hark keeps the queue and its order (shuffle
/// is Hark's order; MPD's own random stays off, so what plays next is what Hark says), MPD plays
/// it and reports the real song, position and state back.
public final class MPDOutput: PlayerOutput, @unchecked Sendable {
    let connection: MPDConnection
    /// What Hark last loaded, as MPD URIs, and the location each URI stands for.
    private let loaded = Locked<(uris: [String], locations: [String: String])>(([], [:]))
    /// The folder prefix that turns an absolute file path into an MPD URI (learned by asking MPD).
    private let root = Locked<String?>(nil)

    public init(_ address: MPDAddress) {
        connection = MPDConnection(address)
    }

    /// Checks the daemon answers (at start, for a clear message rather than a first failed request).
    public func ping() throws {
        try connection.run { live in _ = mpd_run_status(live).map { mpd_status_free($0) } }
    }

    public func perform(_ action: PlayerAction) throws {
        try connection.run { live in
            switch action {
            case .none: break
            case .load(let queue, let index, let position): try load(queue, index: index, position: position, live)
            case .enqueue(let items):
                for item in items {
                    guard let uri = try uri(for: item, live) else { continue }
                    _ = mpd_run_add(live, uri)
                    loaded.withLock {
                        $0.uris.append(uri)
                        $0.locations[uri] = item.location
                    }
                }
            case .replaceUpNext(let items): try replaceUpNext(items, live)
            case .play:
                let state = mpd_run_status(live).map { status in
                    defer { mpd_status_free(status) }
                    return mpd_status_get_state(status)
                }
                _ = state == MPD_STATE_PAUSE ? mpd_run_pause(live, false) : mpd_run_play(live)
            case .pause: _ = mpd_run_pause(live, true)
            case .stop: _ = mpd_run_stop(live)
            case .seek(let seconds): _ = mpd_run_seek_current(live, Float(max(0, seconds)), false)
            case .setRate: break  // MPD plays at one speed
            case .setVolume(let volume, let muted):
                _ = mpd_run_set_volume(live, UInt32(muted ? 0 : max(0, min(100, volume))))
                // A daemon without a mixer refuses; that is not a lost connection.
                if mpd_connection_get_error(live) == MPD_ERROR_SERVER { _ = mpd_connection_clear_error(live) }
            case .setModes(_, let repeatMode):
                _ = mpd_run_random(live, false)
                _ = mpd_run_repeat(live, repeatMode != .off)
                _ = mpd_run_single(live, repeatMode == .one)
            }
        }
    }

    /// Replaces MPD's queue with `queue` (in play order) and plays item `index`; when MPD already
    /// holds that queue, only moves to the item.
    private func load(_ queue: [MediaItem], index: Int, position: Double, _ live: OpaquePointer) throws {
        var uris: [String] = []
        var locations: [String: String] = [:]
        var playIndex = index
        for (offset, item) in queue.enumerated() {
            guard let uri = try uri(for: item, live) else {
                if offset < index { playIndex -= 1 }
                continue
            }
            uris.append(uri)
            locations[uri] = item.location
        }
        guard !uris.isEmpty else { throw MPDCommandError(message: "nothing in the queue is a file MPD has") }
        let same = loaded.withLock { $0.uris == uris }
        let length = mpd_run_status(live).map { status in
            defer { mpd_status_free(status) }
            return Int(mpd_status_get_queue_length(status))
        }
        if !same || length != uris.count {
            _ = mpd_run_clear(live)
            for uri in uris { _ = mpd_run_add(live, uri) }
            _ = mpd_run_random(live, false)
            try connection.check(live)
            loaded.withLock { $0 = (uris, locations) }
        }
        let playing = max(0, min(playIndex, uris.count - 1))
        _ = mpd_run_play_pos(live, UInt32(playing))
        if position > 0 { try seek(to: position, stream: uris[playing].contains("://"), live) }
    }

    /// How long a stream's decoder may take to start before MPD can seek in it.
    static let streamSeekWait = 2.0

    /// Seeks in the song just started. A stream (a podcast episode from its feed's address) cannot
    /// be sought until MPD's decoder has read its start ("Not seekable" until then), so the seek is
    /// asked again until it is taken, for at most `streamSeekWait` seconds. One MPD cannot seek in
    /// at all (an Ogg stream over HTTP) plays from its start: what MPD then reports is what Hark shows.
    private func seek(to position: Double, stream: Bool, _ live: OpaquePointer) throws {
        let deadline = Date().addingTimeInterval(Self.streamSeekWait)
        while !mpd_run_seek_current(live, Float(position), false) {
            guard mpd_connection_get_error(live) == MPD_ERROR_SERVER else { return try connection.check(live) }
            let notYet = String(cString: mpd_connection_get_error_message(live)).contains("seekable")
            _ = mpd_connection_clear_error(live)
            guard stream, notYet, Date() < deadline else { return }
            usleep(50_000)
        }
    }

    /// Deletes what follows the song playing from MPD's queue and adds `items` there: the song
    /// plays on, uninterrupted.
    private func replaceUpNext(_ items: [MediaItem], _ live: OpaquePointer) throws {
        guard let (song, length) = mpd_run_status(live).map({ status -> (Int32, UInt32) in
            defer { mpd_status_free(status) }
            return (mpd_status_get_song_pos(status), mpd_status_get_queue_length(status))
        }), song >= 0 else { return }
        if UInt32(song + 1) < length { _ = mpd_run_delete_range(live, UInt32(song + 1), length) }
        var added: [(String, String?)] = []
        for item in items {
            guard let uri = try uri(for: item, live) else { continue }
            _ = mpd_run_add(live, uri)
            added.append((uri, item.location))
        }
        try connection.check(live)
        loaded.withLock { loaded in
            loaded.uris = Array(loaded.uris.prefix(Int(song) + 1)) + added.map(\.0)
            for (uri, location) in added { loaded.locations[uri] = location }
        }
    }

    /// The MPD URI of an item: its location when it came from MPD's database, else its file path
    /// made relative to MPD's music folder. The folder is found once by asking MPD about ever
    /// shorter tails of the first path ("/home/a/Music/x/y.flac" → "Music/x/y.flac" → "x/y.flac").
    private func uri(for item: MediaItem, _ live: OpaquePointer) throws -> String? {
        guard let location = item.location else { return nil }
        guard location.hasPrefix("/") else { return location }
        if let prefix = root.withLock({ $0 }), location.hasPrefix(prefix) {
            return String(location.dropFirst(prefix.count))
        }
        let parts = location.split(separator: "/").map(String.init)
        for start in 0..<parts.count {
            let candidate = parts[start...].joined(separator: "/")
            if try exists(candidate, live) {
                let prefix = "/" + parts[..<start].joined(separator: "/") + (start > 0 ? "/" : "")
                root.withLock { $0 = prefix }
                return candidate
            }
        }
        return nil
    }

    private func exists(_ uri: String, _ live: OpaquePointer) throws -> Bool {
        guard mpd_send_list_meta(live, uri) else { try connection.check(live); return false }
        var found = false
        while let entity = mpd_recv_entity(live) {
            if mpd_entity_get_type(entity) == MPD_ENTITY_TYPE_SONG { found = true }
            mpd_entity_free(entity)
        }
        _ = mpd_response_finish(live)
        if mpd_connection_get_error(live) == MPD_ERROR_SERVER {
            _ = mpd_connection_clear_error(live)
            return false
        }
        try connection.check(live)
        return found
    }

    public func status() throws -> OutputStatus? {
        try connection.run { live in
            guard let status = mpd_run_status(live) else { return nil }
            defer { mpd_status_free(status) }
            let state: PlaybackState
            switch mpd_status_get_state(status) {
            case MPD_STATE_PLAY: state = .playing
            case MPD_STATE_PAUSE: state = .paused
            default: state = .stopped
            }
            let volume = Int(mpd_status_get_volume(status))
            var location: String?
            if state != .stopped, let song = mpd_run_current_song(live) {
                let uri = String(cString: mpd_song_get_uri(song))
                mpd_song_free(song)
                location = loaded.withLock { $0.locations[uri] } ?? root.withLock { $0.map { $0 + uri } } ?? uri
            }
            return OutputStatus(
                location: location, state: state, elapsed: Double(mpd_status_get_elapsed_ms(status)) / 1000,
                volume: volume >= 0 ? volume : nil)
        }
    }
}

/// Builds catalog rows from a Music Player Daemon's own database (every song, with its tags).
public enum MPDLibrary {
    public static func entries(_ address: MPDAddress) throws -> [CatalogEntry] {
        try MPDConnection(address).run { live in
            guard mpd_send_list_all_meta(live, "") else { return [] }
            var entries: [CatalogEntry] = []
            while let entity = mpd_recv_entity(live) {
                defer { mpd_entity_free(entity) }
                guard mpd_entity_get_type(entity) == MPD_ENTITY_TYPE_SONG, let song = mpd_entity_get_song(entity)
                else { continue }
                entries.append(entry(song))
            }
            _ = mpd_response_finish(live)
            return entries
        }
    }

    static func entry(_ song: OpaquePointer) -> CatalogEntry {
        func values(_ tag: mpd_tag_type) -> [String] {
            var out: [String] = []
            var index: UInt32 = 0
            while let value = mpd_song_get_tag(song, tag, index) {
                let text = String(cString: value).trimmingCharacters(in: .whitespaces)
                if !text.isEmpty { out.append(text) }
                index += 1
            }
            return out
        }
        let uri = String(cString: mpd_song_get_uri(song))
        var tags = AudioTags()
        tags.title = values(MPD_TAG_TITLE).first
        tags.artists = values(MPD_TAG_ARTIST)
        tags.album = values(MPD_TAG_ALBUM).first
        tags.albumArtist = values(MPD_TAG_ALBUM_ARTIST).first
        tags.genre = values(MPD_TAG_GENRE).first
        tags.year = values(MPD_TAG_DATE).first.flatMap { Int($0.prefix(4)) }
        tags.track = values(MPD_TAG_TRACK).first.flatMap(AudioTags.leadingNumber)
        tags.disc = values(MPD_TAG_DISC).first.flatMap(AudioTags.leadingNumber)
        let duration = mpd_song_get_duration(song)
        tags.duration = duration > 0 ? Double(duration) : nil
        var entry = FolderImporter.entry(for: "/" + uri, tags: tags, root: "")
        entry.path = uri
        return entry
    }
}

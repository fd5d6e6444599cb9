import CMPDClient
public import Foundation

/// The pictures Music Player Daemon has for its songs, for items imported from MPD's database
/// (their location is a URI in MPD's music folder, which may be on another machine): the picture
/// embedded in the song (`readpicture`), else the cover file in its folder (`albumart`). A
/// connection of its own, so reading a picture never waits behind the player's commands.
public final class MPDPictures: Sendable {
    let connection: MPDConnection

    public init(_ address: MPDAddress) { connection = MPDConnection(address) }

    /// The picture's bytes, read in MPD's chunks; nil when MPD has none or cannot be reached.
    public func picture(uri: String) -> Data? {
        try? connection.run { live -> Data? in
            for fetch in [mpd_run_readpicture, mpd_run_albumart] {
                var data = Data()
                var chunk = [UInt8](repeating: 0, count: 8_192)
                while data.count <= CoverArt.largestPicture {
                    let read = fetch(live, uri, UInt32(data.count), &chunk, chunk.count)
                    if read <= 0 { break }
                    data.append(contentsOf: chunk[0..<Int(read)])
                }
                // "No picture" and "past the end" are the daemon's refusals, not a broken connection.
                if mpd_connection_get_error(live) == MPD_ERROR_SERVER { _ = mpd_connection_clear_error(live) }
                if !data.isEmpty { return data }
            }
            return nil
        }
    }
}

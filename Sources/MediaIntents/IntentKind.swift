/// The canonical name of what a request asks for (the `intent` of an evaluation row).
public enum IntentKind: String, Codable, Sendable, CaseIterable {
    case playMedia, addMedia, updateMediaAffinity, searchForMedia
    /// Hark's own: out of a playlist or the library, or a like forgotten ("take this off Running").
    case removeMedia
    /// Hark's own: a new, empty playlist of the person's ("make a playlist called Road Trip").
    case createPlaylist
    /// Hark's own: an episode or a book marked heard, or not ("mark this as played").
    case markPlayed
    case pause, resume, stop, togglePlayPause, nextTrack, previousTrack, skipForward, skipBackward, seek
    case setPlaybackRate, setRepeatMode, setShuffleMode
    case setVolume, changeVolume, mute, unmute
    case nowPlayingQuestion, appIntent, none
}

/// The canonical name of what a request asks for (the `intent` of an evaluation row).
public enum IntentKind: String, Codable, Sendable, CaseIterable {
    case playMedia, addMedia, updateMediaAffinity, searchForMedia
    case pause, resume, stop, togglePlayPause, nextTrack, previousTrack, skipForward, skipBackward, seek
    case setPlaybackRate, setRepeatMode, setShuffleMode
    case setVolume, changeVolume, mute, unmute
    case nowPlayingQuestion, appIntent, none
}

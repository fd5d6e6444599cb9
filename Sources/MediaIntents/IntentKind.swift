/// The canonical name of what a request asks for (the `intent` of an evaluation row).
public enum IntentKind: String, Codable, Sendable, CaseIterable {
    case playMedia, addMedia, updateMediaAffinity, searchForMedia
    case pause, resume, stop, togglePlayPause, nextTrack, previousTrack, skipForward, skipBackward, seek
    case setPlaybackRate, setRepeatMode, setShuffleMode
    case setVolume, changeVolume, mute, unmute
    case nowPlayingQuestion, appIntent, none

    /// Commands that act on what is playing rather than on a search.
    public var isNowPlayingCommand: Bool {
        switch self {
        case .pause, .resume, .stop, .togglePlayPause, .nextTrack, .previousTrack, .skipForward, .skipBackward,
            .seek, .setPlaybackRate, .setRepeatMode, .setShuffleMode:
            return true
        default: return false
        }
    }

    /// Commands that change the speaker's volume.
    public var isVolumeCommand: Bool {
        switch self {
        case .setVolume, .changeVolume, .mute, .unmute: return true
        default: return false
        }
    }
}

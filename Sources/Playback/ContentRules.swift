public import MediaIntents

/// What each kind of content can do, as a player's command centre enables its buttons: a live
/// stream plays as it is broadcast (no seeking, skipping by time, speed, repeat or shuffle);
/// podcasts and audiobooks are spoken, and keep their own speed.
public enum ContentRules {
    /// Every command the command centre knows, by the names `PlayerMachine.name(of:)` gives.
    public static let commandNames = [
        "play", "pause", "stop", "togglePlayPause", "nextTrack", "previousTrack", "skip", "seek", "changeRate",
        "changeRepeatMode", "changeShuffle",
    ]

    /// Commands a live stream cannot take.
    static let notLive: Set<String> = ["skip", "seek", "changeRate", "changeRepeatMode", "changeShuffle"]

    /// Whether items of this kind are spoken (their speed is kept apart from music's).
    public static func isSpoken(_ type: MediaItemType) -> Bool {
        type == .podcastEpisode || type == .podcastShow || type == .audioBook
    }

    public static func supports(_ type: MediaItemType, named name: String) -> Bool {
        !(type.isLive && notLive.contains(name))
    }

    public static func supports(_ type: MediaItemType, _ command: NowPlayingCommand) -> Bool {
        supports(type, named: PlayerMachine.name(of: command))
    }
}

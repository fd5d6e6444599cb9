public import MediaIntents

/// What each kind of content can do, as a player's command centre enables its buttons: a live
/// stream plays as it is broadcast (no seeking, skipping by time, speed, repeat or shuffle);
/// podcasts and audiobooks are spoken, and keep their own speed.
public enum ContentRules {
    /// Every command the command centre knows, by name (`NowPlayingCommand.name`).
    public static let commandNames = [
        NowPlayingCommand.play, .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack, .skip(seconds: 0),
        .seek(position: 0), .changeRate(1), .changeRepeatMode(.off), .changeShuffle(false),
    ].map(\.name)

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
        supports(type, named: command.name)
    }
}

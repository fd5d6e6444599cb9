/// Whether something is playing.
public enum PlaybackState: String, Codable, Sendable { case stopped, playing, paused }

/// What is playing and where, as a now-playing screen shows it.
public struct NowPlayingInfo: Codable, Sendable, Hashable {
    public var item: MediaItem?
    public var state: PlaybackState
    /// Seconds into the item.
    public var position: Double
    public var duration: Double?
    public var rate: Double
    public var shuffle: Bool
    public var repeatMode: RepeatMode
    public var volume: Int
    public var muted: Bool
    /// 0-based place of the item in the play order, and how many items are queued.
    public var queueIndex: Int?
    public var queueCount: Int
    /// The next few items, in play order.
    public var upNext: [MediaItem]
    /// The commands the item playing takes now (a live station has no seek, skip or speed), as a
    /// command centre shows its buttons.
    public var supportedCommands: [String]

    public init(
        item: MediaItem?, state: PlaybackState, position: Double, duration: Double?, rate: Double, shuffle: Bool,
        repeatMode: RepeatMode, volume: Int, muted: Bool, queueIndex: Int?, queueCount: Int, upNext: [MediaItem],
        supportedCommands: [String] = []
    ) {
        self.item = item
        self.state = state
        self.position = position
        self.duration = duration
        self.rate = rate
        self.shuffle = shuffle
        self.repeatMode = repeatMode
        self.volume = volume
        self.muted = muted
        self.queueIndex = queueIndex
        self.queueCount = queueCount
        self.upNext = upNext
        self.supportedCommands = supportedCommands
    }
}

/// The player device did not answer (a daemon that stopped, a network gone).
public struct PlayerUnreachable: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

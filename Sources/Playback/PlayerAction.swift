public import MediaIntents

/// What the output (a simulated player, later MPD) must do after an event.
public enum PlayerAction: Sendable, Hashable, Codable {
    case none
    /// Replace what is loaded with this queue and start at `index`, at `position` seconds.
    case load(queue: [MediaItem], index: Int, position: Double)
    /// Add items after the current one or at the end, without interrupting.
    case enqueue([MediaItem])
    case play
    case pause
    case stop
    case seek(Double)
    case setRate(Double)
    case setVolume(Int, muted: Bool)
    case setModes(shuffle: Bool, repeatMode: RepeatMode)
}

/// Something that plays: the simulated output here, Music Player Daemon later.
public protocol PlayerOutput: Sendable {
    /// Carries out an action; throws when the device cannot be reached.
    func perform(_ action: PlayerAction) throws
}

/// An output that plays nothing and remembers what it was told, for the demo and tests.
public final class SimulatedOutput: PlayerOutput, @unchecked Sendable {
    private var log: [PlayerAction] = []
    private let lock = Lock()

    public init() {}

    /// How many recent actions are kept (a long-running server must not keep them all: a load
    /// action holds its whole queue).
    public static let kept = 256

    public func perform(_ action: PlayerAction) throws {
        lock.withLock {
            log.append(action)
            if log.count > Self.kept * 2 { log.removeFirst(log.count - Self.kept) }
        }
    }

    /// The most recent actions (at least the last `kept`), oldest first.
    public var actions: [PlayerAction] { lock.withLock { log } }
}

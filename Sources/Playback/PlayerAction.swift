public import MediaIntents

/// What the output (a simulated player, later MPD) must do after an event.
public enum PlayerAction: Sendable, Hashable, Codable {
    case none
    /// Replace what is loaded with this queue and start at `index`, at `position` seconds.
    case load(queue: [MediaItem], index: Int, position: Double)
    /// Add items after the current one or at the end, without interrupting.
    case enqueue([MediaItem])
    /// Replace what follows the current item with these, in this order, without interrupting it
    /// (up next reordered or cut by hand).
    case replaceUpNext([MediaItem])
    case play
    case pause
    case stop
    case seek(Double)
    case setRate(Double)
    case setVolume(Int, muted: Bool)
    case setModes(shuffle: Bool, repeatMode: RepeatMode)
}

/// Something that plays: the simulated output, or Music Player Daemon.
public protocol PlayerOutput: AnyObject, Sendable {
    /// Carries out an action; throws `PlayerUnreachable` when the device cannot be reached.
    func perform(_ action: PlayerAction) throws
    /// What the device itself reports playing, for outputs that know (nil: trust Hark's clock).
    func status() throws -> OutputStatus?
    /// True for an output that never waits (the simulated one): its calls need no thread of their
    /// own and no time limit (`OutputCall`).
    var answersAtOnce: Bool { get }
}

extension PlayerOutput {
    public func status() throws -> OutputStatus? { nil }
    public var answersAtOnce: Bool { false }
}

/// A real player's own account of what it plays.
public struct OutputStatus: Sendable, Hashable {
    /// The `location` of the item playing (as Hark gave it), if any.
    public var location: String?
    public var state: PlaybackState
    /// Seconds into the item.
    public var elapsed: Double
    public var volume: Int?

    public init(location: String?, state: PlaybackState, elapsed: Double, volume: Int? = nil) {
        self.location = location
        self.state = state
        self.elapsed = elapsed
        self.volume = volume
    }
}

/// An output that plays nothing and remembers what it was told, for the demo and tests.
public final class SimulatedOutput: PlayerOutput, Sendable {
    private let log = Locked<[PlayerAction]>([])

    public init() {}

    public var answersAtOnce: Bool { true }

    /// How many recent actions are kept (a long-running server must not keep them all: a load
    /// action holds its whole queue).
    public static let kept = 256

    public func perform(_ action: PlayerAction) throws {
        log.withLock { log in
            log.append(action)
            if log.count > Self.kept * 2 { log.removeFirst(log.count - Self.kept) }
        }
    }

    /// The most recent actions (at least the last `kept`), oldest first.
    public var actions: [PlayerAction] { log.withLock { $0 } }
}

public import MediaIntents

/// The player as a value: a queue, a cursor, position and modes. Events return the action the
/// output must carry out; time comes in as an argument so tests are exact.
public struct PlayerMachine: Codable, Sendable, Hashable {
    public internal(set) var queue: [MediaItem] = []
    /// Play order: indexes into `queue` (a permutation when shuffled).
    public internal(set) var order: [Int] = []
    /// Place in `order` of the current item.
    public internal(set) var cursor: Int?
    public private(set) var state: PlaybackState = .stopped
    public private(set) var rate: Double = 1
    public private(set) var shuffle = false
    public private(set) var repeatMode: RepeatMode = .off
    public private(set) var volume = 50
    public private(set) var muted = false
    /// Commands the app turned off; they answer `commandDisabled`.
    public var disabledCommands: Set<String> = []
    /// The speed spoken content (podcasts, audiobooks) plays at: kept from one to the next, as
    /// podcast apps keep it; music and radio always start at 1×.
    public var spokenRate: Double { keptSpokenRate ?? 1 }
    /// Optional so a player stored before it existed still reads.
    private var keptSpokenRate: Double?
    /// The speed music and radio play at in this queue (a request's "at 1.5×" lasts for its queue,
    /// and the next queue starts at 1×).
    private var queueRate: Double?
    /// Position at `anchorTime`; while playing, position grows with time × rate.
    private var anchorPosition: Double = 0
    private var anchorTime: Double = 0
    /// Who asked for what plays (a person's id as the app knows it): an episode or a book heard to
    /// its end is marked played for them. Optional so a player stored before it existed still reads.
    public var listener: String?
    /// Seed for shuffling, advanced on each shuffle so orders differ but stay reproducible.
    private var shuffleSeed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Slowest and fastest playback rates allowed.
    public static let rateRange: ClosedRange<Double> = 0.5...3

    public init() {}

    /// The machine with an empty queue (what is stored beside the queue, which is stored apart and
    /// only when it changes).
    public var withoutQueue: PlayerMachine {
        var copy = self
        copy.queue = []
        return copy
    }

    /// Takes a real player's account as the truth: the item it plays (found in the queue by its
    /// location), its position and state. An item not in this queue leaves the machine alone (the
    /// player is playing another device's queue).
    public mutating func adopt(_ status: OutputStatus, now: Double) {
        if let volume = status.volume { self.volume = volume }
        guard let location = status.location else {
            if status.state == .stopped, state != .stopped {
                state = .stopped
                anchorPosition = 0
                anchorTime = now
            }
            return
        }
        // The player may name a file relative to its own music folder.
        guard
            let index = order.firstIndex(where: {
                guard let mine = queue[$0].location else { return false }
                return mine == location || mine.hasSuffix("/" + location)
            })
        else { return }
        cursor = index
        state = status.state
        anchorPosition = status.elapsed
        anchorTime = now
    }

    /// Puts back a queue stored apart (`order` and `cursor` index into it).
    public mutating func restoreQueue(_ items: [MediaItem]) {
        guard order.allSatisfy({ items.indices.contains($0) }) else {
            // A queue that does not fit the order (written by another process mid-change): start afresh.
            self = PlayerMachine()
            return
        }
        queue = items
    }

    /// The item playing or paused, if any.
    public var current: MediaItem? { cursor.map { queue[order[$0]] } }

    /// The queue in the order it plays (shuffled or not).
    var orderedQueue: [MediaItem] { order.map { queue[$0] } }

    /// What makes an output play what this player holds, from where it is at `now`: the ordered
    /// queue loaded at the current item and position, paused when the player is; a stop when it
    /// holds nothing or is stopped (moving music to another room, putting a room back).
    public func replay(at now: Double) -> [PlayerAction] {
        guard current != nil, state != .stopped else { return [.stop] }
        let load = PlayerAction.load(queue: orderedQueue, index: cursor ?? 0, position: position(at: now))
        return state == .paused ? [load, .pause] : [load]
    }

    /// Seconds into the current item at `now`.
    public func position(at now: Double) -> Double {
        guard state == .playing else { return anchorPosition }
        return anchorPosition + max(0, now - anchorTime) * rate
    }

    /// The now-playing view at `now`. Call `advance(to:)` first to move past finished items.
    public func nowPlaying(at now: Double) -> NowPlayingInfo {
        let upcoming = cursor.map { Array(order[($0 + 1)...].prefix(5)).map { queue[$0] } } ?? []
        return NowPlayingInfo(
            item: current, state: state, position: (position(at: now) * 10).rounded() / 10,
            duration: current?.duration, rate: rate, shuffle: shuffle, repeatMode: repeatMode, volume: volume,
            muted: muted, queueIndex: cursor, queueCount: queue.count, upNext: upcoming,
            supportedCommands: supportedCommands)
    }

    /// The items of the play order from the current one (included) up to `other`'s current one
    /// (left out): those heard to their end when `other` is this player moved on in time.
    public func items(passedOnTheWayTo other: PlayerMachine) -> [MediaItem] {
        guard let from = cursor, let to = other.cursor, to > from, to < order.count, order == other.order,
            queue == other.queue
        else { return [] }
        return order[from..<to].map { queue[$0] }
    }

    /// Moves past items that finished while time passed, honouring repeat.
    public mutating func advance(to now: Double) {
        guard state == .playing, var index = cursor else { return }
        var position = position(at: now)
        var guardCount = 0
        while let duration = queue[order[index]].duration, duration > 0, position >= duration, guardCount < 10_000 {
            guardCount += 1
            position -= duration
            if repeatMode == .one { continue }
            if index + 1 < order.count {
                index += 1
            } else if repeatMode == .all {
                index = 0
            } else {
                cursor = index
                state = .stopped
                anchorPosition = duration
                anchorTime = now
                return
            }
        }
        if cursor != index { rate = rateFor(queue[order[index]]) }
        cursor = index
        anchorPosition = position
        anchorTime = now
    }

    /// Plays `items`: now (replacing the queue), next (after the current item) or later (at the end).
    /// When shuffling, the first item stays first unless `shuffleFirst` (a mix has no chosen item).
    public mutating func play(
        _ items: [MediaItem], shuffled: Bool? = nil, repeatMode: RepeatMode? = nil,
        location: PlaybackQueueLocation = .now, startPosition: Double = 0, shuffleFirst: Bool = false, now: Double
    ) -> PlayerAction {
        guard !items.isEmpty else { return .none }
        advance(to: now)
        if location != .now, let at = cursor {
            let start = queue.count
            queue.append(contentsOf: items)
            let added = Array(start..<queue.count)
            let insertAt = location == .next ? at + 1 : order.count
            order.insert(contentsOf: added, at: insertAt)
            return .enqueue(items)
        }
        queue = items
        // A new queue takes its modes from the request (and what its content calls for, which the
        // caller passes), never from what the previous request left.
        shuffle = shuffled ?? false
        self.repeatMode = repeatMode ?? .off
        queueRate = nil
        if items.first?.type.isLive == true {
            // A live stream plays as it is broadcast: no order to shuffle, nothing to repeat.
            shuffle = false
            self.repeatMode = .off
        }
        // The item asked for plays first; shuffle mixes what follows it.
        order = Array(queue.indices)
        if shuffle { order = shuffleFirst ? shuffledOrder(order) : [0] + shuffledOrder(Array(order.dropFirst())) }
        cursor = 0
        state = .playing
        anchorPosition = startPosition
        anchorTime = now
        rate = rateFor(current)
        return .load(queue: orderedQueue, index: 0, position: startPosition)
    }

    /// Carries out a now-playing command.
    public mutating func handle(_ command: NowPlayingCommand, now: Double) -> (CommandStatus, PlayerAction) {
        if disabledCommands.contains(command.name) { return (.commandDisabled, .none) }
        advance(to: now)
        if let current, !ContentRules.supports(current.type, command) { return (.commandDisabled, .none) }
        let position = position(at: now)
        switch command {
        case .play:
            guard cursor != nil else { return (.noActionableNowPlayingItem, .none) }
            if state == .stopped, let duration = current?.duration, position >= duration { anchorPosition = 0 }
            setState(.playing, now: now)
            return (.success, .play)
        case .pause:
            guard cursor != nil, state != .stopped else { return (.noActionableNowPlayingItem, .none) }
            setState(.paused, now: now)
            return (.success, .pause)
        case .togglePlayPause:
            return handle(state == .playing ? .pause : .play, now: now)
        case .stop:
            guard cursor != nil else { return (.noActionableNowPlayingItem, .none) }
            setState(.stopped, now: now)
            anchorPosition = 0
            return (.success, .stop)
        case .nextTrack:
            guard let index = cursor else { return (.noActionableNowPlayingItem, .none) }
            if index + 1 < order.count {
                move(to: index + 1, now: now)
            } else if repeatMode == .all, !order.isEmpty {
                move(to: 0, now: now)
            } else {
                return (.noSuchContent, .none)
            }
            return (.success, .load(queue: orderedQueue, index: cursor ?? 0, position: 0))
        case .previousTrack:
            guard let index = cursor else { return (.noActionableNowPlayingItem, .none) }
            move(to: index > 0 ? index - 1 : 0, now: now)
            return (.success, .load(queue: orderedQueue, index: cursor ?? 0, position: 0))
        case .skip(let seconds):
            guard cursor != nil else { return (.noActionableNowPlayingItem, .none) }
            return seek(to: position + seconds, now: now)
        case .seek(let target):
            guard cursor != nil else { return (.noActionableNowPlayingItem, .none) }
            return seek(to: target, now: now)
        case .changeRate(let newRate):
            guard cursor != nil else { return (.noActionableNowPlayingItem, .none) }
            guard Self.rateRange.contains(newRate) else { return (.commandFailed, .none) }
            anchorPosition = position
            anchorTime = now
            rate = newRate
            if let current, ContentRules.isSpoken(current.type) { keptSpokenRate = newRate } else { queueRate = newRate }
            return (.success, .setRate(newRate))
        case .changeRepeatMode(let mode):
            repeatMode = mode
            return (.success, .setModes(shuffle: shuffle, repeatMode: mode))
        case .changeShuffle(let on):
            if on != shuffle, let index = cursor {
                let playing = order[index]
                if on {
                    order = [playing] + shuffledOrder(order.filter { $0 != playing })
                    cursor = 0
                } else {
                    order = Array(queue.indices)
                    cursor = playing
                }
            }
            shuffle = on
            return (.success, .setModes(shuffle: on, repeatMode: repeatMode))
        }
    }

    /// Carries out a volume command.
    public mutating func handle(_ command: VolumeCommand) -> (CommandStatus, PlayerAction) {
        switch command {
        case .set(let level): volume = min(max(level, 0), 100); muted = false
        case .change(let delta): volume = min(max(volume + delta, 0), 100); muted = false
        case .mute: muted = true
        case .unmute: muted = false
        }
        return (.success, .setVolume(volume, muted: muted))
    }

    private mutating func seek(to target: Double, now: Double) -> (CommandStatus, PlayerAction) {
        let duration = current?.duration ?? .infinity
        if target >= duration {
            // Skipping past the end moves on, as a player does when the item ends.
            return handle(.nextTrack, now: now)
        }
        anchorPosition = max(0, target)
        anchorTime = now
        return (.success, .seek(anchorPosition))
    }

    mutating func move(to index: Int, now: Double) {
        cursor = index
        anchorPosition = 0
        anchorTime = now
        if state == .stopped { state = .playing }
        rate = rateFor(current)
    }

    /// The speed an item starts at: spoken content at the speed kept for it, anything else at 1×.
    private func rateFor(_ item: MediaItem?) -> Double {
        item.map { ContentRules.isSpoken($0.type) } == true ? spokenRate : queueRate ?? 1
    }

    /// Commands the current item takes, by its kind and the app's switches (the command centre).
    public var supportedCommands: [String] {
        ContentRules.commandNames.filter { name in
            !disabledCommands.contains(name) && (current.map { ContentRules.supports($0.type, named: name) } ?? true)
        }
    }

    private mutating func setState(_ newState: PlaybackState, now: Double) {
        anchorPosition = position(at: now)
        anchorTime = now
        state = newState
    }

    private mutating func shuffledOrder(_ indexes: [Int]) -> [Int] {
        var out = indexes
        guard out.count > 1 else { return out }
        for i in stride(from: out.count - 1, to: 0, by: -1) {
            shuffleSeed = shuffleSeed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let j = Int((shuffleSeed >> 33) % UInt64(i + 1))
            out.swapAt(i, j)
        }
        return out
    }
}

import Assistant
import Foundation

/// Server-Sent Events for `GET /v1/events`: each open stream hears a `now-playing` event when a
/// device's player changes (a voice request, a button, a track ending), and a comment every
/// `keepAlive` seconds so proxies keep the stream and the server notices clients that left (their
/// connection is freed within that time).
final class NowPlayingEvents: Sendable {
    struct Subscriber {
        let channel: StreamChannel
        /// Only this device's events, or only those of devices whose key starts with `prefix` (a
        /// home's); neither hears every device.
        let device: String?
        var prefix: String? = nil

        func hears(_ device: String) -> Bool {
            if let prefix { return device.hasPrefix(prefix) }
            return self.device == nil || self.device == device
        }
    }

    struct Seen {
        var info: NowPlayingInfo?
        var at: Double
    }

    struct State {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        /// What each device last showed, to tell a change from the clock running on.
        var seen: [String: Seen] = [:]
        var nextID = 1
        var ticking = false
        var lastPing = 0.0
        /// Stops hearing of other replicas' changes (nil: not started, or nothing to hear).
        var stopWatching: (@Sendable () -> Void)?
        var watching = false
    }

    private let state = Locked(State())
    /// Seconds between checks for changes no request caused (a track ending).
    let interval: Double
    let keepAlive: Double

    /// Seconds after which a device that is not playing is no longer remembered.
    static let forgetAfter = 600.0

    init(interval: Double = 2, keepAlive: Double = 5) {
        self.interval = interval
        self.keepAlive = keepAlive
    }

    var count: Int { state.withLock { $0.subscribers.count } }

    /// Opens a stream for `subscriber` (its channel) that starts with the state of each device
    /// of `current` as it is now.
    func subscribe(_ subscriber: Subscriber, current: [(device: String, info: NowPlayingInfo?)]) -> StreamChannel {
        let channel = subscriber.channel
        let key = ObjectIdentifier(channel)
        let firstID = state.withLock { state in
            state.subscribers[key] = subscriber
            state.nextID += current.count
            return state.nextID - current.count
        }
        channel.whenGone { [weak self] in _ = self?.state.withLock { $0.subscribers.removeValue(forKey: key) } }
        let events = current.enumerated().map { Self.event(id: firstID + $0.offset, device: $0.element.device, info: $0.element.info) }
        channel.send("retry: 3000\n\n" + events.joined())
        return channel
    }

    /// Tells streams about `device` when what it shows differs from what they last heard.
    func update(device: String, info: NowPlayingInfo?, now: Double = NowPlayingEvents.uptime()) {
        let (listeners, id): ([StreamChannel], Int) = state.withLock { state in
            let old = state.seen[device]
            state.seen[device] = Seen(info: info, at: now)
            if let old, !Self.differs(old, info, at: now) { return ([], 0) }
            state.nextID += 1
            let listeners = state.subscribers.values.filter { $0.hears(device) }.map(\.channel)
            return (listeners, state.nextID - 1)
        }
        guard !listeners.isEmpty else { return }
        let text = Self.event(id: id, device: device, info: info)
        for channel in listeners { channel.send(text) }
    }

    deinit { state.withLock { $0.stopWatching }?() }

    /// Starts hearing of player changes other processes store (replicas sharing PostgreSQL) the
    /// first time a stream opens; each that a stream hears is read and sent like a change made here.
    func startWatching(_ assistant: Assistant) {
        let start = state.withLock { state in
            defer { state.watching = true }
            return !state.watching
        }
        guard start else { return }
        let stop = try? assistant.watchPlayerChanges { [weak self] device in
            guard let self, self.state.withLock({ $0.subscribers.values.contains { $0.hears(device) } }) else { return }
            Task { self.update(device: device, info: await assistant.nowPlaying(device: device)) }
        }
        state.withLock { $0.stopWatching = stop ?? nil }
    }

    /// Starts the periodic check (a task) the first time a stream opens: `fetch` reads a device's state.
    func startTicking(fetch: @escaping @Sendable (String) async -> NowPlayingInfo?) {
        let start = state.withLock { state in
            defer { state.ticking = true }
            return !state.ticking
        }
        guard start else { return }
        let interval = self.interval
        Task.detached { [weak self] in
            while let events = self {
                await events.tick(fetch: fetch)
                try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            }
        }
    }

    private func tick(fetch: (String) async -> NowPlayingInfo?) async {
        let now = Self.uptime()
        let (devices, channels, ping): ([String], [StreamChannel], Bool) = state.withLock { state in
            guard !state.subscribers.isEmpty else { return ([], [], false) }
            let ping = now - state.lastPing >= keepAlive
            if ping { state.lastPing = now }
            // What no one plays and no one changed for a while is forgotten: the state stays bounded
            // however many device names clients made up.
            state.seen = state.seen.filter { $0.value.info?.state == .playing || now - $0.value.at < Self.forgetAfter }
            // Only a playing device changes by itself (a track ends), and only one a stream hears.
            let subscribers = Array(state.subscribers.values)
            let devices = state.seen.filter { entry in
                entry.value.info?.state == .playing && subscribers.contains { $0.hears(entry.key) }
            }.map(\.key)
            return (devices, subscribers.map(\.channel), ping)
        }
        if ping { for channel in channels { channel.send(": keep-alive\n\n") } }
        for device in devices { update(device: device, info: await fetch(device), now: now) }
    }

    /// True when `info` is not what `old` would show by now with the clock running.
    static func differs(_ old: Seen, _ info: NowPlayingInfo?, at now: Double) -> Bool {
        guard var before = old.info, var after = info else { return (old.info == nil) != (info == nil) }
        let expected = before.state == .playing ? before.position + (now - old.at) * before.rate : before.position
        if abs(expected - after.position) > 2 { return true }
        before.position = 0
        after.position = 0
        return before != after
    }

    static func event(id: Int, device: String, info: NowPlayingInfo?) -> String {
        let body = HarkAPI.json(200, HarkAPI.NowPlayingBody(device: device, nowPlaying: info)).body
        return "id: \(id)\nevent: now-playing\ndata: \(String(decoding: body, as: UTF8.self))\n\n"
    }

    static func uptime() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

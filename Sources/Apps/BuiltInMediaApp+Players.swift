import Foundation
public import MediaIntents
import Playback

/// What a hand-off between rooms did: what plays on the first device reached, and which devices
/// were reached and which did not answer in time (those keep what they had).
public struct HandOffResult: Sendable {
    public var playing: NowPlayingInfo?
    public var reached: [String]
    public var missed: [String]
}

/// Another process kept changing a device's player while this one tried to (`changeTries` times).
public struct PlayerBusy: Error, CustomStringConvertible, Sendable {
    public var device: String
    public var description: String { "the player of \(device) kept changing; try again" }
}

/// Each device's player: read, changed one change at a time, and carried out by its output away
/// from the actor (an output may wait on a network), within the request's time. A change whose
/// output does not answer in time is not stored, and when the output carries it out later anyway,
/// the output is put back to what Hark has stored: nothing is left half done.
extension BuiltInMediaApp {
    /// How long reading what a real player plays may take before the clock answers instead.
    static let statusWait = 1.0

    /// The device's player, moved on to now. A real player knows better than the clock what it
    /// plays. Out of reach, the clock answers, unless the caller needs the player's own word
    /// (`fromDevice`: then that throws).
    func player(_ device: String, fromDevice: Bool = false) async throws -> PlayerMachine {
        let stored = try players.machine(device) ?? PlayerMachine()
        var machine = stored
        machine.advance(to: clock.now())
        guard fromDevice || machine.current != nil else { return machine }
        let output = output(for: device)
        let asked = { try await OutputCall.run(on: output, cap: Self.statusWait) { try $0.status() } }
        let status = fromDevice ? try await asked() : try? await asked()
        if machine.current != nil, let status { machine.adopt(status, now: clock.now()) }
        noteHeardToTheEnd(from: stored, to: machine, device: device)
        return machine
    }

    /// Stores a device's player, replacing whatever is stored.
    func save(_ machine: PlayerMachine, device: String) throws {
        try players.save(machine, device: device, at: clock.now())
    }

    /// How many times a change is made again from the stored player when another process (a
    /// replica) stored a change to the same device in between.
    static let changeTries = 5

    /// The output a player's actions go to: its home device's own (`Home.Device.output`), else the app's.
    func output(for device: String) -> any PlayerOutput {
        if let own = deviceOutputs[device] { return own }
        guard let factory = outputFactory, let (homeID, deviceID) = Home.device(ofPlayerKey: device),
            let spec = try? self.home(homeID)?.device(deviceID)?.output,
            let made = factory(spec)
        else { return output }
        deviceOutputs[device] = made
        return made
    }

    /// Runs an event on a device's player, hands the action to the output and stores the player.
    func withPlayer<T>(_ device: String, _ body: (inout PlayerMachine, Double) -> (T, PlayerAction)) async throws -> T {
        await takeTurns([device])
        defer { endTurns([device]) }
        return try await changePlayer(device, body)
    }

    /// `withPlayer` for a caller that holds the device's turn.
    private func changePlayer<T>(_ device: String, _ body: (inout PlayerMachine, Double) -> (T, PlayerAction))
        async throws -> T
    {
        for attempt in 1...Self.changeTries {
            var machine = try await player(device)
            let (value, action) = body(&machine, clock.now())
            // The player first: when it cannot be reached, Hark's own state stays as it was.
            if action != .none { try await perform([action], on: device) }
            // Stored over the player it was made from; when another replica changed the device
            // meanwhile, the change is made again over theirs (and its action carried out again).
            if try players.save(machine, device: device, at: clock.now(), overStored: true) { return value }
            if attempt == Self.changeTries { throw PlayerBusy(device: device) }
        }
        preconditionFailure("changeTries is at least 1")
    }

    /// Hands actions to a device's output within the request's time. Given up on, they may still
    /// land (carried out late, or a daemon that wakes and reads what was sent before): once the call
    /// ends, the output is put back to the device's stored player.
    private func perform(_ actions: [PlayerAction], on device: String) async throws {
        try await OutputCall.run(on: output(for: device)) { output in
            for action in actions { try output.perform(action) }
        } late: { _ in
            Task { await self.putBack(device) }
        }
    }

    /// How many times putting an output back is tried, a second apart, while it does not answer.
    static let putBackTries = 3

    /// Makes a device's output play what Hark has stored for it (after a change given up on).
    private func putBack(_ device: String) async {
        for attempt in 1...Self.putBackTries {
            if await putBackOnce(device) || attempt == Self.putBackTries { return }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// One try of `putBack`; true when the output answered.
    private func putBackOnce(_ device: String) async -> Bool {
        await takeTurns([device])
        defer { endTurns([device]) }
        let stored: PlayerMachine?
        do { stored = try players.machine(device) } catch { return true }
        let putting = (stored ?? PlayerMachine()).replay(at: clock.now())
        let output = output(for: device)
        do {
            try await OutputCall.run(within: OutputCall.longest) { for action in putting { try output.perform(action) } }
            return true
        } catch {
            return false
        }
    }

    /// Waits until no other change holds any of these devices, then holds them all. Taken in one
    /// order, so two changes of overlapping devices never wait on each other.
    private func takeTurns(_ devices: [String]) async {
        for device in Set(devices).sorted() {
            if turns[device] == nil {
                turns[device] = []
                continue
            }
            await withCheckedContinuation { turns[device, default: []].append($0) }
        }
    }

    /// Lets the next change waiting for each device go on.
    private func endTurns(_ devices: [String]) {
        for device in Set(devices) {
            guard var waiting = turns[device] else { continue }
            if waiting.isEmpty {
                turns[device] = nil
            } else {
                waiting.removeFirst().resume()
                turns[device] = waiting
            }
        }
    }

    /// Whether a device has a player of its own yet: it has been spoken to, or played on, before.
    public func hasPlayer(_ device: String) throws -> Bool { try players.machine(device) != nil }

    /// What a device plays. `fromDevice`: a real player that cannot be reached throws
    /// `PlayerUnreachable` rather than answering from Hark's last known state.
    public func nowPlaying(_ device: String, fromDevice: Bool = false) async throws -> NowPlayingInfo {
        try await player(device, fromDevice: fromDevice).nowPlaying(at: clock.now())
    }

    /// Hands what plays on `source` to `targets`: the same queue, at the same place, in the same
    /// modes; the source stops unless `keepSource` (then one queue plays in several rooms) or no
    /// target was reached. Nil when nothing plays on the source.
    public func handOff(from source: String, to targets: [String], keepSource: Bool) async throws -> HandOffResult? {
        await takeTurns([source] + targets)
        defer { endTurns([source] + targets) }
        let machine = try await player(source)
        guard machine.current != nil, machine.state != .stopped else { return nil }
        var result = HandOffResult(playing: nil, reached: [], missed: [])
        for target in targets {
            guard target != source else {
                result.reached.append(target)
                continue
            }
            do {
                try await perform(machine.replay(at: clock.now()), on: target)
                try save(machine, device: target)
                result.reached.append(target)
            } catch is PlayerUnreachable {
                result.missed.append(target)
            }
        }
        if !keepSource, !targets.contains(source), !result.reached.isEmpty {
            _ = try await changePlayer(source) { machine, now in machine.handle(.stop, now: now) }
        }
        if let first = result.reached.first { result.playing = try await nowPlaying(first) }
        return result
    }

    /// Turns a command off or on for a device ("the app disabled skipping").
    public func setCommand(_ name: String, enabled: Bool, device: String) async throws {
        try await withPlayer(device) { machine, _ in
            if enabled { machine.disabledCommands.remove(name) } else { machine.disabledCommands.insert(name) }
            return ((), PlayerAction.none)
        }
    }

    public func command(_ command: NowPlayingCommand, device: String) async throws -> CommandStatus {
        try await withPlayer(device) { machine, now in machine.handle(command, now: now) }
    }

    public func volume(_ command: VolumeCommand, device: String) async throws -> CommandStatus {
        try await withPlayer(device) { machine, _ in machine.handle(command) }
    }
}

public import Foundation
import MediaIntents
public import Playback
public import Understanding

/// Hark's pipeline: understand → choose app and device → resolve → confirm → handle → reply.
///
///     let assistant = try await Assistant(databasePath: Assistant.defaultDatabasePath())
///     let outcome = await assistant.ask("play skyfall by adele")
///     print(outcome.reply)  // "Playing Skyfall by Adele."
public final class Assistant: Sendable {
    let understander: Understander
    let registry: AppRegistry
    let core: LibraryCore
    let replies: ReplyComposer
    /// Requests longer than this many characters are refused with a clear reply.
    public static let maximumCharacters = 1_000

    /// Opens (or creates and fills with the demo catalog) the database at `databasePath`.
    public init(
        databasePath: String, registry: AppRegistry = AppRegistry(), clock: any PlayerClock = SystemClock(),
        output: any PlayerOutput = SimulatedOutput()
    ) throws {
        self.registry = registry
        self.understander = try Self.understander(registry: registry)
        self.core = try LibraryCore(path: databasePath, clock: clock, output: output)
        self.replies = try ReplyComposer()
    }

    /// `$XDG_DATA_HOME/hark/hark.db`, else `~/.local/share/hark/hark.db`.
    public static func defaultDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/hark/hark.db" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/hark/hark.db"
    }

    /// The understanding step on its own, knowing the registered apps' names (for `eval` and `parse`).
    public static func understander(registry: AppRegistry = AppRegistry()) throws -> Understander {
        try Understander(extraLists: ["app": registry.apps.flatMap(\.allNames)])
    }

    /// Only the understanding step: every reading, best first.
    public func understand(_ text: String, language: String? = nil) -> [Interpretation] {
        understander.understand(text, language: language)
    }

    /// Answers one request.
    public func ask(_ text: String, context: RequestContext = RequestContext()) async -> Outcome {
        let language = context.language ?? understander.defaultLanguage
        var outcome = Outcome(
            text: text, language: language, understood: .none, interpretations: [], app: nil,
            device: context.device ?? "default", items: [], code: .failure, reason: nil, destinationReason: nil,
            speedReason: nil, commandStatus: nil, nowPlaying: nil, reply: "")
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            outcome.reply = replies.say("empty", language: language)
            return outcome
        }
        if trimmed.count > Self.maximumCharacters {
            outcome.reply = replies.say("tooLong", language: language)
            return outcome
        }
        outcome.interpretations = understander.understand(trimmed, language: language)
        let spokenTo = Self.device(for: outcome.interpretations.first?.understood.params, context: context)
        guard let best = await choose(outcome.interpretations, context: context, device: spokenTo) else {
            outcome.reply = replies.say("none", language: language)
            return outcome
        }
        outcome.understood = best
        guard let app = registry.app(named: best.app) else {
            outcome.reply = replies.say("fail.appUnknown", ["app": best.app ?? ""], language: language)
            return outcome
        }
        outcome.app = app.name
        outcome.device = Self.device(for: best.params, context: context)
        let handler = LibraryHandler(core: core, user: context.user, device: outcome.device)
        await carryOut(best, handler: handler, app: app, language: language, outcome: &outcome)
        outcome.nowPlaying = try? await core.nowPlaying(outcome.device)
        return outcome
    }

    /// The player a request goes to: the device or room it names, else the one it was spoken to.
    static func device(for params: IntentParameters?, context: RequestContext) -> String {
        switch (params?.area, params?.device) {
        case (let area?, let device?): return "\(area) \(device)".lowercased()
        case (nil, let device?): return device.lowercased()
        case (let area?, nil): return area.lowercased()
        case (nil, nil): return context.device ?? "default"
        }
    }
}

/// Settings an app or a household changes outside of speech.
extension Assistant {
    /// Turns a now-playing command ("nextTrack", "skip", "changeRate", …) off or on for a device;
    /// a disabled command gets its own reply.
    public func setCommand(_ name: String, enabled: Bool, device: String = "default") async throws {
        try await core.setCommand(name, enabled: enabled, device: device)
    }

    /// Whether explicit content may be played for a user (allowed unless turned off).
    public func setExplicitContent(allowed: Bool, user: String = "default") async throws {
        try await core.setSetting("explicit", value: allowed ? "on" : "off", user: user)
    }
}

import MediaIntents
import Apps

/// Now-playing commands, volume and questions.
extension Assistant {
    /// Calls `handler` with the device of every player change any replica stores, until the
    /// returned function is called (nil: the state is a file, and this process hears its own).
    public nonisolated func watchPlayerChanges(_ handler: @escaping @Sendable (String) -> Void) throws
        -> (@Sendable () -> Void)?
    {
        try builtInApp.watchPlayerChanges(handler)
    }

    func command(
        _ intent: IntentKind, params: IntentParameters, handler: any MediaIntentHandling, app: AppRegistration,
        language: String, outcome: inout Outcome
    ) async {
        let device = handler.device
        let status: CommandStatus
        var key: String
        var values: [String: String] = [:]
        var liveItem: MediaItem?
        do {
            switch intent {
            case .setVolume, .changeVolume, .mute, .unmute:
                let command: VolumeCommand
                switch intent {
                case .setVolume: command = .set(params.volume ?? 50)
                case .changeVolume: command = .change(params.volumeDelta ?? 10)
                case .mute: command = .mute
                default: command = .unmute
                }
                status = try await builtInApp.volume(command, device: device)
                let info = try await builtInApp.nowPlaying(device)
                values["volume"] = String(info.volume)
                key = intent == .mute ? "command.mute" : intent == .unmute ? "command.unmute" : "command.volume"
            default:
                guard let (command, replyKey) = Self.nowPlayingCommand(intent, params: params) else {
                    outcome.reply = replies.say("none", language: language)
                    return
                }
                key = replyKey
                // A book or an episode keeps its place for this user, whatever device resumes it.
                if [.pause, .stop, .nextTrack, .previousTrack].contains(intent) {
                    try await builtInApp.keepPlace(device: device, user: handler.user)
                }
                status = try await builtInApp.command(command, device: device)
                let info = try await builtInApp.nowPlaying(device)
                if status == .commandDisabled, let item = info.item, item.type.isLive,
                    !info.supportedCommands.contains(command.name)
                {
                    liveItem = item
                }
                if let item = info.item { values = replies.values(for: item, language: language) }
                switch command {
                case .skip(let seconds): values["amount"] = replies.duration(abs(seconds), language: language)
                case .seek(let position): values["position"] = replies.duration(position, language: language)
                case .changeRate(let rate):
                    values["rate"] = NumberWords.format(rate)
                    if !BuiltInMediaApp.speedRange.contains(rate) { key = "command.rateOutOfRange" }
                case .togglePlayPause: key = info.state == .playing ? "command.toggle.playing" : "command.toggle.paused"
                case .nextTrack where info.item?.artist == nil: key = "command.next.noArtist"
                default: break
                }
            }
        } catch is PlayerUnreachable {
            return sayUnreachable(&outcome, language: language)
        } catch {
            outcome.code = .failure
            outcome.reply = replies.say("fail.serviceUnavailable", ["app": app.name], language: language)
            return
        }
        outcome.commandStatus = status
        outcome.code = status == .success ? .success : .failure
        switch status {
        case .success: outcome.reply = replies.say(key, values, language: language)
        case .commandFailed where key == "command.rateOutOfRange": outcome.reply = replies.say(key, language: language)
        case .commandDisabled:
            if let liveItem {
                // The content cannot take it (seed 002: the app disables the command and Siri says why).
                outcome.reply = replies.sayItem("command.live", liveItem, language: language)
            } else {
                outcome.reply = replies.say(
                    "command.disabled", ["command": Self.spokenName(intent), "app": app.name], language: language)
            }
        default: outcome.reply = replies.say("command.\(status.rawValue)", language: language)
        }
    }

    /// The player command an intent means, with the reply key for success.
    static func nowPlayingCommand(_ intent: IntentKind, params: IntentParameters) -> (NowPlayingCommand, String)? {
        switch intent {
        case .pause: return (.pause, "command.pause")
        case .resume: return (.play, "command.resume")
        case .stop: return (.stop, "command.stop")
        case .togglePlayPause: return (.togglePlayPause, "command.toggle.playing")
        case .nextTrack: return (.nextTrack, "command.next")
        case .previousTrack: return (.previousTrack, "command.previous")
        case .skipForward: return (.skip(seconds: params.interval ?? 30), "command.skipForward")
        case .skipBackward: return (.skip(seconds: -(params.interval ?? 15)), "command.skipBackward")
        case .seek: return (.seek(position: params.position ?? 0), "command.seek")
        case .setPlaybackRate: return (.changeRate(params.rate ?? 1), "command.rate")
        case .setRepeatMode:
            let mode = params.repeatMode ?? .all
            return (.changeRepeatMode(mode), "command.repeat.\(mode.rawValue)")
        case .setShuffleMode:
            let on = params.shuffle ?? true
            return (.changeShuffle(on), on ? "command.shuffle.on" : "command.shuffle.off")
        default: return nil
        }
    }

    static func spokenName(_ intent: IntentKind) -> String {
        switch intent {
        case .nextTrack: return "skipping"
        case .previousTrack: return "going back"
        case .skipForward, .skipBackward: return "skipping within a track"
        case .seek: return "seeking"
        case .setPlaybackRate: return "changing speed"
        case .setShuffleMode: return "shuffle"
        case .setRepeatMode: return "repeat"
        default: return intent.rawValue
        }
    }

    /// The reply when the device's own player cannot be reached: nothing was done or read.
    func sayUnreachable(_ outcome: inout Outcome, language: String) {
        outcome.code = .failure
        outcome.playerUnreachable = true
        outcome.reply = replies.say("fail.playerUnreachable", language: language)
    }
}

import Apps
import MediaIntents
import Understanding

/// Music handed between a home's rooms: "move the music to the bedroom" (the old room stops), "also
/// play it in the kitchen" and "play it everywhere" (one queue in several rooms), and the rooms as
/// replies name them.
extension Assistant {
    /// "Play it everywhere": a play of what is playing, with no name of its own.
    static func pointsAtWhatPlays(_ understood: Understood) -> Bool {
        understood.intent == .playMedia && understood.search?.reference == .currentlyPlaying
            && understood.search?.hasName != true
    }

    /// What plays in the home moved to (or also played on) the devices asked for. The source is the
    /// device that heard it when it plays, else the one device of the home that plays.
    func handOff(_ best: Understood, keep: Bool, to targets: [Home.Device], session: HomeSession, outcome: Outcome)
        async -> Outcome
    {
        var outcome = outcome
        outcome.understood = best
        let language = outcome.language
        let home = session.home
        let key = { (device: Home.Device) in Home.playerKey(home: home.id, device: device.id) }
        var source: Home.Device?
        if let state = try? await builtInApp.nowPlaying(key(session.heardOn)).state, state != .stopped {
            source = session.heardOn
        } else {
            var playing: [Home.Device] = []
            for device in home.devices where device.canPlay {
                if let state = try? await builtInApp.nowPlaying(key(device)).state, state != .stopped { playing.append(device) }
            }
            source = playing.count == 1 ? playing[0] : playing.first { !targets.contains($0) }
        }
        guard let source,
            let result = try? await builtInApp.handOff(from: key(source), to: targets.map(key), keepSource: keep)
        else {
            outcome.reply = replies.say("home.nothingToMove", language: language)
            return outcome
        }
        let missed = targets.filter { result.missed.contains(key($0)) }
        let reached = targets.filter { !missed.contains($0) }
        guard let info = result.playing, let item = info.item, !reached.isEmpty else {
            outcome.code = .failure
            outcome.reply = notInTime(missed, in: home, language: language)
            return outcome
        }
        outcome.code = .success
        outcome.nowPlaying = info
        outcome.items = [item]
        outcome.device = key(reached[0])
        outcome.devices = (keep ? [source] : []).map(key) + reached.filter { $0 != source }.map(key)
        var values = replies.values(for: item, language: language)
        values["room"] = joined(
            roomNames(reached, in: home, language: language, said: best.params?.area), last: "list.and",
            language: language)
        let everywhere = best.params?.area == "everywhere"
        outcome.reply = replies.say(
            everywhere && missed.isEmpty ? "home.everywhere" : keep ? "home.alsoIn" : "home.movedTo", values,
            language: language)
        if !missed.isEmpty { outcome.reply += " " + notInTime(missed, in: home, language: language) }
        return outcome
    }

    /// "The kitchen didn't answer in time": the rooms of devices that were given up on.
    func notInTime(_ devices: [Home.Device], in home: Home, language: String) -> String {
        replies.say(
            "home.notInTime",
            ["room": joined(roomNames(devices, in: home, language: language), last: "list.comma", language: language)],
            language: language)
    }

    /// The rooms of these devices as a reply names them, each once, in order. Chinese and Japanese
    /// replies name the room as it was said (`said`: 寝室 and 卧室 are one script).
    func roomNames(_ devices: [Home.Device], in home: Home, language: String, said: String? = nil) -> [String] {
        let names = devices.compactMap { device in
            home.rooms.first { $0.id == device.room }.map { room in
                if let said, language.hasPrefix("zh") || language.hasPrefix("ja"), home.rooms(named: said) == [room] {
                    return said
                }
                return roomName(room, language: language)
            }
        }
        return Array(Set(names)).sorted()
    }

    /// A room as a reply in `language` names it: its alias in the language's own script when it has
    /// one («кухня», 「キッチン」), else its name.
    func roomName(_ room: Home.Room, language: String) -> String {
        let latin = ["en", "de", "fr", "es"].contains(String(language.prefix(2)))
        guard !latin else { return room.name }
        return (room.aliases ?? []).first { alias in
            alias.unicodeScalars.contains { !$0.isASCII } && understander.scriptAllows(alias, language: language)
                && (language.hasPrefix("ja") || !alias.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) })
        } ?? room.name
    }
}

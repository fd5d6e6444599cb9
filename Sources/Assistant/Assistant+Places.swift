import Apps
import MediaIntents
import Understanding

/// Rooms and devices said when no home is set up. Without a home every player goes to the one
/// output Hark was started with, so a room Hark has no player for is not somewhere else: it is this
/// speaker. What is asked is done here and the reply says so ("There's no kitchen set up, so it's on
/// this speaker."), rather than keeping a pretend kitchen that plays through the same speaker.
/// A device that already has a player (a client that speaks as "kitchen") is still that device.
struct PlaceNotice: Sendable {
    var key: String
    var values: [String: String]
}

extension Assistant {
    /// The player a request goes to: the device or room it names, else the one it was spoken to.
    static func device(for params: IntentParameters?, context: RequestContext) -> String {
        switch (params?.area, params?.device) {
        case (let area?, let device?): return "\(area) \(device)".lowercased()
        case (nil, let device?): return device.lowercased()
        case (let area?, nil): return area.lowercased()
        case (nil, nil): return context.device ?? "default"
        }
    }

    /// The player a request goes to, and what to say when the place it names is not known here.
    func place(for params: IntentParameters?, context: RequestContext) async -> (device: String, notice: PlaceNotice?) {
        let said = Self.device(for: params, context: context)
        let here = context.device ?? "default"
        // "In the kitchen" from a client that speaks as "Kitchen" or "living-room" is that client.
        let folded = { (name: String) in name.lowercased().replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ") }
        guard context.home == nil, folded(said) != folded(here) else { return (context.home == nil ? here : said, nil) }
        if params?.area == "everywhere" {
            return (here, PlaceNotice(key: "place.noOtherSpeakers", values: [:]))
        }
        if (try? await builtInApp.hasPlayer(said)) == true { return (said, nil) }
        let name = params?.area ?? params?.device ?? said
        return (here, PlaceNotice(key: "place.unknown", values: ["room": name]))
    }

    /// "Move the music to the kitchen" with no home: nothing moves, and the reply says why. "Turn
    /// the living room down" and "stop the music in the bedroom" leave this speaker alone too: the
    /// person meant another room, and this one may be where somebody else is listening.
    func staysHere(_ understood: Understood, notice: PlaceNotice, outcome: Outcome) -> Outcome? {
        let moves = understood.params?.handoff != nil
            || (understood.params?.area == "everywhere" && Self.pointsAtWhatPlays(understood))
        let volume: Set<IntentKind> = [.setVolume, .changeVolume, .mute, .unmute]
        let transport: Set<IntentKind> = [.pause, .stop, .togglePlayPause]
        let unknownRoom = notice.key == "place.unknown"
        let turnsARoom = unknownRoom && volume.contains(understood.intent)
        let stopsARoom = unknownRoom && transport.contains(understood.intent)
        guard moves || turnsARoom || stopsARoom else { return nil }
        var stays = outcome
        stays.understood = understood
        stays.code = .failure
        let ending = moves ? ".stays" : turnsARoom ? ".volume" : ".left"
        stays.reply = replies.say(notice.key + ending, notice.values, language: outcome.language)
        return stays
    }

    /// The notice before what was done, as two sentences (`replies.sentences`). What played says it
    /// plays here (`place.unknown`); anything else (a pause, "I couldn't find …", a question) only
    /// that no such room is set up (`place.unknown.plain`).
    func said(_ notice: PlaceNotice?, before outcome: Outcome, language: String) -> String {
        guard let notice, !outcome.reply.isEmpty else { return outcome.reply }
        let played = outcome.understood.intent == .playMedia && outcome.code == .success
        let first = replies.say(played ? notice.key : notice.key + ".plain", notice.values, language: language)
        return replies.sentences(first, outcome.reply, language: language)
    }
}

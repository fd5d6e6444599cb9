import MediaIntents

/// What the learned model predicts: an intent together with the fixed choices that its words
/// alone decide ("turn it down" is `changeVolume.down`, "who sings this" `nowPlayingQuestion.artist`).
/// Frames that need names or numbers (`playMedia`, `setVolume`) take them from the other tiers.
enum Frame {
    /// The frame label of a reading.
    static func label(_ understood: Understood) -> String {
        let params = understood.params
        switch understood.intent {
        case .changeVolume: return (params?.volumeDelta ?? 1) < 0 ? "changeVolume.down" : "changeVolume.up"
        case .nowPlayingQuestion: return "nowPlayingQuestion.\((params?.question ?? .any).rawValue)"
        case .setRepeatMode: return "setRepeatMode.\((params?.repeatMode ?? .all).rawValue)"
        case .setShuffleMode: return (params?.shuffle ?? true) ? "setShuffleMode.on" : "setShuffleMode.off"
        case .updateMediaAffinity:
            let kind = (params?.affinityType ?? .like).rawValue
            return understood.search?.hasName == true || understood.search?.genreNames != nil
                ? "updateMediaAffinity.\(kind)" : "updateMediaAffinity.\(kind).this"
        case .togglePlayPause: return IntentKind.pause.rawValue
        default: return understood.intent.rawValue
        }
    }

    /// The reading a frame means by itself, for frames whose words say everything; nil for frames
    /// that need names or numbers the model does not read.
    static func reading(_ label: String) -> Understood? {
        let parts = label.split(separator: ".").map(String.init)
        guard let intent = IntentKind(rawValue: parts[0]) else { return nil }
        var params = IntentParameters()
        switch intent {
        case .pause, .resume, .stop, .nextTrack, .previousTrack, .mute, .unmute: break
        case .changeVolume: params.volumeDelta = parts.last == "down" ? -10 : 10
        case .nowPlayingQuestion: params.question = NowPlayingQuestionKind(rawValue: parts.last ?? "any") ?? .any
        case .setRepeatMode: params.repeatMode = RepeatMode(rawValue: parts.last ?? "all") ?? .all
        case .setShuffleMode: params.shuffle = parts.last != "off"
        case .updateMediaAffinity:
            guard parts.last == "this", parts.count == 3 else { return nil }
            params.affinityType = AffinityType(rawValue: parts[1]) ?? .like
            var search = MediaSearch()
            search.reference = .currentlyPlaying
            return Understood(intent: intent, search: search, params: params)
        default: return nil
        }
        return Understood(intent: intent, params: params.isEmpty ? nil : params)
    }
}

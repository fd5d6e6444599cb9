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
        case .playMedia:
            // Radio, podcasts and audiobooks are said in their own words ("tune in to", "the next
            // chapter", "the latest episode"), so the model learns the kind with the intent.
            guard let kind = understood.search?.mediaType, spokenKinds.contains(kind) else { return "playMedia" }
            return "playMedia.\(kind.rawValue)"
        default: return understood.intent.rawValue
        }
    }

    /// Kinds of playing the model tells apart by their words.
    static let spokenKinds: Set<MediaItemType> = [.radioStation, .podcastShow, .podcastEpisode, .audioBook]

    /// The intent part of a frame label ("changeVolume.down" → "changeVolume").
    static func intent(_ label: String) -> String {
        label.firstIndex(of: ".").map { String(label[..<$0]) } ?? label
    }

    /// The kind a `playMedia` frame names, if any.
    static func kind(_ label: String) -> MediaItemType? {
        guard intent(label) == "playMedia", let dot = label.firstIndex(of: ".") else { return nil }
        return MediaItemType(rawValue: String(label[label.index(after: dot)...]))
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

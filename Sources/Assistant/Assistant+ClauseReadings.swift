import Foundation
import MediaIntents
import Understanding

/// How each part of a request said in parts is read: for certain, plainly no request, or unsure;
/// which parts ask, which only play, which repeat another; and one outcome for them all.
extension Assistant {
    /// Whether a reading asks something (a question or a search), whose answer may name an item.
    static func asks(_ understood: Understood) -> Bool {
        understood.intent == .nowPlayingQuestion || understood.intent == .searchForMedia
    }

    /// Whether `text` is read first as a play that names nothing ("play that one", 「それかけて」).
    func readsAsBarePlay(_ text: String, language: String, context: RequestContext) async -> Bool {
        let readings = await readings(text, language: language, context: context, tiers: tiers)
        // "Throw it on", "play it": what plays now is all it points at.
        return readings.first.map { reading in
            var pointed = reading.understood
            if pointed.search?.reference == .currentlyPlaying, pointed.search?.hasName == false, pointed.search?.mediaType == nil {
                pointed.search?.reference = nil
            }
            return Self.isBarePlay(pointed)
        } ?? false
    }

    /// Whether a reading is a play that names nothing ("включи", "放几首"): only the verb of a request.
    /// A play that names a place ("включи везде") names where, and is not bare.
    static func isBarePlay(_ understood: Understood) -> Bool {
        understood.intent == .playMedia && (understood.search ?? MediaSearch()).isEmpty
            && understood.params?.area == nil && understood.params?.device == nil
    }

    /// Whether two parts ask the same thing: equal, a change of the volume the same way, or the same
    /// like or dislike of what plays, one saying it is a song and one not ("この曲嫌い、もう流さないで"
    /// dislikes one song, not two).
    static func sameRequest(_ a: Understood, _ b: Understood) -> Bool {
        if a == b { return true }
        // "Has Serial put out anything new? What's the latest episode?": the question again, its
        // name left out.
        if asks(a), asks(b), b.search?.hasName != true, a.search?.hasName == true {
            var named = b
            named.search?.mediaName = a.search?.mediaName
            if named == a { return true }
        }
        // "Turn it up a bit louder": one change of the volume, said twice.
        if a.intent == .changeVolume, b.intent == .changeVolume,
            let one = a.params?.volumeDelta, let other = b.params?.volumeDelta, (one > 0) == (other > 0)
        {
            return true
        }
        guard a.intent == .updateMediaAffinity, b.intent == .updateMediaAffinity,
            a.search?.reference == .currentlyPlaying, b.search?.reference == .currentlyPlaying,
            a.params?.affinityType == b.params?.affinityType
        else { return false }
        return a.search?.mediaName == nil && b.search?.mediaName == nil
    }

    /// Whether a part is read for certain as more than a version or kind said alone: 「ライブ版で」 read
    /// as a play of a name 「ライブ版」 is still only the version.
    func readsMoreThanAVersion(_ text: String, language: String, context: RequestContext) async -> Bool {
        guard case .sure(let understood) = await sureness(of: text, language: language, context: context) else { return false }
        guard understood.intent == .playMedia, let search = understood.search, let name = search.mediaName,
            search.artistName == nil, search.albumName == nil
        else { return true }
        return understander.correction(name, language: language) == nil
    }

    /// Whether a part started many things (an artist, an album, a list, a genre or a mood), not one song.
    static func playedMany(_ played: Outcome) -> Bool {
        let search = played.understood.search
        let many = played.items.first.map { $0.type != .song } == true || search?.genreNames?.isEmpty == false
            || search?.moodNames?.isEmpty == false
        return played.understood.intent == .playMedia && played.code == .success && many
    }

    enum Sureness {
        case sure(Understood), notARequest, unsure

        var isSure: Bool {
            if case .sure = self { return true }
            return false
        }
    }

    /// Whether the next request on this device may correct what just played.
    func pendingCorrection(user: String, device: String) async -> Bool {
        await storedQuestion(user: user, device: device)?.correcting == true
    }

    /// Whether a part alone is a request read for certain, plainly none, or something in between.
    func sureness(of text: String, language: String, context: RequestContext) async -> Sureness {
        let readings = await readings(text, language: language, context: context, tiers: tiers)
        guard let first = readings.first, first.understood.intent != .none else {
            // A bare name ("Queen") is no request alone, but it is not nothing either.
            return await namesSomething(text, user: context.user) ? .unsure : .notARequest
        }
        if first.clarify != true, first.tier != .model { return .sure(first.understood) }
        // The model's reading, which a grammar or cue reading below it says too («чё за альбом»).
        let backed = readings.dropFirst().contains {
            $0.tier != .model && $0.clarify != true && $0.understood == first.understood
        }
        return first.clarify != true && backed ? .sure(first.understood) : .unsure
    }

    /// Whether `text` is read as a play of something by name, not a station or a browse ("a station
    /// from Rumours, the album" says what the seed is, not that the album should play instead).
    func playsAName(_ text: String, language: String, context: RequestContext) async -> Bool {
        let readings = await readings(text, language: language, context: context, tiers: tiers)
        guard let first = readings.first, let search = first.understood.search, first.understood.intent == .playMedia,
            first.tier != .model, first.clarify != true
        else { return false }
        return search.hasName && !(search.mediaType.map(Self.seededStations.contains) ?? false)
    }

    /// One outcome for several parts: the replies in order, the first play's details.
    func joined(_ outcomes: [Outcome], text: String) -> Outcome {
        var outcome = outcomes.first(where: { $0.nowPlaying != nil }) ?? outcomes[0]
        outcome.text = text
        outcome.reply = outcomes.map(\.reply).filter { !$0.isEmpty }.joined(separator: " ")
        outcome.code = outcomes.first { $0.code != .success }?.code ?? .success
        return outcome
    }
}

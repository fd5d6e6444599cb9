import Foundation
import Apps
import MediaIntents
import Understanding

/// Corrections of what just played: "no, the live version", "not that one, the one by Lionel
/// Richie", «нет, другую», "違う、ライブ版". The last play request is searched again with the
/// correction, leaving out what already played.
extension Assistant {
    /// Words in catalog titles that mark each version tag of `Correction.version`.
    static let versionMarks: [String: [String]] = [
        "live": ["live"], "acoustic": ["acoustic", "unplugged"], "remix": ["remix", "mix"],
    ]

    /// Stores what the next request on this device is read against: a question, or what played.
    func keep(_ record: PendingQuestion, user: String, device: String) async {
        let json = try? StreamingJSONEncoder.string(record)
        try? await builtInApp.setPendingQuestion(json, user: user, device: device)
    }

    /// The question or record of what played kept for this user and device, if one stands.
    func storedQuestion(user: String, device: String) async -> PendingQuestion? {
        guard let stored = try? await builtInApp.pendingQuestion(user: user, device: device) else { return nil }
        return try? JSONDecoder().decode(PendingQuestion.self, from: Data(stored.utf8))
    }

    /// The last part of `text` when it corrects and the parts before it only ask («это же ремастер?
    /// давай лучше оригинал», "is this the remaster? play the original instead"): the question is
    /// the reason for the correction, not a request of its own.
    static func correctionAfterQuestion(_ text: String, languages: [String], understander: Understander) -> String? {
        guard text.contains("?") || text.contains("？"), let language = languages.first,
            understander.correction(text, language: language) == nil
        else { return nil }
        let clauses = understander.clauses(text, language: language)
        guard clauses.count >= 2, let last = clauses.last, !last.text.contains("?"), !last.text.contains("？"),
            let asked = text.range(of: last.text, options: .backwards),
            text[..<asked.lowerBound].contains(where: { $0 == "?" || $0 == "？" }),
            understander.correction(last.text, language: language) != nil
        else { return nil }
        return last.text
    }

    /// Keeps what played (and the request it answered) for a correction by the next request.
    func keepForCorrection(_ understood: Understood, played: [MediaItem], language: String, user: String, device: String)
        async
    {
        await keep(
            PendingQuestion(understood: understood, choices: played, language: language, correcting: true),
            user: user, device: device)
    }

    /// After a play that started something now, keeps it for "no, the live version": what plays,
    /// and what was asked for when that is another item (an album, an artist), which "another one"
    /// leaves out too.
    func rememberPlayed(_ understood: Understood, outcome: Outcome, user: String, device: String) async {
        guard understood.intent == .playMedia, outcome.code == .success,
            understood.params?.playbackQueueLocation ?? .now == .now, let played = outcome.nowPlaying?.item
        else { return }
        let asked = outcome.items.first.map { $0.identifier == played.identifier ? [] : [$0] } ?? []
        await keepForCorrection(understood, played: [played] + asked, language: outcome.language, user: user, device: device)
    }

    /// The outcome of correcting the last play, or nil when `text` is not a correction (it is then
    /// read as a new request).
    func correct(
        _ last: PendingQuestion, with text: String, context: RequestContext, askedOn: String, outcome: Outcome
    ) async -> Outcome? {
        // The last request's language first when the words could be in it ("no" is English and
        // Spanish), as an answer to a question keeps the question's language.
        let kept = last.language.flatMap { understander.scriptAllows(text, language: $0) ? $0 : nil }
        let languages = (kept.map { [$0] } ?? []) + [outcome.language]
        let text = Self.correctionAfterQuestion(text, languages: languages, understander: understander) ?? text
        let read = languages.lazy.compactMap({ language in
            self.understander.correction(text, language: language).map { ($0, language) }
        }).first
        // "Nah, I don't really like this song": a request of another kind read for certain corrects
        // nothing. Weighed only when the words could correct (a correction, or a lead and a name),
        // so the requests after a play that are none are not read twice.
        if read != nil || languages.contains(where: { understander.nameAfterLead(text, language: $0) != nil }),
            case .sure(let understood) = await sureness(of: text, language: outcome.language, context: context),
            understood.intent != .playMedia
        {
            return nil
        }
        guard let (correction, language) = read, let asked = last.understood.search, let played = last.choices.first
        else {
            return await playNamedAfterLead(
                text, languages: languages, last: last, context: context, askedOn: askedOn, outcome: outcome)
        }
        var outcome = outcome
        outcome.language = language
        // "No, the Adele one" while Adele's Hello plays: nothing to change, and that is said.
        if let artist = correction.artist, correction.version == nil, correction.kind == nil, correction.name == nil,
            let credit = played.artist,
            await agrees(said: artist, credit: credit, aliases: played.artistAliases, user: context.user, whole: true)
        {
            outcome.understood = last.understood
            outcome.code = .success
            outcome.reply = replies.sayItem("correction.already", played, language: language)
            await keepForCorrection(last.understood, played: last.choices, language: language, user: context.user, device: askedOn)
            return outcome
        }
        var found: [MediaItem] = []
        // The artist meant, as said and as the catalog names them: looked up once for every search below.
        var keys: [String] = []
        if let artist = correction.artist { keys = await artistKeys(artist, user: context.user) }
        if let name = correction.name {
            // "No, the album called The Beatles"; 「ジャズのラジオ局」 may name what was asked again.
            var named = correctedSearch(asked, by: correction, played: played)
            named.mediaName = name
            found = await candidates(for: named, correction: correction, keys: keys, last: last, user: context.user)
            if found.isEmpty {
                // "不对，我要九寸钉那个原版": the name is the artist of the version meant.
                named = correctedSearch(asked, by: correction, played: played)
                named.artistName = name
                found = await candidates(for: named, correction: correction, keys: keys, last: last, user: context.user)
            }
        }
        // A version of a name nothing has is not met by another item's version ("the Nine Inch
        // Nails original" of Hurt is no other singer's); a kind may name the asked thing again.
        if found.isEmpty, correction.name == nil || correction.kind != nil {
            found = await candidates(
                for: correctedSearch(asked, by: correction, played: played), correction: correction, keys: keys,
                last: last, user: context.user)
        }
        if found.isEmpty, correction.kind == nil, let artist = correction.artist {
            // "Play Sun", then "no, the other one, the Beatles one": that artist has no Sun, and the
            // song meant is theirs with a word of the name (Here Comes the Sun).
            found = await sharingAWord(with: asked.mediaName ?? played.title, by: artist, last: last, user: context.user)
        }
        if found.isEmpty, correction.kind == .album, let album = played.album {
            // "Play Hello", then "no, the whole album": no album has the name, the song's own does.
            let search = MediaSearch(mediaType: .album, mediaName: album, artistName: played.artist)
            found = await candidates(for: search, correction: correction, keys: keys, last: last, user: context.user)
        }
        guard let pick = found.first else {
            outcome.understood = last.understood
            // "The normal studio version" while the studio recording plays: nothing to change, and
            // that is said.
            // Only where the catalog has other versions to tell it from: a song it has once ("Mad
            // World, the original, not the cover") may itself be the cover.
            if let tag = correction.version, correction.artist == nil, correction.name == nil, correction.kind == nil,
                Self.isVersion(played, tag), await !otherVersions(of: played, user: context.user).isEmpty
            {
                outcome.code = .success
                outcome.reply = replies.sayItem("correction.already", played, language: language)
                await keepForCorrection(last.understood, played: last.choices, language: language, user: context.user, device: askedOn)
                return outcome
            }
            // "Play Queen", then "no, Adele": an artist was asked for and the artist said has nothing
            // of that name, so they play instead (a title of theirs, "play Genesis", "no, the Justice
            // one", was found above).
            if let artist = correction.artist, correction.version == nil, correction.kind == nil, correction.name == nil,
                asked.mediaType == nil || asked.mediaType == .artist, last.choices.dropFirst().first?.type == .artist
            {
                let instead = await perform(
                    Understood(intent: .playMedia, search: MediaSearch(mediaType: .artist, mediaName: artist)), context: context,
                    language: language)
                if instead.code == .success { return instead }
            }
            // 「ちがうちがう、Someone Like Youのほう」: "the X one" where X is no artist but the very
            // title of another song: that song.
            if let named = correction.artist, correction.version == nil, correction.kind == nil,
                await namesATitle(named, user: context.user)
            {
                let instead = await perform(
                    Understood(intent: .playMedia, search: MediaSearch(mediaName: named)), context: context, language: language)
                if instead.code == .success { return instead }
            }
            outcome.code = .failure
            // "No, the Nine Inch Nails one" of a Hurt the catalog has only by others: that is said.
            if let artist = correction.artist, correction.version == nil {
                outcome.reply = replies.sayItem("fail.correction.byArtist", played, extra: ["artist": artist], language: language)
            } else {
                outcome.reply = replies.sayItem("fail.correction", played, language: language)
            }
            // Still correctable: "no, the other one" may follow.
            await keepForCorrection(last.understood, played: last.choices, language: language, user: context.user, device: askedOn)
            return outcome
        }
        var understood = last.understood
        var exact = MediaSearch(mediaType: pick.type, mediaIdentifier: pick.identifier)
        exact.mediaName = pick.title
        understood.search = exact
        var corrected = await act(on: understood, context: context, askedOn: askedOn, outcome: outcome)
        if corrected.code == .success, let now = corrected.nowPlaying?.item {
            // A further correction searches the first request again, leaving out all that played.
            await keepForCorrection(
                last.understood, played: [now] + last.choices, language: language, user: context.user, device: askedOn)
        }
        corrected.understood = understood
        return corrected
    }

    /// "我说的是七里香，不是晴天" after 晴天 played: a lead, then the very name of something else to
    /// play; an artist's name ("no, Adele") says whose version is meant. Nil when what follows the
    /// lead is no name in the catalog.
    private func playNamedAfterLead(
        _ text: String, languages: [String], last: PendingQuestion, context: RequestContext, askedOn: String,
        outcome: Outcome
    ) async -> Outcome? {
        for language in languages {
            guard let name = understander.nameAfterLead(text, language: language) else { continue }
            // "no no, the Van Halen Dreams", "no, I meant Get Ready for This by 2 Unlimited": a title
            // and its artist said together (before the words as one title, which would find the
            // nearest album of that artist).
            let stretches = understander.nameSpans(name, language: language)
            if let (search, named) = await namedWhole(
                in: stretches, reading: MediaSearch(mediaName: name), language: language, user: context.user),
                named.count == 2
            {
                return await perform(Understood(intent: .playMedia, search: search), context: context, language: language)
            }
            if await namesATitle(name, user: context.user) {
                return await perform(
                    Understood(intent: .playMedia, search: MediaSearch(mediaName: name)), context: context, language: language)
            }
            // A genre or a mood said after the lead («нет, джаз») is a request of its own.
            if understander.namesGenreOrMood(name, language: language) { continue }
            let artist = try? await builtInApp.items(for: MediaSearch(mediaType: .artist, mediaName: name), user: context.user, limit: 1)
            if artist?.first?.type == .artist,
                let byArtist = understander.correctionByArtist(name, language: language),
                understander.correction(byArtist, language: language) != nil
            {
                return await correct(last, with: byArtist, context: context, askedOn: askedOn, outcome: outcome)
            }
        }
        return nil
    }

    /// Whether `said` is the very title of something that is not an artist, as printed or in
    /// another case («Кукушку» of Кукушка).
    private func namesATitle(_ said: String, user: String) async -> Bool {
        if await namesSomething(said, user: user, besidesArtists: true) { return true }
        guard said.unicodeScalars.contains(where: Script.isCyrillic),
            let top = (try? await builtInApp.items(for: MediaSearch(mediaName: said), user: user, limit: 1))?.first
        else { return false }
        return top.type != .artist && NameFolding.inflects(said, top.title)
    }
}

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
        guard
            let (correction, language) = languages.lazy.compactMap({ language in
                self.understander.correction(text, language: language).map { ($0, language) }
            }).first,
            let asked = last.understood.search, let played = last.choices.first
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
            outcome.code = .failure
            outcome.reply = replies.sayItem("fail.correction", played, language: language)
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
            if await namesSomething(name, user: context.user, besidesArtists: true) {
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

    /// Whether `item` is `played` listed again: the very same title by the same artist ("The Beatles"
    /// and "Beatles" alike). A remaster or a live recording is another version, not a copy.
    static func isCopy(_ item: MediaItem, of played: MediaItem) -> Bool {
        let artist = { (name: String?) -> String in
            let key = NameFolding.key(name ?? "")
            return key.hasPrefix("the ") ? String(key.dropFirst(4)) : key
        }
        return artist(item.artist) == artist(played.artist) && NameFolding.key(item.title) == NameFolding.key(played.title)
    }

    /// Whether a name said in katakana or Cyrillic has the consonants of a credit in Latin letters.
    static func soundsLike(_ said: String, _ credit: String) -> Bool {
        guard let skeleton = NameFolding.soundSkeleton(katakana: said, minimumConsonants: 3)
            ?? NameFolding.soundSkeleton(cyrillic: said, minimumConsonants: 3)
        else { return false }
        return NameFolding.soundSkeletons(english: NameFolding.key(credit), minimumConsonants: 3).contains(skeleton)
    }

    /// Folded keys of an artist as said and as the catalog names them ("涅槃乐队" is Nirvana).
    private func artistKeys(_ said: String, user: String) async -> [String] {
        let named = (try? await builtInApp.items(for: MediaSearch(mediaType: .artist, mediaName: said), user: user, limit: 1)) ?? []
        return [NameFolding.key(said)] + named.map { NameFolding.key($0.title) }
    }

    /// Songs by `artist` whose titles hold a word of `name` (not a word as common as "the"), the
    /// most words shared first; none when the artist has no song like that.
    private func sharingAWord(with name: String, by artist: String, last: PendingQuestion, user: String) async
        -> [MediaItem]
    {
        let said = Set(NameFolding.tokens(name).filter { $0.count > 2 || $0.unicodeScalars.contains { $0.value > 0x2E80 } })
        guard !said.isEmpty else { return [] }
        let playedIDs = Set(last.choices.map(\.identifier))
        let songs = (try? await builtInApp.items(for: MediaSearch(mediaType: .song, artistName: artist), user: user, limit: 50)) ?? []
        let shared = { (item: MediaItem) in Set(NameFolding.tokens(item.title)).intersection(said).count }
        return songs.filter { !playedIDs.contains($0.identifier) && shared($0) > 0 }
            .enumerated().sorted { (shared($0.element), -$0.offset) > (shared($1.element), -$1.offset) }.map(\.element)
    }

    /// The last request's search as `correction` changes it.
    private func correctedSearch(_ asked: MediaSearch, by correction: Correction, played: MediaItem) -> MediaSearch {
        var search = asked
        search.mediaIdentifier = nil
        if let artist = correction.artist {
            // "Play Hello Adele", then "no, Lionel Richie": the name said held the artist's words
            // too (the catalog cut it into title and artist); the title is what was played's.
            if search.artistName == nil, let name = search.mediaName.map(NameFolding.key),
                case let title = NameFolding.key(played.title), name != title, name.hasPrefix(title + " ")
            {
                search.mediaName = played.title
            }
            search.artistName = artist
        }
        // "No, the album": the same name as that kind ("thriller" the song → Thriller the album).
        if let kind = correction.kind {
            search.mediaType = kind
            // "Play jazz", then "no, the station": a station of that genre (a browse of the kind).
            if search.mediaName == nil, (search.genreNames ?? []).isEmpty {
                search.mediaName = search.albumName ?? search.artistName ?? played.title
            }
        }
        return search
    }

    /// Kinds a correction may mean when its own finds nothing: "no, the podcast" is the show or one
    /// of its episodes.
    private static let nearKinds: [MediaItemType: MediaItemType] = [
        .podcastShow: .podcastEpisode, .podcastEpisode: .podcastShow, .radioStation: .station,
    ]

    /// What the corrected `search` finds without what already played: of the kind named or the one
    /// nearest it, and with the version's word said with the name when the name alone finds none.
    private func candidates(
        for search: MediaSearch, correction: Correction, keys: [String], last: PendingQuestion, user: String
    ) async -> [MediaItem]
    {
        guard let played = last.choices.first else { return [] }
        // "Another one" leaves out all that played; a version or an artist only what plays now
        // ("no, the original" after the live version goes back to the first); a kind nothing ("no,
        // the song" after the album: the song playing from it is the one meant; only items of the
        // kind are candidates).
        let playedIDs: Set<String> =
            correction.kind != nil
            ? [] : correction.version == nil && correction.artist == nil
                ? Set(last.choices.map(\.identifier)) : [played.identifier]
        var search = search
        var found = await candidates(for: search, correction: correction, keys: keys, user: user, leavingOut: playedIDs)
        if correction.kind == nil {
            // Another version or artist is never the same recording listed again ("Come Together" by
            // The Beatles and by Beatles; a second Holiday by Madonna after 「グリーン・デイのやつ」).
            found = found.filter { !Self.isCopy($0, of: played) }
        }
        if found.isEmpty, let kind = correction.kind, let near = Self.nearKinds[kind] {
            search.mediaType = near
            var nearCorrection = correction
            nearCorrection.kind = near
            found = await candidates(for: search, correction: nearCorrection, keys: keys, user: user, leavingOut: playedIDs)
        }
        if found.isEmpty, let tag = correction.version, let name = search.mediaName {
            // "Holiday live": the version's word with the name finds versions the name alone ranks low.
            search.mediaName = "\(name) \(tag)"
            found = await candidates(for: search, correction: correction, keys: keys, user: user, leavingOut: playedIDs)
        }
        return found
    }

    /// What a corrected search finds, with the version asked for (or, for "the original", none of
    /// the marked versions), without what `leavingOut` names.
    /// - Parameter keys: the artist meant, folded, as said and as the catalog names them.
    private func candidates(
        for search: MediaSearch, correction: Correction, keys: [String], user: String, leavingOut: Set<String>
    ) async -> [MediaItem] {
        var found = ((try? await builtInApp.items(for: search, user: user, limit: 10)) ?? [])
            .filter { item in !leavingOut.contains(item.identifier) && (correction.kind.map { item.type == $0 } ?? true) }
        // "No, the Nirvana one": only that artist's, never the same title by the one who played.
        if let artist = correction.artist {
            // An artist the catalog has no entry for may still be a credit's other name.
            let named = found.filter { item in
                let names = ([item.artist ?? ""] + (keys.count > 1 ? [] : item.artistAliases ?? [])).map(NameFolding.key)
                return names.contains { name in keys.contains { NameFolding.holds(name, name: $0) } }
            }
            // A name the catalog does not know as written: one said by its sound (グリーン・デイ) is the
            // credit it sounds like; one it cannot place at all (红粉佳人 for P!nk) leaves the next best.
            let sounding = found.filter { Self.soundsLike(artist, $0.artist ?? "") }
            found = keys.count > 1 || !named.isEmpty ? named : sounding.isEmpty ? found : sounding
        }
        guard let tag = correction.version else { return found }
        let words = { (item: MediaItem) in Set(NameFolding.tokens(item.title)) }
        if let marks = Self.versionMarks[tag] {
            return found.filter { !words($0).isDisjoint(with: marks) }
        }
        let allMarks = Set(Self.versionMarks.values.joined())
        return found.filter { words($0).isDisjoint(with: allMarks) }
    }
}

import Apps
import MediaIntents
public import Understanding

/// Catalog-aware reading: when the grammar allows several readings of about the same weight,
/// the one whose names exist in the catalog (or the user's playlists) wins.
extension Assistant {
    /// Readings within this much of the best are weighed against the catalog.
    static let choiceMargin = 0.2
    /// A catalog fit this good means the names exist (an exact title, agreeing artist).
    static let strongFit = 0.9
    /// How well a loose reading's name must exist: a foreign name written by its sound («Битлз» for
    /// Beatles) scores about 0.77, which the resolver still plays; a title that merely holds a cue
    /// word ("the top gun anthem" read as a chart of "gun anthem") finds no artist at all.
    static let playedFit = 0.75

    /// How sure a name said with its kind ("the audiobook Moby-Dick") must be: the play gate
    /// (`BuiltInMediaApp.confidentMatch`), above the bars of what is only offered (the start of a
    /// title, a name that only sounds alike: 0.75).
    static let kindSaidFit = 0.8

    /// The kinds whose word said with a name is a second witness that the name is the catalog's.
    static let kindsNamedWithName: Set<MediaItemType> = [.audioBook, .podcastShow, .album]
    /// When the best reading finds nothing like its names, rivals this far behind are weighed too
    /// ("включи группу крови": "группу" as the type word leaves "крови", which names nothing, while
    /// the whole phrase is a song title).
    static let wideChoiceMargin = 0.4
    /// A fit below this means the catalog has nothing like the reading's names.
    static let poorFit = 0.5

    /// How well a reading's names exist in the catalog and the user's playlists (0: not at all).
    func fit(_ understood: Understood, user: String, device: String) async -> Double {
        await builtInApp.fit(
            search: understood.search, destination: understood.params?.destination, user: user, device: device)
    }

    func choose(_ interpretations: [Interpretation], context: RequestContext, device: String, language: String)
        async -> Understood?
    {
        guard let chosen = await chooseReading(interpretations, context: context, device: device, language: language)
        else { return nil }
        let kinds: Set<IntentKind> = [.playMedia, .addMedia, .searchForMedia, .updateMediaAffinity]
        guard kinds.contains(chosen.intent) else { return chosen }
        var typed = await withKnownPlaylist(chosen, language: language, context: context, device: device)
        guard let search = chosen.search else { return typed }
        // Words that padded the end of the request, read into the name ("play mr brightside
        // okay", "rock music for the next hour"), are left out when what is left is a genre, or
        // when the catalog has the name without them for certain and not with them.
        if let trimmed = withoutTrailingPadding(search, language: language) {
            if let genre = await genreOverMissingName(trimmed, language: language, context: context, device: device) {
                typed.search = genre
                return typed
            }
            if await builtInApp.fit(search: search, destination: nil, user: context.user, device: device) < Self.strongFit,
                await builtInApp.fit(search: trimmed, destination: nil, user: context.user, device: device)
                    >= Self.strongFit
            {
                // Its genre reading was weighed just above.
                typed.search = await builtInApp.typed(trimmed, user: context.user, device: device)
                return typed
            }
        }
        if let genre = await genreOverMissingName(search, language: language, context: context, device: device) {
            typed.search = genre
        } else {
            typed.search = await builtInApp.typed(search, user: context.user, device: device)
        }
        return typed
    }

    /// "Add this to my running playlist again": the playlist heard as "running playlist again" is
    /// the person's Running when they have no playlist of the longer name.
    private func withKnownPlaylist(_ understood: Understood, language: String, context: RequestContext, device: String)
        async -> Understood
    {
        guard understood.intent == .addMedia, case .playlist(let name)? = understood.params?.destination,
            let trimmed = understander.withoutPlaylistEdges(name, language: language),
            await builtInApp.fit(search: nil, destination: .playlist(name), user: context.user, device: device) == 0,
            await builtInApp.fit(search: nil, destination: .playlist(trimmed), user: context.user, device: device) > 0
        else { return understood }
        var known = understood
        known.params?.destination = .playlist(trimmed)
        return known
    }

    /// "Play the classical music for me" read as the artist "classical": a name that is a genre of
    /// the language's list, where the catalog has nothing of that name and music of that genre,
    /// is the genre (nil when it is not).
    func genreOverMissingName(_ search: MediaSearch, language: String, context: RequestContext, device: String)
        async -> MediaSearch?
    {
        guard search.reference == nil, search.genreNames == nil, search.albumName == nil,
            search.mediaType == nil || search.mediaType == .music || search.mediaType == .song
                || search.mediaType == .algorithmicRadioStation,
            (search.mediaName == nil) != (search.artistName == nil),
            let name = search.mediaName ?? search.artistName,
            // "Skyfall (Acoustic)": a version of a title asked for, not a genre.
            !name.hasSuffix(")"),
            let genre = understander.genre(named: name, language: language)
        else { return nil }
        var browse = search
        browse.mediaName = nil
        browse.artistName = nil
        browse.genreNames = [genre]
        // Music like a genre (「ジャズっぽいの」, "a jazz station") is that genre's music.
        if search.mediaType == .algorithmicRadioStation { browse.mediaType = nil }
        // Only something the catalog names exactly keeps the name: a near sound («ジャズ» and Jay-Z) does not.
        let fits = await builtInApp.fit(search: search, destination: nil, user: context.user, device: device) >= Self.poorFit
        let namedExactly = fits ? ((try? await builtInApp.firstNamed([name], type: nil, user: context.user)) ?? nil) != nil : false
        guard !namedExactly,
            (try? await builtInApp.items(for: MediaSearch(genreNames: [genre]), user: context.user, limit: 1))?.isEmpty
                == false
        else { return nil }
        return browse
    }

    /// The search with the words that padded the end of the request taken off the name said last
    /// (the artist after "by", else the name); nil when no such words end it.
    func withoutTrailingPadding(_ search: MediaSearch, language: String) -> MediaSearch? {
        guard search.hasName, search.reference == nil else { return nil }
        var trimmed = search
        if let artist = search.artistName, let bare = understander.withoutTrailingPadding(artist, language: language) {
            trimmed.artistName = bare
        } else if search.artistName == nil, let name = search.mediaName,
            let bare = understander.withoutTrailingPadding(name, language: language)
        {
            trimmed.mediaName = bare
        } else {
            return nil
        }
        return trimmed
    }

    private func chooseReading(
        _ interpretations: [Interpretation], context: RequestContext, device: String, language: String
    ) async
        -> Understood?
    {
        // Readings that hold only if the catalog has the thing ("find my keys" is not a search for music).
        var interpretations = interpretations
        while let first = interpretations.first, first.needsCatalog {
            // A loose reading (a chart of «Битлз») holds at the bar a name is played at, not offered;
            // so does one naming a title and its artist both (「ビートルズのYesterday」, the artist said
            // by its sound): talk that is no request rarely names two things the catalog has together.
            let search = first.understood.search
            let namesBoth = search?.artistName != nil && search?.mediaName != nil
            // A name said with its kind («сколько идёт аудиокнига Моби Дик») at the play gate.
            let namesKind = search?.mediaName != nil && search?.mediaType.map(Self.kindsNamedWithName.contains) == true
            let bar = first.tier == .tolerant || namesBoth ? Self.playedFit : namesKind ? Self.kindSaidFit : Self.strongFit
            if await self.fit(first.understood, user: context.user, device: device) >= bar { break }
            // "Who's it by?", «кто автор этой книжки?»: a question whose name only points at what plays
            // is about what plays.
            if first.understood.intent == .nowPlayingQuestion, let name = first.understood.search?.mediaName,
                understander.pointsAtWhatPlays(name, language: language)
            {
                var playing = first.understood
                playing.search = nil
                return playing
            }
            // "How long is the Harry Potter audiobook?": a question of length naming its kind is
            // about that item, found or not; what plays is not the answer. ("Who wrote War and
            // Peace" asks no media question of a book the catalog lacks.)
            if first.understood.intent == .nowPlayingQuestion, namesKind, first.understood.params?.question == .duration {
                return first.understood
            }
            interpretations.removeFirst()
        }
        guard let top = interpretations.first else { return nil }
        if let kept = await playlistTheyHave(over: top, rivals: interpretations.prefix(5), context: context, device: device) {
            return kept
        }
        let kinds: Set<IntentKind> = [.playMedia, .addMedia, .searchForMedia, .updateMediaAffinity]
        guard kinds.contains(top.understood.intent) else { return top.understood }
        // A reading that names nothing ("play music") is not replaced by one that reads a name into
        // it, unless it browses for a genre or mood the catalog has nothing of and a rival names
        // something it has for certain ("play Holiday": the song, not Christmas music).
        let overEmptyBrowse = await nameOverEmptyBrowse(
            top.understood, rivals: interpretations.prefix(5), context: context, device: device)
        if overEmptyBrowse != top.understood { return overEmptyBrowse }
        if let play = await playOverMissingPlaylist(top, rivals: interpretations.prefix(5), context: context, device: device) {
            return play
        }
        let topNames = top.understood.search?.hasName == true || top.understood.params?.destination != nil
        guard topNames else { return top.understood }
        // "Play Something by the Beatles": "something by X" is X's songs, unless X has a title of
        // those very words, which a rival reading names.
        if let artist = top.understood.search?.artistName, top.understood.search?.mediaName == nil,
            let titled = await certainRival(among: interpretations.prefix(5), context: context, device: device, where: {
                $0.understood.intent == top.understood.intent && $0.understood.search?.artistName == artist
                    && $0.understood.search?.mediaName != nil
            })
        {
            return titled
        }
        let sameIntent = interpretations.prefix(5).filter {
            $0.understood.intent == top.understood.intent && $0.score >= top.score - Self.wideChoiceMargin
        }
        guard sameIntent.count > 1 else { return top.understood }
        // The grammar's best reading stands unless it names nothing the catalog has and a close
        // rival names something it has for certain.
        let topFit = await self.fit(top.understood, user: context.user, device: device)
        if topFit >= Self.strongFit { return top.understood }
        // "play the strange song": the kind word may be part of the title ("The Strange Song"); a
        // reading whose name holds the top reading's name and more wins when the catalog has it.
        if let topName = top.understood.search?.mediaName,
            let whole = await certainRival(among: interpretations.prefix(5), context: context, device: device, where: {
                $0.understood.intent == top.understood.intent
                    && ($0.understood.search?.mediaName.map { $0.count > topName.count && $0.contains(topName) } ?? false)
            })
        {
            return whole
        }
        let margin = topFit < Self.poorFit ? Self.wideChoiceMargin : Self.choiceMargin
        // The model's guess of a name ("3" in 「ビートルズの人気曲トップ3」) does not outweigh the words
        // a reading of the grammar or the cues took in.
        let rivals = sameIntent.filter { $0.score >= top.score - margin && ($0.tier != .model || top.tier == .model) }
        var best = top.understood
        // A rival as sure as a name heard by its sound («Майкла Джексона», 0.9) wins too.
        var bestFit = Self.strongFit.nextDown
        for rival in rivals.dropFirst() {
            let fit = await self.fit(rival.understood, user: context.user, device: device)
            if fit > bestFit {
                best = rival.understood
                bestFit = fit
            }
        }
        return best
    }

    /// "could you put on rolling in the deep please": read as adding "on rolling" to a playlist
    /// "deep" that does not exist, and as playing a song the catalog has; the play wins when the
    /// playlist is not the user's and the song is found for certain ("put on" means play unless a
    /// playlist of that name exists).
    private func playOverMissingPlaylist(
        _ top: Interpretation, rivals: ArraySlice<Interpretation>, context: RequestContext, device: String
    ) async -> Understood? {
        guard top.understood.intent == .addMedia, case .playlist(let name)? = top.understood.params?.destination,
            !name.isEmpty
        else { return nil }
        let playlistFit = await builtInApp.fit(
            search: nil, destination: .playlist(name), user: context.user, device: device)
        guard playlistFit == 0 else { return nil }
        return await certainRival(among: rivals, context: context, device: device) {
            $0.understood.intent == .playMedia && $0.score >= top.score - Self.wideChoiceMargin
        }
    }

    /// «выкинь из Running Миллион алых роз»: a reading that adds to or removes from a playlist the
    /// person lacks ("Running Миллион алых роз") gives way to a rival of the same intent with a
    /// playlist they have and a name the catalog has for certain.
    private func playlistTheyHave(
        over top: Interpretation, rivals: ArraySlice<Interpretation>, context: RequestContext, device: String
    ) async -> Understood? {
        let intent = top.understood.intent
        guard intent == .removeMedia || intent == .addMedia, case .playlist(let name)? = top.understood.params?.destination,
            await builtInApp.fit(search: nil, destination: .playlist(name), user: context.user, device: device) == 0
        else { return nil }
        for rival in rivals.dropFirst() where rival.understood.intent == intent {
            guard case .playlist(let other)? = rival.understood.params?.destination, other != name,
                await builtInApp.fit(search: nil, destination: .playlist(other), user: context.user, device: device) > 0,
                rival.understood.search?.hasName == true,
                await fit(rival.understood, user: context.user, device: device) >= Self.strongFit
            else { continue }
            return rival.understood
        }
        return nil
    }

    /// The first of the readings after the best (`readings` starts with it) that `qualifies` and
    /// names something the catalog has for certain.
    private func certainRival(
        among readings: ArraySlice<Interpretation>, context: RequestContext, device: String,
        where qualifies: (Interpretation) -> Bool
    ) async -> Understood? {
        for rival in readings.dropFirst() where qualifies(rival) {
            if await fit(rival.understood, user: context.user, device: device) >= Self.strongFit { return rival.understood }
        }
        return nil
    }

    /// `top`, or, when it reads a genre or mood the catalog has nothing of ("holiday" as Christmas
    /// music), a rival of the same intent that names a title the catalog has for certain.
    private func nameOverEmptyBrowse(
        _ top: Understood, rivals: ArraySlice<Interpretation>, context: RequestContext, device: String
    ) async -> Understood {
        guard top.intent == .playMedia, let search = top.search, search.genreNames != nil || search.moodNames != nil
        else { return top }
        let tagsOnly = MediaSearch(genreNames: search.genreNames, moodNames: search.moodNames)
        guard (try? await builtInApp.items(for: tagsOnly, user: context.user, limit: 1))?.isEmpty == true else {
            return top
        }
        return await certainRival(among: rivals, context: context, device: device) {
            $0.understood.intent == top.intent && $0.understood.search?.mediaName != nil
        } ?? top
    }
}

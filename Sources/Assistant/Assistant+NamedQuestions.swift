import Apps
import MediaIntents
import Understanding

/// Questions about an item the request names rather than what plays: "who sings Hello?", «когда
/// вышла Группа крови?», 「Lemonっていつの曲？」, "晴天是谁唱的". Only a name the catalog holds
/// exactly is answered about; another is "I couldn't find …", never a guess.
extension Assistant {
    /// The questions that may name their item.
    static let askedOfNamedItem: Set<NowPlayingQuestionKind> = [.artist, .album, .year, .duration, .similar]

    /// The catalog item `search` names whole (the kind said, if any), or in another case of the same
    /// words («кто поёт Группу крови») as surely as a play would take it; else nil.
    func namedItem(_ search: MediaSearch, user: String) async -> MediaItem? {
        guard let name = search.mediaName else { return nil }
        if let (_, item) = (try? await builtInApp.firstNamed([name], type: search.mediaType, user: user)) ?? nil {
            return item
        }
        // A name said with its kind («аудиокнига Моби Дик») needs the play gate only.
        let bar = search.mediaType.map(Self.kindsNamedWithName.contains) == true ? Self.kindSaidFit : Self.strongFit
        guard await builtInApp.fit(search: search, destination: nil, user: user, device: "default") >= bar else {
            return nil
        }
        return (try? await builtInApp.items(for: search, user: user, limit: 1))?.first
    }

    /// "Is there an Aerosmith version of Come Together?": whether the catalog has the name by that
    /// artist. The one found may be played next ("play that one"); none is said as none.
    func answerVersion(of search: MediaSearch, by artist: String, user: String, language: String, outcome: inout Outcome)
        async
    {
        outcome.code = .success
        let title = NameFolding.compactKey(search.mediaName ?? "")
        for item in (try? await builtInApp.items(for: search, user: user, limit: 5)) ?? []
        where NameFolding.compactKey(NameFolding.core(item.title)) == title {
            guard let credit = item.artist, await agrees(said: artist, credit: credit, aliases: item.artistAliases, user: user)
            else { continue }
            outcome.items = [item]
            outcome.reply = replies.sayItem("question.versions.byArtist", item, language: language)
            return
        }
        outcome.items = []
        outcome.reply = replies.say(
            "question.versions.byArtist.none", ["title": search.mediaName ?? "", "artist": artist], language: language)
    }

    /// "Is there a remix of Blinding Lights?", "do you have a live version of Tears in Heaven?": whether
    /// the catalog has a recording of the title whose title or album carries the version's note. The
    /// one found may be played next; a title the catalog lacks is not found.
    func answerVersion(of search: MediaSearch, noted note: Set<String>, user: String, language: String, outcome: inout Outcome)
        async
    {
        let said = search.mediaName ?? ""
        let bare = NameFolding.core(said)
        var plain = search
        plain.mediaName = bare
        let title = NameFolding.compactKey(bare)
        let recordings = ((try? await builtInApp.items(for: plain, user: user, limit: 10)) ?? [])
            .filter { NameFolding.compactKey(NameFolding.core($0.title)) == title }
        guard let first = recordings.first else {
            outcome.code = .failure
            outcome.reply = replies.say("fail.notFound", ["query": describe(plain, language: language)], language: language)
            return
        }
        outcome.code = .success
        let carries = { (item: MediaItem) in
            !Set(NameFolding.tokens(item.title) + NameFolding.tokens(item.album ?? "")).isDisjoint(with: note)
        }
        if let match = recordings.first(where: carries) {
            outcome.items = [match]
            outcome.reply = replies.sayItem("question.versions.byArtist", match, language: language)
            return
        }
        outcome.items = []
        let version = said.lastIndex(of: "(").map { String(said[said.index(after: $0)...].dropLast()) } ?? ""
        outcome.reply = replies.say(
            "question.versions.noted.none", ["title": first.title, "version": version.lowercased()], language: language)
    }
}

extension Assistant {
    /// "What's the newest episode?" while an episode plays: of the show it is from. Any other
    /// request is as it was.
    func ofPlayingShow(_ understood: Understood, device: String) async -> Understood {
        guard var search = understood.search, search.mediaType == .podcastEpisode, !search.hasName,
            search.sortOrder == .newest || search.sortOrder == .oldest,
            let playing = try? await builtInApp.nowPlaying(device), let item = playing.item,
            item.type == .podcastEpisode, let show = item.album
        else { return understood }
        var understood = understood
        search.mediaName = show
        search.reference = nil
        understood.search = search
        return understood
    }

    /// "How long is Kind of Blue?", "how long is this album?": an album lasts as long as its
    /// songs together; the album asked about, or the one of the song playing when the question
    /// says "album" and names none. Nil when no album is meant or none of its songs has a length.
    func albumLength(of item: MediaItem, asked search: MediaSearch?, user: String) async -> (album: MediaItem, seconds: Double)? {
        var album = item
        if item.type != .album {
            guard search?.mediaType == .album, search?.mediaName == nil, let name = item.album,
                let found = await namedItem(MediaSearch(mediaType: .album, mediaName: name, artistName: item.artist), user: user),
                found.type == .album
            else { return nil }
            album = found
        }
        let songs = (try? builtInApp.contents(of: album.identifier, user: user)?.tracks) ?? []
        // Every song's length known, or the sum would say the album is shorter than it is.
        guard !songs.isEmpty, songs.allSatisfy({ ($0.duration ?? 0) > 0 }) else { return nil }
        return (album, songs.compactMap(\.duration).reduce(0, +))
    }
}

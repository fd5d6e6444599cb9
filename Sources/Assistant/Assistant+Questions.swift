import Apps
import MediaIntents
import Understanding

/// Questions that change nothing: about what plays, what played, what is next, and what a
/// playlist holds. Each answer reads the player, the person's library and the catalog.
extension Assistant {
    /// How many names a spoken list of a playlist reads out before "and 12 more".
    static let namesSaid = 5

    func answer(
        _ asked: NowPlayingQuestionKind, search said: MediaSearch?, handler: any MediaIntentHandling, language: String,
        outcome: inout Outcome
    ) async {
        var (question, search) = (asked, said)
        // "эта песня у меня в Running есть?", «напомни, что у меня в плейлисте Running?»: a question
        // about a playlist read without its name, or about a like while one of the person's playlists
        // is named, is about that playlist.
        let aboutPlaylists: Set<NowPlayingQuestionKind> = [.playlist, .playlistCount, .playlistDuration, .inPlaylist, .liked]
        if search?.mediaName == nil, aboutPlaylists.contains(question),
            let playlist = try? await builtInApp.ownPlaylist(within: outcome.text, user: handler.user)
        {
            var named = search ?? MediaSearch()
            named.mediaName = playlist
            search = named
            if question == .liked { question = .inPlaylist }
        }
        // "How many songs are in it now?", «сколько там теперь песен?» right after an add: the playlist
        // just added to, else the queue.
        if search?.mediaName == nil, search?.mediaType == .playlist, [.playlist, .playlistCount, .playlistDuration].contains(question),
            let playlist = try? await builtInApp.playlistJustAddedTo(user: handler.user)
        {
            search?.mediaName = playlist
        }
        switch question {
        case .previous:
            return await answerPrevious(handler: handler, language: language, outcome: &outcome)
        case .playlist, .playlistCount, .playlistDuration:
            return await answerPlaylist(
                named: search?.mediaName, asking: question, handler: handler, language: language, outcome: &outcome)
        default: break
        }
        if question == .versions, let search, let note = BuiltInMediaApp.versionNote(search.mediaName) {
            return await answerVersion(of: search, noted: note, user: handler.user, language: language, outcome: &outcome)
        }
        if question == .versions, let search, search.mediaName != nil, let artist = search.artistName {
            return await answerVersion(of: search, by: artist, user: handler.user, language: language, outcome: &outcome)
        }
        let info: NowPlayingInfo?
        let item: MediaItem
        // "Fleetwood Mac的Rumours整张专辑多长": an album named with its artist is read as the album's name.
        if search?.mediaName == nil, let album = search?.albumName, search?.mediaType == .album {
            search?.mediaName = album
            search?.albumName = nil
        }
        if let search, search.mediaName != nil, Self.askedOfNamedItem.contains(question) {
            // "Who sings Hello?", "how long is the Frankenstein audiobook?": the item named, not what plays.
            guard let named = await namedItem(search, user: handler.user) else {
                outcome.code = .failure
                outcome.reply = replies.say("fail.notFound", ["query": describe(search, language: language)], language: language)
                return
            }
            (info, item) = (nil, named)
        } else {
            let asked: NowPlayingInfo?
            do {
                asked = try await builtInApp.nowPlaying(handler.device, fromDevice: true)
            } catch is PlayerUnreachable {
                // Hark's last known state may be stale; the player itself cannot be asked.
                return sayUnreachable(&outcome, language: language)
            } catch {
                asked = nil
            }
            guard let playing = asked, let playingItem = playing.item, playing.state != .stopped else {
                outcome.code = .failure
                outcome.reply = replies.say("question.nothing", language: language)
                return
            }
            (info, item) = (playing, playingItem)
        }
        outcome.code = .success
        outcome.items = [item]
        switch question {
        case .title: outcome.reply = replies.sayItem("question.title", item, language: language)
        case .artist:
            // A book's "artist" is its author, said as such (never «песня»).
            // A classical piece's is its composer ("who composed this?"; 谁唱的 would be wrong).
            let key = item.artist == nil ? "question.artist.unknown"
                : item.type == .audioBook ? "question.artist.book"
                : item.genres.contains("classical") ? "question.artist.composer" : "question.artist"
            // An item named, not playing: "Skinny Love is by Bon Iver", not "This is …".
            let said = info == nil && key == "question.artist" && replies.has(key + ".named", language: language) ? key + ".named" : key
            outcome.reply = replies.say(said, replies.values(for: item, language: language), language: language)
        case .album:
            outcome.reply = replies.say(
                item.album == nil ? "question.album.unknown" : "question.album",
                replies.values(for: item, language: language), language: language)
        case .any: outcome.reply = replies.sayItem("question.any", item, language: language)
        case .year:
            // An episode came out on a day, not in a year: its date is what is asked.
            if item.type == .podcastEpisode, let day = item.released.flatMap({ replies.day($0, language: language) }) {
                outcome.reply = replies.sayItem("question.year.day", item, extra: ["date": day], language: language)
                return
            }
            let year = item.releaseYear
            outcome.reply = replies.sayItem(
                year == nil ? "question.year.unknown" : "question.year", item,
                extra: ["year": year.map(String.init) ?? ""], language: language)
        case .next:
            let upNext = (try? await builtInApp.upNext(device: handler.device)) ?? []
            // A podcast's episodes are queued oldest first: what is next is the newer episode
            // ("is there a newer one?"), and nothing next means this is the newest.
            let episode = item.type == .podcastEpisode ? ".episode" : ""
            guard let next = upNext.first else {
                outcome.reply = replies.say("question.next.nothing" + episode, language: language)
                return
            }
            outcome.items = [next]
            let newer = next.type == .podcastEpisode ? episode : ""
            outcome.reply = replies.sayItem("question.next" + newer, next, language: language)
        case .liked:
            let affinity = try? await builtInApp.affinity(of: item, user: handler.user)
            let key =
                switch affinity {
                case .like: "question.liked.yes"
                case .dislike: "question.liked.disliked"
                case nil: "question.liked.no"
                }
            outcome.reply = replies.sayItem(key, item, language: language)
        case .duration, .remaining:
            if question == .duration, let (album, seconds) = await albumLength(of: item, asked: search, user: handler.user) {
                outcome.items = [album]
                outcome.reply = replies.sayItem(
                    "question.duration", album, extra: ["duration": replies.duration(seconds, language: language)],
                    language: language)
                return
            }
            guard let length = info?.duration ?? item.duration, length > 0 else {
                outcome.reply = replies.sayItem("question.duration.unknown", item, language: language)
                return
            }
            let said = question == .duration ? length : max(length - (info?.position ?? 0), 0)
            outcome.reply = replies.sayItem(
                "question." + question.rawValue, item, extra: ["duration": replies.duration(said, language: language)],
                language: language)
        case .versions:
            let others = await otherVersions(of: item, user: handler.user)
            guard !others.isEmpty else {
                outcome.reply = replies.sayItem("question.versions.none", item, language: language)
                return
            }
            outcome.items = [item] + others
            let said = others.prefix(3).map { replies.values(for: $0, language: language)["title"] ?? $0.title }
            outcome.reply = replies.sayItem(
                "question.versions", item, extra: ["list": joined(Array(said), last: "list.and", language: language)],
                language: language)
        case .original: await answerOriginal(item, user: handler.user, language: language, outcome: &outcome)
        case .similar:
            // An artist asked about by name is the seed; a song's artist is whom it sounds like.
            let alike = (try? builtInApp.similarArtists(to: item.identifier, user: handler.user)) ?? []
            let name = item.type == .artist ? item.title : item.artist ?? item.title
            guard !alike.isEmpty else {
                outcome.reply = replies.say("question.similar.none", ["name": name], language: language)
                return
            }
            outcome.items = alike
            let said = alike.compactMap { replies.values(for: $0, language: language)["artist"] ?? $0.artist }
            outcome.reply = replies.say(
                "question.similar", ["name": name, "list": joined(said, last: "list.and", language: language)],
                language: language)
        case .inPlaylist:
            await answerIsIn(playlist: search?.mediaName, item, handler: handler, language: language, outcome: &outcome)
        case .lyrics: await answerLyrics(item, at: info?.position, language: language, outcome: &outcome)
        case .previous, .playlist, .playlistCount, .playlistDuration, .room, .speakers: break
        }
    }

    /// The one item an answer named that the person may ask to play next ("play it"): the top of a
    /// chart asked about, or the other version a question about versions found.
    static func namedByAnswer(_ asked: Understood, outcome: Outcome) -> MediaItem? {
        guard outcome.code == .success else { return nil }
        switch asked.intent {
        case .searchForMedia where asked.search?.sortOrder != nil: return outcome.items.first
        case .nowPlayingQuestion
        where [NowPlayingQuestionKind.versions, .original].contains(asked.params?.question) && outcome.items.count == 2:
            return outcome.items[1]
        // "Is there an Aerosmith version of Come Together?" found it.
        case .nowPlayingQuestion
        where asked.params?.question == .versions && asked.search?.artistName != nil && outcome.items.count == 1:
            return outcome.items[0]
        default: return nil
        }
    }

    /// "Is this the original?", "is this a cover?": only what the catalog can tell. A title marked
    /// live, acoustic or remixed is not the studio original; a song of the same name by another
    /// artist is named beside it (the earliest first) without calling either the original; with
    /// neither, the answer says this is the only recording here and claims no more.
    func answerOriginal(_ item: MediaItem, user: String, language: String, outcome: inout Outcome) async {
        let core = NameFolding.core(item.title)
        let note = Set(NameFolding.tokens(item.title)).subtracting(NameFolding.tokens(core))
        if Self.versionMarks.values.joined().contains(where: note.contains) {
            outcome.reply = replies.sayItem("question.original.version", item, language: language)
            return
        }
        let search = MediaSearch(mediaType: item.type, mediaName: core)
        let found = (try? await builtInApp.items(for: search, user: user, limit: 10)) ?? []
        let artist = item.artist.map(NameFolding.key)
        let byOthers = found.filter {
            NameFolding.compactKey($0.title) == NameFolding.compactKey(item.title) && $0.artist != nil
                && $0.artist.map(NameFolding.key) != artist
        }.sorted { ($0.releaseYear ?? Int.max) < ($1.releaseYear ?? Int.max) }
        let others = await otherVersions(of: item, user: user) + byOthers.prefix(2)
        guard !others.isEmpty else {
            outcome.reply = replies.sayItem("question.original.only", item, language: language)
            return
        }
        outcome.items = [item] + others
        let said = others.prefix(3).map { other in
            let values = replies.values(for: other, language: language)
            return other.artist.map(NameFolding.key) == artist
                ? values["title"] ?? other.title : replies.say("item.byArtist", values, language: language)
        }
        outcome.reply = replies.sayItem(
            "question.original.other", item, extra: ["list": joined(Array(said), last: "list.and", language: language)],
            language: language)
    }

    /// Other versions of `item` the catalog has: items of its kind and artist whose title is the same
    /// once version marks are set aside, and not the same as said ("Holiday (Live)" for Holiday; a
    /// second entry titled alike is a copy, and a song of that title by someone else is another song).
    func otherVersions(of item: MediaItem, user: String) async -> [MediaItem] {
        // Brackets and dashed suffixes set aside ("Tears in Heaven (Acoustic Live)"), or version words.
        let name = NameFolding.compactKey(item.title)
        let sameName = { (title: String) in NameFolding.compactKey(title) == name }
        let search = MediaSearch(mediaType: item.type, mediaName: NameFolding.core(item.title), artistName: item.artist)
        var found = (try? await builtInApp.items(for: search, user: user, limit: 10)) ?? []
        // A recording marked live or acoustic is a version of the song whoever is credited ("Hey
        // Jude (Live)" by Paul McCartney & Wings for the Beatles' Hey Jude).
        let anyone = MediaSearch(mediaType: item.type, mediaName: NameFolding.core(item.title))
        found += (try? await builtInApp.items(for: anyone, user: user, limit: 10)) ?? []
        let marks = Set(Self.versionMarks.values.joined())
        let marked = { (title: String) in
            !Set(NameFolding.tokens(title)).subtracting(NameFolding.tokens(NameFolding.core(title))).isDisjoint(with: marks)
        }
        let title = NameFolding.key(item.title)
        let artist = item.artist.map(NameFolding.key)
        var seen: Set<String> = [title]
        return found.filter {
            let key = NameFolding.key($0.title)
            guard $0.artist.map(NameFolding.key) == artist || marked($0.title), sameName($0.title), !seen.contains(key)
            else { return false }
            seen.insert(key)
            return true
        }
    }

    /// "What was the song before this": the queue's previous item, else the person's last play of another.
    func answerPrevious(handler: any MediaIntentHandling, language: String, outcome: inout Outcome) async {
        guard let item = try? await builtInApp.previousItem(device: handler.device, user: handler.user) else {
            outcome.code = .failure
            outcome.reply = replies.say("question.previous.nothing", language: language)
            return
        }
        outcome.code = .success
        outcome.items = [item]
        outcome.reply = replies.sayItem("question.previous", item, language: language)
    }
}

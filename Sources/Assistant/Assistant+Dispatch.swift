import MediaIntents
import Apps
import Understanding

/// Carrying out each kind of request and wording the reply.
extension Assistant {
    func carryOut(
        _ understood: Understood, handler: any MediaIntentHandling, app: AppRegistration, language: String,
        outcome: inout Outcome
    ) async {
        // "Add this to my favourites", 「お気に入りに追加」: the liked songs are no playlist; it is a like.
        if understood.intent == .addMedia, case .playlist(let name)? = understood.params?.destination,
            understander.namesLikedSongs(name, language: language)
        {
            var liked = understood
            liked.intent = .updateMediaAffinity
            liked.params?.destination = nil
            liked.params?.affinityType = .like
            return await carryOut(liked, handler: handler, app: app, language: language, outcome: &outcome)
        }
        let search = understood.search ?? MediaSearch()
        let params = understood.params ?? IntentParameters()
        let say = { (key: String, values: [String: String]) in self.replies.say(key, values, language: language) }
        switch understood.intent {
        case .playMedia:
            let intent = PlayMediaIntent(
                mediaSearch: search, playShuffled: params.playShuffled,
                playbackRepeatMode: params.playbackRepeatMode, resumePlayback: params.resumePlayback,
                playbackQueueLocation: params.playbackQueueLocation ?? .now, playbackSpeed: params.playbackSpeed)
            await play(intent, handler: handler, app: app, language: language, outcome: &outcome)
        case .addMedia:
            let intent = AddMediaIntent(mediaSearch: search, destination: params.destination ?? .library)
            guard
                let response = await resolveThenHandle(
                    intent, resolve: handler.resolveMediaItems, confirm: handler.confirm, handle: handler.handle,
                    app: app, user: handler.user, language: language,
                    outcome: &outcome),
                let item = response.items.first
            else { return }
            var values = replies.values(for: item, language: language)
            let which = { (key: String) in self.replyKey(key, for: item, chosenBy: search) }
            switch response.handled {
            case .added(.choosePlaylist):
                outcome.reply = say(
                    "ask.whichPlaylist", ["choices": spokenList(response.items, language: language)])
            case .added(.noPlaylist):
                outcome.reply = say("add.noPlaylist", values)
            case .added(.alreadyInPlaylist(let playlist)):
                values["playlist"] = playlist
                outcome.reply = say("add.alreadyInPlaylist", values)
            case .added(.playlistNotEditable(let playlist)):
                values["playlist"] = playlist
                outcome.reply = say("add.playlistNotEditable", values)
            case .added(.playlist(let playlist, let created)):
                values["playlist"] = playlist
                outcome.reply = say(which(created ? "add.playlistCreated" : "add.playlist"), values)
            default:
                // An app that said nothing of where it went: as the request asked.
                if case .playlist(let playlist) = intent.destination {
                    values["playlist"] = playlist
                    outcome.reply = say(which("add.playlist"), values)
                } else if item.type == .podcastShow {
                    // A show in the library is a show followed; from a feed, its new episodes arrive.
                    let fromFeed = (try? await builtInApp.hasFeed(showIdentifier: item.identifier)) ?? false
                    outcome.reply = say(fromFeed ? "add.subscribed" : "add.subscribedNoFeed", values)
                } else {
                    outcome.reply = say(which("add.library"), values)
                }
            }
        case .updateMediaAffinity:
            let intent = UpdateMediaAffinityIntent(mediaSearch: search, affinityType: params.affinityType ?? .like)
            guard
                let response = await resolveThenHandle(
                    intent, resolve: handler.resolveMediaItems, confirm: handler.confirm, handle: handler.handle,
                    app: app, user: handler.user, language: language,
                    outcome: &outcome),
                let item = response.items.first
            else { return }
            // An artist liked is named as a person (`like.person`), a song chosen from "Which one?" with its artist.
            let sayAbout = { (key: String) in
                self.replies.sayItem(self.replyKey(key, for: item, chosenBy: search), item, language: language)
            }
            switch response.handled {
            case .affinity(.dislikeNotSong): outcome.reply = sayAbout("dislike.notSong")
            case .affinity(.disliked(let skipped)): outcome.reply = sayAbout(skipped ? "dislike.skipped" : "dislike")
            case .affinity(.liked): outcome.reply = sayAbout("like")
            default: outcome.reply = sayAbout(intent.affinityType == .like ? "like" : "dislike")
            }
        case .searchForMedia where search.sortOrder == .unplayed
            && (search.mediaType == .podcastEpisode || search.mediaType == .podcastShow):
            await answerNewEpisodes(search, handler: handler, language: language, outcome: &outcome)
        case .searchForMedia:
            var intent = SearchForMediaIntent(mediaSearch: search)
            intent.mediaItems = await handler.resolveMediaItems(for: intent).flatMap(\.values)
            let response = await handler.handle(intent: intent)
            apply(response, to: &outcome)
            let charts: Set<MediaIntents.SortOrder> = [.popular, .best, .trending]
            let chartKinds: Set<MediaItemType?> = [nil, .song, .album, .audioBook, .podcastShow]
            let chartQuestion = search.mediaName == nil && search.sortOrder.map(charts.contains) == true
                && chartKinds.contains(search.mediaType)
            if let first = response.items.first, search.mediaType == .podcastEpisode,
                search.sortOrder == .newest || search.sortOrder == .oldest
            {
                // "What's the newest (the first) episode of Serial?": said, not played.
                // With its day when the feed gave one ("when's the newest episode of Serial from?").
                let key = search.sortOrder == .newest ? "search.latest.podcastEpisode" : "search.first.podcastEpisode"
                let day = first.released.flatMap { replies.day($0, language: language) }
                outcome.reply = replies.sayItem(
                    key + (day == nil ? "" : ".dated"), first,
                    extra: ["show": first.album ?? search.mediaName ?? "", "date": day ?? ""], language: language)
            } else if let first = response.items.first, chartQuestion {
                // "What's the most popular song (of 1991, of the eighties, by Queen, on Rumours, of
                // the jazz here)?": the top of the catalog's chart, saying which chart.
                outcome.reply = chartAnswer(search, top: first, language: language)
            } else if let first = response.items.first, search.lyrics != nil, first.lyricLine != nil {
                // "What's the song that goes …": the song, and the line of it that holds the words.
                outcome.reply = replies.sayItem("search.lyrics", first, language: language)
            } else if let first = response.items.first {
                let count = String(response.items.count)
                outcome.reply =
                    response.items.count == 1
                    ? replies.sayItem("search.one", first, language: language)
                    : replies.sayItem("search.results", first, extra: ["count": count], language: language)
            } else {
                outcome.reply = say("fail.notFound", ["query": describe(search, language: language)])
            }
        case .markPlayed:
            await markPlayed(params.played ?? true, handler: handler, language: language, outcome: &outcome)
        case .createPlaylist:
            await createPlaylist(params: params, handler: handler, language: language, outcome: &outcome)
        case .removeMedia:
            await remove(search, params: params, handler: handler, language: language, outcome: &outcome)
        case .nowPlayingQuestion:
            await answer(
                params.question ?? .any, search: understood.search, handler: handler, language: language,
                outcome: &outcome)
        case .none, .appIntent:
            outcome.reply = say("none", [:])
        default:
            await command(
                understood.intent, params: params, handler: handler, app: app, language: language,
                outcome: &outcome)
        }
    }

    private func play(
        _ intent: PlayMediaIntent, handler: any MediaIntentHandling, app: AppRegistration, language: String,
        outcome: inout Outcome
    ) async {
        // Hark's own player is read back after the change (a media app of its own says what it
        // plays in its answer); for "next" or "later" also before it, as a player that was playing
        // nothing plays the item at once.
        let readsPlayer = !(handler is HTTPMediaHandler)
        let queued = intent.playbackQueueLocation != .now
        let before = readsPlayer && queued ? try? await builtInApp.nowPlaying(outcome.device) : nil
        guard
            let response = await resolveThenHandle(
                intent, resolve: handler.resolveMediaItems, confirm: handler.confirm, handle: handler.handle, app: app, user: handler.user,
                language: language,
                outcome: &outcome)
        else { return }
        if let reason = response.speedReason {
            outcome.reply = replies.say("fail.speed.\(reason.rawValue)", language: language)
            return
        }
        if response.handled == .playerUnreachable {
            outcome.playerUnreachable = true
            outcome.reply = replies.say("fail.playerUnreachable", language: language)
            return
        }
        if response.handled == .nothingToPlay, let found = response.items.first {
            let key = "fail.empty.\(found.type.rawValue)"
            outcome.reply = replies.sayItem(replies.has(key) ? key : "fail.empty.other", found, language: language)
            return
        }
        guard response.code.isSuccess, let asked = response.items.first else {
            outcome.reply = replies.say("fail.notFound.noQuery", language: language)
            return
        }
        // The reply tells what the player does now, read back from it: the item it plays, and the
        // modes it plays in, not what the request hoped for.
        // (A media app of its own says what it plays in its answer; Hark's player is not it.)
        let after = readsPlayer ? try? await builtInApp.nowPlaying(outcome.device) : nil
        let startedNow =
            queued && after?.state == .playing && before?.state != .playing
            && after?.item?.identifier != before?.item?.identifier
        let location = startedNow ? .now : intent.playbackQueueLocation
        // What the reply names is what plays now only when the item was played now.
        let info = location == .now ? after : nil
        outcome.nowPlaying = after
        let playing = info?.item ?? asked
        var played = PlayOutcome.item
        if case .played(let how) = response.handled { played = how }
        // A song or an episode asked for is the one named; a collection (album, playlist, artist,
        // show) is named when what plays comes from it.
        let first = played == .item && (asked.type.isSingle || asked.type == .podcastShow) ? playing : asked
        var values = replies.values(for: first, language: language)
        values["what"] = describe(intent.mediaSearch, language: language)
        values["rate"] = info.map { NumberWords.format($0.rate) } ?? ""
        switch played {
        case .resumed: outcome.reply = replies.say("play.resume", values, language: language)
        case .mix(let emptyLibrary):
            if let without = intent.mediaSearch.excludedArtists?.first {
                values["without"] = await leftOutName(without, language: language)
                outcome.reply = replies.say("play.mix.without", values, language: language)
            } else {
                outcome.reply = replies.say(emptyLibrary ? "play.mix.emptyLibrary" : "play.mix", values, language: language)
            }
        case .myMusic: outcome.reply = replies.say("play.myMusic", values, language: language)
        case .station(let seed):
            // The seed as the language names it (「米津玄師」, not "Kenshi Yonezu"); a person or a band
            // is no work in quotes.
            let seedItem = response.items.first { $0.title == seed }
            values["seed"] = seedItem.flatMap { replies.values(for: $0, language: language)["title"] } ?? seed
            // "When this ends, more like it": the station follows what plays.
            let key = location == .now ? "play.station" : "play.station.after"
            let person = seedItem?.type == .artist && replies.has(key + ".person", language: language)
            outcome.reply = replies.say(person ? key + ".person" : key, values, language: language)
        case .browse:
            let key = location == .now ? "play.browse" : "queue.browse.\(location.rawValue)"
            outcome.reply = replies.sayItem(key, first, extra: values, language: language)
            // "Calm songs on shuffle": the reply says the shuffle it did.
            if intent.playShuffled == true, info?.shuffle == true {
                outcome.reply += " " + replies.say("command.shuffle.on", language: language)
            }
        case .item:
            if location != .now {
                outcome.reply = replies.sayItem("queue.\(location.rawValue)", first, extra: values, language: language)
            } else if intent.playShuffled == true, info?.shuffle == true {
                // An artist is no work in quotes: "songs by Adele", 「アデルの曲」.
                let key = first.type == .artist ? "play.shuffled.person" : "play.shuffled"
                outcome.reply = replies.say(key, values, language: language)
            } else if intent.playbackRepeatMode == .one || intent.playbackRepeatMode == .all,
                info.map({ $0.repeatMode != .off }) == true
            {
                outcome.reply = replies.say("play.repeat", values, language: language)
            } else if let speed = intent.playbackSpeed, info?.rate == speed {
                outcome.reply = replies.say("play.speed", values, language: language)
            } else if intent.mediaSearch.lyrics != nil, let line = asked.lyricLine {
                // Found by its words: the reply quotes the line of the song that holds them.
                outcome.reply = replies.sayItem("play.lyrics", first, extra: ["line": line], language: language)
            } else {
                let key = "play.\(first.type.rawValue)"
                outcome.reply = replies.sayItem(replies.has(key) ? key : "play.other", first, language: language)
                if intent.playbackSpeed != nil, info?.supportedCommands.contains("changeRate") == false {
                    outcome.reply += " " + replies.say("play.liveSpeed", language: language)
                }
            }
        }
    }

    /// Resolve, then (when something was found) confirm and handle; the outcome carries the response.
    /// Nil when resolution failed, with the failure's reply already in the outcome.
    func resolveThenHandle<Intent: MediaItemsIntent>(
        _ intent: Intent, resolve: (Intent) async -> [ResolutionResult<MediaItem>],
        confirm: (Intent) async -> IntentResponse, handle: (Intent) async -> IntentResponse, app: AppRegistration,
        user: String, language: String, outcome: inout Outcome
    ) async -> IntentResponse? {
        var intent = intent
        let resolved = await resolve(intent)
        intent.mediaItems = resolved.flatMap(\.values)
        if let failure = await failureReply(
            resolved, search: intent.mediaSearch, app: app, user: user, language: language, outcome: &outcome)
        {
            outcome.reply = failure
            return nil
        }
        let confirmation = await confirm(intent)
        let response = confirmation.code.isSuccess ? await handle(intent) : confirmation
        apply(response, to: &outcome)
        return response
    }

    /// `key`, or its `.byArtist` form when the item was chosen from "Which one?" (the search names
    /// it exactly) and has an artist: the reply then says which ("Added Holiday by Madonna to …").
    func replyKey(_ key: String, for item: MediaItem, chosenBy search: MediaSearch) -> String {
        search.mediaIdentifier != nil && item.artist != nil && replies.has(key + ".byArtist") ? key + ".byArtist" : key
    }

    func apply(_ response: IntentResponse, to outcome: inout Outcome) {
        outcome.code = response.code
        outcome.items = response.items
        outcome.reason = response.reason ?? outcome.reason
        outcome.destinationReason = response.destinationReason
        outcome.speedReason = response.speedReason
    }
}

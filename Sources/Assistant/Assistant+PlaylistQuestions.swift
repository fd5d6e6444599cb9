import Apps
import MediaIntents
import Understanding

/// Questions about the person's playlists (what one holds, how many songs, how long, whether what
/// plays is in it) and a show's episodes, answered from the library and the catalog.
extension Assistant {
    /// "Is this in my Running playlist?": yes or no, and nothing changes.
    func answerIsIn(
        playlist name: String?, _ item: MediaItem, handler: any MediaIntentHandling, language: String,
        outcome: inout Outcome
    ) async {
        guard let name, let held = try? await builtInApp.contents(ofPlaylist: name, device: handler.device, user: handler.user),
            let title = held.name
        else {
            outcome.code = .failure
            outcome.reply = replies.say("question.playlist.unknown", ["playlist": name ?? ""], language: language)
            return
        }
        let isIn = held.items.contains { $0.identifier == item.identifier }
        outcome.reply = replies.sayItem(
            isIn ? "question.inPlaylist.yes" : "question.inPlaylist.no", item, extra: ["playlist": title], language: language)
    }

    /// "What's in my running playlist", "how many songs are in it": a playlist named, else the queue;
    /// "how many episodes of Serial are there?": a show's episodes.
    func answerPlaylist(
        named name: String?, asking question: NowPlayingQuestionKind, handler: any MediaIntentHandling,
        language: String, outcome: inout Outcome
    ) async {
        let counting = question != .playlist
        let key = "question." + question.rawValue
        // "How many episodes are there?" while an episode plays: its show's.
        var name = name
        if name == nil, question != .playlistDuration,
            let playing = try? await builtInApp.nowPlaying(handler.device).item, playing.type == .podcastEpisode,
            let show = playing.album
        {
            name = show
        }
        let held: PlaylistContents?
        do {
            held = try await builtInApp.contents(ofPlaylist: name, device: handler.device, user: handler.user)
        } catch {
            held = nil
        }
        // "What's in my liked songs": the songs the person liked, named as theirs.
        if held == nil, let name, understander.namesLikedSongs(name, language: language) {
            let liked = (try? await builtInApp.snapshot(user: handler.user).liked) ?? []
            let said = liked.prefix(Self.namesSaid).map { replies.values(for: $0, language: language)["title"] ?? $0.title }
            outcome.code = .success
            outcome.items = Array(liked.prefix(Self.namesSaid))
            outcome.reply = liked.isEmpty
                ? replies.say("question.liked.list.empty", language: language)
                : replies.say(
                    "question.liked.list" + (liked.count > said.count ? ".more" : ""),
                    ["list": joined(Array(said), last: "list.and", language: language), "more": String(liked.count - said.count)],
                    language: language)
            return
        }
        // "How many episodes of Serial are there?", 「Stuff You Should Knowって何話あるの？」, "Stuff You
        // Should Know都有哪几期？": a show's episodes, counted or named.
        if held == nil, question == .playlistCount || question == .playlist, let name,
            let (_, show) = (try? await builtInApp.firstNamed([name], type: .podcastShow, user: handler.user)) ?? nil,
            let episodes = try? builtInApp.contents(of: show.identifier, user: handler.user)?.tracks
        {
            let title = replies.values(for: show, language: language)["title"] ?? show.title
            outcome.code = .success
            outcome.items = [show]
            if question == .playlistCount || episodes.isEmpty {
                outcome.reply = replies.say(
                    "question.episodeCount" + (episodes.count == 1 ? ".one" : ""),
                    ["show": title, "count": String(episodes.count)], language: language)
                return
            }
            let said = episodes.prefix(Self.namesSaid).map { replies.values(for: $0, language: language)["title"] ?? $0.title }
            outcome.items = Array(episodes.prefix(Self.namesSaid))
            outcome.reply = replies.say(
                "question.episodes" + (episodes.count > said.count ? ".more" : ""),
                ["show": title, "list": joined(Array(said), last: "list.and", language: language),
                 "more": String(episodes.count - said.count)], language: language)
            return
        }
        guard let held else {
            outcome.code = .failure
            outcome.reply = replies.say("question.playlist.unknown", ["playlist": name ?? ""], language: language)
            return
        }
        let queue = held.name == nil ? ".queue" : ""
        var values = ["playlist": held.name ?? "", "count": String(held.total)]
        outcome.code = .success
        outcome.items = held.items
        if held.total == 0 {
            outcome.reply = replies.say("question.playlist" + queue + ".empty", values, language: language)
            return
        }
        if question == .playlistDuration {
            // Items with no length known count as none; the total is said with the number of songs.
            let length = held.items.compactMap(\.duration).reduce(0, +)
            values["duration"] = replies.duration(length, language: language)
        }
        if counting {
            outcome.reply = replies.say(key + queue + (held.total == 1 ? ".one" : ""), values, language: language)
            return
        }
        let said = held.items.prefix(Self.namesSaid).map { replies.values(for: $0, language: language)["title"] ?? $0.title }
        values["list"] = joined(Array(said), last: "list.and", language: language)
        values["more"] = String(held.total - said.count)
        outcome.reply = replies.say(key + queue + (held.total > said.count ? ".more" : ""), values, language: language)
    }
}

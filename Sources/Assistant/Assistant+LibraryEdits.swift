import Apps
import MediaIntents

/// "Take this off Running", "unlike this", «убери лайк», 「この曲Runningから消して」, "取消收藏":
/// removals from the person's own library, said back exactly as done; and "make a playlist called
/// Road Trip", the one edit that needs no item.
extension Assistant {
    /// "Mark this as played" / "as unplayed": the episode or book playing.
    func markPlayed(_ played: Bool, handler: any MediaIntentHandling, language: String, outcome: inout Outcome) async {
        let mark: PlayedMark
        do {
            mark = try await builtInApp.markPlayed(played, device: handler.device, user: handler.user)
        } catch {
            outcome.code = .failure
            outcome.reply = replies.say("fail.serviceUnavailable", ["app": "Hark"], language: language)
            return
        }
        let say = { (key: String, item: MediaItem) -> String in
            self.replies.say(key, self.replies.values(for: item, language: language), language: language)
        }
        outcome.code = .success
        switch mark {
        case .marked(let item):
            outcome.items = [item]
            outcome.reply = say("played.marked", item)
        case .unmarked(let item):
            outcome.items = [item]
            outcome.reply = say("played.unmarked", item)
        case .wasNotPlayed(let item):
            outcome.items = [item]
            outcome.reply = say("played.wasNotPlayed", item)
        case .notMarkable(let item):
            outcome.code = .failure
            outcome.items = [item]
            outcome.reply = say("played.notMarkable", item)
        case .nothingPlaying:
            outcome.code = .failure
            outcome.reply = replies.say("played.nothingPlaying", language: language)
        }
    }

    func createPlaylist(
        params: IntentParameters, handler: any MediaIntentHandling, language: String, outcome: inout Outcome
    ) async {
        guard case .playlist(let name) = params.destination else {
            outcome.code = .failure
            outcome.reply = replies.say("playlist.askName", language: language)
            return
        }
        do {
            let (playlist, created) = try await builtInApp.createPlaylist(spokenName: name, user: handler.user)
            outcome.code = .success
            outcome.reply = replies.say(created ? "playlist.created" : "playlist.exists", ["playlist": playlist], language: language)
        } catch {
            outcome.code = .failure
            outcome.reply = replies.say("fail.serviceUnavailable", ["app": "Hark"], language: language)
        }
    }

    func remove(
        _ search: MediaSearch, params: IntentParameters, handler: any MediaIntentHandling, language: String,
        outcome: inout Outcome
    ) async {
        let removal: Removal
        do {
            removal = try await builtInApp.remove(
                search, from: params.destination, affinity: params.affinityType, user: handler.user,
                device: handler.device)
        } catch {
            outcome.code = .failure
            outcome.reply = replies.say("fail.serviceUnavailable", ["app": "Hark"], language: language)
            return
        }
        let say = { (key: String, item: MediaItem?, extra: [String: String]) -> String in
            let values = item.map { self.replies.values(for: $0, language: language) } ?? [:]
            return self.replies.say(key, values.merging(extra) { $1 }, language: language)
        }
        outcome.code = .success
        switch removal {
        case .fromPlaylist(let item, let playlist):
            outcome.items = [item]
            outcome.reply = say("remove.playlist", item, ["playlist": playlist])
        case .notInPlaylist(let item, let playlist):
            outcome.items = [item]
            outcome.reply = say("remove.notInPlaylist", item, ["playlist": playlist])
        case .noPlaylist(let name):
            outcome.code = .failure
            outcome.reply = say("remove.noPlaylist", nil, ["playlist": name])
        case .playlistNotEditable(let name):
            outcome.code = .failure
            outcome.reply = say("add.playlistNotEditable", nil, ["playlist": name, "title": name])
        case .fromLibrary(let item):
            outcome.items = [item]
            outcome.reply = say(item.type == .podcastShow ? "remove.unsubscribed" : "remove.library", item, [:])
        case .notInLibrary(let item):
            outcome.items = [item]
            outcome.reply = say(item.type == .podcastShow ? "remove.notSubscribed" : "remove.notInLibrary", item, [:])
        case .affinityCleared(let item, let was):
            outcome.items = [item]
            outcome.reply = say(was == .like ? "remove.like" : "remove.dislike", item, [:])
        case .noAffinity(let item, let asked):
            outcome.items = [item]
            outcome.reply = say(asked == .like ? "remove.notLiked" : "remove.notDisliked", item, [:])
        case .nothing:
            outcome.code = .failure
            outcome.reply = replies.say("remove.nothing", language: language)
        }
    }
}

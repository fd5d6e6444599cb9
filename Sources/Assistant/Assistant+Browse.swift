public import Apps
import Foundation
public import MediaIntents
import Understanding

/// What a page does by touch rather than by voice: play an item it shows (now, next or later, or
/// an album from its second song), read and change up next, open an item to see what it holds.
/// Each goes through the same app, player and replies as a spoken request.
extension Assistant {
    /// Plays the item with `identifier` as "play <it>" would (now, next or later); with
    /// `startingAt`, the queue the item makes (an album's songs, a playlist) starts at that item
    /// of it instead of its first, and the reply names that item.
    public func play(
        identifier: String, startingAt: String? = nil, location: PlaybackQueueLocation = .now,
        context: RequestContext = RequestContext()
    ) async -> Outcome {
        await answering(context) { said in
            let language = self.understander.language(asked: said.language, text: "")
            let (_, context, refusal) = self.homeSession(said, language: language)
            let askedOn = context.device ?? "default"
            var outcome = Outcome(
                text: "", language: language, understood: .none, interpretations: [], app: nil, device: askedOn,
                items: [], code: .failure, reason: nil, destinationReason: nil, speedReason: nil, commandStatus: nil,
                nowPlaying: nil, reply: "")
            if let refusal {
                outcome.reply = refusal
                return outcome
            }
            var params = IntentParameters()
            params.playbackQueueLocation = location == .now ? nil : location
            let understood = Understood(
                intent: .playMedia, search: MediaSearch(mediaIdentifier: identifier),
                params: location == .now ? nil : params)
            outcome = await self.act(on: understood, context: context, askedOn: askedOn, outcome: outcome)
            guard let start = startingAt, location == .now, outcome.code == .success else { return outcome }
            guard let playing = try? await self.builtInApp.jump(to: start, device: outcome.device), let item = playing.item
            else { return outcome }
            outcome.nowPlaying = playing
            // What was asked for is this item of the queue: the understood line names it.
            outcome.understood.search = MediaSearch(mediaIdentifier: item.identifier)
            outcome.items = [item]
            let values = self.replies.values(for: item, language: language)
            outcome.reply = self.replies.say(
                item.artist == nil ? "play.song.noArtist" : "play.song", values, language: language)
            return outcome
        }
    }

    /// What follows the current item on a device, in play order.
    public func upNext(device: String) async throws -> [MediaItem] { try await builtInApp.upNext(device: device) }

    /// Moves an item of up next (places from 0, what plays next); nil when a place is not in up next.
    public func moveUpNext(device: String, from: Int, to: Int) async throws -> NowPlayingInfo? {
        try await builtInApp.moveUpNext(device: device, from: from, to: to)
    }

    /// Takes an item out of up next; nil when there is no such place.
    public func removeUpNext(device: String, at index: Int) async throws -> NowPlayingInfo? {
        try await builtInApp.removeUpNext(device: device, at: index)
    }

    /// Plays an item of up next now (a tap on it); nil when up next does not hold it.
    public func jump(to identifier: String, device: String) async throws -> NowPlayingInfo? {
        try await builtInApp.jump(to: identifier, device: device)
    }

    /// What an item holds (tracks, and an artist's albums); nil for no item `user` may see.
    public func contents(of identifier: String, user: String) throws -> ItemContents? {
        try builtInApp.contents(of: identifier, user: user)
    }

    /// Why an item cannot be played by identifier for the request's person (nil: it can): no item
    /// they may see has the identifier, or `startingAt` is not one of its items.
    public func unplayable(identifier: String, startingAt: String?, context: RequestContext) throws -> String? {
        let (_, context, refusal) = homeSession(context, language: "en")
        guard refusal == nil else { return nil }  // the play itself says what is wrong with the home
        guard let contents = try builtInApp.contents(of: identifier, user: context.user) else {
            return "no catalog item \(identifier)"
        }
        if let start = startingAt, start != identifier, !contents.tracks.contains(where: { $0.identifier == start }) {
            return "\(start) is not one of the items of \(identifier)"
        }
        return nil
    }

    /// An item and the files its picture may be found in; nil for no item `user` may see.
    public func pictureSources(of identifier: String, user: String) throws -> (item: MediaItem, locations: [String])? {
        try builtInApp.pictureSources(of: identifier, user: user)
    }
}

extension Assistant {
    /// The answer to "what's the most popular song (of 1991, of the eighties, by Queen, on Rumours,
    /// of the jazz here)?": the top of the chart asked about, saying which chart it is.
    func chartAnswer(_ search: MediaSearch, top: MediaItem, language: String) -> String {
        // A name no artist has was an album's ("the most popular song on Rumours").
        let key = (search.albumName ?? search.artistName).map(NameFolding.key)
        if let key, let album = top.album, search.albumName != nil
            || key != NameFolding.key(top.artist ?? "") && key == NameFolding.key(album)
        {
            return replies.sayItem("search.top.album", top, language: language)
        }
        if search.artistName != nil {
            return replies.sayItem("search.top.artist", top, language: language)
        }
        if search.genreNames?.isEmpty == false || search.moodNames?.isEmpty == false {
            var tags = search
            tags.sortOrder = nil
            tags.mediaType = nil
            let what = describe(tags, language: language)
            return replies.sayItem("search.top.of", top, extra: ["what": what], language: language)
        }
        if let range = search.releaseDate, range.start == range.end {
            return replies.sayItem("search.top.year", top, extra: ["year": String(range.start)], language: language)
        }
        if let range = search.releaseDate, range.end == range.start + 9, range.start % 10 == 0 {
            let decade = replies.say("decade", ["decade": String(range.start)], language: language)
            return replies.sayItem("search.top.decade", top, extra: ["decade": decade], language: language)
        }
        // "Which audiobook do people listen to most?": the top of that kind, named as that kind.
        if let kind = search.mediaType, kind != .song, search.releaseDate == nil {
            return replies.sayItem("search.top.kind.\(kind.rawValue)", top, language: language)
        }
        return replies.sayItem("search.top", top, language: language)
    }
}

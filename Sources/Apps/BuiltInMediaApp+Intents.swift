import Catalog
import Foundation
import Library
import MediaIntents
import Playback

/// Play, as the built-in library app carries it out: what a search resolves to, the queue it plans
/// and the player's start (the other intents are in BuiltInMediaApp+Adding.swift).
extension BuiltInMediaApp {
    // MARK: Play

    nonisolated func resolvePlay(_ intent: PlayMediaIntent, user: String, device: String) async throws
        -> [ResolutionResult<MediaItem>]
    {
        let search = intent.mediaSearch
        if let type = search.mediaType, !type.isAudio { return [.unsupported(.unsupportedMediaType)] }
        if Self.isBare(search) { return [.notRequired] }
        // "The next unplayed episode (of X)", "play my podcasts": by what the person has heard.
        if search.sortOrder == .unplayed, search.mediaType == .podcastEpisode || search.mediaType == .podcastShow {
            return try await unplayedEpisodes(search, user: user, device: device)
        }
        // "Continue my audiobook": the one the user is in the middle of.
        if !search.hasName, intent.resumePlayback == true || search.reference == .my,
            let type = search.mediaType == .podcastShow ? .podcastEpisode : search.mediaType,
            UserLibrary.resumableTypes.contains(type),
            let unfinished = try readers.with({ try $0.library.lastUnfinished(type, user: user) })
        {
            return [.success(unfinished.item)]
        }
        // "Play my playlist", "play my station" without a name: one of the user's own, or which.
        if !search.hasName, search.reference == .my, let type = search.mediaType, type == .playlist || type.isLive {
            return try readers.with { try Self.ownChoice(type, reader: $0, user: user) }
        }
        // "More by this artist", "more like this" while a podcast or a book plays: spoken word has
        // no songs to follow it, and the reply says so rather than playing a stranger's music.
        if search.reference == .currentlyPlaying, let type = search.mediaType,
            type == .artist || type == .station || type == .musicStation,
            let playing = try await current(nil, device: device), ContentRules.isSpoken(playing.type)
        {
            return [.unsupported(.unsupportedMediaType)]
        }
        var found = try await find(search, user: user, device: device)
        guard let best = found.first else { return [.needsValue] }
        if search.lyrics != nil { return Self.byLyrics(found) }
        // The kind asked for is a constraint: "play my station" never plays a band called Metro
        // Station. When only another kind fits, it is offered, not played.
        if search.reference != .currentlyPlaying, let kind = search.mediaType, Self.constrainedKinds.contains(kind) {
            found = found.filter { Self.sameKind($0.item.type, kind) }
            guard !found.isEmpty else { return [.confirmationRequired(best.item)] }
        }
        // "The live version of Bohemian Rhapsody" where only the studio one is here: the version
        // said is not the one found, which is offered, not played as if it were.
        if let top = found.first, search.mediaIdentifier == nil, search.reference != .currentlyPlaying,
            let note = Self.versionNote(search.mediaName),
            Set(NameFolding.tokens(top.item.title)).isDisjoint(with: note)
        {
            return [.confirmationRequired(top.item)]
        }
        // A weak match is offered, not played: a wrong thing played confidently is worse than asking.
        if let top = found.first, search.hasName, search.mediaIdentifier == nil, search.reference != .currentlyPlaying,
            top.nameMatch < Self.confidentMatch, !Self.namesAgree(search, top.item)
        {
            return [.confirmationRequired(top.item)]
        }
        if let best = found.first, best.item.isExplicit, try readers.with({ try $0.setting("explicit", user: user) }) == "off" {
            return [.unsupported(.explicitContentSettings)]
        }
        return found.map { .success($0.item) }
    }

    /// What songs found by their words resolve to: the best when it is sure and no other song is as
    /// near ("Which one?" when another title matches as well), offered when only near.
    static func byLyrics(_ found: [ResolvedItem]) -> [ResolutionResult<MediaItem>] {
        guard let top = found.first else { return [.needsValue] }
        guard top.score >= Resolver.sureLyrics else { return [.confirmationRequired(top.item)] }
        // The same song in two versions (studio and live) is not a choice: the likelier plays.
        let title = NameFolding.key(NameFolding.core(top.item.title))
        let tied = found.dropFirst().filter {
            $0.score >= top.score - tiedLyrics && NameFolding.key(NameFolding.core($0.item.title)) != title
        }
        if !tied.isEmpty { return [.disambiguation([top.item] + tied.prefix(3).map(\.item))] }
        return [.success(top.item)]
    }

    /// How near two songs' lyric matches must be for neither to be taken.
    static let tiedLyrics = 0.02

    /// The words of the version a name was asked in, as the grammar writes it after the title
    /// ("Bohemian Rhapsody (Live)" → live); nil for a name with none.
    public static func versionNote(_ name: String?) -> Set<String>? {
        guard let name, name.hasSuffix(")"), let open = name.lastIndex(of: "("), open > name.startIndex else { return nil }
        let words = Set(NameFolding.tokens(String(name[name.index(after: open)..<name.index(before: name.endIndex)])))
        // "The original" is the recording with no note at all, which the resolver prefers.
        return words.isEmpty || words == [Resolver.originalNote] ? nil : words
    }

    /// A play request that names nothing: "play", "play music", "play my library".
    static func isBare(_ search: MediaSearch) -> Bool {
        var rest = search
        rest.reference = rest.reference == .my ? nil : rest.reference
        if rest.mediaType == .music || rest.mediaType == .song { rest.mediaType = nil }
        // "Anything but Queen" names nothing to find: a mix, without them.
        rest.excludedArtists = nil
        return rest.isEmpty
    }

    /// What a play request will queue, when that does not depend on the player.
    struct PlannedPlay: Sendable {
        var queue: [MediaItem]
        var outcome: PlayOutcome
    }

    /// Works out a play request's queue on a reader, before the player is touched (nil: the
    /// request resumes what is loaded or plays a mix, which the player decides). Outside the actor,
    /// so requests build their queues side by side.
    nonisolated func planPlay(_ intent: PlayMediaIntent, user: String) throws -> PlannedPlay? {
        try readers.with { reader in
            let queues = reader.queues
            let stationTypes: Set<MediaItemType> = [.station, .musicStation, .algorithmicRadioStation]
            let named = intent.mediaSearch.mediaType == .algorithmicRadioStation && intent.mediaSearch.hasName
            if intent.mediaSearch.reference == .currentlyPlaying || named, let type = intent.mediaSearch.mediaType,
                stationTypes.contains(type), let seed = intent.mediaItems.first,
                let stored = try reader.library.item(identifier: seed.identifier), !stored.item.type.isLive
            {
                // "More like this", "a station based on Miles Davis": songs like the seed, likeliest first.
                return PlannedPlay(
                    queue: try queues.station(from: stored, user: user, neighbours: try neighbours(of: user)),
                    outcome: .station(seed: seed.title))
            }
            // "Play my podcasts": the newest unplayed episode of each show, as resolved, in that order.
            if intent.mediaSearch.sortOrder == .unplayed, intent.mediaItems.count > 1 {
                return PlannedPlay(queue: intent.mediaItems, outcome: .item)
            }
            if let chosen = intent.mediaItems.first, let stored = try reader.library.item(identifier: chosen.identifier) {
                if Self.isBrowse(intent.mediaSearch), !stored.item.type.isLive {
                    // "Play some jazz": everything that fits, not only the first hit, shuffled.
                    let fitting = try reader.resolver.resolve(intent.mediaSearch, user: user, limit: 50).map(\.item)
                    return PlannedPlay(queue: fitting, outcome: .browse)
                }
                let queue =
                    intent.playbackQueueLocation == .now
                    ? try queues.queue(for: stored, user: user)
                    : try reader.library.playableItems(for: stored).map(\.item)
                return PlannedPlay(queue: queue, outcome: .item)
            }
            if intent.mediaSearch.reference == .my {
                let mine = try queues.myMusic(user: user)
                if mine.isEmpty {
                    return PlannedPlay(queue: try queues.mix(user: user), outcome: .mix(emptyLibrary: true))
                }
                return PlannedPlay(queue: mine, outcome: .myMusic)
            }
            return nil
        }
    }

    func handlePlay(_ intent: PlayMediaIntent, plan: PlannedPlay?, user: String, device: String) async throws
        -> IntentResponse
    {
        if let speed = intent.playbackSpeed {
            if speed < Self.speedRange.lowerBound { return IntentResponse(code: .failure, speedReason: .belowMinimum) }
            if speed > Self.speedRange.upperBound { return IntentResponse(code: .failure, speedReason: .aboveMaximum) }
        }
        let repeatMode = intent.playbackRepeatMode.map { mode -> RepeatMode in
            switch mode {
            case .none: return .off
            case .one:
                return intent.mediaItems.first.map { $0.type == .song || $0.type == .podcastEpisode } ?? true
                    ? .one : .all
            case .all: return .all
            }
        }
        var outcome: PlayOutcome
        var queue: [MediaItem]
        if let plan {
            queue = plan.queue
            outcome = plan.outcome
        } else {
            let machine = try await player(device)
            // "Anything but Queen" is no "play" that resumes what plays.
            if let current = machine.current, intent.playbackQueueLocation == .now, intent.mediaSearch.excludedArtists == nil {
                if machine.state != .playing { _ = try await command(.play, device: device) }
                return IntentResponse(code: .success, items: [current], handled: .played(.resumed))
            }
            queue = try queues.mix(user: user)
            outcome = .mix(emptyLibrary: false)
        }
        if let excluded = intent.mediaSearch.excludedArtists {
            queue = Self.leavingOut(excluded, from: queue)
        }
        guard let first = queue.first else {
            // Something was found, but it holds nothing to hear (an artist without songs, a
            // playlist of dislikes): nothing starts, and the reply says so.
            return IntentResponse(
                code: .failure, items: Array(intent.mediaItems.prefix(1)),
                handled: intent.mediaItems.isEmpty ? .notFound : .nothingToPlay)
        }
        let shuffledByKind = Self.shuffledByKind(outcome, search: intent.mediaSearch)
        let shuffled = intent.playShuffled ?? shuffledByKind
        // Shuffling a collection may start anywhere in it; a chosen song or episode plays first, and
        // so does the top of a genre's or mood's chart ("the most popular jazz track": Take Five,
        // then the genre's other songs shuffled).
        let chosenFirst = outcome == .item && intent.mediaItems.first?.type.isSingle == true
            || outcome == .browse && intent.mediaSearch.sortOrder.map(Self.chartOrders.contains) == true
        // Books and episodes start where this user left them; anything else when asked to resume.
        var resumeAt = intent.resumePlayback == true ? try await resumePosition(of: first, device: device) : 0
        // "From the beginning" (resumePlayback false) starts a book or an episode at its start.
        if resumeAt == 0, intent.resumePlayback != false, intent.playbackQueueLocation == .now,
            UserLibrary.resumableTypes.contains(first.type),
            let saved = try library.resumePosition(first, user: user)
        {
            resumeAt = saved
        }
        if resumeAt > 0, outcome == .item { outcome = .resumed }
        if intent.playbackQueueLocation == .now { try await keepPlace(device: device, user: user) }
        let played: MediaItem = try await withPlayer(device) { machine, now in
            var action = machine.play(
                queue, shuffled: shuffled, repeatMode: repeatMode,
                location: intent.playbackQueueLocation, startPosition: resumeAt,
                shuffleFirst: !chosenFirst,
                now: now)
            if intent.playbackQueueLocation == .now { machine.listener = user }
            if let speed = intent.playbackSpeed, intent.playbackQueueLocation == .now {
                _ = machine.handle(.changeRate(speed), now: now)
                if case .load = action {} else { action = .setRate(speed) }
            }
            return (intent.playbackQueueLocation == .now ? machine.current ?? first : first, action)
        }
        if intent.playbackQueueLocation == .now { try library.recordPlay(played, user: user, at: clock.now()) }
        var items = intent.mediaItems
        // What plays first leads the items (the reply names it), unless it is what was asked for.
        var station = false
        if case .station = outcome { station = true }
        if items.isEmpty || shuffledByKind || station { items = [played] + items.filter { $0 != played } }
        return IntentResponse(code: .success, items: Array(items.prefix(5)), handled: .played(outcome))
    }

    /// `queue` without the songs credited to one of `artists` (as the catalog writes them).
    static func leavingOut(_ artists: [String], from queue: [MediaItem]) -> [MediaItem] {
        let keys = artists.map(NameFolding.key).filter { !$0.isEmpty }
        return queue.filter { item in
            let credit = NameFolding.key(item.artist ?? "")
            return !keys.contains { NameFolding.holds(credit, name: $0) }
        }
    }

    /// Genre, mood, decade or order without a name.
    static func isBrowse(_ search: MediaSearch) -> Bool {
        // "The next unplayed episode" is chosen by what the person heard, not browsed.
        !search.hasName && search.reference == nil && search.sortOrder != .unplayed
            && (search.genreNames != nil || search.moodNames != nil || search.releaseDate != nil
                || search.sortOrder != nil)
    }

    /// Saves the place in the book or episode loaded on `device` before something replaces or pauses it.
    public func keepPlace(device: String, user: String) async throws {
        let machine = try await player(device)
        guard let current = machine.current else { return }
        try library.saveResumePosition(
            current, position: machine.position(at: clock.now()), user: user, at: clock.now())
    }

    /// Where the user left an item, when it is the one loaded on this device.
    private func resumePosition(of item: MediaItem, device: String) async throws -> Double {
        let machine = try await player(device)
        return machine.current == item ? machine.position(at: clock.now()) : 0
    }
}

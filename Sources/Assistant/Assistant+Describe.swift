import MediaIntents
import Understanding

/// Saying what a request asked for and what was found, in the request's language: "80s rock
/// music", «рок 80-х», "a playlist called Holiday", "Angel by Shaggy or Angel by Aerosmith".
extension Assistant {
    /// The outcome with what it was understood as, in its language (`understood.<intent>` and
    /// what the search names).
    func described(_ outcome: Outcome) -> Outcome {
        let understood = outcome.understood
        guard understood.intent != .none, replies.has("understood.\(understood.intent.rawValue)") else { return outcome }
        let language = outcome.language.isEmpty ? "en" : outcome.language
        // "Play next" and "Play later" where the language names them.
        let place = understood.params?.playbackQueueLocation.map { "understood.\(understood.intent.rawValue).\($0.rawValue)" }
        let key = place.flatMap { replies.has($0, language: language) ? $0 : nil } ?? "understood.\(understood.intent.rawValue)"
        var parts = [replies.say(key, language: language)]
        if let search = understood.search, !search.isEmpty {
            // An item asked for by identifier (a tap) is named as found: the album, not its first song
            // playing; the song put next, not the one still playing.
            let asked = search.mediaIdentifier.flatMap { identifier in
                outcome.items.first { $0.identifier == identifier } ?? outcome.items.first ?? outcome.nowPlaying?.item
            }
            if let item = asked {
                parts.append(spokenList([item], language: language))
            } else {
                parts.append(describe(search, language: language))
            }
        }
        if let place = [understood.params?.area, understood.params?.device].compactMap({ $0 }).first { parts.append(place) }
        var described = outcome
        described.understoodText = parts.filter { !$0.isEmpty }.joined(separator: " · ")
        return described
    }

    /// "I couldn't find the playlist Holiday." when a kind was asked for, else "I couldn't find X."
    func notFoundReply(_ search: MediaSearch, language: String) -> String {
        // Words of a song are never read back as if they were its name.
        if search.lyrics != nil { return replies.say("fail.notFound.lyrics", language: language) }
        // "The episode about …": what it is about, said back as said (of the show, when one was named).
        if let about = search.about {
            let show = search.mediaName ?? search.artistName
            return replies.say(
                show == nil ? "fail.notFound.about" : "fail.notFound.aboutInShow", ["about": about, "show": show ?? ""],
                language: language)
        }
        // "that episode of Serial" only when the name is the show's (an episode by number or order).
        let namesShow = search.episodeNumber != nil || search.sortOrder != nil
        // The kind's own sentence names a work by its name (an artist's album is not "the album 星野源").
        if let type = search.mediaType,
            let name = search.mediaName ?? search.albumName ?? (type == .artist ? search.artistName : nil),
            type != .podcastEpisode || namesShow, replies.has("fail.notFound.\(type.rawValue)")
        {
            return replies.say("fail.notFound.\(type.rawValue)", ["title": name], language: language)
        }
        return replies.say("fail.notFound", ["query": describe(search, language: language)], language: language)
    }

    /// "Angel by Shaggy, Angel by Sarah McLachlan or Angel by Aerosmith".
    func spokenList(_ items: [MediaItem], language: String) -> String {
        let names = items.map { item in
            let values = replies.values(for: item, language: language)
            return item.artist == nil
                ? values["title"] ?? item.title : replies.say("item.byArtist", values, language: language)
        }
        return joined(names, language: language)
    }

    /// Names as the language lists them: "a, b or c" (`list.or`), "a, b and c" (`last: "list.and"`),
    /// or commas only (`last: "list.comma"`).
    func joined(_ names: [String], last: String = "list.or", language: String) -> String {
        guard names.count > 1, let final = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: replies.say("list.comma", language: language))
            + replies.say(last, language: language) + final
    }

    /// What a search asked for, in words: "Skyfall by Adele", "sad acoustic music", "80s rock music".
    func describe(_ search: MediaSearch, language: String = "en") -> String {
        // A name as a sentence quotes it (Russian puts «» around a title, and not around a description).
        // "The original X" is searched as "X (Original)" and said as the name alone.
        if let said = search.mediaName ?? search.albumName {
            let name = said.hasSuffix(" (Original)") ? String(said.dropLast(" (Original)".count)) : said
            guard let artist = search.artistName else { return replies.say("what.name", ["name": name], language: language) }
            return replies.say("what.byArtist", ["title": name, "artist": artist], language: language)
        }
        if let artist = search.artistName { return replies.say("musicBy", ["artist": artist], language: language) }
        // "Play the top podcast": a chart of a kind that is not music, in that kind's own words.
        if search.sortOrder == .popular, let kind = search.mediaType, replies.has("what.top.\(kind.rawValue)", language: language),
            search.genreNames == nil, search.moodNames == nil, search.releaseDate == nil
        {
            return replies.say("what.top.\(kind.rawValue)", language: language)
        }
        let joiner = replies.say("tags.joiner", language: language)
        let sort = search.sortOrder.map { replies.say("sort.\($0.rawValue)", language: language) }
        // The eighties are "80s", the two-thousands "2000s", not "0s".
        let decade = search.releaseDate.flatMap { range in
            range.end - range.start == 9
                ? replies.say("decade", ["decade": String(range.start >= 2000 ? range.start : range.start % 100)], language: language)
                : nil
        }
        // A mood said after the kind in the language's own words ("mood.after.sleep": «для сна», so
        // «музыку для сна»), else before it as the grammar's first phrase for it.
        let saidAfter = (search.moodNames ?? []).filter { replies.has("mood.after.\($0)", language: language) }
        let moods = (search.moodNames ?? []).filter { !saidAfter.contains($0) }
            .map { understander.spokenName($0, list: "mood", language: language) ?? $0 }
        let after = saidAfter.map { replies.say("mood.after.\($0)", language: language) }
        // A genre as a reply names it: its own word where the language has one for that place
        // («в жанре акустика»), else the grammar's first phrase for it.
        let genres = (search.genreNames ?? []).map {
            replies.has("genre.\($0)", language: language)
                ? replies.say("genre.\($0)", language: language)
                : understander.spokenName($0, list: "genre", language: language) ?? $0
        }
        let spokenGenres = (search.genreNames ?? []).map {
            understander.spokenName($0, list: "genre", language: language) ?? $0
        }
        let kind = replies.say(search.mediaType == .album ? "albums" : "music", language: language)
        // A language may place the parts its own way (Russian: «рок 80-х», «грустную музыку в жанре
        // акустика»; French: «musique rock triste des années 80»); an empty template means the
        // common order, every tag before the kind.
        let genresOnly = replies.say("what.genresOnly", language: language)
        let layout = replies.say("what.layout", language: language)
        let layoutWithGenres = replies.say("what.layoutWithGenres", language: language)  // "" where unused
        let parts = [
            "sort": sort ?? "", "moods": moods.joined(separator: joiner), "decade": decade ?? "", "kind": kind,
            "after": after.joined(separator: joiner),
            "genres": genres.joined(separator: joiner),
            "tags": ([sort].compactMap { $0 } + moods + spokenGenres).joined(separator: joiner),
        ]
        var text: String
        if !genres.isEmpty, sort == nil, moods.isEmpty, !genresOnly.isEmpty {
            text = ReplyComposer.fill(genresOnly, parts.merging(["genres": spokenGenres.joined(separator: joiner)]) { $1 })
        } else if !genres.isEmpty, !layoutWithGenres.isEmpty {
            text = ReplyComposer.fill(layoutWithGenres, parts)
        } else if !layout.isEmpty {
            text = ReplyComposer.fill(layout, parts)
        } else {
            let tags = [sort].compactMap { $0 } + [decade].compactMap { $0 } + moods + spokenGenres
            text =
                tags.isEmpty
                ? kind
                : replies.say(
                    "what.tagged", ["tags": tags.joined(separator: joiner), "kind": kind], language: language)
        }
        if let range = search.releaseDate, range.start == range.end {
            text = replies.say("what.year", ["text": text, "year": String(range.start)], language: language)
        }
        return text.split(separator: " ").joined(separator: " ")
    }
}

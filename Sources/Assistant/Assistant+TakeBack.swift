import MediaIntents
import Understanding

/// A request that takes back what it said first ("play Hello by Lionel Richie, no wait, Adele",
/// «включи Туман…, не, стоп, лучше Хочешь Земфиры», "放晴天，不对，放七里香"): the part after the taking
/// back alone when it is a request, a title that replaces the one said, or the first part played
/// and the rest read as a correction of it.
extension Assistant {
    /// `before` with the title it plays replaced by `after`, when `after` is the very title of
    /// something in the catalog that is not an artist (an artist said after "no wait" corrects who).
    private func withTitleReplaced(_ before: String, by after: String, language: String, context: RequestContext)
        async -> String?
    {
        let key = NameFolding.key(after)
        guard !key.isEmpty,
            let said = await readings(before, language: language, context: context, tiers: tiers).first?
                .understood.search?.mediaName,
            before.contains(said), NameFolding.key(said) != key
        else { return nil }
        let found = (try? await builtInApp.items(for: MediaSearch(mediaName: after), user: context.user, limit: 5)) ?? []
        guard found.contains(where: { $0.type != .artist && NameFolding.isTitle($0.title, key: key) }) else { return nil }
        let replaced = before.replacingOccurrences(of: said, with: after)
        guard case .sure = await sureness(of: replaced, language: language, context: context) else { return nil }
        return replaced
    }

    /// "Play Mad World, the Tears for Fears version": the title said first by the artist the part
    /// after names, played, or said as not found when that artist (one the catalog knows) has no
    /// song holding every word of it; nil when the parts are no such pair, or when one of theirs
    /// holds the words ("play Sun, no, the Beatles one": Here Comes the Sun), left to the
    /// correction. The version by another is never played in its place.
    private func missingByArtist(_ before: String, correctedBy after: String, language: String, context: RequestContext)
        async -> Outcome?
    {
        guard let correction = understander.correction(after, language: language), let artist = correction.artist,
            correction.version == nil, correction.kind == nil, correction.name == nil,
            case .sure(let understood) = await sureness(of: before, language: language, context: context),
            understood.intent == .playMedia, var search = understood.search, let title = search.mediaName,
            search.artistName == nil
        else { return nil }
        // "Put on some Miles Davis, no, hold on, John Coltrane": a name before that is an artist's is
        // replaced, not looked for by the other.
        if let named = try? await builtInApp.firstNamed([title], type: .artist, user: context.user), named.1.type == .artist {
            return nil
        }
        let songs = (try? await builtInApp.items(for: MediaSearch(mediaType: .song, artistName: artist), user: context.user, limit: 50)) ?? []
        let said = Self.titleWords(title)
        guard !songs.isEmpty, !said.isEmpty,
            !songs.contains(where: { said.isSubset(of: Self.titleWords($0.title)) })
        else { return nil }
        search.artistName = artist
        var meant = understood
        meant.search = search
        return await perform(meant, context: context, language: language)
    }

    /// "Play Hello by Adele, no wait, by Lionel Richie": the part after the taking back alone when
    /// it is a whole request; otherwise what came before, then the rest as a correction of it.
    func answerTakenBack(
        _ clauses: [Clause], from last: Int, text: String, context: RequestContext, askedOn: String, user: String
    ) async -> Outcome? {
        let language = understander.language(asked: context.language, text: clauses.map(\.text).joined(separator: " "))
        let after = clauses[last...].map(\.text).joined(separator: ", ")
        try? await builtInApp.setPendingQuestion(nil, user: user, device: askedOn)
        if understander.correction(after, language: language) == nil
            ? await sureness(of: after, language: language, context: context).isSure
            : await readsMoreThanAVersion(after, language: language, context: context)
        {
            return await answer(after, context: context)
        }
        // «Включи Туман…, не, стоп, лучше Хочешь Земфиры»: the part after, with the first part's verb
        // (not a correction such as 「ライブ版で」 or "要Gary Jules唱的", read below against the play).
        if understander.correction(after, language: language) == nil,
            let bare = understander.withoutPlayVerb(after, language: language),
            let lent = understander.withPlayVerb(of: clauses[0].text, on: bare, language: language),
            case .sure(let understood) = await sureness(of: lent, language: language, context: context),
            understood.intent == .playMedia
        {
            return await answer(lent, context: context)
        }
        // What came before, less the parts after the play that say nothing it can use («Hello
        // Adele, oh», 「…かけて、あ、ビートルズじゃなくて」: an interjection, the name taken back).
        // A part that corrects ("not the Nine Inch Nails one") says what is not meant: it is left
        // out of the play and said after it with the rest.
        let kept = clauses[..<last].filter {
            understander.correction($0.text, language: language) == nil
                && !understander.saysWhatIsNotMeant($0.text, language: language)
                && !understander.isDeniedAfter($0.text, in: text, language: language)
        }
        var end = kept.count
        while end > 1, await !playsAName(kept.prefix(end).map(\.text).joined(separator: " "), language: language, context: context) {
            end -= 1
        }
        let before = kept.prefix(end).map(\.text).joined(separator: " ")
        // "Put on Come as You Are, no wait, I mean Come Together": a title said alone after the
        // taking back replaces the one said before it.
        let title = understander.withoutPlayVerb(after, language: language) ?? after
        if let replaced = await withTitleReplaced(before, by: title, language: language, context: context) {
            return await answer(replaced, context: context)
        }
        if let missing = await missingByArtist(before, correctedBy: after, language: language, context: context) {
            return missing
        }
        let first = await answer(before, context: context)
        guard first.code == .success, first.nowPlaying?.item != nil else {
            try? await builtInApp.setPendingQuestion(nil, user: user, device: askedOn)
            // "Play Hurt by Nine Inch Nails, no wait, the Johnny Cash one" where the catalog has no
            // Hurt by Nine Inch Nails: the title by the artist meant.
            if let artist = understander.correction(after, language: language)?.artist, first.understood.intent == .playMedia,
                var search = first.understood.search, search.mediaName != nil
            {
                search.artistName = artist
                var meant = first.understood
                meant.search = search
                let played = await perform(meant, context: context, language: language)
                if played.code == .success { return played }
            }
            return nil
        }
        // "Play Queen, no wait, Adele", «включи Кино, нет, Земфиру»: an artist played for the name said
        // first, and only another name said after: that name, with the first part's verb.
        if first.items.first?.type == .artist, first.understood.search?.mediaName == nil,
            understander.correction(after, language: language) == nil,
            let lent = understander.withPlayVerb(of: clauses[0].text, on: after, language: language),
            case .sure(let understood) = await sureness(of: lent, language: language, context: context),
            understood.intent == .playMedia
        {
            let instead = await answer(lent, context: context)
            if instead.code == .success { return instead }
        }
        // "Play Hurt, not the Nine Inch Nails one, the Johnny Cash one": what played is already the
        // one meant.
        if let artist = understander.correction(after, language: language)?.artist,
            let playing = first.nowPlaying?.item, let credit = playing.artist,
            await agrees(said: artist, credit: credit, aliases: playing.artistAliases, user: user)
        {
            return first
        }
        // Read against what just played as a correction said next ("no, the Aerosmith version"), else
        // as the artist meant ("the Beatles").
        let lead = understander.correctionLead(language: language) ?? ""
        let corrected = await answer(lead.isEmpty ? after : "\(lead), \(after)", context: context)
        if corrected.code == .success { return corrected }
        let last = clauses[clauses.count - 1].text
        guard let byArtist = understander.correctionByArtist(last, language: language) else { return first }
        try? await builtInApp.setPendingQuestion(nil, user: user, device: askedOn)
        // The correction is kept again for the second try: the first one used it up.
        let again = await answer(before, context: context)
        guard again.code == .success else { return first }
        let byName = await answer(byArtist, context: context)
        return byName.code == .success ? byName : again
    }
}

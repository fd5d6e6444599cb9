import Apps
import MediaIntents
import Understanding

/// A play whose reading found nothing to play, while the request still names something whole:
/// "put on some Queen would ya" (read as a name "Queen would ya"), "can I get Kind of Blue, the
/// whole album, from the top", 「もう寝るからドビュッシーの月の光かけてよ」, «мама просит Пугачёву,
/// включи, пожалуйста, «Миллион алых роз»». What the sentence asks (a play, of a kind, an episode,
/// an order) is kept from the reading; what it names is the longest stretch of its words that is
/// exactly a catalog name, with an artist named elsewhere in it. Every word the reading took for a
/// name is then inside a stretch found or is one of the grammar's own words ("would ya", "right
/// now"): a name the catalog lacks ("zxqv blorp by nobody") is never swapped for a word of it.
extension Assistant {
    /// The outcome of playing what stretches of `text` name, when `whole` is a play that found
    /// nothing, or played a name that a longer stretch holding it names whole ("i'd really love to
    /// hear here comes the sun right now" read as "the sun"); nil otherwise.
    func playNamedInside(_ text: String, whole: Outcome, context: RequestContext) async -> Outcome? {
        guard context.home == nil, whole.playerUnreachable != true, whole.storageUnavailable == nil else { return nil }
        var whole = whole
        // Not understood as a whole, but one of its parts is a bare "play" («…, включи, пожалуйста, …»).
        if whole.understood.intent == .none, await saysPlayApart(text, language: whole.language, context: context) {
            whole.understood = Understood(intent: .playMedia)
        }
        guard whole.understood.intent == .playMedia else { return nil }
        let search = whole.understood.search ?? MediaSearch()
        guard search.reference == nil else { return nil }
        // "The live version of Bohemian Rhapsody", which the catalog lacks: the title inside is not
        // that version, and it was offered as such.
        guard BuiltInMediaApp.versionNote(search.mediaName) == nil else { return nil }
        let read = search.artistName == nil ? search.mediaName ?? search.albumName : nil
        let cutShort = whole.code == .success && read != nil
        guard whole.code != .success || cutShort else { return nil }
        var stretches = understander.nameSpans(text, language: whole.language)
        if cutShort, let read = read?.lowercased() {
            stretches.removeAll { $0.text.count <= read.count || !$0.text.lowercased().contains(read) }
        }
        let user = context.user
        guard var (found, named) = await namedWhole(in: stretches, reading: search, language: whole.language, user: user)
        else { return nil }
        switch understander.askedOfName(text, names: named, language: whole.language) {
        case .question: return nil
        case .moreLikeIt: found.mediaType = .algorithmicRadioStation
        case nil: break
        }
        var understood = whole.understood
        understood.search = found
        var before = whole
        (before.items, before.code, before.reply, before.reason) = ([], .failure, "", nil)
        let askedOn = context.device ?? "default"
        // The failure's offer or question gives way to what is played; it stands again if nothing is.
        let question = try? await builtInApp.pendingQuestion(user: user, device: askedOn)
        try? await builtInApp.setPendingQuestion(nil, user: user, device: askedOn)
        let played = await RequestMemo.$current.withValue(RequestMemo()) {
            await act(on: understood, context: context, askedOn: askedOn, outcome: before)
        }
        guard played.code == .success, !played.items.isEmpty else {
            try? await builtInApp.setPendingQuestion(question ?? nil, user: user, device: askedOn)
            return nil
        }
        return played
    }

    /// What `stretches` of a request name whole, as a search that keeps the rest of `reading` (its
    /// kind, episode, order): the longest stretch that is a catalog name, with an artist (or, for an
    /// artist, a title) named apart in another; and the stretches used. Nil when none names anything,
    /// when a word `reading` took for a name is neither in a stretch used nor one of the grammar's
    /// own words, or when the reading read no name and only one word was found.
    func namedWhole(in stretches: [NameSpan], reading search: MediaSearch, language: String, user: String) async
        -> (search: MediaSearch, named: [NameSpan])?
    {
        guard !stretches.isEmpty,
            let (index, item) = try? await builtInApp.firstNamed(stretches.map(\.text), type: search.mediaType, user: user)
        else { return nil }
        // One word ("dreams", "hello") or two characters said among others may be a stray word that
        // happens to be a title: alone it stands for an artist only; a title that short plays only
        // beside its artist, said apart.
        // (A name said in quotes, «Миллион алых роз», is one word of the request but not one word.)
        let stretch = stretches[index].text
        let short = (stretches[index].words.count == 1 && !stretch.contains(" ")) || stretch.count <= 2
        guard item.type == .artist || !short else { return nil }
        var named = [stretches[index]]
        var found = search
        (found.mediaName, found.artistName, found.albumName) = (stretches[index].text, nil, nil)
        found.genreNames = nil
        found.moodNames = nil
        // A title and its artist said apart (「ドビュッシーの月の光」, "周杰伦的那首晴天"): the longer
        // of the two is found first, and the other is looked for beside it.
        let others = stretches.filter { !$0.overlaps(stretches[index]) }
        if item.type == .artist, search.mediaType == nil || search.mediaType == .music,
            let (title, _) = try? await builtInApp.firstNamed(
                others.map(\.text), type: nil, besidesArtists: true, user: user)
        {
            found.artistName = stretches[index].text
            found.mediaName = others[title].text
            named.append(others[title])
        } else if item.type != .artist,
            let (artist, _) = try? await builtInApp.firstNamed(others.map(\.text), type: .artist, user: user)
        {
            found.artistName = others[artist].text
            named.append(others[artist])
        }
        // What the reading took for names and no stretch holds is only the grammar's own words.
        let readNames = [search.mediaName, search.artistName, search.albumName].compactMap { $0 }
        // Word by word where words are spaced: the reading may have cut across a stretch ("sun right"
        // of "here comes the sun right now": "sun" is in the stretch, "right" the grammar's).
        let namedWords = Set(named.flatMap { NameFolding.key($0.text).split(separator: " ").map(String.init) })
        let left = readNames.map { name in
            if named.contains(where: { $0.text.localizedCaseInsensitiveContains(name) }) { return "" }
            let rest = named.reduce(name) { $0.replacingOccurrences(of: $1.text, with: " ", options: .caseInsensitive) }
            guard name.contains(" ") else { return rest }
            let outside = NameFolding.key(name).split(separator: " ").map(String.init).filter { !namedWords.contains($0) }
            return outside.count < NameFolding.key(rest).split(separator: " ").count ? outside.joined(separator: " ") : rest
        }
        // A title and its artist both found whole, and a name read around one of them («мама просит
        // Пугачёву, включи «Миллион алых роз»», read as the artist or as the title): the rest of that
        // name is talk.
        let bothNamed = found.artistName != nil && found.mediaName != nil
        let isTalkAround = { (name: String) in
            bothNamed && named.contains {
                $0.text.caseInsensitiveCompare(name) != .orderedSame && name.localizedCaseInsensitiveContains($0.text)
            }
        }
        guard left.enumerated().allSatisfy({ index, rest in
            isTalkAround(readNames[index]) || understander.isOnlyGrammarWords(rest, language: language)
        }) else { return nil }
        // When the reading found no name at all, one word alone ("because") is too little to go on.
        guard !readNames.isEmpty || named.contains(where: { $0.words.count >= 2 || $0.text.contains(" ") }) else { return nil }
        return (found, named)
    }

    /// Whether a part of `text` (cut at its marks and joining words) is a play that names nothing.
    private func saysPlayApart(_ text: String, language: String, context: RequestContext) async -> Bool {
        let clauses = understander.clauses(text, language: language)
        guard clauses.count >= 2 else { return false }
        for clause in clauses {
            if case .sure(let understood) = await sureness(of: clause.text, language: language, context: context),
                Self.isBarePlay(understood)
            {
                return true
            }
        }
        return false
    }
}

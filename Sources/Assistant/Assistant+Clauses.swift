import Foundation
import MediaIntents
import Understanding

/// A request said in several parts, read part by part when the whole could not be carried out:
/// "play Michael Jackson and turn it up a bit" does both; "something romantic please, it's date
/// night" plays and lets the rest go; "play Come Together by the Beatles, no sorry, the Aerosmith
/// version" plays what the last part settles on. Parts are taken only when each is either read for
/// certain (by the grammar) or is plainly not a request at all; anything less sure keeps the
/// whole request's answer.
extension Assistant {
    /// Kinds that are a station made from a seed, not the seed itself.
    static let seededStations: Set<MediaItemType> = [.station, .algorithmicRadioStation, .musicStation]

    /// At most this many parts are carried out from one request.
    static let partsCarriedOut = 3

    /// Before the whole is tried: a part that takes back what came before, or parts each read in
    /// full where the whole was read only by passing words over ("米津玄師かけて、それから音量上げて").
    func answerInPartsFirst(_ text: String, context said: RequestContext) async -> Outcome? {
        let language = understander.language(asked: said.language, text: text)
        let clauses = understander.clauses(text, language: language)
        guard clauses.count >= 2, said.home == nil else { return nil }
        let (_, context, _) = homeSession(said, language: language)
        let askedOn = context.device ?? "default"
        // An answer to a question, or a correction of what just played, is read whole.
        // A new play said first, with its correction after it («カムトゥゲザーかけて、エアロスミスのやつね»),
        // is a request of its own.
        if let pending = await storedQuestion(user: context.user, device: askedOn), pending.named != true,
            pending.correcting != true || understander.correction(text, language: language) != nil
        {
            guard pending.correcting == true else { return nil }
            if await !playsAName(clauses[0].text, language: language, context: context) { return nil }
            // 「アデルじゃなくてライオネル・リッチーの」: the first part names what is not meant, so the
            // whole corrects what plays.
            if understander.deniesFirstPart(clauses, in: text, language: language) { return nil }
        }
        // Parts after the first that say only what is not meant ("…, not Heart's", "Not the Adele one").
        let denied = clauses.indices.dropFirst().filter { understander.saysWhatIsNotMeant(clauses[$0].text, language: language) }
        if !denied.isEmpty, !clauses.contains(where: \.takesBack),
            await playsAName(clauses[0].text, language: language, context: context)
        {
            let kept = clauses.indices.filter { !denied.contains($0) }.map { clauses[$0] }
            if kept.count == 1 {
                return await playNotMeaning(denied.map { clauses[$0].text }, play: kept[0].text, language: language, context: said)
            }
            // "Stairway to Heaven, the Led Zeppelin one, not Heart's": the part that says which is enough.
            // After "not X" a part needs no "no" of its own («только не Queen, а Three Dog Night»).
            let lead = understander.correctionLead(language: language).map { $0 + ", " } ?? ""
            if kept.dropFirst().contains(where: { understander.correction(lead + $0.text, language: language) != nil }) {
                // The request as said, less the parts that deny (their marks stay and cut nothing).
                let rest = denied.reduce(text) { $0.replacingOccurrences(of: clauses[$1].text, with: "") }
                let answered = await answerWholeOrInParts(rest, context: said)
                if answered.code == .success {
                    if await !playsWhatIsDenied(answered, denied: denied.map { clauses[$0].text }, user: context.user) {
                        return answered
                    }
                    // «включи Hello, только не Адель, а Лайонела Ричи»: what played is the one denied, so
                    // the part that says which corrects it, as "no, …" said after it would.
                    if kept.count == 2 {
                        let corrected = await answer(lead + kept[1].text, context: said)
                        if corrected.code == .success { return corrected }
                    }
                }
            }
        }
        // "Play No Limit by Usher": a "no" right after a bare "play" takes nothing back; it opens a name.
        if let last = clauses.lastIndex(where: \.takesBack), last > 0,
            !understander.isOnlyPlayVerb(clauses[..<last].map(\.text).joined(separator: " "), language: language)
        {
            return await answerTakenBack(
                clauses, from: last, text: text, context: said, askedOn: askedOn, user: context.user)
        }
        // "Tears in Heaven, only the live version", «альбом Tracy Chapman, именно альбом»: a last
        // part that only says which version or kind corrects the play before it.
        if let last = clauses.last, !last.joined, understander.correction(last.text, language: language) != nil,
            await !readsMoreThanAVersion(last.text, language: language, context: context),
            await playsAName(clauses.dropLast().map(\.text).joined(separator: " "), language: language, context: context)
        {
            return await answerTakenBack(
                clauses, from: clauses.count - 1, text: text, context: said, askedOn: askedOn, user: context.user)
        }
        let whole = await readings(text, language: language, context: context, tiers: tiers)
        // A grammar reading whose name runs across a part's mark read the parts' words as a name.
        let acrossParts = Clause.nameRunsAcrossParts(whole.first?.understood.search)
        guard let best = whole.first, best.tier != .grammar || acrossParts else { return nil }
        // A chart or a station read by its cues took every word, the marks too («寝る前に聴く曲で、
        // いちばん人気あるやつ»: the top sleep song; "who sounds like Bon Iver? just play a few of
        // those": a station from Bon Iver); no word was passed over.
        // A name found only in a later part is no name of the chart's («…самый популярный? давай его»).
        if best.tier == .tolerant, let search = best.understood.search,
            search.sortOrder != nil && search.mediaName == nil || search.mediaType == .algorithmicRadioStation && search.hasName
                || search.mediaType == .station && search.reference == .currentlyPlaying,
            (search.artistName ?? search.albumName ?? search.mediaName).map({ clauses[0].text.localizedCaseInsensitiveContains($0) }) ?? true
        {
            return nil
        }
        // Read whole only by the model ("ooh, this is good. more like this?" as "is it liked?"): one
        // part read for certain, beside parts that are no request, is surer.
        return await answerInParts(clauses, text: text, language: language, context: said, atLeast: best.tier == .model ? 1 : 2)
    }

    /// After the whole could not be carried out.
    func answerInParts(_ text: String, whole: Outcome, context said: RequestContext) async -> Outcome? {
        guard whole.code != .success, whole.storageUnavailable == nil, said.home == nil else { return nil }
        // «В гостиной сделай погромче»: a request about a room that is not set up was answered so;
        // its parts would drop the room and act here without a word about it.
        if whole.understood.params?.area != nil || whole.understood.params?.device != nil { return nil }
        let clauses = understander.clauses(text, language: whole.language)
        // «поставь Земфиру, песню Искала»: a title and its artist read for certain, each within a
        // part, were looked for and are not there; playing the artist alone would answer another
        // request. ("Play Skyfall by Adele and turn it up a bit" read its artist across the parts.)
        if let read = whole.interpretations.first, read.tier == .grammar, let search = read.understood.search,
            let title = search.mediaName, let artist = search.artistName,
            [title, artist].allSatisfy({ name in clauses.contains { $0.text.localizedCaseInsensitiveContains(name) } })
        {
            return nil
        }
        // "Like, I like this": once the fillers said as parts are set aside, one request is left.
        if clauses.count == 1, clauses[0].text != text {
            let alone = await answer(clauses[0].text, context: said)
            return alone.code == .success ? alone : nil
        }
        guard clauses.count >= 2 else { return nil }
        return await answerInParts(clauses, text: text, language: whole.language, context: said, atLeast: 1, afterWhole: true)
    }

    /// The parts carried out in order, when each is read for certain or is plainly no request, and
    /// at least `atLeast` are requests.
    /// - Parameter afterWhole: the whole was looked for and not found, so a part that is no request
    ///   beside "and" is no half of a name that was there ("it's raining and I want something mellow").
    private func answerInParts(
        _ clauses: [Clause], text: String, language: String, context said: RequestContext, atLeast: Int,
        afterWhole: Bool = false
    ) async -> Outcome? {
        let (_, context, _) = homeSession(said, language: language)
        let askedOn = context.device ?? "default"
        // Right after a play the request may correct it: then every part must be a request.
        let correcting = await pendingCorrection(user: context.user, device: askedOn)
        // «а «Алису в Стране чудес» кто написал? ну, аудиокнигу»: after a question, a part that only
        // says the kind of what it named is said of the question, which names it already.
        let saidParts = clauses.count
        var clauses = clauses
        if clauses.count == 2, case .sure(let first) = await sureness(of: clauses[0].text, language: language, context: context),
            Self.asks(first), first.search?.hasName == true,
            let second = await readings(clauses[1].text, language: language, context: context, tiers: tiers).first?.understood,
            second.intent == .playMedia, second.params == nil, let kind = second.search?.mediaType,
            second.search == MediaSearch(mediaType: kind)
        {
            clauses.removeLast()
        }
        // A part that corrects ("другую", "the live one") makes the whole a correction, read whole;
        // after another part it says what that part meant ("a station from Rumours, the album").
        if clauses.dropFirst(correcting ? 0 : 1).contains(where: {
            understander.correction($0.text, language: language) != nil
        }) {
            return nil
        }
        var requests: [(text: String, understood: Understood, queued: Bool)] = []
        var skipped = 0
        for (index, clause) in clauses.enumerated() {
            if skipped > 0 {
                skipped -= 1
                continue
            }
            // "Something chill because I need to focus": the reason is let go.
            if clause.givesReason { continue }
            var clause = clause
            var sure = await sureness(of: clause.text, language: language, context: context)
            // "Queen, shuffled": a part that is no request alone may be one with the part after it.
            if case .unsure = sure, index + 1 < clauses.count, !clauses[index + 1].joined {
                let both = clause.text + ", " + clauses[index + 1].text
                let read = await sureness(of: both, language: language, context: context)
                if read.isSure {
                    clause.text = both
                    sure = read
                    skipped = 1
                }
            }
            // "Play Billie Eilish and then some Khalid": a part after "then" plays next, said with the
            // verb of the play before it when it has none of its own.
            let playBefore = requests.last.flatMap { $0.understood.intent == .playMedia ? $0.text : nil }
            if clause.queued, let playBefore, !sure.isSure,
                let lent = understander.withPlayVerb(of: playBefore, on: clause.text, language: language)
            {
                let read = await sureness(of: lent, language: language, context: context)
                if read.isSure {
                    clause.text = lent
                    sure = read
                }
            }
            // "Is there an Aerosmith version of Come Together? Play that one": a play that names
            // nothing, right after a question, plays what the answer named.
            var readBare = false
            if case .sure(let understood) = sure { readBare = Self.isBarePlay(understood) }
            if !sure.isSure || readBare, let last = requests.last, Self.asks(last.understood),
                await readsAsBarePlay(clause.text, language: language, context: context)
                    || understander.answer(clause.text, choices: 1, language: language) == .pick(0)
            {
                sure = .sure(Understood(intent: .playMedia))
            }
            switch sure {
            case .sure(let understood):
                // The same request twice ("これ好き、いいねしといて") is done once; "continue" after a play is that play.
                if requests.contains(where: { Self.sameRequest($0.understood, understood) }) { continue }
                if understood.intent == .resume, requests.contains(where: { $0.understood.intent == .playMedia }) { continue }
                let queued = clause.queued && playBefore != nil && understood.intent == .playMedia
                requests.append((clause.text, understood, queued))
            case .notARequest:
                // A part cut off by a joining word may be half a name ("Король | и | Шут").
                let joinedToNext = index + 1 < clauses.count && clauses[index + 1].joined
                if clause.joined || joinedToNext, !afterWhole || clause.text.split(separator: " ").count < 2 { return nil }
            case .unsure:
                // "Who sings this? Tears for Fears, right?": a name said after a question is the
                // person's guess, which the answer settles.
                if let last = requests.last, Self.asks(last.understood), await namesSomething(clause.text, user: context.user) {
                    // Its "right?", «да?» with it.
                    if index + 1 < clauses.count, understander.answer(clauses[index + 1].text, choices: 1, language: language) == .pick(0) {
                        skipped = 1
                    }
                    continue
                }
                return nil
            }
        }
        guard requests.count >= atLeast, requests.count <= Self.partsCarriedOut,
            requests.count >= 2 || requests.count < saidParts
        else { return nil }
        // "有没有涅槃乐队那种风格的，放几首", «включи Тише»: a play that names nothing is only the verb
        // of another part; without a play that names something it would play anything at all.
        // One right after a question plays what the answer named.
        let playsAnswer = { (index: Int) in
            Self.isBarePlay(requests[index].understood) && index > 0 && Self.asks(requests[index - 1].understood)
        }
        let bare = requests.indices.filter { Self.isBarePlay(requests[$0].understood) && !playsAnswer($0) }
        if !bare.isEmpty {
            guard requests.contains(where: { $0.understood.intent == .playMedia && !Self.isBarePlay($0.understood) }) else {
                return nil
            }
            for index in bare.reversed() { requests.remove(at: index) }
        }
        // "Hold on, what was the song you skipped?", «погоди, а что это играет?»: a pause said before a
        // question is surprise, not a request to stop the music.
        if let first = requests.first, first.understood.intent == .pause,
            requests.dropFirst().contains(where: { $0.understood.intent == .nowPlayingQuestion })
        {
            requests.removeFirst()
        }
        // The whole request's question or offer no longer stands.
        try? await builtInApp.setPendingQuestion(nil, user: context.user, device: askedOn)
        var outcomes: [Outcome] = []
        for request in requests {
            var understood = request.understood
            if request.understood.intent == .setRepeatMode, request.understood.params?.repeatMode == .one,
                outcomes.contains(where: Self.playedMany)
            {
                // "Shuffle the Beatles and repeat": repeat said with a play of many repeats them all.
                understood.params?.repeatMode = .all
            } else if request.queued {
                // Right after a song; after the whole of an artist's songs, an album or a list.
                var params = understood.params ?? IntentParameters()
                params.playbackQueueLocation = outcomes.count == 1 && outcomes[0].items.first?.type == .song ? .next : .later
                understood.params = params
            } else {
                outcomes.append(await answer(request.text, context: said))
                continue
            }
            outcomes.append(await perform(understood, context: said, language: language))
        }
        return joined(outcomes, text: text)
    }
}

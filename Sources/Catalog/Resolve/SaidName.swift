import MediaIntents
import Storage

/// A name as said: its key, and how it reads when it is Japanese (`NameFolding.readingKey`) or
/// could be romaji for a Japanese name (`latinReadingKey`). Readings are compared only with the
/// readings the catalog filed (aliases marked "~").
struct SaidName {
    var key: String
    /// The key's compact form (`NameFolding.compact(key:)`): "girl tiger", "girl and tiger" → "girltiger".
    var compact: String
    /// The reading of a name said in kana or kanji.
    var scriptReading: String?
    /// The name as said.
    var text: String
    /// The romaji reading of a name said in Latin letters, tried when nothing else fits (worked
    /// out only then: most names never need it).
    var latinReading: String? { scriptReading == nil ? NameFolding.latinReadingKey(text) : nil }

    /// The stems of words said in Cyrillic (Snowball's), in Latin letters, by their keys: "zemfiru" → "zemfir".
    var stems: [String: String] = [:]

    /// Latin spellings of a name said in katakana or Cyrillic (`NameFolding.loanwordSpellings`,
    /// `cyrillicLoanwordSpellings`).
    var loanwords: [String] = []
    /// The consonants of a name said in katakana or Cyrillic, to meet an English name (`NameFolding.soundSkeleton`).
    var loanwordSkeleton: String?
    /// A short name said in katakana as a Japanese ear hears it (`NameFolding.heardForm`), for names
    /// too short for a skeleton.
    var heardForm: String?

    /// Whether it was said in another script than Latin (its key is a transliteration).
    var otherScript: Bool

    init(key: String, text: String) {
        self.key = key
        self.text = text
        compact = NameFolding.compact(key: key)
        otherScript = Script.hasLettersBeyondLatin(text)
        loanwords = NameFolding.loanwordSpellings(text)
        if !loanwords.isEmpty {
            loanwordSkeleton = NameFolding.soundSkeleton(katakana: text)
            heardForm = NameFolding.heardForm(katakana: text)
        }
        // A foreign name written in Cyrillic by its sound («Майкла Джексона») meets the English one
        // the same way; the catalog's own Cyrillic names match by their keys first.
        if loanwordSkeleton == nil { loanwordSkeleton = NameFolding.soundSkeleton(cyrillic: text) }
        if loanwords.isEmpty { loanwords = NameFolding.cyrillicLoanwordSpellings(text) }
        scriptReading = NameFolding.readingKey(text)
        guard text.unicodeScalars.contains(where: Script.isCyrillic) else { return }
        let keyWords = key.split(separator: " ").map(String.init)
        // The words as written: folding first would turn "й" into "и" and change the ending.
        let saidWords = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard keyWords.count == saidWords.count else { return }
        for (keyWord, saidWord) in zip(keyWords, saidWords) {
            let stem = NameFolding.key(NameFolding.stem(saidWord))
            if !stem.isEmpty, !stem.contains(" ") { stems[keyWord] = stem }
        }
    }

    /// How alike this name is to a candidate's name, aliases or readings, 0…1. The same name said
    /// plainly (its compact key the candidate's: "girl tiger" for "Girl & Tiger", "aha" for "a-ha")
    /// counts as exact, a shade below the very spelling, so a title printed as said still comes first.
    func similarity(to candidate: Candidate) -> Double {
        var best = NameSimilarity.score(key, candidate.coreKey)
        if best < Self.sameNameSaid, !compact.isEmpty, compact == candidate.compactKey { best = Self.sameNameSaid }
        // Heard a little wrong once what is said another way is set aside ("girl tigers" for Girl & Tiger).
        if best < 0.9, compact.count >= 6, !candidate.compactKey.isEmpty {
            best = max(best, NameSimilarity.editSimilarity(compact, candidate.compactKey) * Self.sameNameSaid)
        }
        // "кукушку" for Кукушка, "земфиры" for Земфира: the name in another case.
        if best < Self.inflectedName, differsOnlyInEndings(from: candidate.coreKey) { best = Self.inflectedName }
        if best < Self.surnameSaid, isSurname(of: candidate) { best = Self.surnameSaid }
        // "skater boy" and "Sk8er Boi": the candidate's words with digits inside, spelled out.
        if best < 0.9, candidate.coreKey.contains(where: \.isNumber) {
            let spelled = candidate.coreKey.split(separator: " ").map { TermKeys.spelledDigits(String($0)) ?? String($0) }
                .joined(separator: " ")
            if spelled != candidate.coreKey { best = max(best, NameSimilarity.score(key, spelled)) }
        }
        for spelling in loanwords { best = max(best, NameSimilarity.score(spelling, candidate.coreKey)) }
        // «Квин», «Битлов»: an artist's English name said in Russian sounds the same, word for word.
        if best < Self.loanwordHeard, candidate.type == .artist, soundsLikeInEnglish(candidate.coreKey) {
            best = Self.loanwordHeard
        }
        var reading = scriptReading
        for alias in candidate.aliases where best < 1 {
            if EntryKeys.isSoundKey(alias) {
                // ファーストラブ and "First Love" keep the same consonants.
                if let skeleton = loanwordSkeleton, alias.dropFirst(EntryKeys.soundMark.count) == skeleton {
                    best = max(best, Self.loanwordHeard)
                }
            } else if alias.hasPrefix(EntryKeys.heardMark) {
                // スリラー and "Thriller" are heard alike; a form one sound off is a little less sure.
                guard let heardForm else { continue }
                let near = NameSimilarity.editSimilarity(heardForm, String(alias.dropFirst(EntryKeys.heardMark.count)))
                // Only a form heard exactly is sure enough to play; one a sound off is offered.
                if near >= Self.heardNear { best = max(best, near == 1 ? Self.loanwordHeard : Self.heardOffered * near) }
            } else if alias.hasPrefix(EntryKeys.readingMark) {
                if reading == nil { reading = latinReading }
                guard let reading else { continue }
                best = max(best, NameSimilarity.editSimilarity(reading, String(alias.dropFirst())))
            } else {
                best = max(best, NameSimilarity.score(key, alias))
                if best < Self.sameNameSaid, compact == NameFolding.compact(key: alias) { best = Self.sameNameSaid }
            }
        }
        return best
    }

    /// Whether a Cyrillic name's Latin spellings sound, word for word, as an English name does
    /// (`TermKeys.phonetic`: "kwin" and "queen" are both "kn"); the article is not said in Russian.
    func soundsLikeInEnglish(_ candidateKey: String) -> Bool {
        guard !stems.isEmpty || text.unicodeScalars.contains(where: Script.isCyrillic) else { return false }
        var stored = candidateKey.split(separator: " ").map(String.init)
        if stored.count > 1, stored.first == "the" { stored.removeFirst() }
        let storedSound = stored.map(TermKeys.phonetic)
        guard storedSound.allSatisfy({ $0.count >= 2 }) else { return false }
        return loanwords.contains { spelling in
            spelling.split(separator: " ").map { TermKeys.phonetic(String($0)) } == storedSound
        }
    }

    /// Whether the said words are the candidate's words but for endings the said words' stems
    /// leave out ("kukusku", stem "kukusk", for "kukuska"): at most two letters after the stem on
    /// either side, word for word.
    func differsOnlyInEndings(from candidateKey: String) -> Bool {
        guard !stems.isEmpty else { return false }
        let said = key.split(separator: " "), stored = candidateKey.split(separator: " ")
        guard said.count == stored.count else { return false }
        for (word, storedWord) in zip(said, stored) where !sameWord(String(word), inflectedAs: storedWord) {
            return false
        }
        return true
    }

    /// Whether a said word is the stored word, or it in another case (the said word's stem, with at
    /// most two letters after it on either side).
    func sameWord(_ word: String, inflectedAs storedWord: Substring) -> Bool {
        if word == storedWord { return true }
        guard let stem = stems[word], stem.count >= 3, storedWord.hasPrefix(stem) else { return false }
        return storedWord.count - stem.count <= 2 && word.count - stem.count <= 2
    }

    /// «Включи Пугачёву», «Высоцкого»: a person said in Russian by the surname alone, in any case,
    /// for an artist of two or three words whose last is that surname (in the name or an alias).
    /// Russian speakers name singers so; only Cyrillic words count, and only for a person (a band's
    /// last word alone, «Газа» for Сектор Газа, "Mac" for Fleetwood Mac, names nothing).
    func isSurname(of candidate: Candidate) -> Bool {
        guard candidate.type == .artist, candidate.kind == "person", !stems.isEmpty, !key.contains(" "), key.count >= 4
        else { return false }
        for name in [candidate.coreKey] + candidate.aliases where !name.hasPrefix(EntryKeys.readingMark) {
            let words = name.split(separator: " ")
            if (2...3).contains(words.count), let last = words.last, sameWord(key, inflectedAs: last) { return true }
        }
        return false
    }

    /// How alike a name said in another grammatical case and the name are: enough to play at once,
    /// below the name said as printed.
    static let inflectedName = 0.97

    /// How alike a person's surname said alone and their whole name are: enough to play, below
    /// the whole name in another case.
    static let surnameSaid = 0.96

    /// How alike an English name and the same name said in katakana are (their sound skeletons
    /// agree): enough to play, below a spelling that agrees.
    static let loanwordHeard = 0.9

    /// How near a heard form must come to a short name's to count at all (ハロー "haro" and Hello
    /// "hero" are 0.75).
    static let heardNear = 0.75

    /// A heard form a sound off scales this, below the match a play needs: サムシング is nearer Sam's
    /// Song than Something by its letters, so it is asked about, never played.
    static let heardOffered = 0.78

    /// How alike a name said plainly and its printed form are (`compact`): above every bar that
    /// lets a match play at once (`Resolver.wholeNameFits`, the gate), below the very spelling.
    static let sameNameSaid = 0.99
}

/// What the re-ranking reads of a candidate; the few returned are then read in full.
struct Candidate: Sendable {
    var rowID: Int64
    var coreKey: String
    var aliases: [String]
    var artistKey: String
    var type: MediaItemType
    var popularity: Double
    var owner: String?
    var album: String?
    /// The title's compact key (`NameFolding.compactKey`).
    var compactKey: String
    /// An artist's kind as stored ("person", "group"); nil for other items and where not read.
    var kind: String?
    /// How alike the said name and this one's name or aliases are; set as the candidate is gathered.
    var similarity = 0.0

    /// The whole title's key, notes included ("bohemian rhapsody live at wembley").
    var titleKey = ""

    /// The credit with the artists the title features ("Uptown Funk (feat. Bruno Mars)" by Mark
    /// Ronson: "mark ronson and bruno mars"), as a said artist is compared with it.
    var creditKey: String {
        let words = titleKey.split(separator: " ")
        guard let marker = words.firstIndex(where: { Self.featuring.contains($0) }), marker + 1 < words.count else {
            return artistKey
        }
        let featured = words[(marker + 1)...].joined(separator: " ")
        return artistKey.isEmpty ? featured : artistKey + " and " + featured
    }

    static let featuring: Set<Substring> = ["feat", "ft", "featuring"]

    static let columns =
        "i.id, i.core_key, i.aliases, coalesce(i.artist_key, ''), i.type, i.popularity, i.owner, i.album, i.title_key, "
        + "i.compact_key, i.kind"

    init(_ row: Row) {
        rowID = Int64(row.int(0) ?? 0)
        coreKey = row.string(1) ?? ""
        aliases = (row.string(2) ?? "").split(separator: "|").map(String.init)
        artistKey = row.string(3) ?? ""
        type = MediaItemType(rawValue: row.string(4) ?? "") ?? .unknown
        popularity = row.double(5) ?? 0
        owner = row.string(6)
        album = row.string(7)
        titleKey = row.string(8) ?? ""
        compactKey = row.string(9) ?? ""
        kind = row.values.count > 10 ? row.string(10) : nil
    }
}

/// A search's name as every catalog engine compares it: the said name (its core and key), the said
/// artist's key, the words of a version said with the name ("(Live)" from "the live version of
/// …": the recording whose title carries them comes first), and the kind asked for.
struct SaidSearch {
    let search: MediaSearch
    let type: MediaItemType?
    let said: SaidName
    /// The said artist's key; nil when only an artist was said (then it is the name).
    var artist: String?
    let noteWords: [String]

    init(_ search: MediaSearch, name: String, type: MediaItemType?) {
        let core = NameFolding.core(name)
        self.search = search
        self.type = type
        said = SaidName(key: Resolver.spokenKey(core), text: core)
        let typeOnlyArtist = search.mediaName == nil && search.albumName == nil
        artist = typeOnlyArtist ? nil : search.artistName.map(Resolver.spokenKey)
        noteWords =
            name.hasPrefix(core)
            ? NameFolding.key(String(name.dropFirst(core.count))).split(separator: " ").map(String.init) : []
    }

    /// The candidates ranked by `Resolver.rank`, best first.
    func rank(_ candidates: [Candidate]) -> [(candidate: Candidate, score: Double, nameMatch: Double)] {
        Resolver.rank(
            candidates, search: search, nameKey: said.key, saidArtist: artist, type: type, noteWords: noteWords)
    }
}

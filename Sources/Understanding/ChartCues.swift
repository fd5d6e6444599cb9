import Foundation
import MediaIntents

/// A request made of a cue phrase, the words around it, kinds, and one name: the shared reader of
/// charts ("the most popular songs of X", «самую популярную песню Битлз», 「…の一番人気の曲」,
/// "碧梨最火的那首") and of stations from a named seed ("make me a Fleetwood Mac radio station",
/// 「米津玄師のステーション作って」, "用Billie Jean开一个电台"). Read from each language's `charts`
/// and `stations` in language.json: the cue phrases, the words that may stand around them, and the
/// kinds they may name. What is left once those are taken off both sides of the cue is, for
/// charts, a decade or a year (from the language's `decade` list, or a number) or a genre (its
/// `genre` list), and otherwise a name, which the catalog resolves like any other.
struct NamedCueReader: Sendable {
    /// Folded cue phrases, longest first.
    private var cues: [[String]] = []
    private var around: Set<String> = []
    /// Folded kind phrase → kind.
    private var kinds: [String: MediaItemType] = [:]
    /// Folded phrase → value, for decades and genres (charts only).
    private var decades: [String: Int] = [:]
    private var genres: [String: String] = [:]
    private var moods: [String: String] = [:]
    /// Folded phrases that say the name after them is an album's ("off", "from the album").
    private var albumMarkers: Set<String> = []
    /// Years said in words («девяносто девятого года», "nineteen eighty four").
    private var numbers: NumberWords?
    private var readsYears = false
    private var unspaced = false

    /// What a request said: the kind, the years, the genre or mood, and the name left (an album's
    /// when a marker said so).
    struct Reading: Sendable {
        var kind: MediaItemType?
        var releaseDate: YearRange?
        var genre: String?
        var mood: String?
        var name: String?
        var nameIsAlbum = false
    }

    init() {}

    /// - Parameter dates: read decades, years and genres out of what is left (charts).
    init(
        _ file: CueWordsFile, lists: [String: [String: String]], dates: Bool, language: String,
        numbers: NumberWords? = nil, fold: (String) -> [String]
    ) {
        func phrases(_ text: String) -> [[String]] {
            text.split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
        }
        let unspaced = CompiledGrammar.writesWithoutSpaces(language)
        self.unspaced = unspaced
        let join = { (words: [String]) in words.joined(separator: unspaced ? "" : " ") }
        cues = phrases(file.cues).sorted { $0.count > $1.count }
        around = Set(phrases(file.around).map(join))
        for (tag, text) in file.kinds ?? [:] {
            guard let kind = MediaItemType(rawValue: tag) else { continue }
            for phrase in phrases(text) { kinds[join(phrase)] = kind }
        }
        guard dates else { return }
        readsYears = true
        self.numbers = numbers
        albumMarkers = Set(phrases(file.ofAlbum ?? "").map(join))
        for (value, text) in lists["mood"] ?? [:] {
            for phrase in phrases(text) { moods[join(phrase)] = value }
        }
        for (value, text) in lists["decade"] ?? [:] {
            guard let start = Int(value) else { continue }
            for phrase in phrases(text) { decades[join(phrase)] = start }
        }
        for (value, text) in lists["genre"] ?? [:] {
            for phrase in phrases(text) { genres[join(phrase)] = value }
        }
    }

    /// What `tokens` say, or nil when they hold no cue, or a name on both sides of it.
    func read(_ tokens: [Token]) -> Reading? {
        guard !cues.isEmpty else { return nil }
        let words = tokens.map(\.folded)
        guard let (start, length) = firstCue(in: words) else { return nil }
        var reading = Reading()
        var named: [ArraySlice<Token>] = []
        for side in [tokens[..<start], tokens[(start + length)...]] {
            var album = false
            let rest = read(side, into: &reading, album: &album)
            if !rest.isEmpty {
                named.append(rest)
                reading.nameIsAlbum = album
            }
        }
        guard named.count <= 1 else { return nil }
        if let name = named.first, let first = name.first, let last = name.last {
            reading.name = String(first.original.base[first.original.startIndex..<last.original.endIndex])
        }
        return reading
    }

    private func firstCue(in words: [String]) -> (Int, Int)? {
        for start in words.indices {
            // A chart's cue of one word is followed by what it is the top of ("the top grunge
            // track"); said last it is something else ("from the top"). A station's is said last
            // ("a Nirvana station").
            if let cue = cues.first(where: {
                words[start...].starts(with: $0) && (!readsYears || $0.count > 1 || start + 1 < words.count)
            }) {
                return (start, cue.count)
            }
        }
        return nil
    }

    /// Takes the words around, kinds, decades, years and genres off both ends of `side`, filling
    /// `reading`; returns what is left (a name, or nothing). `album`: a marker stood right before it.
    private func read(_ side: ArraySlice<Token>, into reading: inout Reading, album: inout Bool) -> ArraySlice<Token> {
        var side = side
        // A station's kind said before the name starts it ("a station off the album {Kind of Blue}"):
        // nothing more is taken from its front.
        var named = false
        func take(fromEnd: Bool) -> Bool {
            if !fromEnd, named { return false }
            // A comma or a pause mark between the parts («寝る前に聴く曲で、いちばん人気の») stands
            // around like a word.
            if let edge = fromEnd ? side.last : side.first,
                !edge.folded.unicodeScalars.contains(where: { CharacterSet.alphanumerics.contains($0) })
            {
                side = fromEnd ? side.dropLast() : side.dropFirst()
                return true
            }
            let words = side.map(\.folded)
            // Up to six words, or twelve characters where words run together (ポッドキャスト is seven).
            for length in stride(from: min(unspaced ? 12 : 6, words.count), through: 1, by: -1) {
                let piece = fromEnd ? Array(words.suffix(length)) : Array(words.prefix(length))
                let phrase = piece.joined(separator: unspaced ? "" : " ")
                var taken = true
                // A marker stands before the name, or after it where words run together
                // (「Nevermindのアルバムで」, "21这张专辑里").
                if !fromEnd || unspaced, albumMarkers.contains(phrase), length < words.count {
                    album = true
                } else if around.contains(phrase) {
                } else if let kind = kinds[phrase] {
                    reading.kind = kind
                    named = !readsYears && !fromEnd
                } else if let decade = decades[phrase] {
                    reading.releaseDate = YearRange(start: decade, end: decade + 9)
                } else if let genre = genres[phrase] {
                    reading.genre = genre
                } else if let mood = moods[phrase] {
                    reading.mood = mood
                } else if readsYears, length == 1 || unspaced, let year = Int(phrase), (1900...2100).contains(year) {
                    reading.releaseDate = YearRange(start: year, end: year)
                } else {
                    taken = false
                }
                if taken {
                    side = fromEnd ? side.dropLast(length) : side.dropFirst(length)
                    return true
                }
            }
            // Decades and other listed words first: «девяностых» is the nineties, not 1990.
            if let year = spokenYear(words, fromEnd: fromEnd) {
                reading.releaseDate = YearRange(start: year.value, end: year.value)
                side = fromEnd ? side.dropLast(year.count) : side.dropFirst(year.count)
                return true
            }
            return false
        }
        while !side.isEmpty, take(fromEnd: false) || take(fromEnd: true) {}
        return side
    }

    /// A year said in words at the start or the end of `words`: a whole year ("nineteen eighty
    /// four") or, when it is all that is left, its last two digits («девяносто девятого» → 1999:
    /// 00–29 are this century's).
    private func spokenYear(_ words: [String], fromEnd: Bool) -> (value: Int, count: Int)? {
        guard let numbers, !words.isEmpty, !(words.count == 1 && Int(words[0]) != nil) else { return nil }
        let starts = fromEnd ? Array(words.indices) : [0]
        for start in starts {
            // Int(exactly:): a number read from fuzzed words may be out of Int's range ("66e00080").
            guard let (value, count) = numbers.read(words[start...]),
                fromEnd ? start + count == words.count : true, let whole = Int(exactly: value)
            else { continue }
            if (1900...2100).contains(whole) { return (whole, count) }
            if (0...99).contains(whole), count == words.count { return (whole < 30 ? 2000 + whole : 1900 + whole, count) }
            return nil
        }
        return nil
    }
}

/// The most popular of something, however it is said: "what was the top song of the eighties",
/// «поставь самую популярную песню Битлз», 「マイケル・ジャクソンの一番人気の曲かけて」. The
/// name left is the artist's. Asked with a word that asks ("what", «какая», 「何」), it is a
/// question (search, said); otherwise a play.
struct ChartCues: Sendable {
    private var reader = NamedCueReader()

    /// "'s |的": marks between an artist and their album's name, as said ("Adele's 21").
    private var ofArtist: [String] = []

    init() {}

    init(
        _ file: CueWordsFile, lists: [String: [String: String]], language: String, numbers: NumberWords,
        fold: (String) -> [String]
    ) {
        reader = NamedCueReader(file, lists: lists, dates: true, language: language, numbers: numbers, fold: fold)
        ofArtist = (file.ofArtist ?? "").split(separator: "|").map { String($0) }
    }

    /// The search `tokens` ask for, or nil. A name said after an album's marker ("the top track off
    /// Abbey Road") is the album's; any other name is an artist's, or an album's when no artist has
    /// it (the catalog decides).
    func search(_ tokens: [Token]) -> MediaSearch? {
        guard let reading = reader.read(tokens) else { return nil }
        var search = MediaSearch(mediaType: reading.kind ?? .song, sortOrder: .popular)
        search.releaseDate = reading.releaseDate
        search.genreNames = reading.genre.map { [$0] }
        search.moodNames = reading.mood.map { [$0] }
        if reading.nameIsAlbum, reading.kind == nil || reading.kind == .song {
            search.albumName = reading.name
            search.mediaType = .song
            // "on Adele's 21", 「皇后乐队的Queen专辑」: the album by its artist.
            if let name = reading.name,
                let mark = ofArtist.lazy.compactMap({ name.range(of: $0, options: .caseInsensitive) }).first,
                mark.lowerBound > name.startIndex, mark.upperBound < name.endIndex
            {
                search.artistName = String(name[..<mark.lowerBound]).trimmingCharacters(in: .whitespaces)
                search.albumName = String(name[mark.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
        } else {
            search.artistName = reading.name
        }
        return search
    }
}

/// `charts` and `stations` in language.json.
struct CueWordsFile: Codable, Sendable {
    /// "most popular|biggest hit": the phrases that say what is asked.
    var cues: String
    /// "what|was|the|song|of|in": words that may stand around them.
    var around: String
    /// Kind → "podcast|podcasts": kinds the request may name.
    var kinds: [String: String]?
    /// "off|from the album": words that, right before the name, say it is an album's (charts only).
    var ofAlbum: String?
    /// "'s |的": marks between an artist and their album's name ("Adele's 21"; charts only).
    var ofArtist: String?
}

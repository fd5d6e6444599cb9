import Foundation
import MediaIntents

/// The most popular of something, however it is said: "what was the top song of the eighties",
/// «поставь самую популярную песню Битлз», 「マイケル・ジャクソンの一番人気の曲かけて」,
/// "放一下碧梨最火的那首". Read from each language's `charts` in language.json: phrases that say
/// "most popular", the words that may stand around them, and the kinds they may name
/// ("podcast"). What is left once those are taken out is a decade or a year (from the language's
/// `decade` list, or a number), a genre (its `genre` list), or else an artist's name, which the
/// catalog resolves like any other. Asked with a word that asks ("what", «какая», 「何」), it is a
/// question (search, said); otherwise a play.
struct ChartCues: Sendable {
    /// Folded cue phrases, longest first.
    private var cues: [[String]] = []
    private var around: Set<String> = []
    /// Folded kind phrase → kind.
    private var kinds: [String: MediaItemType] = [:]
    /// Folded phrase → value, for decades and genres.
    private var decades: [String: Int] = [:]
    private var genres: [String: String] = [:]
    private var unspaced = false

    init() {}

    init(_ file: ChartsFile, lists: [String: [String: String]], language: String, fold: (String) -> [String]) {
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
        for (value, text) in lists["decade"] ?? [:] {
            guard let start = Int(value) else { continue }
            for phrase in phrases(text) { decades[join(phrase)] = start }
        }
        for (value, text) in lists["genre"] ?? [:] {
            for phrase in phrases(text) { genres[join(phrase)] = value }
        }
    }

    /// The search `tokens` ask for, or nil when they hold no cue, or more than one name.
    func search(_ tokens: [Token]) -> MediaSearch? {
        guard !cues.isEmpty else { return nil }
        let words = tokens.map(\.folded)
        // Cut out the cue; what stands on either side of it is read the same way.
        guard let (start, length) = firstCue(in: words) else { return nil }
        var search = MediaSearch(mediaType: .song, sortOrder: .popular)
        var named: [ArraySlice<Token>] = []
        for side in [tokens[..<start], tokens[(start + length)...]] {
            guard let rest = read(side, into: &search) else { return nil }
            if !rest.isEmpty { named.append(rest) }
        }
        guard named.count <= 1 else { return nil }
        if let name = named.first, let first = name.first, let last = name.last {
            search.artistName = String(first.original.base[first.original.startIndex..<last.original.endIndex])
        }
        return search
    }

    private func firstCue(in words: [String]) -> (Int, Int)? {
        for start in words.indices {
            if let cue = cues.first(where: { words[start...].starts(with: $0) }) { return (start, cue.count) }
        }
        return nil
    }

    /// Takes the words around, kinds, decades, years and genres off both ends of `side`, filling
    /// `search`; returns what is left (a name, or nothing), or nil when a kind word is left inside.
    private func read(_ side: ArraySlice<Token>, into search: inout MediaSearch) -> ArraySlice<Token>? {
        var side = side
        func take(fromEnd: Bool) -> Bool {
            let words = side.map(\.folded)
            for length in stride(from: min(6, words.count), through: 1, by: -1) {
                let piece = fromEnd ? Array(words.suffix(length)) : Array(words.prefix(length))
                let phrase = piece.joined(separator: unspaced ? "" : " ")
                var taken = true
                if around.contains(phrase) {
                } else if let kind = kinds[phrase] {
                    search.mediaType = kind
                } else if let decade = decades[phrase] {
                    search.releaseDate = YearRange(start: decade, end: decade + 9)
                } else if let genre = genres[phrase] {
                    search.genreNames = [genre]
                } else if length == 1 || unspaced, let year = Int(phrase), (1900...2100).contains(year) {
                    search.releaseDate = YearRange(start: year, end: year)
                } else {
                    taken = false
                }
                if taken {
                    side = fromEnd ? side.dropLast(length) : side.dropFirst(length)
                    return true
                }
            }
            return false
        }
        while !side.isEmpty, take(fromEnd: false) || take(fromEnd: true) {}
        return side
    }
}

/// `charts` in language.json.
struct ChartsFile: Codable, Sendable {
    /// "most popular|biggest hit|top": phrases that say "the most popular".
    var cues: String
    /// "what|was|the|song|of|in": words that may stand around them.
    var around: String
    /// Kind → "podcast|podcasts": kinds other than songs the chart may be of.
    var kinds: [String: String]?
}

extension Understander {
    /// The most popular of something when `tokens` say so and the readings found no better: no
    /// reading, a question back, a guess of the model, or a play of a name that holds the cue. With
    /// a word that asks, a chart the grammar read as a play is a question instead.
    func chart(_ tokens: [Token], text: String, grammar: CompiledGrammar, readings: [Interpretation]) -> Interpretation? {
        let words = tokens.map(\.folded)
        let asked = grammar.questions.asksByWord(words)
        if let first = readings.first, first.clarify != true, first.tier != .model {
            let search = first.understood.search
            if let read = search, read.sortOrder != nil {
                // The chart read, less what it is of («самая популярная песня восьмидесятых» read
                // without the decade): the cues' reading, which keeps it.
                if let loose = grammar.charts.search(tokens), loose.releaseDate != nil || loose.artistName != nil,
                    read.releaseDate == nil, !read.hasName, (read.genreNames ?? []).isEmpty
                {
                    let understood = Understood(intent: asked ? .searchForMedia : .playMedia, search: loose)
                    return Interpretation(
                        understood: understood, score: 0.85, needsCatalog: loose.artistName != nil, tier: .tolerant,
                        confidence: 0.85)
                }
                // The grammar read the chart: a question when a word asks.
                guard asked, first.understood.intent == .playMedia else { return nil }
                var question = first
                question.understood.intent = .searchForMedia
                return question
            }
            guard first.understood.intent == .playMedia || first.understood.intent == .searchForMedia,
                search?.hasName == true
            else { return nil }
        }
        guard var search = grammar.charts.search(tokens) else { return nil }
        if search.artistName != nil, search.mediaType != .song { search.mediaType = .song }
        let understood = Understood(intent: asked ? .searchForMedia : .playMedia, search: search)
        // An artist's chart holds only when the catalog knows the artist ("the top gun anthem" is a title).
        return Interpretation(
            understood: understood, score: 0.85, needsCatalog: search.artistName != nil, tier: .tolerant,
            confidence: 0.85)
    }
}

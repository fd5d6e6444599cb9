import Foundation
import MediaIntents

extension Understander {
    /// The most popular of something when `tokens` say so and the readings found no better: no
    /// reading, a question back, a guess of the model, or a play of a name that holds the cue. With
    /// a word that asks, a chart the grammar read as a play is a question instead.
    func chart(_ tokens: [Token], text: String, grammar: CompiledGrammar, readings: [Interpretation]) -> Interpretation? {
        // "Can you play my next unplayed episode?" asks for no chart: what is unheard is no order of one.
        if readings.first?.understood.search?.sortOrder == .unplayed { return nil }
        let words = tokens.map(\.folded)
        // A question mark asks too when no play verb says otherwise ("top song of 1983?", 「一番人気の
        // オーディオブックは？」; "can you play the top song?" is a play).
        let marked = text.contains("?") || text.contains("？")
        let asked = grammar.questions.asksByWord(words) || (marked && !grammar.corrections.saysAVerb(words, unspaced: CompiledGrammar.writesWithoutSpaces(grammar.language)))
        if let first = readings.first, first.clarify != true, first.tier != .model {
            let search = first.understood.search
            if let read = search, read.sortOrder != nil {
                // The chart read, less what it is of («самая популярная песня восьмидесятых» read
                // without the decade): the cues' reading, which keeps it.
                if let loose = grammar.charts.search(tokens),
                    loose.releaseDate != nil || loose.hasName || loose.moodNames != nil || loose.genreNames != nil,
                    read.releaseDate == nil, !read.hasName, (read.genreNames ?? []).isEmpty,
                    (read.moodNames ?? []).isEmpty
                {
                    return Self.chartReading(loose, asked: asked)
                }
                // The grammar read cue words into the name ("the top {track off Abbey Road}", "the
                // most popular {sad song you've got}"): the cues' reading, whose name is a part of it
                // or which found a genre or mood there.
                if let loose = grammar.charts.search(tokens), read.mediaName == nil,
                    let readName = read.artistName ?? read.albumName,
                    Self.narrower(loose, than: readName)
                {
                    return Self.chartReading(loose, asked: asked)
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
        return Self.chartReading(search, asked: asked)
    }

    /// Whether the cues' reading of a chart took words out of the grammar's name `name`: its own
    /// name is a shorter part of it, or it has no name: the grammar's was only words that stand
    /// around a chart ("the biggest {song you've got}") or a genre, mood or years.
    private static func narrower(_ loose: MediaSearch, than name: String) -> Bool {
        let said = NameFolding.key(name)
        if let own = loose.artistName ?? loose.albumName {
            let key = NameFolding.key(own)
            return key.count < said.count && said.contains(key)
        }
        return true
    }

    /// A chart read by the cues: asked (a search, said) or played. An artist's chart holds only
    /// when the catalog knows the artist ("the top gun anthem" is a title).
    private static func chartReading(_ search: MediaSearch, asked: Bool) -> Interpretation {
        let understood = Understood(intent: asked ? .searchForMedia : .playMedia, search: search)
        return Interpretation(
            understood: understood, score: 0.85, needsCatalog: search.hasName, tier: .tolerant,
            confidence: 0.85)
    }
}

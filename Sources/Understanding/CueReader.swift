import Foundation
import MediaIntents

/// Finds cue phrases in a request made only of them and the words that may stand around them: the
/// shared reader of "more like this" (SimilarityCues) and of loose questions about what plays
/// (QuestionCues). Each cue carries a tag ("year", "next"); a request holding a word that is neither
/// a cue nor allowed around one is not read (a name: "songs like Adele").
struct CueReader: Sendable {
    /// Folded cue phrases with their tags, longest first.
    private var cues: [(words: [String], tag: String)] = []
    /// Folded words that may surround a cue.
    private var around: Set<String> = []
    /// The language is written without spaces (Japanese, Chinese): cues and the words around them
    /// are found as runs of characters, as tokens there do not cut words.
    private var unspaced = false
    private var joinedCues: [(text: String, tag: String)] = []
    private var joinedAround: [String] = []

    init() {}

    /// - Parameters:
    ///   - cues: tag → "a|b|c" phrases.
    ///   - around: "a|b|c" words that may stand around the cues.
    init(cues: [String: String], around: String, language: String, fold: (String) -> [String]) {
        func phrases(_ text: String) -> [[String]] {
            text.split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
        }
        self.cues = cues.flatMap { tag, text in phrases(text).map { (words: $0, tag: tag) } }
            .sorted { $0.words.count != $1.words.count ? $0.words.count > $1.words.count : $0.tag < $1.tag }
        let aroundPhrases = phrases(around)
        // Each word of an `around` phrase on its own: folding cuts "что-нибудь" and "i'd" in two.
        self.around = Set(aroundPhrases.joined())
        unspaced = CompiledGrammar.writesWithoutSpaces(language)
        joinedCues = self.cues.map { (text: $0.words.joined(), tag: $0.tag) }
            .sorted { $0.text.count != $1.text.count ? $0.text.count > $1.text.count : $0.tag < $1.tag }
        joinedAround = aroundPhrases.map { $0.joined() }.sorted { $0.count > $1.count }
    }

    var isEmpty: Bool { cues.isEmpty }

    /// The tags of the cues the folded words hold, when every other word stands around them; nil
    /// when they hold no cue or a word of neither kind.
    func tags(_ words: [String]) -> Set<String>? {
        guard !cues.isEmpty, !words.isEmpty else { return nil }
        return unspaced ? tagsUnspaced(words.joined()) : tagsSpaced(words)
    }

    private func tagsSpaced(_ words: [String]) -> Set<String>? {
        var rest = words[...]
        var kept: [String] = []
        var found: Set<String> = []
        while !rest.isEmpty {
            if let cue = cues.first(where: { rest.starts(with: $0.words) }) {
                found.insert(cue.tag)
                rest = rest.dropFirst(cue.words.count)
                continue
            }
            kept.append(rest.removeFirst())
        }
        return !found.isEmpty && kept.allSatisfy(around.contains) ? found : nil
    }

    private func tagsUnspaced(_ text: String) -> Set<String>? {
        var text = text
        var found: Set<String> = []
        for cue in joinedCues where text.contains(cue.text) {
            found.insert(cue.tag)
            text = text.replacingOccurrences(of: cue.text, with: " ")
        }
        guard !found.isEmpty else { return nil }
        // What is left between the cues must be made of the words around them, longest first.
        let covered = text.split(separator: " ").allSatisfy { piece in
            var piece = Substring(piece)
            while !piece.isEmpty {
                guard let word = joinedAround.first(where: { piece.hasPrefix($0) }) else { return false }
                piece = piece.dropFirst(word.count)
            }
            return true
        }
        return covered ? found : nil
    }
}

extension Understander {
    /// The grammar's and model's `readings` with the loose readers' beside them, in the order they
    /// are tried: "more like this", a question about what plays, a chart, a station from a named
    /// seed (first, or a rival after the grammar's play of a name), a like asked as a question.
    func withLooseReadings(_ tokens: [Token], text: String, grammar: CompiledGrammar, readings: [Interpretation])
        -> [Interpretation]
    {
        let words = tokens.map(\.folded)
        var readings = readings
        if let station = moreLikeThis(words, grammar: grammar, readings: readings) { return [station] + readings }
        if let question = looseQuestion(words, text: text, grammar: grammar, readings: readings) {
            return [question] + readings
        }
        if let chart = chart(tokens, text: text, grammar: grammar, readings: readings) { return [chart] + readings }
        if let (station, rival) = seedStation(tokens, grammar: grammar, readings: readings) {
            if !rival { return [station] + readings }
            readings.insert(station, at: 1)
        }
        if let question = likedAsked(text, readings: readings) { readings.insert(question, at: 0) }
        return withTagsKept(readings)
    }

    /// "I need to focus, play something": a play of nothing in particular is not the reading when a
    /// close one plays the mood or genre the request said; words that name one are never let go.
    private func withTagsKept(_ readings: [Interpretation]) -> [Interpretation] {
        guard let first = readings.first, first.understood.intent == .playMedia,
            first.understood.search.map({ $0 == MediaSearch() }) ?? true
        else { return readings }
        guard let index = readings.firstIndex(where: {
            $0.understood.intent == .playMedia && $0.score >= first.score - 0.15 && $0.clarify != true
                && $0.understood.search.map { !$0.hasName && ($0.moodNames != nil || $0.genreNames != nil) } == true
        }) else { return readings }
        var readings = readings
        let tagged = readings.remove(at: index)
        return [tagged] + readings
    }
}

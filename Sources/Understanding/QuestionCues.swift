import Foundation
import MediaIntents

/// Questions about what plays, however loosely asked: "what year's this from", "which episode
/// comes after this one?", «а это какого года?», 「これ終わったら次なに流れる？」, "这首歌谁唱的".
/// Read from each language's `questions` in language.json: cue phrases tagged with the question
/// they ask (year, next, previous, album, artist, duration), the words that may stand around them,
/// and the words that make a request a question ("what", «что», 「何」, "什么") — or a question mark.
/// A request made only of those, with one question's cues, is that question; "next song" with no
/// asking word is the command to skip, and "songs from 1977" holds a word of neither kind.
struct QuestionCues: Sendable {
    private var reader = CueReader()
    /// Folded words (or, written without spaces, runs of characters) that ask.
    private var askers: [[String]] = []
    /// Phrases that hold an asking word and do not ask («что-нибудь», 「なんか」, "放几首").
    private var notAsking: [[String]] = []
    private var unspaced = false

    init() {}

    init(_ file: QuestionCuesFile, language: String, fold: (String) -> [String]) {
        reader = CueReader(cues: file.kinds, around: file.around, language: language, fold: fold)
        askers = file.askers.split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
        notAsking = (file.notAsking ?? "").split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
            .sorted { $0.count > $1.count }
        unspaced = CompiledGrammar.writesWithoutSpaces(language)
    }

    /// The question `words` ask about what plays, or nil.
    /// - Parameter byWord: only when a word asks; a question mark alone does not do.
    func question(_ words: [String], text: String, byWord: Bool = false) -> NowPlayingQuestionKind? {
        guard !reader.isEmpty, asks(words, text: byWord ? "" : text), var tags = reader.tags(words) else { return nil }
        // "How much longer is left?", 「あとどれくらい残ってる？」: a length asked of what is left is
        // what is left.
        if tags == ["duration", "remaining"] { tags = ["remaining"] }
        // «на каком альбоме вышла?»: the album it came out on.
        if tags == ["album", "year"] { tags = ["album"] }
        // "刚才那首叫什么": the name asked of the song before, or after, is that song's.
        if tags.count == 2, tags.contains("title"), let which = tags.first(where: { $0 == "previous" || $0 == "next" }) {
            tags = [which]
        }
        guard tags.count == 1, let tag = tags.first else { return nil }
        return NowPlayingQuestionKind(rawValue: tag)
    }

    /// Whether a word of `words` asks ("what", «какая», 「何」).
    func asksByWord(_ words: [String]) -> Bool { asks(words, text: "") }

    private func asks(_ words: [String], text: String) -> Bool {
        if text.contains("?") || text.contains("？") { return true }
        if unspaced {
            var joined = words.joined()
            for phrase in notAsking { joined = joined.replacingOccurrences(of: phrase.joined(), with: "|") }
            return askers.contains { joined.contains($0.joined()) }
        }
        var words = words
        for phrase in notAsking {
            for start in words.indices where words[start...].starts(with: phrase) {
                words.replaceSubrange(start..<start + phrase.count, with: Array(repeating: "", count: phrase.count))
            }
        }
        return askers.contains { asker in
            words.indices.contains { words[$0...].starts(with: asker) }
        }
    }
}

/// `questions` in language.json.
struct QuestionCuesFile: Codable, Sendable {
    /// Question kind ("year", "next") → "a|b|c" phrases that ask it.
    var kinds: [String: String]
    /// "a|b|c": words that may stand around the cues.
    var around: String
    /// "what|which|when": words that make a request a question.
    var askers: String
    /// "что нибудь|放几首": phrases holding an asking word that do not ask.
    var notAsking: String?
}

extension Understander {
    /// A question about what plays when `words` ask one loosely and the readings found no better:
    /// nothing read, a question back, a guess of the model, or a question of the grammar that asks
    /// only "what's this" where the cues say more ("what year's this from").
    func looseQuestion(_ words: [String], text: String, grammar: CompiledGrammar, readings: [Interpretation])
        -> Interpretation?
    {
        // A play the grammar read ("接下来放{的是啥}") gives way only to a word that asks: every
        // other word is a cue or stands around one, so no name is left to play.
        var byWord = false
        if let first = readings.first, first.clarify != true, first.tier != .model {
            let asked = first.understood.params?.question
            let vague = first.understood.intent == .nowPlayingQuestion && (asked == .any || asked == .title)
            byWord = first.understood.intent == .playMedia
            if !vague, !byWord { return nil }
        }
        guard let kind = grammar.questions.question(words, text: text, byWord: byWord) else { return nil }
        var parameters = IntentParameters()
        parameters.question = kind
        let understood = Understood(intent: .nowPlayingQuestion, params: parameters)
        return Interpretation(understood: understood, score: 0.9, tier: .tolerant, confidence: 0.9)
    }
}

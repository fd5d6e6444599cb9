import Foundation

/// How a language's speakers pad a request, as written in `Resources/<lang>/speech.json` (JSON5):
/// wake words, politeness and fillers the tolerant tier drops, and words it must never skip.
struct SpeechFile: Codable, Sendable {
    var wakeWords: [String]
    var fillers: [String]
    var neverSkipped: [String]
    /// Said around an answer to "Which one?".
    var answerFillers: [String]
    /// Said after the end of a request.
    var trailingFillers: [String]
    /// How sure the learned model must be, alone, before its reading is acted on (default
    /// `TieredReader.modelAlone`); a language whose rejections prove weaker on its dev data sets
    /// a higher bar here.
    var modelAlone: Double? = nil
    /// Words the tolerant tier may pass over (default `TieredReader.skipLimit`); 0 where words are
    /// single characters.
    var skipLimit: Int? = nil
    /// Words heard at the end of a playlist's name in an add that are not part of it ("again",
    /// "too", "playlist"): left out when the person has a playlist of the name without them.
    var playlistEdges: [String]? = nil

    static func load(_ url: URL) throws -> SpeechFile { try JSON5File.load(SpeechFile.self, from: url) }
}

/// A language's speech padding, folded into token phrases once.
struct SpeechPadding: Sendable {
    /// Phrases as folded tokens, longest first, so "could you please" is dropped before "could you".
    let wakeWords: [[String]]
    let fillers: [[String]]
    let neverSkipped: Set<String>
    /// Said around an answer ("please", "お願いします"), as phrases: a Japanese or Chinese one is
    /// several one-character words, which alone must not be dropped ("い" of "いいえ").
    let answerFillers: [[String]]
    let trailingFillers: Set<String>
    let modelAlone: Float?
    let skipLimit: Int?
    /// `playlistEdges`, lowercased, longest first.
    let playlistEdges: [String]

    init(_ file: SpeechFile = SpeechFile(wakeWords: [], fillers: [], neverSkipped: [], answerFillers: [],
        trailingFillers: []))
    {
        let fold: (String) -> [String] = { Token.split($0).map(\.folded) }
        let byLength: ([String]) -> [[String]] = { phrases in
            phrases.map(fold).filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        }
        wakeWords = byLength(file.wakeWords)
        fillers = byLength(file.fillers)
        neverSkipped = Set(file.neverSkipped.flatMap(fold))
        answerFillers = byLength(file.answerFillers)
        trailingFillers = Set(file.trailingFillers.flatMap(fold))
        modelAlone = file.modelAlone.map(Float.init)
        skipLimit = file.skipLimit
        playlistEdges = (file.playlistEdges ?? []).map { $0.lowercased() }.sorted { $0.count > $1.count }
    }

    /// How many of the first `words` are wake words ("hey siri", "ねえ Siri").
    func leadingWakeWords(_ words: [String]) -> Int {
        var start = 0
        while let phrase = wakeWords.first(where: {
            start + $0.count <= words.count && Array(words[start..<start + $0.count]) == $0
        }) {
            start += phrase.count
        }
        return start
    }

    /// How many of the first `words` pad the start of a request: wake words and fillers ("oh",
    /// «ну», 「あ」), phrase by phrase; never all.
    func leadingPadding(_ words: [String]) -> Int {
        var start = 0
        let phrases = (wakeWords + fillers).sorted { $0.count > $1.count }
        while let phrase = phrases.first(where: {
            start + $0.count < words.count && Array(words[start..<start + $0.count]) == $0
        }) {
            start += phrase.count
        }
        return start
    }

    /// How many of the last `words` pad the end of a request: wake words ("okay"), fillers ("for
    /// me", "right now", "please") and trailing fillers, phrase by phrase from the end; never all.
    func trailingPadding(_ words: [String]) -> Int {
        var end = words.count
        let phrases = (wakeWords + fillers + trailingFillers.map { [$0] }).sorted { $0.count > $1.count }
        while let phrase = phrases.first(where: {
            end - $0.count >= 1 && Array(words[(end - $0.count)..<end]) == $0
        }) {
            end -= phrase.count
        }
        return words.count - end
    }

    /// The positions of `words` left once wake words (at either end) and fillers (anywhere) are
    /// dropped. Nothing is dropped when that would leave nothing.
    func kept(_ words: [String]) -> [Int] {
        let kept = keptWithoutPadding(words)
        return kept.isEmpty ? Array(words.indices) : kept
    }

    /// The positions of `words` that are not wake words or fillers; none when all are.
    private func keptWithoutPadding(_ words: [String]) -> [Int] {
        var keep = [Bool](repeating: true, count: words.count)
        func matches(_ phrase: [String], at start: Int) -> Bool {
            start >= 0 && start + phrase.count <= words.count
                && zip(phrase.indices, phrase).allSatisfy { keep[start + $0] && words[start + $0] == $1 }
        }
        // Wake words open or close a request; repeated ones ("hey, alexa") are all dropped.
        let start = leadingWakeWords(words)
        for position in 0..<start { keep[position] = false }
        if let phrase = wakeWords.first(where: { matches($0, at: words.count - $0.count) }),
            words.count - phrase.count > start
        {
            for offset in 0..<phrase.count { keep[words.count - phrase.count + offset] = false }
        }
        var position = start
        while position < words.count {
            if keep[position], let phrase = fillers.first(where: { matches($0, at: position) }) {
                for offset in 0..<phrase.count { keep[position + offset] = false }
                position += phrase.count
            } else {
                position += 1
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// Whether `words` are only wake words and fillers ("like", "um", "well"): said between two
    /// parts of a request, they are no part of their own.
    func isOnlyPadding(_ words: [String]) -> Bool {
        !words.isEmpty && keptWithoutPadding(words).isEmpty
    }
}

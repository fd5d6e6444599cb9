import Foundation
public import MediaIntents

/// One part of a request said in several: "play Michael Jackson | and turn it up a bit",
/// "something romantic please | it's date night", "play Come Together by the Beatles | no sorry,
/// the Aerosmith version". The assistant reads the parts one by one only when the whole could not
/// be carried out.
public struct Clause: Sendable, Equatable {
    /// The part as said, without the punctuation or joining word around it.
    public var text: String
    /// Words before it took back what came before ("no wait", «ой, нет», 「じゃなくて」, 不对).
    public var takesBack: Bool
    /// A joining word, not punctuation, cut it from the part before ("Король и Шут" may be one name).
    public var joined = false
    /// Said after a word for "then" ("and then", «а потом», 然后): what it plays comes after what
    /// the part before plays.
    public var queued = false
    /// Said after a word that gives a reason ("because", «потому что», 因为): no request of its own.
    public var givesReason = false
    /// The marks that end a part in any script.
    public static var marks: Set<Character> { ClauseCutter.marks }

    /// Whether a reading's name runs across a part's mark (「米津玄師かけて、ちょっと音大きめ」 or "who
    /// sounds like {Bon Iver? just play a few of those}" as one name): it read the request's other
    /// words as the name.
    public static func nameRunsAcrossParts(_ search: MediaSearch?) -> Bool {
        [search?.mediaName, search?.artistName, search?.albumName].compactMap { $0 }
            .contains { name in name.contains { marks.contains($0) } }
    }
}

/// `clauses` in language.json: the words that join parts of a request, and those that take back
/// what was just said.
struct ClausesFile: Codable, Sendable {
    /// "and|and then|then|also": words between two parts.
    var joiners: String
    /// "no wait|no sorry|i mean": words that open a part which replaces what came before.
    var takeBack: String
    /// "because|since": words that open a part giving a reason, no request of its own
    /// ("something chill because I need to focus").
    var reasons: String?
    /// "and then|after that": joining words after which a part plays next, not instead ("play
    /// Billie Eilish and then some Khalid").
    var then: String?
    /// "a bit louder|louder": words that, ending a request with no joining word before them, are a
    /// part of their own ("play Thriller a bit louder", «врубай Земфиру погромче»).
    var tails: String?
    /// «не»: words that take back what came before only when said as a part of their own, between
    /// marks («включи Группу крови… ой, не, лучше Кукушку»), never inside a part («только не Queen»).
    var takeBackAlone: String?
}

/// Cuts a request into clauses at punctuation and at the language's joining words.
struct ClauseCutter: Sendable {
    private var joiners: [[String]] = []
    private var takeBacks: [[String]] = []
    /// The same, each as one run of characters, for languages written without spaces.
    private var joinedJoiners: [String] = []
    private var joinedTakeBacks: [String] = []
    /// `ClausesFile.takeBackAlone`, folded.
    private var takeBacksAlone: Set<[String]> = []
    private var reasons: [[String]] = []
    private var joinedReasons: [String] = []
    /// The joining words that say "then", as words and as runs of characters.
    private var thens: Set<[String]> = []
    private var joinedThens: Set<String> = []
    private var tails: [[String]] = []
    private var fold: @Sendable (String) -> [String] = { [$0] }
    private var unspaced = false
    /// Marks that end a clause in any script.
    static let marks: Set<Character> = [",", ";", "!", "?", "…", "，", "、", "。", "！", "？", "；", "—", "–"]

    init() {}

    init(_ file: ClausesFile, language: String, fold: @escaping @Sendable (String) -> [String]) {
        func phrases(_ text: String) -> [[String]] {
            text.split(separator: "|").map { fold(String($0)) }.filter { !$0.isEmpty }
                .sorted { $0.count > $1.count }
        }
        // Where words run together a phrase is looked for in the text as said, folded and as
        // written: folding may spell it otherwise (違う read as ちがう).
        func runs(_ text: String?) -> [String] {
            let said = (text ?? "").split(separator: "|").map { $0.lowercased() }
            return Array(Set(phrases(text ?? "").map { $0.joined() } + said)).sorted { $0.count > $1.count }
        }
        let then = phrases(file.then ?? "")
        thens = Set(then)
        joinedThens = Set(runs(file.then))
        joiners = (phrases(file.joiners) + then).sorted { $0.count > $1.count }
        takeBacks = phrases(file.takeBack)
        reasons = phrases(file.reasons ?? "")
        joinedJoiners = runs(file.joiners + "|" + (file.then ?? ""))
        joinedReasons = runs(file.reasons)
        joinedTakeBacks = runs(file.takeBack)
        unspaced = CompiledGrammar.writesWithoutSpaces(language)
        tails = phrases(file.tails ?? "")
        takeBacksAlone = Set(phrases(file.takeBackAlone ?? ""))
        self.fold = fold
    }

    /// The last clause with a tail said at its end cut off as a part of its own.
    private func withTailApart(_ clauses: [Clause]) -> [Clause] {
        guard var last = clauses.last, !tails.isEmpty else { return clauses }
        let words = fold(last.text)
        for tail in tails where words.count > tail.count {
            let cut: String.Index?
            if unspaced {
                let joined = words.joined()
                let tailText = tail.joined()
                guard joined.hasSuffix(tailText), last.text.count > tailText.count else { continue }
                cut = last.text.index(last.text.endIndex, offsetBy: -tailText.count)
            } else {
                guard Array(words.suffix(tail.count)) == tail else { continue }
                // The tail's words are the last ones said: cut before the first of them.
                var index = last.text.endIndex
                for _ in 0..<tail.count {
                    let before = last.text[..<index].trimmingCharacters(in: .whitespaces)
                    guard let space = before.lastIndex(of: " ") else { return clauses }
                    index = space
                }
                cut = index
            }
            guard let cut else { continue }
            let rest = last.text[..<cut].trimmingCharacters(in: .whitespaces)
            let tailText = last.text[cut...].trimmingCharacters(in: .whitespaces)
            guard !rest.isEmpty, !tailText.isEmpty else { continue }
            last.text = rest
            return clauses.dropLast() + [last, Clause(text: tailText, takesBack: false)]
        }
        return clauses
    }

    /// The clauses of `text`, in order; one clause when nothing cuts it.
    func cut(_ text: String) -> [Clause] {
        var clauses: [Clause] = []
        var takesBack = false
        var queued = false
        // A full stop ends a clause where a word follows it ("play Hello. Not the Adele one"), not
        // in "No. 1" or "3.5".
        let sentences = text.replacingOccurrences(of: #"\.\s+(?=\p{L})"#, with: "; ", options: .regularExpression)
        for piece in Self.pieces(sentences) {
            // «…, не, лучше Кукушку»: a piece that is only a word taking back takes back.
            if !clauses.isEmpty, takeBacksAlone.contains(fold(String(piece))) {
                takesBack = true
                continue
            }
            for part in unspaced ? cutUnspaced(piece) : cutSpaced(piece) {
                takesBack = takesBack || part.takesBack
                queued = queued || part.byThen
                let trimmed = part.text.trimmingCharacters(in: .whitespaces)
                // A part made only of joining or taking-back words carries its mark to the next part.
                guard !trimmed.isEmpty else { continue }
                clauses.append(
                    Clause(
                        text: trimmed, takesBack: takesBack, joined: part.byJoiner && !clauses.isEmpty,
                        queued: queued && !clauses.isEmpty, givesReason: part.byReason && !clauses.isEmpty))
                takesBack = false
                queued = false
            }
        }
        return withTailApart(clauses)
    }

    /// `text` cut at the marks, but not at a "!" inside a name ("Help!で", "P!nk"): one with a
    /// letter right after it.
    private static func pieces(_ text: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let inName = text[index] == "!" && next < text.endIndex && text[next].isLetter
            if marks.contains(text[index]), !inName {
                if start < index { pieces.append(text[start..<index]) }
                start = next
            }
            index = next
        }
        if start < text.endIndex { pieces.append(text[start...]) }
        return pieces
    }

    /// A part of a piece, with what opened it.
    private struct Part {
        var text: Substring
        /// Taking-back words opened it.
        var takesBack = false
        /// A joining word (not a reason) opened it.
        var byJoiner = false
        /// A joining word for "then" opened it.
        var byThen = false
        /// A word giving a reason opened it.
        var byReason = false
    }

    /// Cuts at joining words, each part with what opened it.
    private func cutSpaced(_ piece: Substring) -> [Part] {
        let tokens = Token.split(String(piece)).filter { !$0.folded.isEmpty }
        let words = tokens.map(\.folded)
        var parts: [Part] = []
        var start = piece.startIndex
        var opened = Part(text: piece)
        var index = 0
        while index < words.count {
            let rest = words[index...]
            // "Gymnopédie No. 1": a word before a number is a part of the name, not a taking back.
            let beforeNumber = { (phrase: [String]) in
                index + phrase.count < words.count && words[index + phrase.count].allSatisfy(\.isNumber)
            }
            let takeBack = takeBacks.first { rest.starts(with: $0) && !beforeNumber($0) }
            let reason = reasons.first { rest.starts(with: $0) }
            guard let cut = takeBack ?? reason ?? joiners.first(where: { rest.starts(with: $0) }) else {
                index += 1
                continue
            }
            // The token's range in `piece`: Token.split works on a copy, so find it by offset.
            let begin = offset(tokens[index].original, in: piece)
            let end = offset(tokens[index + cut.count - 1].original, in: piece, end: true)
            opened.text = piece[start..<begin]
            parts.append(opened)
            // A reason may be let go: it is no part of a name cut in two.
            opened = Part(
                text: piece, takesBack: takeBack != nil, byJoiner: takeBack == nil && reason == nil,
                byThen: takeBack == nil && reason == nil && thens.contains(cut), byReason: reason != nil)
            start = end
            index += cut.count
        }
        opened.text = piece[start...]
        parts.append(opened)
        return parts
    }

    private func cutUnspaced(_ piece: Substring) -> [Part] {
        var parts: [Part] = []
        var start = piece.startIndex
        var index = piece.startIndex
        var opened = Part(text: piece)
        while index < piece.endIndex {
            let rest = piece[index...]
            // Two kana or fewer cut only where a part begins: inside a run of kana they are most
            // often a piece of a word (てか in かけてから, いや in きれいや); 然后, 不对 cut anywhere.
            let atStart = piece[start..<index].allSatisfy(\.isWhitespace)
            let fits = { (phrase: String) in
                rest.hasPrefix(phrase)
                    && (atStart || phrase.count > 2 || !phrase.unicodeScalars.allSatisfy(Script.isKana))
            }
            let takeBack = joinedTakeBacks.first(where: fits)
            let reason = joinedReasons.first(where: fits)
            guard let cut = takeBack ?? reason ?? joinedJoiners.first(where: fits) else {
                index = piece.index(after: index)
                continue
            }
            opened.text = piece[start..<index]
            parts.append(opened)
            opened = Part(
                text: piece, takesBack: takeBack != nil, byJoiner: takeBack == nil && reason == nil,
                byThen: takeBack == nil && reason == nil && joinedThens.contains(cut), byReason: reason != nil)
            index = piece.index(index, offsetBy: cut.count)
            start = index
        }
        opened.text = piece[start...]
        parts.append(opened)
        return parts
    }

    /// Where `word` (a slice of a copy of `piece`'s text) stands in `piece`.
    private func offset(_ word: Substring, in piece: Substring, end: Bool = false) -> String.Index {
        let copy = word.base
        let distance = copy.distance(from: copy.startIndex, to: end ? word.endIndex : word.startIndex)
        return piece.index(piece.startIndex, offsetBy: distance)
    }
}

extension Understander {
    /// The clauses of `text` in `language` (one when nothing cuts it).
    public func clauses(_ text: String, language: String? = nil) -> [Clause] {
        guard let grammar = grammar(for: language ?? defaultLanguage) else {
            return [Clause(text: text, takesBack: false)]
        }
        let clauses = grammar.clauses.cut(text)
        guard clauses.count > 1, let padding = padding[grammar.language] else { return clauses }
        // "What album is this on, and like, what year?": a part of only fillers is no request ("like"
        // alone would be one); its taking back passes to the part after it.
        var kept: [Clause] = []
        var takesBack = false
        for clause in clauses {
            if padding.isOnlyPadding(Token.split(clause.text).map(\.folded).filter { !$0.isEmpty }) {
                takesBack = takesBack || clause.takesBack
                continue
            }
            var clause = clause
            clause.takesBack = clause.takesBack || takesBack
            takesBack = false
            kept.append(clause)
        }
        return kept.isEmpty ? clauses : kept
    }
}

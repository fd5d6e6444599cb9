import Foundation
import MediaIntents

/// One language's grammar, compiled once at start-up.
struct CompiledGrammar: Sendable {
    var language: String
    var sentences: [CompiledSentence]
    var tables: ProgramTables
    /// Sentences to try for an utterance's first word id (those that can start with anything
    /// included), and those alone for a first word no sentence starts with.
    var byFirstWord: [Int32: [Int]]
    var anyStart: [Int]
    var numbers: NumberWords
    var durationUnits: [String: Double]
    var halfWords: Set<String>
    var oneWords: Set<String>
    var amountWords: [String: Double]
    /// Folded words that join two parts of a length of time ("and", "und").
    var joiningWords: Set<String>
    /// Folded play verbs a request may end with («Земфиру включи»), longest first.
    var playVerbsLast: [[String]]
    /// Folded words between a unit said first and its amount («секунд на тридцать»).
    var roughAmountWords: Set<String>
    /// Folded phrases that mark an add request as not about media ("shopping list").
    var notPlaylistPhrases: [[String]]
    /// Folded answer phrases to their position (1-based; -1 is the last).
    var choicePhrases: [String: Int]
    var cancelPhrases: Set<String>
    /// "yes", «да», "はい": accepting the one thing offered.
    var confirmPhrases: Set<String>
    var againPhrases: Set<String>
    var corrections: CorrectionPhrases
    var similarity: SimilarityCues
    /// Questions about what plays, asked loosely ("what year's this from").
    var questions: QuestionCues
    /// "The most popular …", said loosely.
    var charts: ChartCues
    /// A station from a named seed, said loosely.
    var stations: SeedStationCues
    /// Where a request said in parts is cut.
    var clauses: ClauseCutter
    /// "Anything but Queen": who a play leaves out.
    var exclusions: ExclusionCues
    var notNames: Set<String>
    var unnamedWords: Set<String>
    var notNameStarts: Set<String>
    var notNameEnds: [String]
    var notInArtistNames: Set<String>
    /// The four above, as the interpretation builder takes them.
    var nameWords: NameWords {
        NameWords(
            notNames: notNames, notNameStarts: notNameStarts, notNameEnds: notNameEnds, unnamed: unnamedWords, notInArtistNames: notInArtistNames,
            library: libraryNames, rooms: roomNames)
    }
    /// What names the person's own library ("my library"), folded.
    var libraryNames: Set<String>
    /// The language's room words ("kitchen", "living room"), folded.
    var roomNames: Set<String>
    /// What names the songs the person liked ("my liked songs"), folded.
    var likedNames: Set<String>
    /// A list value's first spoken form, by list ("genre" → "rock" → "рок"), for replies.
    var spokenNames: [String: [String: String]]
    /// The lists whose words the model tier spots anywhere in a sentence (kinds, genres, moods).
    var spottedLists: [String: PhraseList]
    /// The lists of apps, devices and rooms: a name the slot tagger reads is given as the list's own
    /// value when it is one of the list's phrases («в Яндекс Музыке» → Яндекс Музыка).
    var placeAndAppLists: [String: PhraseList]

    /// Compiles a grammar file, adding `extraLists` phrases (apps, devices, rooms known at run time).
    ///
    /// - Parameter slots: what each intent's sentences may use (`Resources/slots.json`); a slot or a
    ///   fixed value not declared for its sentence's intent is an error. Nil checks nothing (tests
    ///   of the template language alone).
    init(file: GrammarFile, extraLists: [String: [String]], slots: SlotDeclarations? = nil) throws {
        let fold: @Sendable (String) -> [String] = { text in Token.split(text).map(\.folded) }
        var lists: [String: PhraseList] = [:]
        var spokenNames: [String: [String: String]] = [:]
        for (name, entries) in file.lists {
            var list = PhraseList()
            for (value, phrases) in entries {
                spokenNames[name, default: [:]][value] = phrases.split(separator: "|").first.map(String.init)
                for phrase in phrases.split(separator: "|") { list.add(phrase: fold(String(phrase)), value: value) }
            }
            lists[name] = list
        }
        for (name, phrases) in extraLists {
            for phrase in phrases { lists[name, default: PhraseList()].add(phrase: fold(phrase), value: phrase) }
        }
        let parser = TemplateParser(
            rules: file.rules, lists: lists, spokenLists: Set(file.spokenLists ?? []), fold: fold)
        var sentences: [CompiledSentence] = []
        let compiler = ProgramCompiler()
        for group in file.intents ?? [] {
            guard let intent = IntentKind(rawValue: group.intent) else {
                throw TemplateError(template: group.sentences.first ?? "", reason: "unknown intent \(group.intent)")
            }
            let wrapName = group.wrap ?? "default"
            guard let wrap = file.wraps[wrapName] else {
                throw TemplateError(template: group.sentences.first ?? "", reason: "unknown wrap \(wrapName)")
            }
            for sentence in group.sentences {
                let (node, used) = try parser.parseUsingSlots(
                    wrap.replacingOccurrences(of: "$", with: "(\(sentence))"))
                try slots?.check(
                    used: used, fixed: Array((group.fixed ?? [:]).keys), intent: group.intent,
                    template: "intents/\(group.intent).json: \(sentence)")
                sentences.append(
                    CompiledSentence(
                        program: compiler.compile(node), intent: intent, fixed: group.fixed ?? [:],
                        weight: group.weight ?? 0, needsCatalog: group.needsCatalog ?? false, source: sentence,
                        template: node,
                        requiredWords: Self.requiredWords(node).map(compiler.wordID),
                        firstWords: Self.firstWords(node).map { Set($0.map(compiler.wordID)) }))
            }
        }
        self.language = file.language
        self.sentences = sentences
        self.tables = compiler.frozenTables()
        var byFirstWord: [Int32: [Int]] = [:]
        var anyStart: [Int] = []
        for (index, sentence) in sentences.enumerated() {
            if let first = sentence.firstWords {
                for word in first { byFirstWord[word, default: []].append(index) }
            } else {
                anyStart.append(index)
            }
        }
        // Each first word's list already holds the sentences that can start with anything, in order.
        self.byFirstWord = byFirstWord.mapValues { Array(Set($0 + anyStart)).sorted() }
        self.anyStart = anyStart
        // A unit of time is never a number, though a spell-out rule may read one as an ordinal.
        self.numbers = NumberWords(
            localeIdentifier: file.language, decimalWords: Set((file.decimalWords ?? []).flatMap(fold)),
            tensJoiners: Set((file.tensJoiners ?? []).flatMap(fold)),
            notNumbers: Set(file.durationUnits.keys.flatMap(fold)))
        self.joiningWords = Set((file.joiningWords ?? []).flatMap(fold))
        self.roughAmountWords = Set((file.roughAmountWords ?? []).flatMap(fold))
        self.playVerbsLast = (file.playVerbsLast ?? "").split(separator: "|").map { fold(String($0)) }
            .filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        self.durationUnits = Dictionary(
            uniqueKeysWithValues: file.durationUnits.map { (fold($0.key).joined(), $0.value) })
        self.halfWords = Set(file.halfWords)
        self.oneWords = Set(file.oneWords)
        self.amountWords = Dictionary(
            (file.amountWords ?? [:]).map { (fold($0.key).joined(), $0.value) }, uniquingKeysWith: { first, _ in first }
        )
        self.notPlaylistPhrases = (file.notPlaylistPhrases ?? []).map(fold)
        var choicePhrases: [String: Int] = [:]
        for (position, phrases) in file.choices ?? [:] {
            guard let number = Int(position) else { continue }
            for phrase in phrases.split(separator: "|") {
                choicePhrases[fold(String(phrase)).joined(separator: " ")] = number
            }
        }
        self.choicePhrases = choicePhrases
        self.notNameStarts = Set((file.notNameStarts ?? []).map { fold($0).joined() })
        self.notNameEnds = file.notNameEnds ?? []
        self.spokenNames = spokenNames
        self.spottedLists = lists.filter { Self.spotted.contains($0.key) }
        self.placeAndAppLists = lists.filter { ["app", "device", "area"].contains($0.key) }
        // Also unspaced: a name in Chinese or Japanese is one token as a name is folded (这本书), where
        // the grammar's folding cuts it into characters.
        self.notNames = Set((file.notNames ?? []).flatMap { [fold($0).joined(separator: " "), fold($0).joined()] })
        self.unnamedWords = Set((file.unnamedWords ?? []).map { fold($0).joined(separator: " ") })
        self.notInArtistNames = Set((file.notInArtistNames ?? []).map { fold($0).joined(separator: " ") })
        self.roomNames = Set((file.lists["area"] ?? [:]).values.flatMap { text in
            text.split(separator: "|").map { fold(String($0)).joined(separator: " ") }
        })
        self.likedNames = Set((file.likedNames ?? []).flatMap { phrase in
            let words = fold(phrase)
            return [words.joined(separator: " "), words.joined()]
        })
        self.libraryNames = Set((file.libraryNames ?? []).flatMap { phrase in
            let words = fold(phrase)
            return [words.joined(separator: " "), words.joined()]
        })
        // "a|b|c" → the folded phrases.
        let phrases = { (text: String?) in
            Set((text ?? "").split(separator: "|").map { fold(String($0)).joined(separator: " ") })
        }
        self.cancelPhrases = phrases(file.cancelPhrases)
        self.confirmPhrases = phrases(file.confirmPhrases)
        self.againPhrases = phrases(file.againPhrases)
        self.corrections = file.corrections.map { CorrectionPhrases($0, fold: fold, unspaced: Self.writesWithoutSpaces(file.language)) } ?? CorrectionPhrases()
        if let said = file.corrections, let around = said.yearsAround {
            self.corrections.years = CorrectionYears(
                decades: file.lists["decade"] ?? [:], around: around, yearWords: said.yearWords ?? "",
                numbers: self.numbers, unspaced: Self.writesWithoutSpaces(file.language), fold: fold)
        }
        self.clauses = file.clauses.map { ClauseCutter($0, language: file.language, fold: fold) } ?? ClauseCutter()
        self.exclusions = file.exclusions.map { ExclusionCues($0, language: file.language) } ?? ExclusionCues()
        self.similarity =
            file.similar.map { SimilarityCues($0, language: file.language, fold: fold) } ?? SimilarityCues()
        self.questions = file.questions.map { QuestionCues($0, language: file.language, fold: fold) } ?? QuestionCues()
        let numbers = self.numbers
        self.charts =
            file.charts.map {
                ChartCues($0, lists: file.lists, language: file.language, numbers: numbers, fold: fold)
            } ?? ChartCues()
        self.stations =
            file.stations.map { SeedStationCues($0, language: file.language, fold: fold) } ?? SeedStationCues()
    }

    /// Whether `language` is written without spaces between words (Japanese, Chinese): phrases there
    /// are found as runs of characters, not as words.
    static func writesWithoutSpaces(_ language: String) -> Bool {
        language.hasPrefix("ja") || language.hasPrefix("zh")
    }

    /// Lists the model tier looks for anywhere in a sentence.
    static let spotted: Set<String> = ["mediaType", "genre", "mood", "decade"]

    /// Words that appear in every reading of a node.
    static func requiredWords(_ node: TemplateNode) -> Set<String> {
        switch node {
        case .word(let word): return [word]
        case .sequence(let items): return items.reduce(into: Set<String>()) { $0.formUnion(requiredWords($1)) }
        case .alternatives(let options):
            guard let first = options.first else { return [] }
            return options.dropFirst().reduce(requiredWords(first)) { $0.intersection(requiredWords($1)) }
        case .slot: return []
        }
    }

    /// The words a match can start with; nil when it can start with anything (a wildcard or a number).
    static func firstWords(_ node: TemplateNode) -> Set<String>? {
        func first(_ node: TemplateNode) -> (words: Set<String>?, nullable: Bool) {
            switch node {
            case .word(let word): return ([word], false)
            case .slot(_, .list(_, let list, _)): return (Set(list.byFirstWord.keys), false)
            case .slot: return (nil, false)
            case .sequence(let items):
                var words = Set<String>()
                for item in items {
                    let (itemWords, nullable) = first(item)
                    guard let itemWords else { return (nil, false) }
                    words.formUnion(itemWords)
                    if !nullable { return (words, false) }
                }
                return (words, true)
            case .alternatives(let options):
                var words = Set<String>()
                var nullable = false
                for option in options {
                    let (optionWords, optionNullable) = first(option)
                    guard let optionWords else { return (nil, false) }
                    words.formUnion(optionWords)
                    nullable = nullable || optionNullable
                }
                return (words, nullable)
            }
        }
        let (words, nullable) = first(node)
        return nullable ? nil : words
    }

    /// Reads a length of time at `position`: "45 seconds", "a minute", "one and a half minutes",
    /// "half a minute", "1 minute 30 seconds". Returns seconds and tokens used.
    func readDuration(_ tokens: [String], at position: Int, numbers: NumberWords) -> (Double, Int)? {
        var total = 0.0
        var p = position
        var read = false
        while p < tokens.count {
            if read, joiningWords.contains(tokens[p]), p + 1 < tokens.count,
                !oneWords.contains(tokens[p + 1]) || p + 2 >= tokens.count
                    || !halfWords.contains(tokens[p + 2])
            {
                // "one minute and thirty seconds": the "and" joins two parts.
                if let (value, used) = part(tokens, p + 1, numbers) {
                    total += value
                    p += 1 + used
                    continue
                }
                break
            }
            guard let (value, used) = part(tokens, p, numbers) else { break }
            total += value
            p += used
            read = true
        }
        return read ? (total, p - position) : nil
    }

    /// One "<amount> <unit> [and a half]" or "half a <unit>".
    private func part(_ tokens: [String], _ start: Int, _ numbers: NumberWords) -> (Double, Int)? {
        var p = start
        guard p < tokens.count else { return nil }
        // A clock reading: "1:30", "1:02:03".
        if tokens[p].contains(":") {
            let parts = tokens[p].split(separator: ":").compactMap { Double($0) }
            guard parts.count >= 2, parts.count <= 3 else { return nil }
            return (parts.reduce(0) { $0 * 60 + $1 }, 1)
        }
        if halfWords.contains(tokens[p]), p + 2 < tokens.count, oneWords.contains(tokens[p + 1]),
            let unit = durationUnits[tokens[p + 2]]
        {
            return (unit / 2, 3)
        }
        // «Секунд на тридцать»: the unit first, then the amount (said roughly).
        if let unit = durationUnits[tokens[p]], p + 2 < tokens.count, roughAmountWords.contains(tokens[p + 1]),
            let (value, used) = numbers.read(tokens[(p + 2)...])
        {
            return (value * unit, 2 + used)
        }
        var amount: Double
        if let value = amountWords[tokens[p]] {
            amount = value
            p += 1
        } else if let (value, used) = numbers.read(tokens[p...]) {
            amount = value
            p += used
        } else if oneWords.contains(tokens[p]) {
            amount = 1
            p += 1
        } else {
            return nil
        }
        // "one and a half minutes"
        if p + 2 < tokens.count, joiningWords.contains(tokens[p]), oneWords.contains(tokens[p + 1]),
            halfWords.contains(tokens[p + 2])
        {
            amount += 0.5
            p += 3
        }
        guard p < tokens.count, let unit = durationUnits[tokens[p]] else { return nil }
        p += 1
        var seconds = amount * unit
        if p + 2 < tokens.count, joiningWords.contains(tokens[p]), oneWords.contains(tokens[p + 1]),
            halfWords.contains(tokens[p + 2])
        {
            seconds += unit / 2
            p += 3
        }
        return (seconds, p - start)
    }
}

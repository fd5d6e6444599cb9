import MediaIntents
import Testing

@testable import Understanding

@Suite("Template language and matcher")
struct MatcherTests {
    func grammar(_ sentences: [String], lists: [String: [String: String]] = [:], rules: [String: String] = [:]) throws
        -> CompiledGrammar
    {
        let file = GrammarFile(
            language: "en", rules: rules, lists: lists, spokenLists: nil, wraps: ["default": "$"],
            intents: [IntentGroup(intent: "playMedia", sentences: sentences, fixed: nil, wrap: nil, weight: nil)],
            durationUnits: ["second": 1, "seconds": 1, "minute": 60, "minutes": 60], halfWords: ["half"],
            oneWords: ["a", "an", "one"], joiningWords: ["and"])
        return try CompiledGrammar(file: file, extraLists: [:])
    }

    func matches(_ grammar: CompiledGrammar, _ text: String) -> [SentenceMatch] {
        let tokens = Token.split(text)
        var matcher = Matcher(words: tokens.map(\.folded), originals: tokens.map(\.original), grammar: grammar)
        return grammar.sentences.enumerated().flatMap { index, sentence in matcher.matches(sentence, index: index) }
    }

    @Test(arguments: [
        ("play [the] song {mediaName}", "play song Yesterday", true),
        ("play [the] song {mediaName}", "play the song Yesterday", true),
        ("(play|put on) {mediaName}", "put on Yesterday", true),
        ("(play|put on) {mediaName}", "start Yesterday", false),
        ("play {mediaName} by {artistName}", "play Hello by", false),
        ("<go> {mediaName}", "go go Hello", true),
    ])
    func templateReadsWhatItShould(template: String, text: String, matches expected: Bool) throws {
        let compiled = try grammar([template], rules: ["go": "(go go|let's go)"])
        #expect(!matches(compiled, text).isEmpty == expected)
    }

    @Test func wildcardKeepsOriginalSpelling() throws {
        let compiled = try grammar(["play {mediaName} by {artistName}"])
        let captures = try #require(matches(compiled, "play Sweet Child o' Mine by Guns N' Roses").first).captures
        #expect(captures.map(\.value) == [.text("Sweet Child o' Mine"), .text("Guns N' Roses")])
    }

    @Test func listSlotGivesItsValue() throws {
        let compiled = try grammar(["play {mediaType} {mediaName}"], lists: ["mediaType": ["song": "song|track|tune"]])
        let captures = try #require(matches(compiled, "play tune Hello").first).captures
        #expect(captures.first?.value == .text("song"))
    }

    @Test(arguments: [
        ("skip 45 seconds", 45.0), ("skip forty five seconds", 45), ("skip a minute", 60),
        ("skip one and a half minutes", 90), ("skip half a minute", 30), ("skip 1 minute 30 seconds", 90),
        ("skip a minute and a half", 90),
    ])
    func durations(text: String, seconds: Double) throws {
        let compiled = try grammar(["skip {interval:duration}"])
        let captures = try #require(matches(compiled, text).first).captures
        #expect(captures.first?.value == .number(seconds))
    }

    @Test(arguments: [
        ("play {x", "missing '}'"), ("play (a|b", "missing ')'"), ("play <nope>", "unknown rule <nope>"),
        ("play {x:nolist}", "unknown list nolist"), ("play <loop>", "refers to itself"),
    ])
    func badTemplatesNameTheProblem(template: String, reason: String) {
        #expect {
            _ = try grammar([template], rules: ["loop": "<loop>"])
        } throws: { error in
            "\(error)".contains(reason) && "\(error)".contains(template)
        }
    }

    @Test func possessiveSplitsFromTheName() {
        #expect(Token.split("Adele's Skyfall").map(\.folded) == ["adele", "s", "skyfall"])
        #expect(Token.split("don't stop").map(\.folded) == ["dont", "stop"])
        #expect(Token.split("play 89.1 FM").map(\.folded) == ["play", "89.1", "fm"])
    }
}

@Suite("Understanding what is not a request")
struct NoneTests {
    @Test(arguments: ["", "   ", "what's the weather", "turn on the lights", "call mom", "asdf qwer zxcv"])
    func notMedia(_ text: String) {
        #expect(sharedUnderstander.best(text).intent == .none)
    }

    @Test func randomBytesAreNotARequestAndDoNotCrash() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(sharedUnderstander.best(text).intent == .none)
    }

    @Test func veryLongPlayRequestIsRefusedNotMatched() {
        let text = "play " + Array(repeating: "la", count: 500).joined(separator: " ")
        #expect(sharedUnderstander.understand(text).isEmpty)
    }

    @Test func unknownLanguageGivesNoReading() {
        #expect(sharedUnderstander.understand("play skyfall", language: "xx").isEmpty)
    }

    @Test func interpretationsAreRankedBestFirst() throws {
        let readings = sharedUnderstander.understand("play Hello by Adele")
        #expect(readings.count >= 2)
        #expect(zip(readings, readings.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(readings.first?.understood.search?.artistName == "Adele")
    }
}

@Suite("Tokens")
struct TokenTests {
    /// The byte-level fast path must read ASCII exactly as the general path does.
    @Test(arguments: [
        "Play Adele's Skyfall, please!", "don't stop believin'", "play 89.1 FM", "volume 1,000 %", "rock & roll",
        "play at 1.5x", "it's 'quoted' text", "Guns N' Roses - Sweet Child o' Mine", "a.b,c", "'s", "x's",
    ])
    func asciiFastPathAgrees(_ text: String) {
        let fast = Token.splitASCII(text)
        // Appending a non-ASCII character forces the general path; drop its extra token.
        let general = Token.split(text + " é").dropLast()
        #expect(fast.map(\.folded) == general.map(\.folded))
        #expect(fast.map(\.original) == general.map(\.original))
    }
}

@Suite("Language detection")
struct LanguageDetectionTests {
    @Test(arguments: [
        ("play skyfall by adele", "en"), ("spiele Skyfall von Adele", "de"), ("nächster Titel", "de"),
        ("welches Lied ist das", "de"), ("what song is this", "en"), ("включи Сектор Газа", "ru"),
        ("この曲好き", "ja"), ("播放音乐", "zh-Hans"), ("播放音樂", "zh-Hant"), ("pause", "en"),
    ])
    func detects(text: String, language: String) {
        #expect(sharedUnderstander.detectLanguage(text) == language)
    }

    @Test func untaggedGermanIsReadWithTheGermanGrammar() {
        #expect(sharedUnderstander.best("Lautstärke im Wohnzimmer auf 20 stellen").params?.volume == 20)
    }
}

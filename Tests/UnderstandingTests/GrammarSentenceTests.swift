import Foundation
import MediaIntents
import Testing

@testable import Understanding

/// One test sentence of a language folder: the text and exactly what it must mean.
struct SentenceCase: Codable, CustomTestStringConvertible, Sendable {
    var text: String
    var expect: Understood
    var lang: String?
    var testDescription: String { text }
}

/// Every `Resources/<lang>/tests.jsonl` row, so adding a phrasing is adding a line.
func languageSentences() throws -> [SentenceCase] {
    let root = try #require(Understander.resourcesURL)
    var cases: [SentenceCase] = []
    for folder in try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil) {
        let url = folder.appendingPathComponent("tests.jsonl")
        guard let data = FileManager.default.contents(atPath: url.path) else { continue }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.isEmpty {
            var row = try JSONDecoder().decode(SentenceCase.self, from: Data(line.utf8))
            row.lang = row.lang ?? folder.lastPathComponent
            cases.append(row)
        }
    }
    return cases
}

let sharedUnderstander = try! Understander()

@Suite("Language test sentences")
struct GrammarSentenceTests {
    @Test("each sentence means exactly its expected intent and fields", arguments: try languageSentences())
    func sentence(_ row: SentenceCase) {
        let understood = sharedUnderstander.best(row.text, language: row.lang)
        #expect(understood == row.expect, "\(row.text)")
    }

    /// Each language on its own: one language's sentences do not stand in for another's.
    @Test func everyLanguageFolderHasSentencesForEveryMainIntent() throws {
        let byLanguage = Dictionary(grouping: try languageSentences(), by: { $0.lang ?? "" })
        #expect(byLanguage.count >= 8, "\(byLanguage.keys.sorted())")
        for (language, rows) in byLanguage {
            let intents = Set(rows.map(\.expect.intent))
            for kind: IntentKind in [
                .playMedia, .addMedia, .updateMediaAffinity, .searchForMedia, .pause, .resume, .stop,
                .nextTrack, .previousTrack, .skipForward, .skipBackward, .seek, .setPlaybackRate,
                .setRepeatMode, .setShuffleMode, .setVolume, .changeVolume, .mute, .unmute,
                .nowPlayingQuestion, .none,
            ] {
                #expect(intents.contains(kind), "\(language) has no test sentence for \(kind)")
            }
        }
    }
}

import Apps
import Assistant
import Catalog
import Foundation
import Testing

/// Multi-turn scenarios (`Tests/scenarios/<lang>.jsonl`): after every turn, what the player does
/// (the item playing, what comes next, shuffle, repeat and speed) and what the reply says are
/// checked against the scenario, and the reply is checked against the player whatever the scenario
/// says: a play that succeeded names what plays (or the album, playlist, artist or show it comes
/// from), and a request that did not succeed leaves the player as it was.
@Suite("Scenarios: what plays is what was asked, and the reply says what plays")
struct ScenarioTests {
    struct Turn: Decodable {
        /// What the person says.
        var say: String
        /// The title playing afterwards ("" for nothing at all).
        var playing: String?
        /// The first titles of up next, in order.
        var next: [String]?
        var shuffle: Bool?
        var `repeat`: String?
        var rate: Double?
        /// Words the reply must contain (each of them).
        var reply: [String]?
        /// Words the reply must not contain.
        var notReply: [String]?
        /// The outcome's code ("success", "failure", "needsChoice", "needsConfirmation").
        var code: String?
        /// A command the item playing must not take (as now-playing lists them).
        var refuses: String?
        /// Seconds the clock moves before this turn.
        var wait: Double?
    }

    struct Scenario: Decodable, CustomTestStringConvertible {
        var name: String
        var lang: String
        /// Catalog rows (JSON Lines rows, as `hark import` reads) added to the demo catalog first.
        var catalog: [CatalogEntry]?
        var turns: [Turn]
        var testDescription: String { "\(lang): \(name)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios")

    /// Every scenario file's scenarios; a line that is not a scenario stops the run with its file and line.
    static let scenarios: [Scenario] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var all: [Scenario] = []
        for file in files.sorted() where file.hasSuffix(".jsonl") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
                do {
                    all.append(try JSONDecoder().decode(Scenario.self, from: Data(trimmed.utf8)))
                } catch {
                    fatalError("\(file):\(index + 1): not a scenario: \(error)")
                }
            }
        }
        return all
    }()

    @Test func thereAreEnoughInEveryLanguage() {
        let byLanguage = Dictionary(grouping: Self.scenarios, by: \.lang).mapValues(\.count)
        #expect(Self.scenarios.count >= 150, "\(byLanguage)")
        for language in ["en", "ru", "ja", "zh-Hans", "de"] {
            #expect((byLanguage[language] ?? 0) >= 20, "\(language) has \(byLanguage[language] ?? 0) scenarios")
        }
    }

    @Test(arguments: scenarios) func scenario(_ scenario: Scenario) async throws {
        let clock = ManualClock()
        let path = try freshDatabase()
        if let rows = scenario.catalog {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).jsonl")
            let lines = try rows.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            _ = try CatalogImporter(store: CatalogStore(path: path)).importFile(file.path)
        }
        let assistant = try Assistant(app: BuiltInMediaApp(path: path, state: testState(), clock: clock))
        let context = RequestContext(user: "default", language: scenario.lang)
        for (number, turn) in scenario.turns.enumerated() {
            let at = "\(scenario.lang) «\(scenario.name)» turn \(number + 1) «\(turn.say)»"
            if let wait = turn.wait { clock.advance(wait) }
            let before = await assistant.nowPlaying()
            let outcome = await assistant.ask(turn.say, context: context)
            let after = await assistant.nowPlaying()
            let reply = outcome.reply
            if let code = turn.code { #expect(outcome.code.rawValue == code, "\(at): code; reply «\(reply)»") }
            if let playing = turn.playing {
                let title = after?.state == .stopped ? "" : after?.item?.title ?? ""
                #expect(title == playing, "\(at): playing «\(title)»; reply «\(reply)»")
            }
            if let next = turn.next {
                let upNext = (after?.upNext ?? []).prefix(next.count).map(\.title)
                #expect(upNext == next, "\(at): up next \(upNext)")
            }
            if let shuffle = turn.shuffle { #expect(after?.shuffle == shuffle, "\(at): shuffle") }
            if let mode = turn.repeat { #expect(after?.repeatMode.rawValue == mode, "\(at): repeat") }
            if let rate = turn.rate { #expect(after?.rate == rate, "\(at): rate \(after?.rate ?? 0)") }
            for words in turn.reply ?? [] {
                #expect(reply.localizedCaseInsensitiveContains(words), "\(at): reply «\(reply)» lacks «\(words)»")
            }
            for words in turn.notReply ?? [] {
                #expect(!reply.localizedCaseInsensitiveContains(words), "\(at): reply «\(reply)» has «\(words)»")
            }
            if let command = turn.refuses {
                #expect(after?.supportedCommands.contains(command) == false, "\(at): \(command) is offered")
            }
            Self.checkTruth(outcome, before: before, after: after, at: at)
        }
    }

    /// What holds for every turn: a play that succeeded names what plays, or what it comes from;
    /// a play that did not succeed changed nothing; a command's reply agrees with the player.
    static func checkTruth(_ outcome: Outcome, before: NowPlayingInfo?, after: NowPlayingInfo?, at: String) {
        guard outcome.understood.intent == .playMedia else {
            checkCommandTruth(outcome, before: before, after: after, at: at)
            return
        }
        let params = outcome.understood.params
        guard params?.playbackQueueLocation == nil || params?.playbackQueueLocation == .now else { return }
        if outcome.code != .success {
            #expect(
                before?.item?.identifier == after?.item?.identifier && before?.state == after?.state,
                "\(at): the player changed although the reply was «\(outcome.reply)»")
            return
        }
        guard let playing = after?.item, after?.state == .playing else {
            Issue.record("\(at): the reply «\(outcome.reply)» says something plays, and nothing does")
            return
        }
        var names = [playing.title, playing.album, playing.artist].compactMap { $0 }
        names += (playing.aliases ?? []) + (playing.artistAliases ?? [])
        if let asked = outcome.items.first, !asked.type.isSingle {
            names += [asked.title] + (asked.aliases ?? [])
        }
        // Russian declines names ("песни Земфиры"): the stem of a longer name counts too.
        names += names.filter { $0.count > 5 && $0.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }
            .map { String($0.dropLast(1)) }
        // A name of several words is declined word by word ("Аллы Пугачёвой" for Алла Пугачёва).
        let declined = { (name: String) -> Bool in
            let words = name.split(separator: " ")
            guard words.count > 1, name.unicodeScalars.contains(where: { (0x400...0x4FF).contains($0.value) }) else { return false }
            return words.allSatisfy { outcome.reply.localizedCaseInsensitiveContains(String($0.count > 3 ? $0.dropLast(1) : $0)) }
        }
        #expect(
            names.contains { outcome.reply.localizedCaseInsensitiveContains($0) || declined($0) },
            "\(at): the reply «\(outcome.reply)» names none of \(names), and \(playing.title) plays")
    }

    /// Commands, adds and likes: what the reply claims is what the player (or library) did.
    static func checkCommandTruth(_ outcome: Outcome, before: NowPlayingInfo?, after: NowPlayingInfo?, at: String) {
        let params = outcome.understood.params
        let reply = outcome.reply
        let commands: Set<IntentKind> = [
            .nextTrack, .previousTrack, .skipForward, .skipBackward, .seek, .setPlaybackRate, .setRepeatMode,
            .setShuffleMode,
        ]
        if outcome.code != .success {
            if commands.contains(outcome.understood.intent) {
                #expect(
                    before?.item?.identifier == after?.item?.identifier && before?.rate == after?.rate
                        && before?.shuffle == after?.shuffle && before?.repeatMode == after?.repeatMode,
                    "\(at): the player changed although the reply was «\(reply)»")
            }
            return
        }
        switch outcome.understood.intent {
        case .nextTrack, .previousTrack:
            if let title = after?.item?.title {
                #expect(reply.contains(title), "\(at): «\(reply)» does not name \(title), which plays")
            }
        case .setShuffleMode:
            #expect(after?.shuffle == params?.shuffle, "\(at): «\(reply)», and shuffle is \(after?.shuffle ?? false)")
        case .setPlaybackRate:
            #expect(after?.rate == params?.rate, "\(at): «\(reply)», and the speed is \(after?.rate ?? 0)")
        case .setRepeatMode:
            #expect(after?.repeatMode == params?.repeatMode, "\(at): «\(reply)», and repeat is \(after?.repeatMode.rawValue ?? "")")
        case .addMedia, .updateMediaAffinity:
            if let item = outcome.items.first {
                let names = [item.title] + (item.aliases ?? [])
                #expect(names.contains { reply.contains($0) }, "\(at): «\(reply)» does not name \(item.title)")
            }
        default: break
        }
    }
}

import Apps
import Assistant
import Foundation
import MediaIntents
import Playback
import Testing

@Suite("Assistant replies to what cannot be done")
struct FailureTests {
    @Test func emptyAndNoiseNeverCrash() async throws {
        let assistant = try freshAssistant()
        let empty = await assistant.ask("   ")
        #expect(empty.code == .failure && empty.reply.hasPrefix("I didn't hear anything"))
        var generator = SystemRandomNumberGenerator()
        let noise = String(
            decoding: (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }, as: UTF8.self)
        let outcome = await assistant.ask(noise)
        #expect(outcome.code == .failure && outcome.understood.intent == .none)
        let long = await assistant.ask(String(repeating: "play skyfall ", count: 200))
        #expect(long.reply.hasPrefix("That's too long"))
    }

    @Test func nothingPlaying() async throws {
        let assistant = try freshAssistant()
        for text in ["pause", "next", "skip forward 30 seconds", "what song is this", "I like this song"] {
            let outcome = await assistant.ask(text)
            #expect(outcome.code == .failure, "\(text)")
            #expect(outcome.reply == "Nothing is playing right now.", "\(text)")
        }
    }

    @Test func emptyPlayStartsAMixAndNeverAsks() async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask("play")
        #expect(outcome.code == .success)
        #expect(outcome.reply.hasPrefix("Playing a mix, starting with"))
        #expect((outcome.nowPlaying?.queueCount ?? 0) >= 20)
    }

    @Test func genreMoodAndDecadePlayMatchingSongs() async throws {
        let assistant = try freshAssistant()
        let jazz = await assistant.ask("play some jazz")
        #expect(jazz.code == .success && jazz.reply.hasPrefix("Playing jazz music, starting with"))
        #expect(jazz.nowPlaying?.item?.genres.contains("jazz") == true)
        let sad = await assistant.ask("play sad acoustic music")
        #expect(sad.nowPlaying?.item?.genres.contains("acoustic") == true)
        let eighties = await assistant.ask("play 80s rock")
        #expect((1980...1989).contains(eighties.nowPlaying?.item?.releaseYear ?? 0))
    }

    @Test func dislikingAnAlbumIsRefused() async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask("I don't like the album Thriller")
        #expect(outcome.code == .failure)
        #expect(outcome.reply == "I can only dislike songs, and Thriller isn't one.")
    }

    @Test func catalogPlaylistIsNotEditable() async throws {
        let assistant = try freshAssistant()
        _ = await assistant.ask("play skyfall")
        let outcome = await assistant.ask("add this song to the playlist of the day")
        #expect(outcome.destinationReason == .playlistNotEditable)
        #expect(outcome.reply == "The playlist Playlist of the Day can't be changed.")
    }

    @Test func speedOutOfRange() async throws {
        let assistant = try freshAssistant()
        _ = await assistant.ask("play skyfall")
        let outcome = await assistant.ask("play at 10x speed")
        #expect(outcome.commandStatus == .commandFailed)
        #expect(outcome.reply == "I can play from half speed to three times speed.")
    }

    @Test func shufflingAnAlbumPlaysItsTracks() async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask("shuffle abbey road")
        #expect(outcome.nowPlaying?.item?.album == "Abbey Road")
        #expect(outcome.nowPlaying?.shuffle == true)
    }

    @Test func stateCarriesOverToANewProcess() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-persist-\(UUID().uuidString).db")
            .path
        try FileManager.default.copyItem(atPath: seededTemplate, toPath: path)
        let clock = ManualClock()
        do {
            let first = try Assistant(app: BuiltInMediaApp(path: path, clock: clock))
            _ = await first.ask("play hello by adele")
        }
        clock.advance(30)
        let second = try Assistant(app: BuiltInMediaApp(path: path, clock: clock))
        let outcome = await second.ask("what song is this")
        #expect(outcome.reply == "This is Hello by Adele.")
        #expect(outcome.nowPlaying?.position == 30)
    }

    /// Two processes on one database: each sees the queue the other last played (the queue is
    /// stored apart from the player and re-read when its revision changes).
    @Test func twoAssistantsShareTheQueue() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-share-\(UUID().uuidString).db")
            .path
        try FileManager.default.copyItem(atPath: seededTemplate, toPath: path)
        let clock = ManualClock()
        let first = try Assistant(app: BuiltInMediaApp(path: path, clock: clock))
        let second = try Assistant(app: BuiltInMediaApp(path: path, clock: clock))
        _ = await first.ask("play hello by adele")
        #expect(await second.ask("what song is this").reply == "This is Hello by Adele.")
        _ = await second.ask("pause")
        #expect(await first.nowPlaying()?.state == .paused)
        _ = await first.ask("play the album abbey road")
        let seen = await second.nowPlaying()
        #expect(seen?.item?.album == "Abbey Road" && seen?.state == .playing)
        _ = await second.ask("next")
        let moved = await first.nowPlaying()
        #expect(moved?.item?.album == "Abbey Road" && moved?.queueIndex == 1)
    }

    @Test func devicesHaveTheirOwnPlayers() async throws {
        let assistant = try freshAssistant()
        let kitchen = RequestContext(device: "kitchen")
        _ = await assistant.ask("play skyfall", context: kitchen)
        let elsewhere = await assistant.ask("what song is this")
        #expect(elsewhere.reply == "Nothing is playing right now.")
        let there = await assistant.ask("what song is this in the kitchen")
        #expect(there.reply == "This is Skyfall by Adele.")
        let played = await assistant.ask("play hello by adele in the kitchen")
        #expect(played.device == "kitchen" && played.reply == "Playing Hello by Adele.")
    }

    /// Without a home, a room no player answers to is this speaker: it plays here and says so.
    @Test func unknownRoomsAreSaid() async throws {
        let assistant = try freshAssistant()
        let bedroom = await assistant.ask("play skyfall by adele in the bedroom")
        #expect(bedroom.device == "default")
        #expect(bedroom.reply == "There's no bedroom set up, so it's on this speaker. Playing Skyfall by Adele.")
        #expect(await assistant.nowPlaying()?.item?.title == "Skyfall")
        let moved = await assistant.ask("move the music to the living room")
        #expect(moved.reply == "There's no living room set up, so the music stays on this speaker.")
        #expect(await assistant.nowPlaying()?.item?.title == "Skyfall")
        #expect(await assistant.nowPlaying(device: "living room")?.item == nil)
        // Turning another room down does not turn this speaker down.
        let level = await assistant.nowPlaying()?.volume
        let quieter = await assistant.ask("turn the living room down a bit")
        #expect(quieter.reply == "There's no living room set up, so I left the volume as it is.")
        #expect(await assistant.nowPlaying()?.volume == level)
        let missing = await assistant.ask("play nothingburger xyz in the kitchen")
        #expect(missing.reply.hasPrefix("There's no kitchen set up. I couldn't find"), "\(missing.reply)")
        // A client that speaks as "Kitchen" is the kitchen, whatever the case.
        let client = await assistant.ask("play hello by adele in the kitchen", context: RequestContext(device: "Kitchen"))
        #expect(client.device == "Kitchen" && client.reply == "Playing Hello by Adele.")
        let russian = await assistant.ask("включи Кукушку на кухне")
        #expect(russian.reply.hasPrefix("Комнаты ещё не настроены, поэтому включаю на этой колонке. "))
        #expect(await assistant.nowPlaying()?.item?.title == "Кукушка")
    }

    @Test func outputReceivesActions() async throws {
        let output = SimulatedOutput()
        let assistant = try freshAssistant(output: output)
        _ = await assistant.ask("play skyfall")
        _ = await assistant.ask("pause")
        guard case .load(let queue, 0, 0) = output.actions.first else {
            Issue.record("first action was \(String(describing: output.actions.first))")
            return
        }
        #expect(queue.first?.title == "Skyfall")
        #expect(output.actions.last == .pause)
    }

    @Test func outcomeCarriesRankedInterpretations() async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask("play hello by adele")
        #expect(outcome.interpretations.count >= 2)
        #expect(outcome.items.first?.title == "Hello" && outcome.items.first?.artist == "Adele")
        #expect(outcome.items.count <= 5)
        let json = try JSONEncoder().encode(outcome)
        #expect(String(decoding: json, as: UTF8.self).contains("\"interpretations\""))
    }
}

@Suite("Settings that change replies")
struct SettingsTests {
    @Test func disabledCommandGetsItsOwnReply() async throws {
        let assistant = try freshAssistant()
        _ = await assistant.ask("play the album abbey road")
        try await assistant.setCommand("nextTrack", enabled: false)
        let outcome = await assistant.ask("next song")
        #expect(outcome.commandStatus == .commandDisabled)
        #expect(outcome.reply == "Sorry, skipping is turned off for Hark right now.")
        try await assistant.setCommand("nextTrack", enabled: true)
        #expect(await assistant.ask("next song").commandStatus == .success)
    }

    @Test func explicitContentSettingIsHonoured() async throws {
        let assistant = try freshAssistant()
        #expect(await assistant.ask("play explicit banger").code == .success)
        try await assistant.setExplicitContent(allowed: false)
        let outcome = await assistant.ask("play explicit banger")
        #expect(outcome.code == .failureRestrictedContent)
        #expect(outcome.reason == .explicitContentSettings)
        #expect(outcome.reply == "explicit banger is explicit, and explicit content is turned off.")
    }
}

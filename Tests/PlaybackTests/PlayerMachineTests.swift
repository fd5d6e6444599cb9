import MediaIntents
import Playback
import Testing

func song(_ title: String, _ duration: Double = 200) -> MediaItem {
    MediaItem(identifier: "song/\(title)", title: title, type: .song, artist: "Band", duration: duration)
}

var abc: [MediaItem] { [song("A"), song("B"), song("C")] }

@Suite("Player state machine")
struct PlayerMachineTests {
    @Test func positionMovesOnlyWhilePlaying() {
        var player = PlayerMachine()
        _ = player.play(abc, now: 1000)
        #expect(player.position(at: 1030) == 30)
        #expect(player.handle(.pause, now: 1030).0 == .success)
        #expect(player.position(at: 1100) == 30)
        #expect(player.handle(.play, now: 1100).0 == .success)
        #expect(player.position(at: 1110) == 40)
    }

    @Test func finishedItemsAdvanceAndTheQueueEnds() {
        var player = PlayerMachine()
        _ = player.play(abc, now: 0)
        player.advance(to: 250)
        #expect(player.current?.title == "B")
        #expect(player.position(at: 250) == 50)
        player.advance(to: 700)
        #expect(player.state == .stopped)
        #expect(player.current?.title == "C")
    }

    @Test func repeatOneAndAll() {
        var one = PlayerMachine()
        _ = one.play(abc, repeatMode: .one, now: 0)
        one.advance(to: 450)
        #expect(one.current?.title == "A" && one.position(at: 450) == 50)
        var all = PlayerMachine()
        _ = all.play(abc, repeatMode: .all, now: 0)
        all.advance(to: 650)
        #expect(all.current?.title == "A" && all.state == .playing)
    }

    @Test func nextPreviousAndTheEnd() {
        var player = PlayerMachine()
        _ = player.play(abc, now: 0)
        #expect(player.handle(.nextTrack, now: 10).0 == .success)
        #expect(player.current?.title == "B")
        #expect(player.handle(.previousTrack, now: 20).0 == .success)
        #expect(player.current?.title == "A")
        _ = player.handle(.nextTrack, now: 30)
        _ = player.handle(.nextTrack, now: 40)
        #expect(player.handle(.nextTrack, now: 50).0 == .noSuchContent)
    }

    @Test func skipAndSeek() {
        var player = PlayerMachine()
        _ = player.play(abc, now: 0)
        #expect(player.handle(.skip(seconds: 45), now: 10) == (.success, .seek(55)))
        #expect(player.handle(.skip(seconds: -120), now: 10).1 == .seek(0))
        #expect(player.handle(.seek(position: 90), now: 10).1 == .seek(90))
        // Past the end moves to the next item.
        _ = player.handle(.skip(seconds: 500), now: 10)
        #expect(player.current?.title == "B" && player.position(at: 10) == 0)
    }

    @Test func commandsWithNothingLoaded() {
        var player = PlayerMachine()
        for command: NowPlayingCommand in [
            .play, .pause, .stop, .nextTrack, .previousTrack, .skip(seconds: 5), .seek(position: 1), .changeRate(2),
        ] {
            #expect(player.handle(command, now: 0).0 == .noActionableNowPlayingItem)
        }
    }

    @Test func rateScalesTimeAndIsBounded() {
        var player = PlayerMachine()
        _ = player.play(abc, now: 0)
        #expect(player.handle(.changeRate(2), now: 10).0 == .success)
        #expect(player.position(at: 20) == 30)
        #expect(player.handle(.changeRate(10), now: 20).0 == .commandFailed)
        #expect(player.rate == 2)
    }

    @Test func shuffleKeepsTheChosenItemFirstAndUnshuffleRestoresOrder() {
        var player = PlayerMachine()
        let many = (0..<20).map { song("S\($0)") }
        _ = player.play(many, shuffled: true, now: 0)
        #expect(player.current?.title == "S0")
        #expect(player.order != Array(0..<20))
        _ = player.handle(.nextTrack, now: 1)
        let playing = player.current
        _ = player.handle(.changeShuffle(false), now: 2)
        #expect(player.current == playing && player.order == Array(0..<20))
    }

    @Test func queueNextAndLater() {
        var player = PlayerMachine()
        _ = player.play(abc, now: 0)
        #expect(player.play([song("N")], location: .next, now: 1) == .enqueue([song("N")]))
        #expect(player.play([song("L")], location: .later, now: 1) == .enqueue([song("L")]))
        #expect(player.nowPlaying(at: 1).upNext.map(\.title) == ["N", "B", "C", "L"])
        #expect(player.current?.title == "A")
    }

    @Test func disabledCommandAnswersDisabled() {
        var player = PlayerMachine()
        _ = player.play(abc, now: 0)
        player.disabledCommands = ["nextTrack"]
        #expect(player.handle(.nextTrack, now: 1).0 == .commandDisabled)
        #expect(player.current?.title == "A")
    }

    @Test func volumeIsClampedAndMuteRemembersLevel() {
        var player = PlayerMachine()
        #expect(player.handle(.set(130)).1 == .setVolume(100, muted: false))
        #expect(player.handle(.change(-30)).1 == .setVolume(70, muted: false))
        #expect(player.handle(.mute).1 == .setVolume(70, muted: true))
        #expect(player.handle(.unmute).1 == .setVolume(70, muted: false))
        #expect(player.handle(.change(-200)).1 == .setVolume(0, muted: false))
    }

    @Test func simulatedOutputRecordsActions() throws {
        let output = SimulatedOutput()
        try output.perform(.play)
        try output.perform(.seek(3))
        #expect(output.actions == [.play, .seek(3)])
    }
}

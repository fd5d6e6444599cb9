import MediaIntents
import Testing

@testable import Playback

/// Up next changed by hand: moved, cut and jumped in, in play order, the current item playing on.
@Suite("Up next by hand") struct UpNextTests {
    func songs(_ titles: String...) -> [MediaItem] {
        titles.map { MediaItem(identifier: "song/\($0)", title: $0, type: .song, duration: 200) }
    }

    func titles(_ player: PlayerMachine) -> [String] { player.upNextItems.map(\.title) }

    @Test func itemsMoveAndAreCutWithoutStoppingTheCurrentOne() {
        var player = PlayerMachine()
        _ = player.play(songs("A", "B", "C", "D"), now: 0)
        #expect(player.moveUpNext(from: 2, to: 0) == .replaceUpNext(songs("D", "B", "C")))
        #expect(titles(player) == ["D", "B", "C"])
        #expect(player.removeUpNext(at: 1) == .replaceUpNext(songs("D", "C")))
        #expect(player.queue.count == 3 && player.current?.title == "A" && player.state == .playing)
        // Out of up next: nothing changes.
        #expect(player.moveUpNext(from: 5, to: 0) == nil)
        #expect(player.removeUpNext(at: -1) == nil)
        #expect(player.moveUpNext(from: 1, to: 1) == PlayerAction.none)
        // What follows plays in the new order.
        _ = player.handle(.nextTrack, now: 10)
        #expect(player.current?.title == "D")
    }

    @Test func aTapPlaysAnItemOfUpNextNow() {
        var player = PlayerMachine()
        _ = player.play(songs("A", "B", "C", "D"), now: 0)
        let action = player.jumpUpNext(to: 1, now: 30)
        #expect(player.current?.title == "C" && player.position(at: 30) == 0)
        #expect(action == .load(queue: songs("A", "B", "C", "D"), index: 2, position: 0))
        #expect(titles(player) == ["D"])
        #expect(player.jumpUpNext(to: 3, now: 30) == nil)
    }

    @Test func shuffledUpNextIsChangedInItsPlayOrder() {
        var player = PlayerMachine()
        _ = player.play(songs("A", "B", "C", "D", "E"), shuffled: true, now: 0)
        let order = titles(player)
        _ = player.removeUpNext(at: 0)
        #expect(titles(player) == Array(order.dropFirst()))
        _ = player.moveUpNext(from: 0, to: 2)
        #expect(titles(player) == [order[2], order[3], order[1]])
        // The queue's indexes stay whole after a cut: every item in play order is still there.
        #expect(Set(player.order) == Set(player.queue.indices))
    }
}

import Catalog
import Library
import MediaIntents
import Testing

/// Security issue 20, item 3: users whose names fold alike ("j.doe" and "j-doe", "alice" and
/// "Alice", names of punctuation only) never share a playlist.
@Suite("Users are told apart exactly")
struct UserIdentityTests {
    @Test func namesThatFoldAlikeKeepTheirOwnPlaylists() throws {
        let (_, library, skyfall, hello) = try libraryFixture()
        let pairs = [("j.doe", "j-doe"), ("alice", "Alice"), ("...", "---"), ("a/b", "a%2Fb")]
        for (first, second) in pairs {
            _ = try library.add([skyfall], toPlaylist: "driving", user: first)
            let added = try library.add([hello], toPlaylist: "driving", user: second)
            #expect(added.created, "\(second) got a playlist of their own")
            let firsts = try library.playlists(user: first)
            let seconds = try library.playlists(user: second)
            #expect(firsts.count == 1 && seconds.count == 1)
            #expect(firsts.first?.item.identifier != seconds.first?.item.identifier)
            #expect(try firsts.first.map { try library.playableItems(for: $0).map(\.item.title) } == ["Skyfall"])
            #expect(try seconds.first.map { try library.playableItems(for: $0).map(\.item.title) } == ["Hello"])
        }
    }
}

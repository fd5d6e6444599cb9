import Assistant
import Foundation
import MediaIntents
import Testing

@Suite("A play that leaves an artist out")
struct LeftOutArtistTests {
    /// "Anything but Queen" in each language: a mix in which no song is Queen's, said so.
    @Test(arguments: [
        ("en", "play anything but Queen", "Queen", "Queen"),
        ("ru", "включи что-нибудь, только не Queen", "Queen", "Queen"),
        ("ru", "поставь что угодно кроме Земфиры", "Земфиры", "Земфира"),
        ("ja", "クイーン以外で何かかけて", "クイーン", "Queen"),
        ("zh-Hans", "随便放点歌，别放皇后乐队", "皇后乐队", "Queen"),
        ("de", "spiel irgendwas, nur nicht Queen", "Queen", "Queen"),
    ])
    func noSongOfTheArtistPlays(language: String, said: String, named: String, artist: String) async throws {
        let assistant = try freshAssistant()
        let played = await assistant.ask(said, context: RequestContext(language: language))
        #expect(played.code == .success, "\(played.reply)")
        #expect(played.reply.contains(named), "\(played.reply)")
        let now = try #require(await assistant.nowPlaying())
        let queue = [now.item].compactMap { $0 } + now.upNext
        #expect(queue.count > 5, "\(queue.map(\.title))")
        let credits = queue.compactMap(\.artist)
        #expect(!credits.contains(artist), "\(credits)")
    }

    /// A play that names something keeps what it names: only the title denied is skipped.
    @Test func aNamedPlayIsNotAMix() async throws {
        let assistant = try freshAssistant()
        let played = await assistant.ask("play Queen but not Bohemian Rhapsody")
        #expect(played.nowPlaying?.item?.artist == "Queen", "\(played.reply)")
    }
}

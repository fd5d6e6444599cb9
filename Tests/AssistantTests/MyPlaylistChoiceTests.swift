import Assistant
import MediaIntents
import Testing

/// "Play my playlist" with several playlists of one's own asks which, naming each (their rows
/// all had one number, so the question named only the last one added to).
@Suite("My playlist without a name")
struct MyPlaylistChoiceTests {
    @Test func severalPlaylistsAreEachOffered() async throws {
        let assistant = try freshAssistant()
        for (song, list) in [("Bohemian Rhapsody", "driving"), ("Skyfall", "party"), ("Yesterday", "workout")] {
            _ = await assistant.ask("add \(song) to my \(list) playlist")
        }
        let asked = await assistant.ask("play my playlist")
        #expect(asked.code == .needsChoice)
        #expect(Set(asked.items.map(\.title)).isSuperset(of: ["Driving", "Party", "Workout"]), "\(asked.reply)")
        #expect(asked.items.first?.title == "Workout", "the one added to last comes first")
    }
}

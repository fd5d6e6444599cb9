import MediaIntents
import Understanding

extension LibraryCore {
    /// How well a reading's names exist: 1 per name found exactly (a playlist, an item with its
    /// artist agreeing), less for near matches, 0 when nothing is found.
    func fit(_ understood: Understood, user: String, device: String) -> Double {
        var score = 0.0
        if case .playlist(let name) = understood.params?.destination {
            score += (try? library.findPlaylist(named: name, user: user)) == nil ? 0 : 1
        }
        if let search = understood.search, search.hasName, search.reference == nil {
            let found = (try? find(search, user: user, device: device)) ?? []
            score += found.first?.nameMatch ?? 0
        }
        return score
    }
}

import MediaIntents
import Understanding

extension LibraryCore {
    /// How well a reading's names exist: 1 for an exact catalog match, 0 when nothing is found.
    func fit(_ understood: Understood, user: String, device: String) -> Double {
        var score = 0.0
        if case .playlist(let name) = understood.params?.destination {
            score += (try? library.findPlaylist(named: name, user: user)) == nil ? 0 : 1
        }
        if let search = understood.search, search.hasName, search.reference == nil {
            let found = (try? find(search, user: user, device: device)) ?? []
            score += min(found.first?.score ?? 0, 1.2)
        }
        return score
    }
}

import MediaIntents
import Understanding

/// Catalog-aware reading: when the grammar allows several readings of about the same weight,
/// the one whose names exist in the catalog (or the user's playlists) wins.
extension Assistant {
    /// Readings within this much of the best are weighed against the catalog.
    static let choiceMargin = 0.2

    func choose(_ interpretations: [Interpretation], context: RequestContext, device: String) async -> Understood? {
        guard let top = interpretations.first else { return nil }
        let kinds: Set<IntentKind> = [.playMedia, .addMedia, .searchForMedia, .updateMediaAffinity]
        guard kinds.contains(top.understood.intent) else { return top.understood }
        let rivals = interpretations.prefix(5).filter {
            $0.understood.intent == top.understood.intent && $0.score >= top.score - Self.choiceMargin
        }
        guard rivals.count > 1 else { return top.understood }
        var best = top.understood
        var bestFit = -1.0
        for rival in rivals {
            let fit = await core.fit(rival.understood, user: context.user, device: device)
            if fit > bestFit + 0.05 {
                best = rival.understood
                bestFit = fit
            }
        }
        return best
    }
}

import Catalog
public import MediaIntents

extension BuiltInMediaApp {
    /// The choice a spoken name means: its title, its artist, or "title by artist".
    public static func choice(named text: String, among choices: [MediaItem]) -> MediaItem? {
        let said = NameFolding.key(text)
        let scored = choices.map { item -> (MediaItem, Double) in
            let keys = [item.title, item.artist ?? "", item.artist.map { "\(item.title) by \($0)" } ?? ""]
                .filter { !$0.isEmpty }.map(NameFolding.key)
            return (item, keys.map { NameSimilarity.score(said, $0) }.max() ?? 0)
        }
        guard let best = scored.max(by: { $0.1 < $1.1 }), best.1 >= 0.8 else { return nil }
        // Two choices equally like the name: it does not pick one.
        return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
    }
}

import Foundation
import MediaIntents

/// Moods the catalog may not tag, and the moods that serve them (`Resources/moods.json`): "play
/// workout music" on a catalog with no song tagged workout plays energetic, party and uplifting
/// songs rather than nothing.
struct MoodRelations: Sendable {
    /// Mood → related moods, as the file lists them.
    let related: [String: [String]]

    static let shared = MoodRelations()

    init(related: [String: [String]]) { self.related = related }

    /// The bundled relations; none when the file is missing or unreadable (a catalog then plays
    /// only what carries the mood asked for).
    init() {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        guard let url = Bundle.module.url(forResource: "Resources/moods", withExtension: "json"),
            let data = try? Data(contentsOf: url), let table = try? decoder.decode([String: [String]].self, from: data)
        else {
            self.init(related: [:])
            return
        }
        self.init(related: table)
    }

    /// The same search with each mood replaced by those related to it; nil when there are none.
    func widened(_ search: MediaSearch) -> MediaSearch? {
        guard let moods = search.moodNames, !moods.isEmpty else { return nil }
        var seen = Set(moods)
        let wider = moods.flatMap { related[NameFolding.key($0)] ?? [] }.filter { seen.insert($0).inserted }
        guard !wider.isEmpty else { return nil }
        var widened = search
        widened.moodNames = wider
        return widened
    }
}

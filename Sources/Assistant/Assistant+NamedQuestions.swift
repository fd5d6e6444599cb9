import Apps
import MediaIntents

/// Questions about an item the request names rather than what plays: "who sings Hello?", «когда
/// вышла Группа крови?», 「Lemonっていつの曲？」, "晴天是谁唱的". Only a name the catalog holds
/// exactly is answered about; another is "I couldn't find …", never a guess.
extension Assistant {
    /// The questions that may name their item.
    static let askedOfNamedItem: Set<NowPlayingQuestionKind> = [.artist, .album, .year, .duration, .similar]

    /// The catalog item `search` names whole (the kind said, if any), or in another case of the same
    /// words («кто поёт Группу крови») as surely as a play would take it; else nil.
    func namedItem(_ search: MediaSearch, user: String) async -> MediaItem? {
        guard let name = search.mediaName else { return nil }
        if let (_, item) = (try? await builtInApp.firstNamed([name], type: search.mediaType, user: user)) ?? nil {
            return item
        }
        guard await builtInApp.fit(search: search, destination: nil, user: user, device: "default") >= Self.strongFit else {
            return nil
        }
        return (try? await builtInApp.items(for: search, user: user, limit: 1))?.first
    }
}

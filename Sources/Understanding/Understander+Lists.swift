/// A language's lists as replies need them: how a value is said, and which value said words name.
extension Understander {
    /// How a list value is said in a language ("rock" in the genre list is "рок" in Russian), or nil.
    public func spokenName(_ value: String, list: String, language: String) -> String? {
        let grammar = grammar(for: language)
        return grammar?.spokenNames[list]?[value.lowercased()] ?? grammar?.spokenNames[list]?[value]
    }

    /// The list value a said app, device or room names, as the list keeps it («яндекс музыке» →
    /// Яндекс Музыка: the name in the nominative, for a reply); nil when the words are not one of
    /// the list's phrases. These lists keep the said words in a reading (an app registered at run
    /// time, a room of a home), so a reply that names one asks here first.
    public func listedName(_ said: String, list: String, language: String) -> String? {
        let words = Token.split(said).map(\.folded)
        guard let first = words.first else { return nil }
        return grammar(for: language)?.placeAndAppLists[list]?.byFirstWord[first]?.first { $0.words == words }?.value
    }

    /// Whether `said` is a genre or a mood and nothing else («джаз», "sad").
    public func namesGenreOrMood(_ said: String, language: String) -> Bool {
        let words = Token.split(said).map(\.folded).filter { !$0.isEmpty }
        guard let first = words.first, let lists = grammar(for: language)?.spottedLists else { return false }
        return ["genre", "mood"].contains { lists[$0]?.byFirstWord[first]?.contains { $0.words == words } == true }
    }

    /// Whether `said` names the songs the person liked ("my liked songs", «любимые», 「お気に入り」).
    public func namesLikedSongs(_ said: String, language: String) -> Bool {
        guard let grammar = grammar(for: language) else { return false }
        let words = Token.split(said).map(\.folded).filter { !$0.isEmpty }
        return grammar.likedNames.contains(words.joined(separator: " ")) || grammar.likedNames.contains(words.joined())
    }
}

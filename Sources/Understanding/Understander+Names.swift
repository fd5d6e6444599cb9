import MediaIntents

/// What a request's names say besides a name, for the assistant's choice among readings: words
/// that padded the request's end, and a genre of the language's list.
extension Understander {
    /// A name read from a request without the words that padded the request's end ("mr brightside
    /// okay" → "mr brightside", "skyfall for me please" → "skyfall"); nil when none end it. Words
    /// are cut where the text has spaces, so a language written without them keeps its names whole.
    public func withoutTrailingPadding(_ name: String, language: String) -> String? {
        guard let grammar = grammar(for: language), let padding = padding[grammar.language] else { return nil }
        let pieces = name.split(separator: " ")
        let words = pieces.map { Token.split(String($0)).map(\.folded).joined() }
        let dropped = padding.trailingPadding(words)
        guard dropped > 0 else { return nil }
        return pieces.dropLast(dropped).joined(separator: " ")
    }

    /// A playlist's name heard in an add without the words that ended it and are not part of it
    /// ("running playlist again" → "running", «Running ещё раз» → Running, 「Runningにもう一回」 and
    /// 「もう一回Running」 → Running); nil when none end or start it. Languages written without spaces lose them as text.
    public func withoutPlaylistEdges(_ name: String, language: String) -> String? {
        guard let grammar = grammar(for: language), let edges = padding[grammar.language]?.playlistEdges,
            !edges.isEmpty
        else { return nil }
        let unspaced = CompiledGrammar.writesWithoutSpaces(grammar.language)
        var kept = name.trimmingCharacters(in: .whitespaces)
        while true {
            let lowered = kept.lowercased()
            if let edge = edges.first(where: { edge in
                lowered.count > edge.count && lowered.hasSuffix(edge)
                    && (unspaced || lowered.dropLast(edge.count).hasSuffix(" "))
            }) {
                kept = String(kept.dropLast(edge.count)).trimmingCharacters(in: .whitespaces)
            } else if let edge = edges.first(where: { edge in
                // 「もう一回Running」: Japanese says "again" before the name.
                lowered.count > edge.count && lowered.hasPrefix(edge)
                    && (unspaced || lowered.dropFirst(edge.count).hasPrefix(" "))
            }) {
                kept = String(kept.dropFirst(edge.count)).trimmingCharacters(in: .whitespaces)
            } else {
                break
            }
        }
        return kept == name.trimmingCharacters(in: .whitespaces) || kept.isEmpty ? nil : kept
    }

    /// Whether a name read from a request begins with a word that points at what plays ("this
    /// book, like how many hours", «этой книжки», "it"): the language's `notNames`, word by word.
    public func pointsAtWhatPlays(_ name: String, language: String) -> Bool {
        guard let grammar = grammar(for: language), let first = NameFolding.tokens(name).first else { return false }
        return grammar.notNames.contains(first)
    }

    /// The genre a name read from a request says in the language's words ("classical", "the
    /// classical" → classical; «рок» → rock), allowing one word before or after the genre's own
    /// words (an article, "music"); nil when it is no genre of the language's list.
    public func genre(named name: String, language: String) -> String? {
        guard let list = grammar(for: language)?.spottedLists["genre"] else { return nil }
        let words = Token.split(name).map(\.folded)
        guard !words.isEmpty else { return nil }
        func value(_ phrase: ArraySlice<String>) -> String? {
            guard let first = phrase.first else { return nil }
            return list.byFirstWord[first]?.first(where: { $0.words == Array(phrase) })?.value
        }
        if let found = value(words[...]) ?? value(words.dropFirst()) ?? value(words.dropLast()) { return found }
        // A genre said in another case («станцию на основе джаза»): one word, matched by its stem.
        guard words.count == 1, let word = words.first else { return nil }
        let stem = NameFolding.stem(word)
        guard stem != word else { return nil }
        return list.byFirstWord.values.lazy.flatMap { $0 }
            .first { $0.words.count == 1 && NameFolding.stem($0.words[0]) == stem }?.value
    }
}

public import MediaIntents

/// A name said or typed with its artist and no word between them ("imagine dragons believer",
/// "adele 25", a search box's "morning sun quiet kids"): when nothing is found for the whole of it,
/// each cut of the words into a title and an artist, in either order, whose artist part names an
/// artist of the catalog exactly is tried, and the cut whose title and artist fit best wins.
extension Resolver {
    /// Below this, the whole text did not name one thing, and its cuts are tried.
    static let wholeNameFits = 0.95

    /// The best cut of a bare name into title and artist, when one fits exactly; nil otherwise.
    func splitTitleAndArtist(_ search: MediaSearch, user: String?, limit: Int) throws -> [ResolvedItem]? {
        guard search.artistName == nil, search.albumName == nil, let name = search.mediaName else { return nil }
        let words = NameFolding.tokens(name)
        guard words.count >= 2, words.count <= 10 else { return nil }
        var best: [ResolvedItem]?
        var bestScore = 0.0
        for cut in 1..<words.count {
            let front = words[..<cut].joined(separator: " "), back = words[cut...].joined(separator: " ")
            for (title, artist) in [(front, back), (back, front)] where try isArtist(artist) {
                var part = search
                part.mediaName = title
                part.artistName = artist
                let found = try resolve(part, user: user, limit: limit)
                guard let first = found.first, first.nameMatch >= Self.wholeNameFits, first.score > bestScore else {
                    continue
                }
                best = found
                bestScore = first.score
            }
        }
        return best
    }

    /// Whether an artist of the catalog has this name exactly (folded, with or without "the"): one
    /// index lookup, so that only cuts naming a real artist are resolved in full.
    func isArtist(_ name: String) throws -> Bool {
        let key = NameFolding.key(name)
        let other = key.hasPrefix("the ") ? String(key.dropFirst(4)) : "the " + key
        return try !store.db.prepare("SELECT 1 FROM items WHERE core_key IN (?, ?) AND +type = 'artist' LIMIT 1")
            .rows([.text(key), .text(other)]).isEmpty
    }
}

public import MediaIntents

/// A name said or typed with its artist and no word between them ("imagine dragons believer",
/// "adele 25", a search box's "morning sun quiet kids"): when nothing is found for the whole of it,
/// each cut of the words into a title and an artist, in either order, whose artist part names an
/// artist of the catalog exactly is tried, and the cut whose title and artist fit best wins.
extension Resolver {
    /// Below this, the whole text did not name one thing, and its cuts are tried.
    static let wholeNameFits = 0.95

    /// The best cut of a bare name into title and artist: one whose artist part is a catalog
    /// artist and whose title fits exactly, else (with `nearArtists`) one whose artist part is
    /// near a catalog artist and whose title fits well; nil when no cut fits.
    func splitTitleAndArtist(_ search: MediaSearch, user: String?, limit: Int, nearArtists: Bool = false) throws
        -> [ResolvedItem]?
    {
        guard search.artistName == nil, search.albumName == nil, let name = search.mediaName else { return nil }
        let words = NameFolding.tokens(name)
        guard words.count >= 2, words.count <= 10 else { return nil }
        var best: [ResolvedItem]?
        var bestScore = 0.0
        func tryCut(title: String, artist: String, minimum: Double) throws {
            var part = search
            part.mediaName = title
            part.artistName = artist
            let found = try resolve(part, user: user, limit: limit)
            guard let first = found.first, first.nameMatch >= minimum, first.score > bestScore else { return }
            best = found
            bestScore = first.score
        }
        let cuts = (1..<words.count).flatMap { cut -> [(String, String)] in
            let front = words[..<cut].joined(separator: " "), back = words[cut...].joined(separator: " ")
            return [(front, back), (back, front)]
        }
        for (title, artist) in cuts where try isArtist(artist) {
            try tryCut(title: title, artist: artist, minimum: Self.wholeNameFits)
        }
        if best != nil || !nearArtists { return best }
        // Typed text only, as each cut then costs a search of its own: an artist spelled a little
        // wrong ("adel skyfall") stands for the catalog's nearest artist.
        for (title, artist) in cuts {
            guard let near = try nearestArtistKey(artist) else { continue }
            try tryCut(title: title, artist: near, minimum: 0.85)
        }
        return best
    }

    /// Items for text typed into a search box ("quiet kids morning sun", "adel skyfall"): the whole
    /// of it as a name, else its cuts into title and artist, the artist also spelled a little wrong.
    public func resolveText(_ text: String, type: MediaItemType? = nil, user: String? = nil, limit: Int = 10) throws
        -> [ResolvedItem]
    {
        try resolve(MediaSearch(mediaType: type, mediaName: text), user: user, limit: limit, nearArtists: true)
    }

    /// Whether an artist of the catalog has this name exactly (folded, with or without "the"): one
    /// index lookup, so that only cuts naming a real artist are resolved in full.
    func isArtist(_ name: String) throws -> Bool {
        let key = NameFolding.key(name)
        return try hasArtist(named: [key, Self.otherArticleForm(key)])
    }
}

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
        // The words as written: folded tokens would lose what the catalog's keys keep (й in "Юрий").
        // Chinese and Japanese written without spaces are cut between characters ("蔡依林日不落").
        let unspaced = !name.contains(" ") && name.unicodeScalars.allSatisfy { Script.isHan($0) || Script.isKana($0) }
        let words =
            unspaced
            ? name.map(String.init)
            : name.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }).map(String.init)
        let space = unspaced ? "" : " "
        guard words.count >= 2, words.count <= 16 else { return nil }
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
            let front = words[..<cut].joined(separator: space), back = words[cut...].joined(separator: space)
            return [(front, back), (back, front)]
        }
        // Typed text may have its title a little wrong when the artist is exactly a catalog's:
        // the artist's own songs then settle it, as for a spoken title with its artist.
        for (title, said) in cuts {
            guard let artist = try catalogArtist(said) else { continue }
            try tryCut(title: title, artist: artist, minimum: nearArtists ? 0.6 : Self.wholeNameFits)
        }
        if best != nil || !nearArtists { return best }
        // A title the catalog has exactly, and an artist heard a little wrong ("dont burn tonight te
        // silver foxes"): the title's holders, compared with the said artist.
        for (title, artist) in cuts where try isTitle(title) {
            try tryCut(title: title, artist: artist, minimum: 0.75)
        }
        if best != nil { return best }
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
    /// A type given with the text is a filter, as a search box's tab is: only items of that kind, and
    /// an artist the text names stands for that artist's items of the kind ("adele" among songs is
    /// Adele's songs, after any song called so).
    public func resolveText(_ text: String, type: MediaItemType? = nil, user: String? = nil, limit: Int = 10) throws
        -> [ResolvedItem]
    {
        let found = try resolve(MediaSearch(mediaType: type, mediaName: text), user: user, limit: limit, nearArtists: true)
        guard let type, type != .music, type != .unknown else { return found }
        var kept = found.filter { $0.item.type == type }
        if type != .artist, kept.count < limit,
            let artist = found.first(where: { $0.item.type == .artist && $0.nameMatch >= Self.namedArtistFits })
        {
            let seen = Set(kept.map(\.item.identifier))
            kept += try byArtist(artist.item.title, type: type, order: nil, limit: limit)
                .filter { !seen.contains($0.item.identifier) }
        }
        return Array(kept.prefix(limit))
    }

    /// How near typed text must be to an artist's name for the artist to stand for their items.
    static let namedArtistFits = 0.85

    /// Whether some item of the catalog has this title exactly (folded, its notes left out).
    func isTitle(_ name: String) throws -> Bool {
        let key = Self.spokenKey(name)
        return try !store.db.prepare(
            "SELECT 1 FROM items WHERE core_key = ? UNION ALL SELECT 1 FROM items WHERE compact_key = ? LIMIT 1"
        ).rows([.text(key), .text(NameFolding.compact(key: key))]).isEmpty
    }

    /// The artist a cut names, as the cut's search should carry it: the name as said when an
    /// artist of the catalog has it exactly (folded, with or without "the", or said plainly: "leo
    /// the lovers" for Leo & The Lovers), by index lookups, so that only cuts naming a real artist
    /// are resolved in full; for a name in another script said in another case or reading
    /// ("земфиры", "うただひかる"), the key of the catalog's artist it names, found once here
    /// rather than again when the cut is resolved. Nil when the cut names no artist.
    func catalogArtist(_ name: String) throws -> String? {
        let key = NameFolding.key(name)
        if try hasArtist(named: [key, Self.otherArticleForm(key)]) || hasArtist(compact: key) { return name }
        // A single character names an artist only exactly, which the lookups above have tried.
        guard name.count >= 2, name.unicodeScalars.contains(where: { !$0.isASCII }) else { return nil }
        return try catalogArtistKey(said: key, name: name)
    }
}

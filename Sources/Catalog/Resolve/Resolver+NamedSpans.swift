public import MediaIntents

/// A name said whole inside a request that was not read as one ("put on some Queen would ya",
/// "can I get Kind of Blue, the whole album, from the top"): the stretches of the request are
/// looked up, longest first, and one that is exactly the name of a catalog item, one of its
/// aliases or readings, or an artist said in another case («Земфиру»), is what was meant.
extension Resolver {
    /// How alike a stretch and an item's name must be for the stretch to be that name.
    static let stretchFits = 0.97
    /// Cyrillic stretches of at most this many words are also tried as an inflected artist's name.
    static let inflectedArtistWords = 2

    /// The first of `stretches` (longest first, as said) that names an item of `type` (any kind
    /// when nil; with `besidesArtists`, anything but an artist) whole, with that item; nil when
    /// none does. Only stretches whose every word the catalog holds are resolved, so most cost one
    /// index lookup per word.
    public func firstNamed(
        _ stretches: [String], type: MediaItemType? = nil, besidesArtists: Bool = false, user: String? = nil
    ) throws
        -> (index: Int, item: MediaItem)?
    {
        let keys = stretches.map { NameFolding.key($0) }
        let counts = try documentCounts(keys.flatMap { $0.split(separator: " ").map(String.init) })
        let wanted = type.flatMap { $0 == .music || $0 == .unknown ? nil : $0 }
        for (index, stretch) in stretches.enumerated() where !keys[index].isEmpty {
            let words = keys[index].split(separator: " ").map(String.init)
            let held = words.allSatisfy { (counts[$0] ?? 0) > 0 }
            let cyrillic = stretch.unicodeScalars.contains(where: Script.isCyrillic)
            if held {
                let found = try resolve(MediaSearch(mediaType: wanted, mediaName: stretch), user: user, limit: 1)
                if let first = found.first, first.nameMatch >= Self.stretchFits,
                    wanted == nil || first.item.type == wanted, !besidesArtists || first.item.type != .artist,
                    try !stretch.unicodeScalars.allSatisfy(\.isASCII) || isWhole(stretch, of: first.item)
                {
                    return (index, first.item)
                }
            } else if cyrillic, wanted == nil || wanted == .artist, !besidesArtists,
                words.count <= Self.inflectedArtistWords, let artist = try catalogArtist(stretch),
                let first = try resolve(MediaSearch(mediaType: .artist, mediaName: artist), user: user, limit: 1).first,
                first.item.type == .artist, Self.inflects(stretch, first.item.title)
            {
                return (index, first.item)
            }
        }
        return nil
    }

    /// Whether a Cyrillic stretch is `name` in another case (`NameFolding.inflects`).
    static func inflects(_ stretch: String, _ name: String) -> Bool { NameFolding.inflects(stretch, name) }

    /// Whether a stretch in Latin letters is a catalog name itself, word for word (with or without
    /// "the"), not only alike: "tiger girl" is not Girl & Tiger, though the resolver finds it.
    func isWhole(_ stretch: String, of item: MediaItem) throws -> Bool {
        let key = NameFolding.key(stretch)
        let forms = [key, Self.otherArticleForm(key)]
        if try forms.contains(where: isTitle) || hasArtist(named: forms) { return true }
        return (item.aliases ?? []).contains { forms.contains(NameFolding.key($0)) }
    }
}

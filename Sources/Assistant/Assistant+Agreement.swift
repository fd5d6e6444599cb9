import MediaIntents

/// Whether what was said names what the catalog holds: an artist said against an item's credit, a
/// part of a request against the catalog's titles and artists.
extension Assistant {
    /// Whether an artist said agrees with an item's credit: by its names, or as the catalog reads
    /// the said name («フリートウッド・マック» is Fleetwood Mac).
    /// - Parameter whole: the said name must be a whole name of the credit, not a part of one ("Queen"
    ///   is not Queen Latifah).
    func agrees(said: String, credit: String, aliases: [String]?, user: String, whole: Bool = false) async -> Bool {
        let key = NameFolding.key(said)
        let names = ([credit] + (aliases ?? [])).map(NameFolding.key)
        let named = names.contains { name in
            whole ? NameFolding.compact(key: name) == NameFolding.compact(key: key) : NameFolding.holds(name, name: key)
        }
        if named || (!whole && names.contains { NameFolding.creditHolds($0, said: key) }) { return true }
        let search = MediaSearch(mediaType: .artist, mediaName: said)
        let artist = (try? await builtInApp.items(for: search, user: user, limit: 1))?.first
        return artist.map { $0.type == .artist && NameFolding.key($0.title) == NameFolding.key(credit) } ?? false
    }

    /// Whether `text` is the very name of something in the catalog (a title or an artist).
    /// - Parameter besidesArtists: only a title of something that is not an artist counts.
    func namesSomething(_ text: String, user: String, besidesArtists: Bool = false) async -> Bool {
        let key = NameFolding.key(text)
        guard !key.isEmpty else { return false }
        let found = (try? await builtInApp.items(for: MediaSearch(mediaName: text), user: user, limit: 5)) ?? []
        if besidesArtists { return found.contains { $0.type != .artist && NameFolding.isTitle($0.title, key: key) } }
        return found.contains { NameFolding.key($0.title) == key || $0.artist.map(NameFolding.key) == key }
    }
}

import Foundation
import Apps
import MediaIntents
import Understanding

/// The search behind a correction: what the last request becomes with the correction said, and
/// the items it may mean (another version, another artist's song of that name), leaving out what
/// already played.
extension Assistant {
    /// Whether `item` is `played` listed again: the very same title by the same artist ("The Beatles"
    /// and "Beatles" alike). A remaster or a live recording is another version, not a copy.
    static func isCopy(_ item: MediaItem, of played: MediaItem) -> Bool {
        let artist = { (name: String?) -> String in
            let key = NameFolding.key(name ?? "")
            return key.hasPrefix("the ") ? String(key.dropFirst(4)) : key
        }
        return artist(item.artist) == artist(played.artist) && NameFolding.key(item.title) == NameFolding.key(played.title)
    }

    /// Whether a name said in katakana or Cyrillic has the consonants of a credit in Latin letters.
    static func soundsLike(_ said: String, _ credit: String) -> Bool {
        guard let skeleton = NameFolding.soundSkeleton(katakana: said, minimumConsonants: 3)
            ?? NameFolding.soundSkeleton(cyrillic: said, minimumConsonants: 3)
        else { return false }
        return NameFolding.soundSkeletons(english: NameFolding.key(credit), minimumConsonants: 3).contains(skeleton)
    }

    /// Folded keys of an artist as said and as the catalog names them ("涅槃乐队" is Nirvana).
    func artistKeys(_ said: String, user: String) async -> [String] {
        let named = (try? await builtInApp.items(for: MediaSearch(mediaType: .artist, mediaName: said), user: user, limit: 1)) ?? []
        return [NameFolding.key(said)] + named.map { NameFolding.key($0.title) }
    }

    /// The words of a title that tell it apart: longer than two letters ("the", "of" aside), or
    /// written in CJK characters, where one is a word.
    static func titleWords(_ title: String) -> Set<String> {
        Set(NameFolding.tokens(title).filter { $0.count > 2 || $0.unicodeScalars.contains { $0.value > 0x2E80 } })
    }

    /// Songs by `artist` whose titles hold a word of `name` (not a word as common as "the"), the
    /// most words shared first; none when the artist has no song like that.
    func sharingAWord(with name: String, by artist: String, last: PendingQuestion, user: String) async
        -> [MediaItem]
    {
        let said = Self.titleWords(name)
        guard !said.isEmpty else { return [] }
        let playedIDs = Set(last.choices.map(\.identifier))
        let songs = (try? await builtInApp.items(for: MediaSearch(mediaType: .song, artistName: artist), user: user, limit: 50)) ?? []
        let shared = { (item: MediaItem) in Set(NameFolding.tokens(item.title)).intersection(said).count }
        return songs.filter { !playedIDs.contains($0.identifier) && shared($0) > 0 }
            .enumerated().sorted { (shared($0.element), -$0.offset) > (shared($1.element), -$1.offset) }.map(\.element)
    }

    /// The last request's search as `correction` changes it.
    func correctedSearch(_ asked: MediaSearch, by correction: Correction, played: MediaItem) -> MediaSearch {
        var search = asked
        search.mediaIdentifier = nil
        if let artist = correction.artist {
            // "Play Hello Adele", then "no, Lionel Richie": the name said held the artist's words
            // too (the catalog cut it into title and artist); the title is what was played's.
            if search.artistName == nil, let name = search.mediaName.map(NameFolding.key),
                case let title = NameFolding.key(played.title), name != title, name.hasPrefix(title + " ")
            {
                search.mediaName = played.title
            }
            search.artistName = artist
        }
        // "No, the album": the same name as that kind ("thriller" the song → Thriller the album).
        if let kind = correction.kind {
            search.mediaType = kind
            // "Play jazz", then "no, the station": a station of that genre (a browse of the kind).
            if search.mediaName == nil, (search.genreNames ?? []).isEmpty {
                search.mediaName = search.albumName ?? search.artistName ?? played.title
            }
        }
        return search
    }

    /// Kinds a correction may mean when its own finds nothing: "no, the podcast" is the show or one
    /// of its episodes.
    private static let nearKinds: [MediaItemType: MediaItemType] = [
        .podcastShow: .podcastEpisode, .podcastEpisode: .podcastShow, .radioStation: .station,
    ]

    /// What the corrected `search` finds without what already played: of the kind named or the one
    /// nearest it, and with the version's word said with the name when the name alone finds none.
    func candidates(
        for search: MediaSearch, correction: Correction, keys: [String], last: PendingQuestion, user: String
    ) async -> [MediaItem]
    {
        guard let played = last.choices.first else { return [] }
        // "Another one" leaves out all that played; a version or an artist only what plays now
        // ("no, the original" after the live version goes back to the first); a kind nothing ("no,
        // the song" after the album: the song playing from it is the one meant; only items of the
        // kind are candidates).
        let playedIDs: Set<String> =
            correction.kind != nil
            ? [] : correction.version == nil && correction.artist == nil && correction.years == nil
                ? Set(last.choices.map(\.identifier)) : [played.identifier]
        var search = search
        var found = await candidates(for: search, correction: correction, keys: keys, user: user, leavingOut: playedIDs)
        if correction.kind == nil {
            // Another version or artist is never the same recording listed again ("Come Together" by
            // The Beatles and by Beatles; a second Holiday by Madonna after 「グリーン・デイのやつ」).
            found = found.filter { !Self.isCopy($0, of: played) }
        }
        if found.isEmpty, let kind = correction.kind, let near = Self.nearKinds[kind] {
            search.mediaType = near
            var nearCorrection = correction
            nearCorrection.kind = near
            found = await candidates(for: search, correction: nearCorrection, keys: keys, user: user, leavingOut: playedIDs)
        }
        if found.isEmpty, let tag = correction.version, let name = search.mediaName {
            // "Holiday live": the version's word with the name finds versions the name alone ranks low.
            search.mediaName = "\(name) \(tag)"
            found = await candidates(for: search, correction: correction, keys: keys, user: user, leavingOut: playedIDs)
        }
        return found
    }

    /// What a corrected search finds, with the version asked for (or, for "the original", none of
    /// the marked versions), without what `leavingOut` names.
    /// - Parameter keys: the artist meant, folded, as said and as the catalog names them.
    func candidates(
        for search: MediaSearch, correction: Correction, keys: [String], user: String, leavingOut: Set<String>
    ) async -> [MediaItem] {
        var found = ((try? await builtInApp.items(for: search, user: user, limit: 10)) ?? [])
            .filter { item in !leavingOut.contains(item.identifier) && (correction.kind.map { item.type == $0 } ?? true) }
        // "No, the Nirvana one": only that artist's, never the same title by the one who played.
        if let artist = correction.artist {
            // An artist the catalog has no entry for may still be a credit's other name.
            let named = found.filter { item in
                let names = ([item.artist ?? ""] + (keys.count > 1 ? [] : item.artistAliases ?? [])).map(NameFolding.key)
                return names.contains { name in
                    keys.contains { NameFolding.holds(name, name: $0) || NameFolding.creditHolds(name, said: $0) }
                }
            }
            // A name the catalog does not know as written: one said by its sound (グリーン・デイ) is the
            // credit it sounds like; one it cannot place at all (红粉佳人 for P!nk) leaves the next best.
            // A name in Latin letters is written as the catalog writes it: one it lacks ("the Nine
            // Inch Nails one" of Hurt) is not any other singer's.
            let sounding = found.filter { Self.soundsLike(artist, $0.artist ?? "") }
            let saidAsWritten = artist.unicodeScalars.allSatisfy { $0.isASCII }
            found = keys.count > 1 || !named.isEmpty ? named : !sounding.isEmpty ? sounding : saidAsWritten ? [] : found
        }
        // "The one from the sixties": only a recording of those years.
        if let years = correction.years {
            found = found.filter { $0.releaseYear.map(years.contains) ?? false }
        }
        guard let tag = correction.version else { return found }
        return found.filter { Self.isVersion($0, tag) }
    }

    /// Whether `item` is the version `tag` names: its title carries the tag's mark ("Live",
    /// "Remastered"), or, for the original, none of them.
    static func isVersion(_ item: MediaItem, _ tag: String) -> Bool {
        let words = Set(NameFolding.tokens(item.title))
        if let marks = versionMarks[tag] { return !words.isDisjoint(with: marks) }
        return words.isDisjoint(with: Set(versionMarks.values.joined()))
    }
}

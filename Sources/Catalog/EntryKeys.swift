import Foundation
import MediaIntents

/// Everything about an entry that is worked out before it is written: trimmed names, folded keys
/// and identities. An import computes these on its reading thread, so the writing thread only runs
/// SQL (folding names, with ICU transliteration for other scripts, costs as much as the writing).
public struct EntryKeys: Sendable {
    var title: String
    var titleKey: String
    var coreKey: String
    /// The title's compact key (`NameFolding.compactKey`): "Girl & Tiger" → "girltiger".
    var compactKey: String
    var credit: String?
    var creditKey: String?
    public var ident: String
    /// Aliases as printed, and their keys joined by "|".
    var names: [String]
    var aliasKeys: String
    var genres: String
    var moods: String
    /// Each artist the credit names, with its identity.
    var artists: [Named]
    /// The album (songs) or show (episodes) the entry belongs to.
    var parent: Named?
    /// The entry's lyrics, read and keyed; nil when it has none.
    var lyrics: KeyedLyrics?

    struct Named: Sendable {
        var name: String
        var ident: String
        var artist: String?
    }

    public init(_ entry: CatalogEntry, key: (String) -> String, lyricCache: KeyCache? = nil) {
        lyrics = entry.lyrics.flatMap { Lyrics(parsing: $0) }.map { KeyedLyrics($0, cache: lyricCache ?? KeyCache()) }
        title = NameFolding.trimmed(entry.title)
        var credit = entry.artist.map(NameFolding.trimmed)
        if entry.type == .audioBook, credit == nil { credit = entry.author }
        if entry.type == .artist { credit = nil }
        self.credit = credit
        creditKey = credit.map(key)
        titleKey = key(title)
        let core = NameFolding.core(title)
        coreKey = core == title ? titleKey : key(core)
        compactKey = NameFolding.compactKey(title, key: key)
        var identParts: [String?] = [credit, title]
        switch entry.type {
        case .podcastEpisode:
            if let show = entry.show {
                parent = Named(
                    name: show, ident: CatalogStore.ident(.podcastShow, credit, show, key: key), artist: credit)
                identParts = [show, title]
            }
        case .song, .musicVideo:
            if let album = entry.album, !album.isEmpty {
                let albumArtist = entry.albumArtist ?? credit
                parent = Named(
                    name: album, ident: CatalogStore.ident(.album, albumArtist, album, key: key), artist: albumArtist)
            }
        case .playlist:
            identParts = [entry.owner, title]
        case .artist, .genre:
            identParts = [title, nil]
        default: break
        }
        ident = CatalogStore.ident(entry.type, identParts[0], identParts[1], key: key)
        // A user's playlist is told apart by its owner exactly as given: user names are opaque, and
        // folding them would make "j.doe" and "j-doe", or "alice" and "Alice", share playlists.
        if entry.type == .playlist, let owner = entry.owner {
            ident = "playlist/~" + Self.opaque(owner) + "/" + CatalogStore.ident(.playlist, nil, title, key: key)
                .split(separator: "/", omittingEmptySubsequences: false).last.map(String.init)!
        }
        genres = CatalogStore.joinTags(entry.genres, key: key)
        moods = CatalogStore.joinTags(entry.moods, key: key)
        names = (entry.aliases ?? []).map(NameFolding.trimmed).filter { !$0.isEmpty }
        // Only a name printed in Latin letters is an English name a Japanese speaker may say in katakana.
        var sounds = title.utf8.allSatisfy { $0 < 0x80 } ? Self.soundKeys(coreKey) : []
        // A name too short for a skeleton is filed by how it sounds, vowels kept (スリラー, Thriller).
        if sounds.isEmpty, title.utf8.allSatisfy({ $0 < 0x80 }), let heard = NameFolding.heardForm(english: coreKey) {
            sounds = [Self.heardMark + heard]
        }
        // A person is often named by the surname alone (コルトレーン for John Coltrane): an artist of
        // two or three words, no group and no joint credit, is filed by its last word's sound too.
        if entry.type == .artist, entry.kind != .group, title.utf8.allSatisfy({ $0 < 0x80 }) {
            let words = coreKey.split(separator: " ")
            let joined: Set<Substring> = ["and", "with", "feat", "featuring", "ft", "vs", "x"]
            if (2...3).contains(words.count), words.first != "the", words.allSatisfy({ !joined.contains($0) }),
                let surname = words.last
            {
                sounds += Self.soundKeys(String(surname)).filter { !sounds.contains($0) }
            }
        }
        aliasKeys = (names.map(key) + Self.readingKeys([title] + names) + sounds).joined(separator: "|")
        artists =
            entry.type == .artist
            ? []
            : (credit.map(CatalogStore.splitCredit) ?? []).map {
                Named(name: $0, ident: CatalogStore.ident(.artist, $0, nil, key: key))
            }
    }
}

extension EntryKeys {
    /// A name written so that no two names give the same text and none holds "/": letters and
    /// digits as they are, every other byte as %XX.
    static func opaque(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.subtracting(.nonBaseCharacters)) ?? name
    }

    /// Marks an alias that is a reading key (`NameFolding.readingKey`), compared only with the
    /// reading of what was said.
    static let readingMark = "~"

    /// Marks an alias that is an English name's sound skeleton (`NameFolding.soundSkeletons`), as
    /// one word the full-text index keeps whole: "0s" and the consonants ("0sfstrb" for First
    /// Love), compared only with a name said in katakana. No word of a name starts so.
    public static let soundMark = "0s"

    /// Marks an alias that is a short English name's heard form (`NameFolding.heardForm`), as one
    /// word: "0h" and the form ("0hsrira" for Thriller), compared only with a name said in katakana.
    /// Unlike a skeleton it is filed under its one-letter edits, as a form heard a little wrong is near.
    public static let heardMark = "0h"

    /// The sound skeletons of a name in Latin letters (at most two spellings of its numbers), marked.
    static func soundKeys(_ key: String) -> [String] {
        NameFolding.soundSkeletons(english: key).prefix(2).map { soundMark + $0 }
    }

    /// Whether an indexed word is a sound skeleton, filed under no other keys.
    public static func isSoundKey(_ word: String) -> Bool { word.hasPrefix(soundMark) }

    /// The reading keys of names written in Japanese script (kana, or kanji the dictionary reads),
    /// each once, marked: 米津玄師 is stored with "~yonetukensi" beside its other keys.
    static func readingKeys(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.flatMap { NameFolding.readingKeys($0) }.filter { seen.insert($0).inserted }.map { readingMark + $0 }
    }
}

/// Folded keys of recent names, so an artist's name is folded once for all their tracks.
public final class KeyCache {
    private var keys: [String: String] = [:]
    let capacity: Int

    public init(capacity: Int = 50_000) { self.capacity = capacity }

    public func key(_ text: String) -> String {
        if let known = keys[text] { return known }
        if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
        let folded = NameFolding.key(text)
        keys[text] = folded
        return folded
    }
}

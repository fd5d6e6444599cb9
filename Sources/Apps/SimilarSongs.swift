import Catalog
import Foundation
import Library
import MediaIntents

/// "More like this", "a station based on Miles Davis": songs like a seed (a song, an album, an
/// artist or a playlist), weighed from what the catalog and the household's listening know.
///
/// Candidates come from the seed's genres (the genre index) and moods, its artists and the artists related to
/// them (sharing an item or an album), and what the people of the home who played or liked the seed
/// also played. Each is scored on:
/// - genres shared with the seed, each genre weighed by how much of the seed carries it, as a share
///   of all the seed's genres (0.35);
/// - moods shared, likewise (0.20: a mood is the vibe a person means by "more like this", and a
///   seed whose genre nothing else has, such as ambient Weightless, is like other sleep music);
/// - era: how close its year is to the seed's (0.15, halving every 8 years);
/// - artist: a related artist 0.25 (times the relation's strength), the seed's own artist 0.15;
/// - co-listening: 0.25 × the share of the seed's listeners who also played it;
/// - popularity (0.05), so that a tie goes to what people know;
/// - writing (0.2): a seed named in Cyrillic, kana or Hangul is likeliest sung in that language,
///   and so are songs named in the same letters («Хочешь?» is more like «Группа крови» than like
///   Kryptonite). Latin and Han alone say too little (Han names Chinese and Japanese alike).
/// The queue then takes the best first with a cost for each song already taken by the same artist
/// (0.12 each), so that a station is a station and not one artist's discography.
/// `bench/similar` measures what this buys over a random pick and over the seed's genre alone.
struct SimilarSongs {
    let store: CatalogStore
    let library: UserLibrary

    static let genreWeight = 0.35
    static let moodWeight = 0.20
    static let eraWeight = 0.15
    static let relatedWeight = 0.25
    static let sameArtistWeight = 0.15
    static let coListenWeight = 0.25
    static let popularityWeight = 0.05
    static let writingWeight = 0.2
    static let eraHalfLife = 8.0
    static let repeatCost = 0.12
    /// Songs read per genre and per artist as candidates.
    static let perGenre = 250
    static let perArtist = 15
    /// Songs read per mood (the most popular of it).
    static let perMood = 100

    /// What a seed is like: the songs it stands for, their genres and moods by share, the mean year,
    /// the artists.
    struct Profile {
        var songs: [Int64]
        var genres: [String: Double]
        var moods: [String: Double]
        var year: Double?
        var artists: Set<Int64>
    }

    func profile(of seed: StoredItem) throws -> Profile? {
        let songs: [Int64]
        switch seed.item.type {
        case .song: songs = [seed.rowID]
        case .artist: songs = try store.songIDs(ofArtists: [seed.rowID], limit: 10)
        default: songs = try library.playableItems(for: seed, limit: 30).filter { $0.item.type == .song }.map(\.rowID)
        }
        let facts = try store.songFacts(songs).values
        guard !facts.isEmpty else { return nil }
        var genres: [String: Double] = [:]
        var moods: [String: Double] = [:]
        for fact in facts {
            for genre in fact.genres { genres[genre, default: 0] += 1 / Double(facts.count) }
            for mood in fact.moods { moods[mood, default: 0] += 1 / Double(facts.count) }
        }
        let years = facts.compactMap(\.year)
        var artists = Set(facts.flatMap(\.artists))
        if seed.item.type == .artist { artists.insert(seed.rowID) }
        return Profile(
            songs: songs, genres: genres, moods: moods,
            year: years.isEmpty ? nil : Double(years.reduce(0, +)) / Double(years.count), artists: artists)
    }

    /// Songs like `seed`, best first, without the seed's own songs, the excluded and the person's dislikes.
    func songs(
        like seed: StoredItem, user: String, neighbours: [String] = [], excluding: Set<String> = [], limit: Int = 40
    ) throws -> [MediaItem] {
        guard let profile = try profile(of: seed) else { return [] }
        let related = try store.relatedArtists(of: Array(profile.artists))
        var candidates = Set<Int64>()
        for (genre, _) in profile.genres.sorted(by: { $0.value > $1.value }).prefix(3) {
            candidates.formUnion(try store.songIDs(inGenre: genre, limit: Self.perGenre))
        }
        for (mood, _) in profile.moods.sorted(by: { $0.value > $1.value }).prefix(2) {
            candidates.formUnion(try store.songIDs(withMood: mood, limit: Self.perMood))
        }
        candidates.formUnion(try store.songIDs(ofArtists: Array(profile.artists), limit: Self.perArtist * 2))
        let closest = related.sorted { $0.value > $1.value }.prefix(12).map(\.key)
        candidates.formUnion(try store.songIDs(ofArtists: closest, limit: Self.perArtist))
        let seedSongs = try store.items(rowIDs: profile.songs).values.map(\.item)
        let seedItems = seedSongs.map(\.identifier)
        let (listened, listeners) = try coListened(seedItems, neighbours: neighbours)
        let listenedRows = try store.items(identifiers: Array(listened.keys))
        candidates.formUnion(listenedRows.map(\.rowID))
        // An artist's station plays the artist too, among the like (as an artist's radio does);
        // a song's, album's or playlist's leaves out what it already is.
        if seed.item.type != .artist { candidates.subtract(profile.songs) }
        let facts = try store.songFacts(Array(candidates))
        let identByRow = Dictionary(listenedRows.map { ($0.rowID, $0.item.identifier) }, uniquingKeysWith: { a, _ in a })
        var scored: [(Int64, Double, [Int64])] = facts.values.map { fact in
            let heard = identByRow[fact.rowID].flatMap { listened[$0] } ?? 0
            let share = listeners > 0 ? Double(heard) / Double(listeners) : 0
            return (fact.rowID, score(fact, profile: profile, related: related, coListened: share), fact.artists)
        }
        // Dislikes, what is excluded and the seed's own other versions go before the pick.
        let disliked = try library.dislikedIdentifiers(user: user).union(excluding)
        let seedVersions = Set(seedSongs.map { NameFolding.compact(key: NameFolding.core($0.title)) })
        let rows = try store.items(rowIDs: scored.map(\.0))
        if let writing = seedSongs.lazy.compactMap(Self.writing).first {
            for index in scored.indices where rows[scored[index].0].flatMap({ Self.writing(of: $0.item) }) == writing {
                scored[index].1 += Self.writingWeight
            }
        }
        scored.removeAll { entry in
            guard let item = rows[entry.0]?.item else { return true }
            return disliked.contains(item.identifier)
                || (seed.item.type == .song && seedVersions.contains(NameFolding.compact(key: NameFolding.core(item.title))))
        }
        // Ties by row id, so that the same catalog gives the same station.
        scored.sort { ($0.1, $1.0) > ($1.1, $0.0) }
        // Greedy, with a cost for each song already taken by the same artist.
        var taken: [Int64] = []
        var perArtist: [Int64: Int] = [:]
        var pool = Array(scored.prefix(limit * 6))
        while taken.count < limit, !pool.isEmpty {
            var best = 0
            var bestScore = -Double.infinity
            for (index, entry) in pool.enumerated() {
                let repeats = entry.2.map { perArtist[$0] ?? 0 }.max() ?? 0
                let value = entry.1 - Self.repeatCost * Double(repeats)
                if value > bestScore { (best, bestScore) = (index, value) }
            }
            let chosen = pool.remove(at: best)
            taken.append(chosen.0)
            for artist in chosen.2 { perArtist[artist, default: 0] += 1 }
        }
        // "Something like Nirvana" opens with someone like them, not with Nirvana's own hit; theirs
        // follow among the rest.
        if seed.item.type == .artist, let other = taken.firstIndex(where: { row in
            facts[row].map { !$0.artists.contains(where: profile.artists.contains) } ?? false
        }) {
            taken.insert(taken.remove(at: other), at: 0)
        }
        return taken.compactMap { rows[$0]?.item }
    }

    /// The score of one candidate against the seed's profile (weights above).
    func score(_ fact: SongFacts, profile: Profile, related: [Int64: Double], coListened: Double) -> Double {
        // The share of the seed's genres (moods) the candidate has: sharing both of a song's moods
        // beats sharing one.
        let genre = Self.shared(fact.genres, profile.genres)
        let mood = Self.shared(fact.moods, profile.moods)
        let era: Double
        if let year = fact.year, let seedYear = profile.year {
            era = pow(0.5, abs(Double(year) - seedYear) / Self.eraHalfLife)
        } else {
            era = 0.3
        }
        let own = fact.artists.contains { profile.artists.contains($0) }
        let relation = fact.artists.compactMap { related[$0] }.max() ?? 0
        let artist = own ? Self.sameArtistWeight : Self.relatedWeight * relation
        return Self.genreWeight * genre + Self.moodWeight * mood + Self.eraWeight * era + artist
            + Self.coListenWeight * coListened + Self.popularityWeight * min(max(fact.popularity, 0), 1)
    }

    /// The letters beyond Latin a song's title and artist are written in as the catalog prints them
    /// (not their names in other languages: Clair de Lune is also «Лунный свет»), where they say its
    /// language: kana, Cyrillic, Hangul; nil for Latin or Han alone.
    static func writing(of item: MediaItem) -> String? {
        let scalars = (item.title + " " + (item.artist ?? "")).unicodeScalars
        if scalars.contains(where: Script.isKana) { return "kana" }
        if scalars.contains(where: Script.isCyrillic) { return "cyrillic" }
        if scalars.contains(where: Script.isHangul) { return "hangul" }
        return nil
    }

    /// How much of `weights` (tag → share of the seed that carries it) the tags cover, 0…1.
    static func shared(_ tags: [String], _ weights: [String: Double]) -> Double {
        let total = weights.values.reduce(0, +)
        guard total > 0 else { return 0 }
        return min(1, Set(tags).reduce(0) { $0 + (weights[$1] ?? 0) } / total)
    }

    /// Co-listening among the other people of the person's home (`neighbours`: their library keys):
    /// what those who played or liked the seed also played, and how many of them heard the seed.
    /// A person outside a home has no one to compare with: their own plays say nothing about likeness.
    func coListened(_ seeds: [String], neighbours: [String]) throws -> ([String: Int], Int) {
        guard !neighbours.isEmpty else { return ([:], 0) }
        let heardSeed = try library.alsoListened(with: seeds, among: neighbours, countingListeners: true)
        guard let listeners = heardSeed[""], listeners > 0 else { return ([:], 0) }
        let listened = try library.alsoListened(with: seeds, among: neighbours)
        return (listened, listeners)
    }
}

import Foundation
import MediaIntents

/// A deterministic synthetic catalog with the structure of a real one: artists (people and bands,
/// in Latin, Cyrillic, Japanese and Chinese script, non-Latin ones with a Latin alias) with
/// albums of tracks, a long tail of popularity, multi-artist tracks ("feat."), versions
/// ("Remastered 2011", "Live", "Acoustic", "Radio Edit"), live albums and soundtracks, numbers in
/// titles, titles shared across artists; podcasts with hundreds of dated episodes; audiobooks;
/// radio stations. Written as JSON Lines in `hark import`'s format.
public struct CatalogGenerator {
    public var tracks: Int
    public var seed: UInt64
    /// Many songs share a title and many bands all but one word of their name (issue 17's harder
    /// catalog): titles from a small vocabulary, bands from two short lists.
    public var crowded = false
    var words: [String] = []

    public init(tracks: Int, seed: UInt64) {
        self.tracks = tracks
        self.seed = seed
    }

    /// How many rows of each kind were written.
    public struct Counts: Sendable {
        public var artists = 0, tracks = 0, albums = 0, shows = 0, episodes = 0, audiobooks = 0, stations = 0
        public var rows: Int { artists + tracks + shows + episodes + audiobooks + stations }
    }

    enum NameScript { case latin, cyrillic, japanese, chinese }

    struct Artist {
        var name: String
        var script: NameScript
        var popularity: Double
        var genres: [String]
    }

    /// Writes the catalog to `path`; `progress` gets the tracks written so far.
    public mutating func write(to path: String, progress: ((Int) -> Void)? = nil) throws -> Counts {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CatalogError.unreadable(path, reason: "cannot create the file")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CatalogError.unreadable(path, reason: "cannot open the file for writing")
        }
        defer { try? handle.close() }
        var out = JSONLinesWriter(handle: handle)
        var random = SplitMix(seed: seed)
        // A catalog's vocabulary grows much more slowly than its size: made-up words come from a pool.
        var pool = Set<String>()
        while pool.count < max(2_000, tracks / 10) { pool.insert(Self.pseudoWord(&random)) }
        words = pool.sorted()
        var counts = Counts()
        let artists = makeArtists(&random)
        for artist in artists {
            var row = CatalogEntry(type: .artist, title: "")
            row.title = artist.name
            row.kind = artist.name.hasPrefix("The ") || !artist.name.contains(" ") ? .group : .person
            if artist.script != .latin, let latin = Self.latin(artist.name) { row.aliases = [latin] }
            row.popularity = Self.round(artist.popularity)
            try out.write(row)
            counts.artists += 1
        }
        let sharedTitles = (0..<400).map { _ in
            Self.titleCase(Self.commonPhrase(&random, words: Int.random(in: 1...3, using: &random)))
        }
        // Tracks per artist follow popularity: the head has long careers, the tail an album or two.
        let weights = artists.map { 0.3 + $0.popularity }
        let totalWeight = weights.reduce(0, +)
        var written = 0
        for (index, artist) in artists.enumerated() where written < tracks {
            let remainingArtists = artists.count - index
            var share = max(4, Int((Double(tracks) * weights[index] / totalWeight).rounded()))
            if remainingArtists == 1 { share = tracks - written }
            share = min(share, tracks - written)
            var year = Int.random(in: 1960...2015, using: &random)
            var earlier: [String] = []
            var made = 0
            while made < share {
                let size = min(share - made, Int.random(in: 8...14, using: &random))
                let kind = random.next() % 100
                var albumTitle = title(for: artist.script, &random)
                var note: String? = nil
                if kind < 7, earlier.count >= size {
                    albumTitle = "Live at " + Self.pseudoWord(&random).capitalized
                    note = random.chance(0.5) ? " (Live)" : " - Live"
                } else if kind < 11, earlier.count >= size {
                    albumTitle = albumTitle + " (Remastered)"
                    note = random.chance(0.5) ? " - Remastered 2011" : " - Remastered 2009"
                } else if kind < 13 {
                    albumTitle = albumTitle + " (Original Motion Picture Soundtrack)"
                }
                counts.albums += 1
                for number in 1...size {
                    var row = CatalogEntry(type: .song, title: "")
                    var trackTitle: String
                    if let note, !earlier.isEmpty {
                        trackTitle = earlier[Int.random(in: 0..<earlier.count, using: &random)] + note
                    } else if random.chance(0.015) {
                        trackTitle = random.pick(sharedTitles)
                    } else {
                        trackTitle = title(for: artist.script, &random)
                        if artist.script == .latin, random.chance(0.03) {
                            trackTitle = Self.withNumber(trackTitle, &random)
                        }
                        if random.chance(0.04) { trackTitle += random.pick(GeneratorWords.versionNotes) }
                        earlier.append(NameCore.strip(trackTitle))
                    }
                    var credit = artist.name
                    if random.chance(0.05) {
                        let guest = artists[random.zipf(artists.count)].name
                        if guest != artist.name {
                            if random.chance(0.5) {
                                credit += " feat. " + guest
                            } else {
                                trackTitle += " (feat. \(guest))"
                            }
                        }
                    }
                    row.title = trackTitle
                    row.artist = credit
                    row.album = albumTitle
                    row.year = year
                    row.trackNumber = number
                    row.duration = Double(Int.random(in: 120...420, using: &random))
                    row.genres = artist.genres
                    if random.chance(0.3) { row.moods = [random.pick(GeneratorWords.moods)] }
                    let lift = number <= 2 ? 1.0 : Double.random(in: 0.3...0.9, using: &random)
                    row.popularity = Self.round(artist.popularity * lift)
                    if random.chance(0.08) { row.explicit = true }
                    try out.write(row)
                    written += 1
                    counts.tracks += 1
                    if written % 10_000 == 0 { progress?(written) }
                }
                made += size
                year = min(2026, year + Int.random(in: 1...4, using: &random))
            }
        }
        try writeSpokenWord(&out, &random, &counts)
        try out.flush()
        progress?(written)
        return counts
    }

    private func writeSpokenWord(_ out: inout JSONLinesWriter, _ random: inout SplitMix, _ counts: inout Counts)
        throws
    {
        let day = 86_400.0
        let end = Date(timeIntervalSince1970: 1_793_491_200)  // 2026-11-01
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        for _ in 0..<max(2, tracks / 20_000) {
            let show = "The " + Self.pseudoWord(&random).capitalized + " " + random.pick(GeneratorWords.podcastWords)
            let host = Self.personName(&random)
            let popularity = Self.round(pow(Double.random(in: 0..<1, using: &random), 2))
            var row = CatalogEntry(type: .podcastShow, title: "")
            row.title = show
            row.artist = host
            row.popularity = popularity
            try out.write(row)
            counts.shows += 1
            let episodes = Int.random(in: 100...400, using: &random)
            let spacing = random.chance(0.5) ? 7.0 : 1.0
            for number in stride(from: episodes, through: 1, by: -1) {
                var episode = CatalogEntry(type: .podcastEpisode, title: "")
                episode.title = "Episode \(number): " + Self.titleCase(Self.commonPhrase(&random, words: 3))
                episode.show = show
                episode.artist = host
                let date = end.addingTimeInterval(-Double(episodes - number) * spacing * day)
                episode.released = formatter.string(from: date)
                episode.duration = Double(Int.random(in: 900...5400, using: &random))
                episode.popularity = Self.round(popularity * 0.5)
                try out.write(episode)
                counts.episodes += 1
            }
        }
        for _ in 0..<max(3, tracks / 2_000) {
            var row = CatalogEntry(type: .audioBook, title: "")
            row.title =
                Self.titleCase("the " + Self.commonPhrase(&random, words: 2)) + " of "
                    + Self.pseudoWord(&random).capitalized
            row.author = Self.personName(&random)
            row.duration = Double(Int.random(in: 18_000...60_000, using: &random))
            row.popularity = Self.round(pow(Double.random(in: 0..<1, using: &random), 2))
            try out.write(row)
            counts.audiobooks += 1
        }
        // FM stations on the odd tenths from 87.5 to 107.9, then AM.
        for index in 0..<min(300, max(5, tracks / 5_000)) {
            var row = CatalogEntry(type: .radioStation, title: "")
            let name =
                random.chance(0.5)
                ? Self.pseudoWord(&random).capitalized + " " + random.pick(GeneratorWords.stationWords)
                : "Radio " + Self.pseudoWord(&random).capitalized
            row.title = name
            let frequency =
                index < 103
                ? String(format: "%.1f FM", 87.5 + Double(index) * 0.2) : "\(530 + (index - 103) * 10) AM"
            row.frequency = frequency
            row.genres = [random.pick(GeneratorWords.genres)]
            row.popularity = Self.round(pow(Double.random(in: 0..<1, using: &random), 2))
            try out.write(row)
            counts.stations += 1
        }
    }

    private func makeArtists(_ random: inout SplitMix) -> [Artist] {
        let count = max(10, tracks / 40)
        var seen = Set<String>()
        var artists: [Artist] = []
        artists.reserveCapacity(count)
        while artists.count < count {
            let roll = Double.random(in: 0..<1, using: &random)
            let script: NameScript = roll < 0.84 ? .latin : roll < 0.90 ? .cyrillic : roll < 0.95 ? .japanese : .chinese
            let name: String
            switch script {
            case .latin where crowded:
                name =
                    random.chance(0.6)
                    ? "The " + random.pick(GeneratorWords.crowdAdjectives) + " " + random.pick(GeneratorWords.crowdNouns)
                    : Self.personName(&random)
            case .latin:
                switch random.next() % 4 {
                case 0: name = "The " + Self.pseudoWord(&random).capitalized + "s"
                case 1: name = Self.pseudoWord(&random).capitalized
                default: name = Self.personName(&random)
                }
            case .cyrillic:
                name =
                    random.chance(0.6)
                    ? random.pick(GeneratorWords.russianFirstNames) + " " + Self.cyrillicWord(&random, syllables: 3)
                    : Self.cyrillicWord(&random, syllables: 3)
            case .japanese:
                name = random.pick(GeneratorWords.japaneseFamilyNames) + Self.kanaWord(&random, length: 2)
            case .chinese:
                name =
                    random.pick(GeneratorWords.chineseFamilyNames) + random.pick(GeneratorWords.han)
                    + Self.hanCharacter(&random)
            }
            guard seen.insert(name.lowercased()).inserted else { continue }
            let rank = Double(artists.count + 1)
            let popularity = min(1, 1.2 / pow(rank, 0.35))
            var genres = [random.pick(GeneratorWords.genres)]
            if random.chance(0.4) { genres.append(random.pick(GeneratorWords.genres)) }
            switch script {
            case .japanese: genres[0] = "j-pop"
            case .chinese: genres[0] = "c-pop"
            default: break
            }
            artists.append(Artist(name: name, script: script, popularity: popularity, genres: genres))
        }
        return artists
    }

    static func round(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}

/// The title without its version note, so versions of a song share its name.
enum NameCore {
    static func strip(_ title: String) -> String {
        for note in GeneratorWords.versionNotes where title.hasSuffix(note) {
            return String(title.dropLast(note.count))
        }
        return title
    }
}

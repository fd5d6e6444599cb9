import Foundation
import MediaIntents
public import Storage

/// A track found by a remembered line of its lyrics.
public struct LyricMatch: Sendable, Hashable {
    public var rowID: Int64
    /// How much of the remembered line the track's best lines hold, 0…1, word weights by rarity,
    /// with a little for the words' order, a chorus and popularity.
    public var score: Double
    /// The lines matched, as the lyrics write them (two joined by " / " when the words run across).
    public var line: String
}

/// Finds tracks by a line of their lyrics heard or remembered a little wrong. The candidates are
/// the songs of the lines holding most of the line's rarest keys (`LyricLines`), then the songs
/// holding them anywhere, with the pairs a swap or a dropped word would break, and for a word no
/// lyrics hold (misheard) the lyrics' words one letter or one sound away. Each candidate's lines are then
/// compared with the whole line, a pair of lines at a time, by weighted keys found and their order
/// (`LyricQuery`).
struct LyricSearch {
    let db: Database
    /// How many tracks have lyrics (`CatalogStore.lyricsTotal`).
    let total: Int

    /// Candidates read from the index, and how many keys of the line ask for them.
    static let candidates = 50
    /// A key more songs than this share hold (and more than `commonFloor`) does not ask for candidates.
    static let commonShare = 0.15
    static let commonFloor = 200.0
    /// Candidates scored again with misheard words counted.
    static let rescored = 8
    static let queryKeys = 8
    /// Pairs a swap or a dropped word breaks asking for candidates (at half weight).
    static let looseKeys = 8
    /// Of the candidates, how many are kept for the songs holding the line anywhere (with its
    /// broken pairs) rather than in one line; more when fewer lines hold its keys.
    static let looseCandidates = 15
    /// Keys ask for candidates while the songs holding them add up to less than this share of the
    /// songs (or than `lineFloor`): the lines of common keys are many, and each is read.
    static let lineShare = 0.3
    static let lineFloor = 5_000.0

    func matches(_ remembered: String, limit: Int) throws -> [LyricMatch] {
        let variants = LyricKeys.queries(remembered, cache: KeyCache(capacity: 256))
        guard !variants.isEmpty else { return [] }
        let total = Double(max(1, self.total))
        var frequencies = try documentFrequencies(Set(variants.joined()))
        let heard = try variants.map { try misheard($0, frequencies) }
        let loose = zip(variants, heard).map { LyricQuery.loosePairs($0) + $1.keys }
        frequencies.merge(try documentFrequencies(Set(loose.joined())), uniquingKeysWith: { $1 })
        let queries = zip(variants, heard).map { keys, heard in
            LyricQuery(keys: keys, frequencies: frequencies, total: total, heardAs: heard)
        }
        // Each candidate with the readings of the line that found it: a line of Han characters is
        // read as Chinese and as Japanese, and a song is compared with the reading it was found by.
        var ids: [Int64] = []
        var foundBy: [Int64: [Int]] = [:]
        for (variant, (query, loose)) in zip(queries, loose).enumerated() {
            for id in try candidates(query.keys, loose: loose, frequencies, total: total) {
                if foundBy[id] == nil { ids.append(id) }
                foundBy[id, default: []].append(variant)
            }
        }
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        let rows = try db.prepareOnce(
            "SELECT l.item_id, l.keys, i.popularity FROM lyrics l JOIN items i ON i.id = l.item_id WHERE l.item_id IN (\(marks))"
        ).rows(ids.map { .integer($0) })
        var found: [(match: LyricMatch, window: Range<Int>)] = []
        // First by the keys said exactly; then the best few again with words heard a little wrong
        // counted too (comparing sounds costs, and a misheard word moves a song only a little).
        var exact: [(score: Double, id: Int, keys: String, popularity: Double)] = []
        let strict = queries.map { _ in LyricQuery.Matches(near: false) }
        for row in rows {
            guard let id = row.int(0), let keys = row.string(1) else { continue }
            let score =
                (foundBy[Int64(id)] ?? []).map { queries[$0].best(in: keys, matches: strict[$0]).score }.max() ?? 0
            exact.append((score, id, keys, row.double(2) ?? 0))
        }
        exact.sort { $0.score > $1.score }
        let near = queries.map { _ in LyricQuery.Matches(near: true) }
        for candidate in exact.prefix(Self.rescored) {
            var best = (score: 0.0, window: 0..<0)
            for variant in foundBy[Int64(candidate.id)] ?? [] {
                let match = queries[variant].best(in: candidate.keys, matches: near[variant])
                if match.score > best.score { best = match }
            }
            guard best.score > 0 else { continue }
            let match = LyricMatch(
                rowID: Int64(candidate.id), score: min(1, best.score + 0.02 * candidate.popularity), line: "")
            found.append((match, best.window))
        }
        // Only the lines of what is returned are read out of the lyrics' text.
        let text = try db.prepare("SELECT text FROM lyrics WHERE item_id = ?")
        return try found.sorted { ($0.match.score, -$0.match.rowID) > ($1.match.score, -$1.match.rowID) }.prefix(limit)
            .map {
                var match = $0.match
                let lines = (try text.rows([.integer(match.rowID)]).first?.string(0) ?? "")
                    .split(separator: "\n", omittingEmptySubsequences: false)
                match.line = lines[$0.window.clamped(to: 0..<lines.count)].map { LyricQuery.quotable(String($0)) }
                    .joined(separator: " / ")
                return match
            }
    }

    /// How many tracks' lyrics hold each key (0 for a key none holds).
    private func documentFrequencies(_ keys: Set<String>) throws -> [String: Int] {
        var out: [String: Int] = [:]
        let lookup = try db.prepare("SELECT docs FROM lyric_terms WHERE term = ?")
        for key in keys { out[key] = Int(try lookup.integer([.text(key)]) ?? 0) }
        return out
    }

    /// For each word of the line no lyrics hold (misheard), the lyrics' words one letter or one
    /// sound away that may be meant, and the pairs they make with the words beside them: each with
    /// the key of the line it stands for.
    private func misheard(_ keys: [String], _ frequencies: [String: Int]) throws -> [String: String] {
        var out: [String: String] = [:]
        // A pair of CJK syllables is plain letters too, but not a word.
        let pairs = Set(LyricKeys.pairPlaces(in: keys))
        for (at, key) in keys.enumerated() where frequencies[key] == 0 && !pairs.contains(at) && LyricKeys.isWord(key) {
            for word in try similarWords(key) {
                out[word] = key
                if at >= 2, LyricKeys.joined(keys[at - 2], key) == keys[at - 1] {
                    out[LyricKeys.joined(keys[at - 2], word)] = keys[at - 1]
                }
                if at + 2 < keys.count, LyricKeys.joined(key, keys[at + 2]) == keys[at + 1] {
                    out[LyricKeys.joined(word, keys[at + 2])] = keys[at + 1]
                }
            }
        }
        return out
    }

    /// Words of the lyrics one letter or one sound from `word`, the closest (then the commonest)
    /// first.
    func similarWords(_ word: String, limit: Int = 2) throws -> [String] {
        let keys = TermKeys.keys(word)
        let sql = """
            SELECT k.term, t.docs FROM lyric_term_keys k JOIN lyric_terms t ON t.term = k.term
            WHERE k.key IN (\(keys.map { _ in "?" }.joined(separator: ","))) AND t.docs > 0 GROUP BY k.term
            """
        let sound = TermKeys.phonetic(word)
        let said = Array(word.utf8)[...]
        let found = try db.prepare(sql).rows(keys.map { .text($0) }).compactMap { row -> (String, Double, Int)? in
            guard let term = row.string(0),
                LyricQuery.withinOneEdit(said, Array(term.utf8)[...])
                    || (!sound.isEmpty && TermKeys.phonetic(term) == sound)
            else { return nil }
            return (term, NameSimilarity.editSimilarity(word, term), row.int(1) ?? 0)
        }
        return found.sorted { ($0.1, $0.2) > ($1.1, $1.2) }.prefix(limit).map(\.0)
    }

    /// Tracks holding the query's rarest keys (pairs of neighbouring words are keys), best first.
    /// First the tracks of the lines that hold most of the line as said, by the rarity of the keys
    /// each holds (`LyricLines`); then the tracks holding most of it anywhere, with the pairs a
    /// swap or a dropped word breaks at half weight: a line remembered across a line break, or
    /// scrambled. Keys most songs hold are left out: they find nothing in particular. Each key's
    /// lines are read from the index once, in row order, and counted here: FTS5's own ranking
    /// reads every matching song's length, which cost 50 ms at 100,000 songs.
    private func candidates(_ keys: [String], loose: [String], _ frequencies: [String: Int], total: Double) throws
        -> [Int64]
    {
        func frequency(_ key: String) -> Int { frequencies[key] ?? 0 }
        func rarest(_ keys: [String], _ count: Int) -> [(key: String, weight: Double)] {
            let present = Set(keys).filter { frequency($0) > 0 }.sorted { (frequency($0), $0) < (frequency($1), $1) }
            let telling = present.filter { Double(frequency($0)) <= max(Self.commonFloor, total * Self.commonShare) }
            return (telling.isEmpty ? present.prefix(2) : telling.prefix(count)).map {
                ($0, log(1 + total / Double(max(1, frequency($0)))))
            }
        }
        // As many of the rarest keys as keep the lines read to about `lineShare` of the songs, and
        // at least three (a key alone finds its song only when rare).
        var said: [(key: String, weight: Double)] = []
        var reading = 0
        let common = max(Self.commonFloor, total * Self.commonShare)
        for key in rarest(keys, Self.queryKeys) {
            reading += frequency(key.key)
            // Keys most songs hold (when the line has no other) are read only within the budget.
            let least = Double(frequency(key.key)) <= common ? 3 : 1
            if said.count >= least, Double(reading) > max(Self.lineFloor, total * Self.lineShare) { break }
            said.append(key)
        }
        let saidKeys = Set(said.map(\.key))
        let broken = rarest(loose.filter { !saidKeys.contains($0) }, Self.looseKeys)
        let asked = said + broken.map { ($0.key, $0.weight * 0.5) }
        let lines = try LyricLines.rows(db, asked.map(\.key))
        let byLine = LyricLines.bestLines(Array(lines.prefix(said.count)), said.map(\.weight))
        var found = Self.most(byLine, Self.candidates - Self.looseCandidates)
        let votes = Self.merge(lines.map(LyricLines.tracks), asked.map(\.weight))
        for id in Self.most(votes, Self.candidates) where found.count < Self.candidates && !found.contains(id) {
            found.append(id)
        }
        return found
    }
}

extension LyricSearch {
    /// The `count` songs of most votes, most first (ties: the lower id first), without sorting all
    /// of them: a line of common words votes for tens of thousands.
    static func most(_ votes: Tally, _ count: Int) -> [Int64] {
        func before(_ a: (Int64, Double), _ b: (Int64, Double)) -> Bool { (a.1, -a.0) > (b.1, -b.0) }
        var kept: [(Int64, Double)] = []
        kept.reserveCapacity(count + 1)
        for (row, sum) in zip(votes.rows, votes.sums) {
            if kept.count == count, let last = kept.last, sum < last.1 || (sum == last.1 && row > last.0) { continue }
            let vote = (row, sum)
            let at = kept.firstIndex { before(vote, $0) } ?? kept.count
            kept.insert(vote, at: at)
            if kept.count > count { kept.removeLast() }
        }
        return kept.map(\.0)
    }

    /// Row ids in ascending order, each with a sum of weights.
    struct Tally {
        var rows: [Int64] = []
        var sums: [Double] = []
    }

    /// Lists of ascending row ids merged into one, in row order, each row once with the sum of the
    /// weights of the lists holding it: two lists at a time, in tight loops (there are tens of
    /// thousands of rows, and no table of them all is needed).
    static func merge(_ lists: [[Int64]], _ weights: [Double]) -> Tally {
        var tallies = zip(lists, weights).map { Tally(rows: $0, sums: Array(repeating: $1, count: $0.count)) }
        while tallies.count > 1 {
            var next: [Tally] = []
            for start in stride(from: 0, to: tallies.count, by: 2) {
                next.append(start + 1 < tallies.count ? merge(tallies[start], tallies[start + 1]) : tallies[start])
            }
            tallies = next
        }
        return tallies.first ?? Tally()
    }

    private static func merge(_ a: Tally, _ b: Tally) -> Tally {
        var out = Tally()
        out.rows.reserveCapacity(a.rows.count + b.rows.count)
        out.sums.reserveCapacity(a.rows.count + b.rows.count)
        var i = 0, j = 0
        while i < a.rows.count || j < b.rows.count {
            if j == b.rows.count || (i < a.rows.count && a.rows[i] < b.rows[j]) {
                out.rows.append(a.rows[i])
                out.sums.append(a.sums[i])
                i += 1
            } else if i == a.rows.count || b.rows[j] < a.rows[i] {
                out.rows.append(b.rows[j])
                out.sums.append(b.sums[j])
                j += 1
            } else {
                out.rows.append(a.rows[i])
                out.sums.append(a.sums[i] + b.sums[j])
                i += 1
                j += 1
            }
        }
        return out
    }
}

extension CatalogStore {
    /// Tracks whose lyrics hold `remembered` best, best first, at most `limit`.
    public func findByLyrics(_ remembered: String, limit: Int = 5) throws -> [LyricMatch] {
        try LyricSearch(db: db, total: lyricsTotal()).matches(remembered, limit: limit)
    }
}

extension Resolver {
    /// A lyric match this good is the song said: its name match is 1.
    public static let sureLyrics = 0.6
    /// Below this a lyric match is no match at all; between the two it is offered, not played.
    public static let possibleLyrics = 0.4

    /// Songs by a remembered line, best first, each with the line it matched; an artist said with
    /// the words ("the Queen song that goes …") keeps only theirs when any of theirs match.
    func byLyrics(_ words: String, artist: String?, limit: Int) throws -> [ResolvedItem] {
        let matches = try store.findByLyrics(words, limit: max(limit, 8)).filter { $0.score >= Self.possibleLyrics }
        let stored = try store.items(rowIDs: matches.map(\.rowID))
        var found = matches.compactMap { match -> ResolvedItem? in
            guard var item = stored[match.rowID] else { return nil }
            item.item.lyricLine = match.line
            return ResolvedItem(
                stored: item, score: match.score, nameMatch: match.score >= Self.sureLyrics ? 1 : match.score)
        }
        if let artist {
            let said = NameFolding.key(artist)
            let theirs = found.filter { NameFolding.holds(NameFolding.key($0.item.artist ?? ""), name: said) }
            if !theirs.isEmpty { found = theirs }
        }
        return Array(found.prefix(limit))
    }
}

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
/// the songs holding the line's rarest keys (counted by rarity from the full-text index's song
/// lists), with the pairs a swap or a dropped word would break, and for a word no lyrics hold
/// (misheard) the lyrics' words one letter or one sound away. Each candidate's lines are then
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
        var ids: [Int64] = []
        for (query, loose) in zip(queries, loose) {
            for id in try candidates(query.keys, loose: loose, frequencies, total: total) where !ids.contains(id) {
                ids.append(id)
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
            let score = zip(queries, strict).map { $0.best(in: keys, matches: $1).score }.max() ?? 0
            exact.append((score, id, keys, row.double(2) ?? 0))
        }
        exact.sort { $0.score > $1.score }
        let near = queries.map { _ in LyricQuery.Matches(near: true) }
        for candidate in exact.prefix(Self.rescored) {
            var best = (score: 0.0, window: 0..<0)
            for (query, known) in zip(queries, near) {
                let match = query.best(in: candidate.keys, matches: known)
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
        for (at, key) in keys.enumerated() where frequencies[key] == 0 && LyricKeys.isWord(key) {
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

    /// Tracks holding the query's rarest keys (pairs of neighbouring words are keys), best first by
    /// the rarity of the keys each holds. Keys most songs hold are left out: they find nothing in
    /// particular. The songs of each key are read from the index and counted here: FTS5's own
    /// ranking reads every matching song's length, which cost 50 ms at 100,000 songs.
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
        // The pairs of a line sung a little differently count for less than the line as said.
        let asked = rarest(keys, Self.queryKeys) + rarest(loose, Self.queryKeys / 2).map { ($0.key, $0.weight * 0.5) }
        let songs = try db.prepare("SELECT rowid FROM lyrics_fts WHERE lyrics_fts MATCH ?")
        var votes: [Int64: Double] = [:]
        for (key, weight) in asked {
            for id in try songs.integers([.text("\"\(key)\"")]) { votes[id, default: 0] += weight }
        }
        return votes.sorted { ($0.value, -$0.key) > ($1.value, -$1.key) }.prefix(Self.candidates).map(\.key)
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

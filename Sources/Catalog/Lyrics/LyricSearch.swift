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

/// Finds tracks by a line of their lyrics heard or remembered a little wrong: the rarest of the
/// line's keys find candidates in the full-text index (bm25), then each candidate's lines are
/// compared with the whole line, a pair of lines at a time, by weighted keys found, their order, and
/// words one sound or letter away.
struct LyricSearch {
    let db: Database

    /// Candidates read from the index, and how many keys of the line ask for them.
    static let candidates = 40
    static let queryKeys = 8

    func matches(_ remembered: String, limit: Int) throws -> [LyricMatch] {
        let variants = LyricKeys.queries(remembered, cache: KeyCache(capacity: 256))
        guard !variants.isEmpty else { return [] }
        let total = Double(max(1, try db.prepare("SELECT count(*) FROM lyrics").integer() ?? 1))
        let frequencies = try documentFrequencies(Set(variants.joined()))
        let queries = variants.map { keys in Query(keys: keys, frequencies: frequencies, total: total) }
        var ids: [Int64] = []
        for query in queries {
            for id in try candidates(query) where !ids.contains(id) { ids.append(id) }
        }
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        let rows = try db.prepareOnce(
            "SELECT l.item_id, l.keys, l.text, i.popularity FROM lyrics l JOIN items i ON i.id = l.item_id WHERE l.item_id IN (\(marks))"
        ).rows(ids.map { .integer($0) })
        var found: [LyricMatch] = []
        for row in rows {
            guard let id = row.int(0), let keys = row.string(1), let text = row.string(2) else { continue }
            let lineKeys = keys.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.split(separator: " ").map(String.init)
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var best = (score: 0.0, line: "")
            for query in queries {
                let match = query.best(in: lineKeys, lines: lines)
                if match.score > best.score { best = match }
            }
            guard best.score > 0 else { continue }
            let popularity = row.double(3) ?? 0
            found.append(LyricMatch(rowID: Int64(id), score: min(1, best.score + 0.02 * popularity), line: best.line))
        }
        return Array(found.sorted { ($0.score, -$0.rowID) > ($1.score, -$1.rowID) }.prefix(limit))
    }

    /// How many tracks' lyrics hold each key (0 for a key none holds).
    private func documentFrequencies(_ keys: Set<String>) throws -> [String: Int] {
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.lyrics_vocab USING fts5vocab(main, 'lyrics_fts', 'row')")
        var out: [String: Int] = [:]
        let lookup = try db.prepare("SELECT doc FROM temp.lyrics_vocab WHERE term = ?")
        for key in keys { out[key] = Int(try lookup.integer([.text(key)]) ?? 0) }
        return out
    }

    /// Tracks holding the query's rarest keys, best first by bm25.
    private func candidates(_ query: Query) throws -> [Int64] {
        let present = query.keys.filter { (query.frequencies[$0] ?? 0) > 0 }
        let rarest = Set(present).sorted { (query.frequencies[$0] ?? 0, $0) < (query.frequencies[$1] ?? 0, $1) }
            .prefix(Self.queryKeys)
        guard !rarest.isEmpty else { return [] }
        let match = rarest.map { "\"\($0)\"" }.joined(separator: " OR ")
        return try db.prepare("SELECT rowid FROM lyrics_fts WHERE lyrics_fts MATCH ? ORDER BY rank LIMIT ?")
            .rows([.text(match), .integer(Int64(Self.candidates))]).compactMap { $0.int(0).map(Int64.init) }
    }

    /// A remembered line's keys with their weights.
    struct Query {
        var keys: [String]
        var weights: [Double]
        var frequencies: [String: Int]

        init(keys: [String], frequencies: [String: Int], total: Double) {
            var seen = Set<String>()
            self.keys = keys.filter { seen.insert($0).inserted }
            self.frequencies = frequencies
            // A key no lyrics hold (a misheard word) weighs as a rare one: missing it costs.
            weights = self.keys.map { log(1 + total / Double(max(1, frequencies[$0] ?? 0))) }
        }

        /// The best line, or pair of neighbouring lines, for this query: its score and text.
        func best(in lineKeys: [[String]], lines: [String]) -> (score: Double, line: String) {
            let totalWeight = weights.reduce(0, +)
            guard totalWeight > 0 else { return (0, "") }
            var best = (score: 0.0, line: "")
            var counts: [String: Int] = [:]
            for keys in lineKeys { counts[keys.joined(separator: " "), default: 0] += 1 }
            for start in lineKeys.indices {
                for width in 1...2 where start + width <= lineKeys.count {
                    let window = Array(lineKeys[start..<start + width].joined())
                    guard !window.isEmpty else { continue }
                    let score = self.score(window, totalWeight: totalWeight)
                    // A chorus (a line sung more than once) is what people quote.
                    let chorus = (counts[lineKeys[start].joined(separator: " ")] ?? 0) > 1 ? 0.01 : 0
                    // Of two windows equally good, the one line rather than the pair.
                    let adjusted = score + chorus - (width == 2 ? 0.005 : 0)
                    if adjusted > best.score {
                        let quoted = lines[start..<min(lines.count, start + width)].map(Self.quotable)
                        best = (adjusted, quoted.joined(separator: " / "))
                    }
                }
            }
            return best
        }

        /// A line as a reply quotes it: without the comma or dash it ends on ("Пожалей, моя
        /// зазнобушка," → "Пожалей, моя зазнобушка"); a full stop, "!" and "?" stay.
        static func quotable(_ line: String) -> String {
            var text = Substring(line)
            while let last = text.last, last == " " || ",;:—–-、，；：".contains(last) { text = text.dropLast() }
            return text.isEmpty ? line : String(text)
        }

        /// The weighted share of keys found in `window` (a key one letter or one sound away counts
        /// in part), times how much of their order is kept.
        func score(_ window: [String], totalWeight: Double) -> Double {
            let present = Set(window)
            var found = 0.0
            var positions: [Int] = []
            for (index, key) in keys.enumerated() {
                if present.contains(key) {
                    found += weights[index]
                    if let position = window.firstIndex(of: key) { positions.append(position) }
                } else if key.count >= 4, let near = window.firstIndex(where: { Self.near(key, $0) }) {
                    found += weights[index] * 0.6
                    positions.append(near)
                }
            }
            guard found > 0 else { return 0 }
            let order = positions.count > 1 ? Double(Self.longestRising(positions)) / Double(positions.count) : 1
            return found / totalWeight * (0.85 + 0.15 * order)
        }

        /// Words a hearer confuses: the same English sound key, or one letter added, dropped or changed.
        static func near(_ said: String, _ written: String) -> Bool {
            guard abs(said.count - written.count) <= 1, written.count >= 3 else { return false }
            if TermKeys.phonetic(said) == TermKeys.phonetic(written), !TermKeys.phonetic(said).isEmpty { return true }
            return withinOneEdit(Array(said.utf8), Array(written.utf8))
        }

        /// Whether one letter added, dropped or changed turns `a` into `b`.
        static func withinOneEdit(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            let (short, long) = a.count <= b.count ? (a, b) : (b, a)
            guard long.count - short.count <= 1 else { return false }
            var i = 0, j = 0, edits = 0
            while i < short.count, j < long.count {
                if short[i] == long[j] {
                    i += 1
                    j += 1
                    continue
                }
                edits += 1
                if edits > 1 { return false }
                if short.count == long.count { i += 1 }
                j += 1
            }
            return edits + (long.count - j) + (short.count - i) <= 1
        }

        /// The length of the longest rising run of positions (not necessarily adjacent).
        static func longestRising(_ values: [Int]) -> Int {
            var tails: [Int] = []
            for value in values {
                var low = 0, high = tails.count
                while low < high {
                    let middle = (low + high) / 2
                    if tails[middle] < value { low = middle + 1 } else { high = middle }
                }
                if low == tails.count { tails.append(value) } else { tails[low] = value }
            }
            return tails.count
        }
    }
}

extension CatalogStore {
    /// Tracks whose lyrics hold `remembered` best, best first, at most `limit`.
    public func findByLyrics(_ remembered: String, limit: Int = 5) throws -> [LyricMatch] {
        try LyricSearch(db: db).matches(remembered, limit: limit)
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
            return ResolvedItem(stored: item, score: match.score, nameMatch: match.score >= Self.sureLyrics ? 1 : match.score)
        }
        if let artist {
            let said = NameFolding.key(artist)
            let theirs = found.filter { NameFolding.holds(NameFolding.key($0.item.artist ?? ""), name: said) }
            if !theirs.isEmpty { found = theirs }
        }
        return Array(found.prefix(limit))
    }
}

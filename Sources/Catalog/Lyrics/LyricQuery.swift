import MediaIntents
import Foundation

/// A remembered line's keys (`LyricKeys`) with their weights, and how well a track's lines hold
/// them: the weighted share of keys a line (or a pair of neighbouring lines) holds, a word one
/// letter or one sound away counting in part, times how much of their order it keeps.
///
/// Tracks' keys are read as bytes and words compared by a 64-bit hash: this runs over every line of
/// every candidate of a request, where making strings of the words cost more than the search.
struct LyricQuery {
    var keys: [String]
    var weights: [Double]
    var frequencies: [String: Int]
    let totalWeight: Double
    /// Each key's place in `keys`, by the hash of its bytes.
    let places: [UInt64: Int]
    /// Each key's English sound key (`TermKeys.phonetic`), "" for keys too short to be misheard.
    let sounds: [String]

    /// The pair keys of the query with the places of their two words.
    let pairs: [(pair: Int, first: Int, second: Int, syllables: Bool)]

    /// Words (and their pairs) of the lyrics that a misheard key of the line may stand for, by hash,
    /// with that key's place.
    let heardAs: [UInt64: Int]

    init(keys: [String], frequencies: [String: Int], total: Double, heardAs: [String: String] = [:]) {
        var seen = Set<String>()
        self.keys = keys.filter { seen.insert($0).inserted }
        self.frequencies = frequencies
        var place: [String: Int] = [:]
        for (index, key) in self.keys.enumerated() { place[key] = index }
        pairs = LyricKeys.pairPlaces(in: keys).compactMap { at in
            guard let pair = place[keys[at]], let first = place[keys[at - 1]], let second = place[keys[at + 1]] else {
                return nil
            }
            return (pair, first, second, keys[at - 1].hasPrefix(LyricKeys.syllableMark))
        }
        // A key no lyrics hold (a misheard word) weighs as a rare one: missing it costs.
        // A lone CJK syllable (`LyricKeys.syllableMark`) says little, and weighs a third.
        weights = self.keys.map {
            log(1 + total / Double(max(1, frequencies[$0] ?? 0))) * ($0.hasPrefix(LyricKeys.syllableMark) ? 0.34 : 1)
        }
        totalWeight = weights.reduce(0, +)
        var places: [UInt64: Int] = [:]
        for (place, key) in self.keys.enumerated() { places[Self.hash(Array(key.utf8)[...])] = place }
        self.places = places
        var heard: [UInt64: Int] = [:]
        for (word, key) in heardAs { heard[Self.hash(Array(word.utf8)[...])] = place[key] }
        self.heardAs = heard
        sounds = self.keys.map {
            $0.count >= 4 && !$0.hasPrefix(LyricKeys.syllableMark) && LyricKeys.isHeard($0) ? TermKeys.phonetic($0) : ""
        }
    }

    /// The pairs a line remembered with two words swapped, or a word put in, breaks: each pair the
    /// other way round, and each word with the one after next. They find the song as sung.
    static func loosePairs(_ keys: [String]) -> [String] {
        let places = LyricKeys.pairPlaces(in: keys)
        var out = places.map { LyricKeys.joined(keys[$0 + 1], keys[$0 - 1]) }
        for (a, b) in zip(places, places.dropFirst()) where b == a + 2 {
            out.append(LyricKeys.joined(keys[a - 1], keys[b + 1]))
        }
        return out
    }

    /// A word of a track's lines that stands for a query key: exactly, or heard a little wrong.
    struct Hit {
        var key: Int
        var exact: Bool
        /// The word's place in its line (in the second line of a pair, after the first's words).
        var at: Int = 0
    }

    /// What the words of tracks stand for, worked out once per word for all the candidates of a
    /// request; with `near`, words one letter or one sound away count too.
    final class Matches {
        var known: [UInt64: Int] = [:]
        let near: Bool
        init(near: Bool) { self.near = near }
    }

    /// FNV-1a over a word's bytes.
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 { StableHash.fnv1a(bytes) }

    /// The query key a word stands for, if any.
    func hit(_ word: ArraySlice<UInt8>, hash: UInt64, _ matches: Matches) -> Hit? {
        if let place = places[hash] { return Hit(key: place, exact: true) }
        if let place = heardAs[hash] { return Hit(key: place, exact: false) }
        guard matches.near else { return nil }
        if let known = matches.known[hash] { return known < 0 ? nil : Hit(key: known, exact: false) }
        var found = -1
        if word.count >= 3, word.first != UInt8(ascii: "1"), !word.starts(with: LyricKeys.characterMark.utf8) {
            var sound: String?
            for (place, key) in keys.enumerated() where !sounds[place].isEmpty {
                let said = Array(key.utf8)
                guard abs(said.count - word.count) <= 1 else { continue }
                if Self.withinOneEdit(said[...], word) {
                    found = place
                    break
                }
                if sound == nil { sound = TermKeys.phonetic(String(decoding: word, as: UTF8.self)) }
                if sound == sounds[place] {
                    found = place
                    break
                }
            }
        }
        matches.known[hash] = found
        return found < 0 ? nil : Hit(key: found, exact: false)
    }

    /// A track's keys (a line each, keys apart by spaces) as hits per line, and each line's hash.
    func code(_ keys: String, _ matches: Matches) -> (lines: [[Hit]], hashes: [UInt64], lengths: [Int]) {
        var lines: [[Hit]] = []
        var hashes: [UInt64] = []
        var lengths: [Int] = []
        var hits: [Hit] = []
        var lineHash: UInt64 = 0
        var words = 0
        let bytes = Array(keys.utf8)
        var start = 0
        for index in 0...bytes.count {
            let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") else { continue }
            if index > start {
                let word = bytes[start..<index]
                let hash = Self.hash(word)
                lineHash = (lineHash ^ hash) &* 0x100_0000_01b3
                if var hit = hit(word, hash: hash, matches) {
                    hit.at = words
                    hits.append(hit)
                }
                words += 1
            }
            start = index + 1
            if byte == UInt8(ascii: "\n") {
                lines.append(hits)
                hashes.append(lineHash)
                lengths.append(words)
                hits = []
                lineHash = 0
                words = 0
            }
        }
        return (lines, hashes, lengths)
    }

    /// The best line, or pair of neighbouring lines, of a track's keys for this query: its score and
    /// which lines.
    func best(in keys: String, matches: Matches) -> (score: Double, window: Range<Int>) {
        guard totalWeight > 0 else { return (0, 0..<0) }
        let coded = code(keys, matches)
        // A chorus (a line sung more than once) is what people quote.
        var sung: [UInt64: Int] = [:]
        for hash in coded.hashes { sung[hash, default: 0] += 1 }
        var best = (score: 0.0, window: 0..<0)
        for start in coded.lines.indices where !coded.lines[start].isEmpty {
            let chorus = (sung[coded.hashes[start]] ?? 0) > 1 ? 0.01 : 0
            for width in 1...2 where start + width <= coded.lines.count {
                let window =
                    width == 1
                    ? coded.lines[start]
                    : coded.lines[start]
                        + coded.lines[start + 1].map {
                            var hit = $0
                            hit.at += coded.lengths[start]
                            return hit
                        }
                // Of two windows equally good, the one line rather than the pair.
                let adjusted = score(window) + chorus - (width == 2 ? 0.02 : 0)
                if adjusted > best.score { best = (adjusted, start..<start + width) }
            }
        }
        return best
    }

    /// The weighted share of the query's keys a window holds (a word one letter or one sound
    /// away counts 0.6, a pair whose words are found a little apart 0.8), times how much of their
    /// order it keeps.
    func score(_ window: [Hit]) -> Double {
        var credit = [Double](repeating: 0, count: keys.count)
        var firstPlace = [Int](repeating: -1, count: keys.count)
        for hit in window {
            let value = hit.exact ? 1 : 0.6
            if value > credit[hit.key] { credit[hit.key] = value }
            if firstPlace[hit.key] < 0 { firstPlace[hit.key] = hit.at }
        }
        // Two neighbouring words of the line found the other way round, one word apart, or across
        // a line break count for their pair in part: a remembered line swaps and drops words. Two
        // syllables count up to three syllables apart either way, as a word of CJK lyrics moved or
        // left out is several syllables; two words up to two apart either way count less.
        for (pair, first, second, syllables) in pairs where credit[pair] == 0 && credit[first] > 0 && credit[second] > 0
        {
            for a in window where a.key == first {
                for b in window where b.key == second {
                    // 0 apart: a word repeated in the line, paired with itself.
                    let apart = b.at - a.at
                    guard apart != 0, abs(apart) <= 6 else { continue }
                    let neighbours = apart == -2 || apart == 4 || syllables
                    let value = apart == 1 ? 1 : neighbours ? Self.looseNeighbours : Self.scattered
                    credit[pair] = max(credit[pair], value)
                }
            }
        }
        var found = 0.0
        var positions: [Int] = []
        for key in keys.indices where credit[key] > 0 {
            found += weights[key] * credit[key]
            if firstPlace[key] >= 0 { positions.append(firstPlace[key]) }
        }
        guard found > 0 else { return 0 }
        let order = positions.count > 1 ? Double(Self.longestRising(positions)) / Double(positions.count) : 1
        return found / totalWeight * (0.85 + 0.15 * order)
    }

    /// What a pair's two words found swapped or one word apart count for the pair.
    static let looseNeighbours = 0.8
    /// What a pair's two words found up to two words apart, either way round, count for the pair.
    static let scattered = 0.5

    /// A line as a reply quotes it: without the comma or dash it ends on ("Пожалей, моя
    /// зазнобушка," → "Пожалей, моя зазнобушка"); a full stop, "!" and "?" stay.
    static func quotable(_ line: String) -> String {
        var text = Substring(line)
        while let last = text.last, last == " " || ",;:—–-、，；：".contains(last) { text = text.dropLast() }
        return text.isEmpty ? line : String(text)
    }

    /// Whether one letter added, dropped or changed turns `a` into `b`.
    static func withinOneEdit(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        let (short, long) = a.count <= b.count ? (Array(a), Array(b)) : (Array(b), Array(a))
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

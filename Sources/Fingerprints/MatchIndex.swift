import Foundation

/// A track an excerpt was found in.
public struct SoundMatch: Sendable, Equatable, Codable {
    /// The matched fingerprint's file.
    public var path: String
    /// Where in the track the excerpt begins, in seconds of the track as it plays.
    public var offset: Double
    /// How sure the match is, 0–1: one less twice the share of bits that differ where the
    /// excerpt and the track line up (0 is a stranger's track, 1 the very same sound).
    public var score: Double
    /// Index words that agreed on this track at this place.
    public var votes: Int
    /// The score of the quarter of the excerpt that fits worst: music that merely sounds alike
    /// fits for a chord or two, the same recording all along.
    public var weakest: Double = 0
}

/// Finds an excerpt heard through the air among stored fingerprints, the way AcoustID's server
/// does: the excerpt's fingerprint words are looked up by their 16-bit halves in the index, each
/// hit votes for a track and an alignment (the track's word place less the excerpt's), and the
/// few alignments with most votes are checked word by word against the stored fingerprint. The
/// best one is a match only when its bits agree well beyond chance; else nothing is said.
///
/// The excerpt is read at three speeds (±2.5 %), as a speaker, a record or a recording may run
/// a little fast or slow and Chromaprint follows pitch; raised a quarter-tone (`SoundPrep`), each
/// speed covers ±2 % around it.
public struct MatchIndex {
    let fingerprints: FingerprintStore

    public init(_ fingerprints: FingerprintStore) { self.fingerprints = fingerprints }

    static let speeds = [0.975, 1.0, 1.025]
    /// Index words at every `stride`th place (an excerpt's every word is looked up, so it meets
    /// the indexed ones at any alignment).
    static let stride = 2
    /// A term on more postings than this tells nothing and is skipped.
    static let commonTerm = 400
    /// Alignments checked word by word, per speed.
    static let candidates = 8
    /// A match needs this score over the whole excerpt, this score in its worst quarter, and this
    /// many votes. Chosen on `hark bench identify --seed 2` (2,000 tracks, 600 excerpts: true
    /// matches scored 0.73 and more in 95 %, strangers' best places 0.60 and less in 95 %; a
    /// stranger that fits for a chord or two fails the quarter) and measured on the default seed.
    public static let minimumScore = 0.68
    static let minimumWeakest = 0.35
    static let minimumVotes = 3

    /// The index terms of one fingerprint word: three 16-bit stretches of it (the low half, the
    /// middle and the high half), each tagged with which stretch it is. A word heard through a room
    /// keeps some stretch intact far more often than the whole word.
    static func terms(of word: UInt32) -> [Int64] {
        [Int64(word & 0xFFFF), Int64(1 << 16 | (word >> 8) & 0xFFFF), Int64(2 << 16 | word >> 16)]
    }

    /// The terms of a stored fingerprint, from every `stride`th word, with the word's place.
    static func terms(_ fingerprint: Fingerprint) -> [(term: Int64, place: Int)] {
        var out: [(Int64, Int)] = []
        out.reserveCapacity(fingerprint.items.count * 2)
        for place in Swift.stride(from: 0, to: fingerprint.items.count, by: stride) {
            for term in terms(of: fingerprint.items[place]) { out.append((term, place)) }
        }
        return out
    }

    /// The best match for mono samples at `AudioDecoder.sampleRate` as heard, or nil when none
    /// is sure enough.
    public func identify(_ samples: [Int16]) throws -> SoundMatch? {
        guard let found = try bestCandidate(samples), Self.isSure(found) else { return nil }
        return found
    }

    /// Whether a candidate is sure enough to be said.
    public static func isSure(_ candidate: SoundMatch) -> Bool {
        candidate.score >= minimumScore && candidate.weakest >= minimumWeakest && candidate.votes >= minimumVotes
    }

    /// The best-fitting place in any stored track, however weak (for measuring the thresholds).
    public func bestCandidate(_ samples: [Int16]) throws -> SoundMatch? {
        let fingerprinter = Fingerprinter()
        var cache: [Int64: StoredFingerprint] = [:]
        var best: (match: SoundMatch, bitErrors: Double, query: [UInt32], stored: StoredFingerprint, place: Int)?
        for speed in Self.speeds {
            var prepared = try AudioDecoder.resampled(samples, speed: SoundPrep.quarterTone * speed)
            SoundPrep.highPass(&prepared)
            let query = fingerprinter.fingerprint(prepared).items
            guard query.count >= 8 else { continue }
            for (key, votes) in try vote(query).prefix(Self.candidates) where votes >= 2 {
                let (id, shifted) = FingerprintStore.split(key)
                let alignment = shifted - (1 << (FingerprintStore.placeBits - 1))
                if cache[id] == nil { cache[id] = try fingerprints.fingerprint(id: id) }
                guard let stored = cache[id] else { continue }
                for place in (alignment - 1)...(alignment + 1) {
                    guard let errors = Self.bitErrors(stored.fingerprint.items, query, at: place) else { continue }
                    if best == nil || errors < best!.bitErrors {
                        let offset = max(0, Double(place) * Fingerprint.itemSeconds * SoundPrep.quarterTone)
                        let match = SoundMatch(path: stored.path, offset: offset, score: 1 - 2 * errors, votes: votes)
                        best = (match, errors, query, stored, place)
                    }
                }
            }
        }
        // The place itself, not the offset said (which is never before the track's start: a
        // recording may begin in the silence before it).
        guard var found = best else { return nil }
        found.match.weakest = 1 - 2 * Self.worstQuarter(found.stored.fingerprint.items, found.query, at: found.place)
        return found.match
    }

    /// The share of differing bits in the quarter of the excerpt that fits the track worst.
    static func worstQuarter(_ track: [UInt32], _ query: [UInt32], at place: Int) -> Double {
        let length = max(4, query.count / 4)
        var worst = 0.0
        for start in Swift.stride(from: 0, to: query.count - length + 1, by: length) {
            let part = Array(query[start..<start + length])
            if let errors = bitErrors(track, part, at: place + start, least: 4) { worst = max(worst, errors) }
        }
        return worst
    }

    /// Votes per (fingerprint, alignment), most first; the alignment is biased by half the place
    /// range so that an excerpt starting before the track's first indexed word still packs.
    func vote(_ query: [UInt32]) throws -> [(key: Int64, votes: Int)] {
        var votes: [Int64: Int] = [:]
        let bias = 1 << (FingerprintStore.placeBits - 1)
        for (index, word) in query.enumerated() {
            for term in Self.terms(of: word) {
                guard let postings = try fingerprints.postings(term, limit: Self.commonTerm) else { continue }
                for posting in postings {
                    let (id, place) = FingerprintStore.split(posting)
                    let shifted = place - index + bias
                    guard shifted >= 0, shifted < 1 << FingerprintStore.placeBits else { continue }
                    votes[FingerprintStore.posting(id, shifted), default: 0] += 1
                }
            }
        }
        // A speed read slightly off spreads a track's votes over neighbouring alignments: each
        // alignment counts its neighbours' votes too.
        var smoothed: [Int64: Int] = [:]
        for (key, count) in votes {
            smoothed[key, default: 0] += count
            smoothed[key - 1, default: 0] += count
            smoothed[key + 1, default: 0] += count
        }
        return smoothed.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The share of bits that differ between the excerpt and the track with the excerpt's first
    /// word at the track's `place`, over the words they share (nil when under eight).
    static func bitErrors(_ track: [UInt32], _ query: [UInt32], at place: Int, least: Int = 8) -> Double? {
        let start = max(0, place), end = min(track.count, place + query.count)
        guard end - start >= least else { return nil }
        var differing = 0
        for index in start..<end { differing += (track[index] ^ query[index - place]).nonzeroBitCount }
        return Double(differing) / Double((end - start) * 32)
    }
}

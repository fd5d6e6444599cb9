/// The features the learned model reads from a request's folded words: the words, pairs and
/// triples of neighbouring words, and character n-grams (3 and 4 within a word, so inflections
/// and misspellings share most of their features). Chinese and Japanese words are single
/// characters, so their word pairs and triples are character n-grams already.
///
/// Features are hashed (FNV-1a, the same on every machine and run) into `buckets` rows.
enum TextFeatures {
    /// Feature rows for `words`, with repeats (a repeated feature counts twice).
    static func hashed(_ words: [String], buckets: Int) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(words.count * 8 + 4)
        let mask = UInt64(buckets - 1)
        func emit(_ hash: UInt64) { out.append(Int32(truncatingIfNeeded: hash & mask)) }
        let padded = ["<s>"] + words + ["</s>"]
        let hashes = padded.map { fnv($0.utf8, seed: fnvOffset) }
        for (index, word) in words.enumerated() {
            emit(mix(hashes[index + 1], 1))
            // Character n-grams of longer words, with the word's edges marked.
            let scalars = Array(word.unicodeScalars)
            if scalars.count > 3 {
                let marked: [UInt32] = [0x5E] + scalars.map(\.value) + [0x24]
                for n in 3...4 where marked.count >= n {
                    for start in 0...(marked.count - n) {
                        var hash = fnvOffset ^ UInt64(n)
                        for value in marked[start..<(start + n)] { hash = (hash ^ UInt64(value)) &* fnvPrime }
                        emit(mix(hash, 4))
                    }
                }
            }
        }
        for index in 0..<(padded.count - 1) { emit(mix(hashes[index] &* 31 &+ hashes[index + 1], 2)) }
        if padded.count > 3 {
            for index in 0..<(padded.count - 2) {
                emit(mix((hashes[index] &* 31 &+ hashes[index + 1]) &* 31 &+ hashes[index + 2], 3))
            }
        }
        return out
    }

    static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325
    static let fnvPrime: UInt64 = 0x100_0000_01b3

    static func fnv<Bytes: Sequence>(_ bytes: Bytes, seed: UInt64) -> UInt64 where Bytes.Element == UInt8 {
        var hash = seed
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* fnvPrime }
        return hash
    }

    /// Spreads a hash and tags it with its feature kind, so a word and a pair never share a row by design.
    @inline(__always) static func mix(_ hash: UInt64, _ kind: UInt64) -> UInt64 {
        var x = hash ^ (kind &* 0x9E37_79B9_7F4A_7C15)
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}

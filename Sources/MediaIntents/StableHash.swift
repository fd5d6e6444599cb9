/// FNV-1a, 64 bits: a hash that is the same in every process and on every machine (Swift's own
/// `Hasher` is seeded afresh in each process), for tags, digests and keys that are stored or sent.
/// Not a defence against anyone: nothing is trusted because of it.
public enum StableHash {
    public static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x100_0000_01b3

    public static func fnv1a<Bytes: Sequence>(_ bytes: Bytes, from start: UInt64 = offset) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = start
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }
}

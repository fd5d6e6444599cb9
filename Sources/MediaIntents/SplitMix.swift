import Foundation

/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// catalog, the same benchmark queries and the same trained model on every machine.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// An index in `0..<count` drawn from a Zipf-like law (small indices far more often).
    public mutating func zipf(_ count: Int, exponent: Double = 1.1) -> Int {
        let u = Double.random(in: 0..<1, using: &self)
        let x = pow(Double(count) + 1, u * (1 - 1 / exponent))
        return min(count - 1, max(0, Int(x) - 1))
    }

    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

public import Foundation
import MediaIntents

/// Synthetic music for measuring recognition (`hark bench identify`) and for tests: every seed a
/// different piece — its own tempo, key and scale, a four-chord progression on a pad, a bass line,
/// a melody wandering the scale with its own rhythm and timbre, and a drum pattern of kick, snare
/// and hi-hat, whose noise is the track's own (no two tracks share a burst). Deterministic: the
/// same seed gives the same samples.
public struct TrackSynth {
    public static let sampleRate = 22_050
    static let scales: [[Int]] = [
        [0, 2, 4, 5, 7, 9, 11], [0, 2, 3, 5, 7, 8, 10], [0, 2, 3, 5, 7, 9, 10], [0, 2, 4, 7, 9], [0, 3, 5, 7, 10],
        [0, 2, 4, 5, 7, 9, 10],
    ]

    public let seed: UInt64
    public init(seed: UInt64) { self.seed = seed }

    /// `seconds` of the piece, mono 16-bit at `rate`, peaking just under full scale.
    public func samples(seconds: Double, rate sampleRate: Int = sampleRate) -> [Int16] {
        var random = SplitMix(seed: seed)
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        let beat = 60 / uniform(70...170)
        let eighth = beat / 2
        let root = 48 + Int.random(in: 0..<12, using: &random)
        let scale = Self.scales[Int.random(in: 0..<Self.scales.count, using: &random)]
        let chords = (0..<4).map { _ in Int.random(in: 0..<scale.count, using: &random) }
        var lead = (0..<6).map { _ in pow(uniform(0...1), 2) }
        lead[0] = 1
        var pad = (0..<4).map { _ in pow(uniform(0...1), 3) }
        pad[0] = 1
        let melodyRhythm = (0..<16).map { _ in uniform(0...1) < 0.7 }
        let kicks = (0..<8).map { $0 % 4 == 0 || uniform(0...1) < 0.4 }
        let snares = (0..<8).map { $0 % 4 == 2 || uniform(0...1) < 0.3 }
        let hats = (0..<8).map { _ in uniform(0...1) < 0.7 }

        let rate = Double(sampleRate)
        var out = [Double](repeating: 0, count: Int(seconds * rate))
        func note(_ midi: Int) -> Double { 440 * pow(2, Double(midi - 69) / 12) }
        func midi(_ degree: Int, above base: Int) -> Int {
            base + 12 * (degree / scale.count) + scale[degree % scale.count]
        }
        func add(at time: Double, _ length: Double, _ sample: (Double) -> Double) {
            let start = Int(time * rate)
            for index in 0..<Int(length * rate) where start + index < out.count {
                out[start + index] += sample(Double(index) / rate)
            }
        }
        func tone(at time: Double, _ frequency: Double, _ length: Double, _ harmonics: [Double], decay: Double, level: Double) {
            add(at: time, length) { t in
                var value = 0.0
                for (k, amplitude) in harmonics.enumerated() where frequency * Double(k + 1) < rate / 2 {
                    value += amplitude * sin(2 * .pi * frequency * Double(k + 1) * t)
                }
                let attack = min(1, t / 0.01), release = min(1, (length - t) / 0.05)
                return value * attack * release * exp(-t * decay) * level
            }
        }

        var position = Int.random(in: 7..<14, using: &random)
        var time = 0.0
        var step = 0
        while time < seconds {
            let bar = Int(time / (beat * 4))
            if step % 16 == 0 {
                let chord = chords[bar % 4]
                for third in [0, 2, 4] {
                    tone(at: time, note(midi(chord + third, above: root)), beat * 4, pad, decay: 0.3, level: 0.12)
                }
                tone(at: time, note(midi(chord, above: root - 12)), beat * 4, [1, 0.5, 0.2], decay: 0.5, level: 0.2)
            }
            if melodyRhythm[step % 16] {
                position = min(20, max(0, position + [-2, -1, -1, 0, 1, 1, 2][Int.random(in: 0..<7, using: &random)]))
                let length = eighth * (Bool.random(using: &random) ? 1 : 2)
                tone(at: time, note(midi(position, above: root + 12)), length, lead, decay: 2, level: 0.25)
            }
            if kicks[step % 8] {
                add(at: time, 0.15) { t in sin(2 * .pi * (50 + 120 * exp(-t * 30)) * t) * exp(-t * 20) * 0.5 }
            }
            if snares[step % 8] {
                var noise = SplitMix(seed: (seed &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(step) &* 0xBF58_476D_1CE4_E5B9)
                add(at: time, 0.12) { t in Double.random(in: -1...1, using: &noise) * exp(-t * 30) * 0.25 }
            }
            if hats[step % 8] {
                var noise = SplitMix(seed: (seed &* 0x94D0_49BB_1331_11EB) ^ UInt64(step) &* 0xD6E8_FEB8_6659_FD93)
                var last = 0.0
                add(at: time, 0.04) { t in
                    let next = Double.random(in: -1...1, using: &noise)
                    defer { last = next }
                    return (next - last) * exp(-t * 80) * 0.08
                }
            }
            time += eighth
            step += 1
        }
        let peak = out.reduce(0) { max($0, abs($1)) }
        let scale16 = peak > 0 ? 32_767 / (peak * 1.1) : 0
        return out.map { Int16(($0 * scale16).rounded()) }
    }

    /// Mono 16-bit samples as a WAV file's bytes.
    public static func wav(_ samples: [Int16], rate: Int = sampleRate) -> Data {
        var data = Data()
        func le<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        le(UInt32(36 + samples.count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        le(UInt32(16))
        le(UInt16(1))
        le(UInt16(1))
        le(UInt32(rate))
        le(UInt32(rate * 2))
        le(UInt16(2))
        le(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        le(UInt32(samples.count * 2))
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer { le(sample) }
        }
        return data
    }
}

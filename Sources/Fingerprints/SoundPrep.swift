import Foundation

/// What is done to a sound before Chromaprint reads it, the same for a track at import and for an
/// excerpt heard through the air, so that the two meet:
///
/// - **A quarter-tone up.** Chromaprint files each pitch into one of twelve classes whose borders
///   fall exactly on the notes of equal temperament at A = 440 Hz, so a note played a few cents
///   sharp (a record a little fast, a speaker's clock) jumps class and the words change in a fifth
///   of their bits. Raised by half a semitone, every note sits in the middle of its class and
///   stays there within ±50 cents (measured on synthetic tracks: a 4-cent shift took the bit error
///   rate from 0.03 to 0.21; raised first, a ±2 % speed error keeps it under 0.11).
/// - **No bass.** A small speaker, a laptop or a phone's microphone plays and hears little below
///   300 Hz, where a track's bass line and kick drum are: a fourth-order high-pass at 300 Hz on
///   both sides leaves them out of the comparison (a 250 Hz–4.5 kHz band-pass on the excerpt alone
///   took the error rate from 0.03 to 0.2).
///
/// The filter is a pair of Butterworth biquads (the Audio EQ Cookbook's high-pass, Q = 1/√2)
/// written here: FFmpeg's filters live in libavfilter, which Hark does not link for one filter.
public enum SoundPrep {
    /// Half a semitone, as a speed.
    public static let quarterTone = pow(2.0, 0.5 / 12)
    public static let cutoff = 300.0

    /// Samples at `AudioDecoder.sampleRate`, high-passed in place.
    public static func highPass(_ samples: inout [Int16]) {
        var state = Biquad.highPass(cutoff: cutoff, rate: Double(AudioDecoder.sampleRate))
        var second = state
        for index in samples.indices {
            let filtered = second.run(state.run(Double(samples[index])))
            samples[index] = Int16(clamping: Int(filtered.rounded()))
        }
    }
}

/// One second-order section in direct form I.
struct Biquad {
    var b0 = 0.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0
    var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    static func highPass(cutoff: Double, rate: Double) -> Biquad {
        let omega = 2 * Double.pi * cutoff / rate
        let q = 1 / 2.0.squareRoot()
        let alpha = sin(omega) / (2 * q)
        let cosine = cos(omega)
        let a0 = 1 + alpha
        var filter = Biquad()
        filter.b0 = (1 + cosine) / 2 / a0
        filter.b1 = -(1 + cosine) / a0
        filter.b2 = (1 + cosine) / 2 / a0
        filter.a1 = -2 * cosine / a0
        filter.a2 = (1 - alpha) / a0
        return filter
    }

    mutating func run(_ x: Double) -> Double {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1
        x1 = x
        y2 = y1
        y1 = y
        return y
    }
}

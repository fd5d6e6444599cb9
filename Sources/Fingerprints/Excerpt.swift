import Foundation

/// A few seconds of sound to recognise, read and checked: long enough to tell tracks apart,
/// short enough to be an excerpt, and not silence.
public struct Excerpt: Sendable {
    /// Mono samples at `AudioDecoder.sampleRate`.
    public var samples: [Int16]
    public var seconds: Double { Double(samples.count) / Double(AudioDecoder.sampleRate) }

    /// Under this, too few fingerprint words to tell one track from another.
    public static let minimumSeconds = 3.0
    /// Over this, not an excerpt (the API refuses it; `hark identify` reads the start of it).
    public static let maximumSeconds = 30.0
    /// Root-mean-square level under which a recording is silence (about −60 dBFS).
    static let silenceLevel = 32.0

    /// Reads the sound in `path`. A longer one is an error unless `keepStart`, which keeps its
    /// first `maximumSeconds`.
    public static func read(_ path: String, keepStart: Bool = false) throws -> Excerpt {
        let limit = maximumSeconds + 0.5
        let samples = try AudioDecoder.samples(path, maxSeconds: limit)
        var excerpt = Excerpt(samples: samples)
        if excerpt.seconds > maximumSeconds {
            guard keepStart else { throw AudioError.tooLong(path, seconds: excerpt.seconds, limit: maximumSeconds) }
            excerpt.samples.removeLast(excerpt.samples.count - Int(maximumSeconds) * AudioDecoder.sampleRate)
        }
        if excerpt.seconds < minimumSeconds {
            throw AudioError.tooShort(path, seconds: excerpt.seconds, needed: minimumSeconds)
        }
        if excerpt.level < silenceLevel { throw AudioError.silent(path) }
        return excerpt
    }

    /// The root-mean-square level of the samples.
    var level: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }
}

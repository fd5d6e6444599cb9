import CChromaprint
public import Foundation

/// A sound's Chromaprint fingerprint: one 32-bit word for every `itemSeconds` of it, each word
/// telling how the sound's twelve pitch classes changed there. Two recordings of the same music
/// give words that differ in few bits, at the same pace, whatever the file format.
public struct Fingerprint: Sendable, Equatable {
    public var items: [UInt32]

    public init(items: [UInt32]) { self.items = items }

    /// Seconds of sound per item (a third of Chromaprint's 4096-sample frame: 0.124 s).
    public static let itemSeconds = Double(Fingerprinter.itemSamples) / Double(AudioDecoder.sampleRate)

    /// How many seconds of sound the fingerprint stands for.
    public var seconds: Double { Double(items.count) * Self.itemSeconds }

    /// Chromaprint's own compressed form (about a quarter of the raw words' size), for storage.
    public func compressed() -> Data {
        guard !items.isEmpty else { return Data() }
        var encoded: UnsafeMutablePointer<CChar>?
        var size: Int32 = 0
        let done = items.withUnsafeBufferPointer {
            chromaprint_encode_fingerprint(
                $0.baseAddress, Int32($0.count), Int32(CHROMAPRINT_ALGORITHM_DEFAULT.rawValue), &encoded, &size, 0)
        }
        defer { chromaprint_dealloc(encoded) }
        guard done == 1, let encoded else { return Data() }
        return Data(bytes: encoded, count: Int(size))
    }

    /// A fingerprint from its compressed form; nil when the bytes are not one.
    public init?(compressed data: Data) {
        if data.isEmpty {
            items = []
            return
        }
        var raw: UnsafeMutablePointer<UInt32>?
        var size: Int32 = 0
        var algorithm: Int32 = 0
        let done = data.withUnsafeBytes { bytes in
            chromaprint_decode_fingerprint(
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), &raw, &size, &algorithm, 0)
        }
        defer { chromaprint_dealloc(raw) }
        guard done == 1, let raw, size >= 0 else { return nil }
        items = Array(UnsafeBufferPointer(start: raw, count: Int(size)))
    }
}

/// Chromaprint, fed with decoded samples. One per thread: a context is not to be shared.
public final class Fingerprinter {
    private let context: OpaquePointer

    /// Samples per item at Chromaprint's rate, as the library says.
    static let itemSamples: Int = {
        let context = chromaprint_new(Int32(CHROMAPRINT_ALGORITHM_DEFAULT.rawValue))
        defer { chromaprint_free(context) }
        return Int(chromaprint_get_item_duration(context))
    }()

    public init() {
        context = chromaprint_new(Int32(CHROMAPRINT_ALGORITHM_DEFAULT.rawValue))
    }

    deinit { chromaprint_free(context) }

    /// The fingerprint of mono samples at `AudioDecoder.sampleRate`.
    public func fingerprint(_ samples: [Int16]) -> Fingerprint {
        start()
        samples.withUnsafeBufferPointer { feed($0) }
        return finish()
    }

    /// The fingerprint of the first `maxSeconds` of a file, with how many seconds were decoded.
    public func fingerprint(file path: String, maxSeconds: Double = .infinity) throws -> (Fingerprint, seconds: Double) {
        start()
        let seconds = try AudioDecoder.decode(path, maxSeconds: maxSeconds) { feed($0) }
        return (finish(), seconds)
    }

    func start() { chromaprint_start(context, Int32(AudioDecoder.sampleRate), 1) }

    func feed(_ samples: UnsafeBufferPointer<Int16>) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        chromaprint_feed(context, base, Int32(samples.count))
    }

    func finish() -> Fingerprint {
        chromaprint_finish(context)
        var raw: UnsafeMutablePointer<UInt32>?
        var size: Int32 = 0
        guard chromaprint_get_raw_fingerprint(context, &raw, &size) == 1, let raw else { return Fingerprint(items: []) }
        defer { chromaprint_dealloc(raw) }
        return Fingerprint(items: Array(UnsafeBufferPointer(start: raw, count: Int(size))))
    }
}

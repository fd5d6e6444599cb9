public import Foundation

/// The learned intent classifier: multinomial logistic regression over hashed word and character
/// n-grams (`TextFeatures`), predicting a `Frame` label or `none`. Trained by `hark train`
/// (`ModelTrainer`) and shipped as `Resources/model/intents.model`.
///
/// The file is one line of JSON (frames, bucket count, what it was trained from) and then the
/// weights: per frame a scale and a bias (Float32, little-endian), then one signed byte per bucket
/// and frame, bucket by bucket.
public struct IntentModel: Sendable {
    /// What the file says about itself.
    public struct Header: Codable, Sendable, Equatable {
        public var format: Int
        public var frames: [String]
        public var buckets: Int
        /// Digest of every input, by name (grammar and word-list files, training files, dev sets).
        public var inputs: [String: String]
        public var examples: Int
        public var seed: UInt64
    }

    public let header: Header
    let scales: [Float]
    let biases: [Float]
    let weights: [Int8]
    /// The slot tagger trained with it, read from beside the model's file when there.
    public var slots: SlotTagger?

    var frames: [String] { header.frames }

    init(header: Header, scales: [Float], biases: [Float], weights: [Int8]) {
        self.header = header
        self.scales = scales
        self.biases = biases
        self.weights = weights
    }

    /// Reads a model file (and the slot tagger beside it), naming the file and what is wrong with it.
    public init(contentsOf url: URL) throws {
        let (header, body) = try ModelFile.read(url, as: Header.self)
        let frames = header.frames.count
        let expected = frames * 8 + header.buckets * frames
        guard header.format == 1, header.buckets > 0, header.buckets & (header.buckets - 1) == 0,
            body.count == expected
        else {
            throw UnderstandingError(
                message: "\(url.path): model body is \(body.count) bytes, expected \(expected) for format 1")
        }
        let floats = ModelFile.floats(body, count: frames * 2)
        self.header = header
        self.scales = Array(floats[0..<frames])
        self.biases = Array(floats[frames...])
        self.weights = ModelFile.bytes(body, from: frames * 8)
        let slotsURL = SlotTagger.url(besideModel: url)
        if FileManager.default.fileExists(atPath: slotsURL.path) { self.slots = try SlotTagger(contentsOf: slotsURL) }
    }

    /// The file's bytes.
    public func encoded() throws -> Data { try ModelFile.encode(header, floats: scales + biases, weights: weights) }

    /// Probability of each frame (in `frames` order) for a request's folded words.
    func probabilities(_ words: [String]) -> [Float] {
        let count = frames.count
        var sums = [Int32](repeating: 0, count: count)
        weights.withUnsafeBufferPointer { weights in
            for feature in TextFeatures.hashed(words, buckets: header.buckets) {
                let row = Int(feature) * count
                for frame in 0..<count { sums[frame] &+= Int32(weights[row + frame]) }
            }
        }
        var logits = (0..<count).map { biases[$0] + Float(sums[$0]) * scales[$0] }
        let top = logits.max() ?? 0
        var total: Float = 0
        for index in logits.indices {
            logits[index] = exp(logits[index] - top)
            total += logits[index]
        }
        return logits.map { $0 / total }
    }

    /// The frames ranked by probability, best first.
    func ranked(_ words: [String]) -> [(frame: String, probability: Float)] {
        zip(frames, probabilities(words)).sorted { $0.1 > $1.1 }.map { ($0.0, $0.1) }
    }
}

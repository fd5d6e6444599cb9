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

    /// Reads a model file, naming the file and what is wrong with it.
    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let newline = data.firstIndex(of: 0x0A) else {
            throw UnderstandingError(message: "\(url.path): not a model file (no header line)")
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline])
        } catch {
            throw UnderstandingError(message: "\(url.path): model header unreadable: \(error)")
        }
        let frames = header.frames.count
        let expected = frames * 8 + header.buckets * frames
        let body = data[(newline + 1)...]
        guard header.format == 1, header.buckets > 0, header.buckets & (header.buckets - 1) == 0,
            body.count == expected
        else {
            throw UnderstandingError(
                message: "\(url.path): model body is \(body.count) bytes, expected \(expected) for format 1")
        }
        var floats = [Float](repeating: 0, count: frames * 2)
        body.prefix(frames * 8).withUnsafeBytes { raw in
            for index in 0..<(frames * 2) {
                floats[index] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
            }
        }
        self.header = header
        self.scales = Array(floats[0..<frames])
        self.biases = Array(floats[frames...])
        self.weights = body.dropFirst(frames * 8).map { Int8(bitPattern: $0) }
        let slotsURL = SlotTagger.url(besideModel: url)
        if FileManager.default.fileExists(atPath: slotsURL.path) { self.slots = try SlotTagger(contentsOf: slotsURL) }
    }

    /// The file's bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(header)
        data.append(0x0A)
        for value in scales + biases { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: weights.map { UInt8(bitPattern: $0) })
        return data
    }

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

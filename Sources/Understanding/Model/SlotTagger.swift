public import Foundation

/// The learned slot tagger: an averaged perceptron that marks which words of a request are a
/// name (a title, an artist, an album, a playlist to add to), read left to right with the tag
/// before as a feature. It reads requests the grammar has no template for ("can you put on some
/// of that michael jackson stuff"), once the intent model has said what the request is.
///
/// The file (`Resources/model/slots.model`) is one line of JSON (tags, buckets, inputs) then a
/// Float32 scale per tag and one signed byte per bucket and tag.
public struct SlotTagger: Sendable {
    public struct Header: Codable, Sendable, Equatable {
        public var format: Int
        public var tags: [String]
        public var buckets: Int
        public var inputs: [String: String]
        public var sentences: Int
    }

    /// The slots it tags.
    static let slots = ["mediaName", "artistName", "albumName", "playlist"]
    /// "O", then "B-slot" and "I-slot" for each slot.
    static let tags = ["O"] + slots.flatMap { ["B-\($0)", "I-\($0)"] }

    public let header: Header
    let scales: [Float]
    let weights: [Int8]

    init(header: Header, scales: [Float], weights: [Int8]) {
        self.header = header
        self.scales = scales
        self.weights = weights
    }

    public init(contentsOf url: URL) throws {
        let (header, body) = try ModelFile.read(url, as: Header.self)
        let count = header.tags.count
        guard header.format == 1, header.buckets > 0, header.buckets & (header.buckets - 1) == 0,
            body.count == count * 4 + header.buckets * count
        else { throw UnderstandingError(message: "\(url.path): tagger body is \(body.count) bytes, not format 1") }
        self.header = header
        self.scales = ModelFile.floats(body, count: count)
        self.weights = ModelFile.bytes(body, from: count * 4)
    }

    /// The tagger's file beside an intent model's file (`x.model` → `x.slots.model`; the shipped
    /// `intents.model` → `slots.model`).
    public static func url(besideModel url: URL) -> URL {
        let name = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent()
        return folder.appendingPathComponent(name == "intents" ? "slots.model" : "\(name).slots.model")
    }

    public func encoded() throws -> Data { try ModelFile.encode(header, floats: scales, weights: weights) }

    /// Name spans of `words`: (slot, range), left to right.
    func spans(_ words: [String], known: (String) -> Bool, frame: String) -> [(slot: String, range: Range<Int>)] {
        var tags: [Int] = []
        let count = header.tags.count
        var scores = [Float](repeating: 0, count: count)
        weights.withUnsafeBufferPointer { weights in
            for position in words.indices {
                for tag in 0..<count { scores[tag] = 0 }
                let features = TaggerFeatures.hashed(
                    words, at: position, previous: tags.last.map { header.tags[$0] } ?? "<s>", known: known,
                    frame: frame, buckets: header.buckets)
                for feature in features {
                    let row = Int(feature) * count
                    for tag in 0..<count { scores[tag] += Float(weights[row + tag]) * scales[tag] }
                }
                tags.append(TaggerFeatures.best(scores, tags: header.tags, previous: tags.last.map { header.tags[$0] }))
            }
        }
        return TaggerFeatures.spans(tags.map { header.tags[$0] })
    }
}

/// What the tagger reads at one word: the word and its neighbours, whether the grammar knows
/// them (a word no template uses is likely part of a name), its ending, the tag before and the
/// request's frame.
enum TaggerFeatures {
    static func hashed(
        _ words: [String], at position: Int, previous: String, known: (String) -> Bool, frame: String, buckets: Int
    ) -> [Int32] {
        let mask = UInt64(buckets - 1)
        func word(_ offset: Int) -> String {
            let index = position + offset
            return index < 0 ? "<s>" : index >= words.count ? "</s>" : words[index]
        }
        func isKnown(_ offset: Int) -> String {
            let index = position + offset
            guard index >= 0, index < words.count else { return "edge" }
            return known(words[index]) ? "k" : "u"
        }
        let current = words[position]
        let scalars = Array(current.unicodeScalars)
        let suffix = String(String.UnicodeScalarView(scalars.suffix(3)))
        let shape = scalars.first.map { $0.properties.numericType != nil ? "digit" : Token.isCJK($0) ? "cjk" : "word" } ?? ""
        let parts: [String] = [
            "b", "w0=" + current, "w-1=" + word(-1), "w+1=" + word(1), "w-2=" + word(-2), "w+2=" + word(2),
            "w-1w0=" + word(-1) + " " + current, "w0w+1=" + current + " " + word(1),
            "k0=" + isKnown(0), "k-1=" + isKnown(-1), "k+1=" + isKnown(1),
            "k-1k0k+1=" + isKnown(-1) + isKnown(0) + isKnown(1),
            "suf=" + suffix, "shape=" + shape, "t-1=" + previous, "t-1w0=" + previous + " " + current,
            "t-1k0=" + previous + isKnown(0), "f=" + frame, "fw-1=" + frame + " " + word(-1),
            "fk0=" + frame + isKnown(0),
        ]
        return parts.map { Int32(truncatingIfNeeded: TextFeatures.mix(TextFeatures.fnv($0.utf8, seed: TextFeatures.fnvOffset), 7) & mask) }
    }

    /// The best tag that may follow `previous` ("I-x" only after "B-x" or "I-x"); "O" is always allowed.
    static func best(_ scores: [Float], tags: [String], previous: String?) -> Int {
        var best = 0
        for index in tags.indices.dropFirst() {
            let tag = tags[index]
            if tag.hasPrefix("I-") {
                let slot = tag.dropFirst(2)
                guard previous == "B-\(slot)" || previous == "I-\(slot)" else { continue }
            }
            if scores[index] > scores[best] { best = index }
        }
        return best
    }

    /// Runs of B/I tags as slot ranges.
    static func spans(_ tags: [String]) -> [(slot: String, range: Range<Int>)] {
        var spans: [(slot: String, range: Range<Int>)] = []
        for (index, tag) in tags.enumerated() {
            if tag.hasPrefix("B-") {
                spans.append((String(tag.dropFirst(2)), index..<(index + 1)))
            } else if tag.hasPrefix("I-"), let last = spans.last, last.slot == tag.dropFirst(2),
                last.range.upperBound == index
            {
                spans[spans.count - 1].range = last.range.lowerBound..<(index + 1)
            }
        }
        return spans
    }
}

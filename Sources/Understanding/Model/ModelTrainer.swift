import Foundation
import MediaIntents

/// A sentence with the reading it should get, from a dev set or a training file.
public struct LabelledText: Sendable {
    public var text: String
    public var language: String
    public var understood: Understood

    public init(text: String, language: String, understood: Understood) {
        self.text = text
        self.language = language
        self.understood = understood
    }
}

/// Trains the intent model (`IntentModel`): sentences drawn from every language's grammar with
/// catalog names in their slots, plus labelled sentences (dev sets, each language's non-media
/// sentences), then multinomial logistic regression by AdaGrad. The same inputs and seed give
/// the same model, byte for byte.
public struct ModelTrainer: Sendable {
    /// Hashed feature rows: 2^17, about 4 MiB of weights at one byte each for 30 frames.
    public static let buckets = 1 << 17
    /// Sentences drawn per grammar sentence by default, and at most per language and frame.
    public static let defaultDraws = 12
    static let drawsPerFrame = 1200
    /// Labelled sentences count this many drawn ones: they are how people really talk.
    static let labelledWeight: Float = 3
    /// Share of each language's weight given to non-media sentences, so the model learns to
    /// reject in every language however few such sentences it has.
    static let rejectionShare: Float = 0.3
    public static let defaultEpochs = 6
    /// AdaGrad's step: chosen on held-out dev folds (0.015–0.05 within a point of each other;
    /// 0.3 and above overfit the drawn sentences and lose 2–4 points).
    static let learningRate: Float = 0.05

    public var seed: UInt64
    /// Sentences drawn per grammar sentence, and passes over the examples (fewer for quick tests).
    public var drawsPerSentence: Int
    public var epochs: Int

    public init(seed: UInt64 = 13, drawsPerSentence: Int = defaultDraws, epochs: Int = defaultEpochs) {
        self.seed = seed
        self.drawsPerSentence = drawsPerSentence
        self.epochs = epochs
    }

    struct Example {
        var features: [Int32]
        var label: Int
        var weight: Float
    }

    /// Trains from the understander's grammars, `names` for name slots and `labelled` sentences.
    /// `inputs` (name → digest) is recorded in the model, so a test can tell when it is stale.
    /// The two models one training run makes.
    public struct Trained: Sendable {
        public var intents: IntentModel
        public var slots: SlotTagger
    }

    /// Frames whose requests carry names for the tagger to learn from.
    static func namesMatter(_ frame: String) -> Bool {
        ["playMedia", "addMedia", "searchForMedia", "updateMediaAffinity.like", "updateMediaAffinity.dislike"]
            .contains(frame) || Frame.kind(frame) != nil
    }

    public func train(
        understander: Understander, names: [String], labelled: [LabelledText], inputs: [String: String],
        progress: (String) -> Void = { _ in }
    ) -> Trained {
        var random = SplitMix(seed: seed)
        var tagged: [TaggerTrainer.Sentence] = []
        var known: [String: Set<String>] = [:]
        // (language, frame label, words, weight)
        var drawn: [(language: String, frame: String, words: [String], weight: Float)] = []
        for language in understander.languages {
            guard let grammar = understander.grammar(for: language) else { continue }
            known[language] = Set(grammar.tables.wordIDs.keys)
            var sampler = SentenceSampler(grammar: grammar, names: names)
            var byFrame: [String: [[String]]] = [:]
            for index in grammar.sentences.indices {
                for _ in 0..<drawsPerSentence {
                    guard let (words, understood, spans) = sampler.draw(index, using: &random) else { continue }
                    let frame = Frame.label(understood)
                    byFrame[frame, default: []].append(words)
                    if Self.namesMatter(frame), let tags = TaggerTrainer.tags(words.count, spans: spans) {
                        tagged.append(TaggerTrainer.Sentence(words: words, tags: tags, frame: frame, language: language))
                    }
                }
            }
            for (frame, sentences) in byFrame.sorted(by: { $0.key < $1.key }) {
                var kept = sentences
                if kept.count > Self.drawsPerFrame {
                    kept.shuffle(using: &random)
                    kept = Array(kept.prefix(Self.drawsPerFrame))
                }
                for words in kept { drawn.append((language, frame, words, 1)) }
            }
            progress("\(language): \(byFrame.values.reduce(0) { $0 + min($1.count, Self.drawsPerFrame) }) sentences drawn from \(grammar.sentences.count) grammar sentences")
        }
        for row in labelled {
            let words = Token.split(row.text).map(\.folded)
            guard !words.isEmpty else { continue }
            let frame = Frame.label(row.understood)
            drawn.append((row.language, frame, words, Self.labelledWeight))
            // People's own sentences teach the tagger too, where their names are there word for word.
            if Self.namesMatter(frame), let spans = TaggerTrainer.spans(of: row.understood, in: words),
                let tags = TaggerTrainer.tags(words.count, spans: spans)
            {
                let sentence = TaggerTrainer.Sentence(words: words, tags: tags, frame: frame, language: row.language)
                tagged += Array(repeating: sentence, count: Int(Self.labelledWeight))
            }
        }
        // Non-media sentences get a fixed share of each language's weight.
        var mediaWeight: [String: Float] = [:], noneWeight: [String: Float] = [:]
        for example in drawn {
            if example.frame == IntentKind.none.rawValue {
                noneWeight[example.language, default: 0] += example.weight
            } else {
                mediaWeight[example.language, default: 0] += example.weight
            }
        }
        let frames = Array(Set(drawn.map(\.frame))).sorted()
        let frameIndex = Dictionary(uniqueKeysWithValues: frames.enumerated().map { ($1, $0) })
        var examples: [Example] = drawn.map { example in
            var weight = example.weight
            if example.frame == IntentKind.none.rawValue, let none = noneWeight[example.language], none > 0 {
                let media = mediaWeight[example.language] ?? 0
                weight *= max(1, Self.rejectionShare * media / ((1 - Self.rejectionShare) * none))
            }
            return Example(
                features: TextFeatures.hashed(example.words, buckets: Self.buckets),
                label: frameIndex[example.frame]!, weight: weight)
        }
        progress("\(examples.count) examples, \(frames.count) frames")
        let (weights, biases) = fit(&examples, frames: frames.count, random: &random, progress: progress)
        let intents = quantized(weights: weights, biases: biases, frames: frames, inputs: inputs, examples: examples.count)
        progress("\(tagged.count) sentences for the slot tagger")
        let slots = TaggerTrainer(epochs: max(1, epochs - 1)).train(
            tagged, known: known, inputs: inputs, random: &random, progress: progress)
        return Trained(intents: intents, slots: slots)
    }

    /// How often the model's top frame is the labelled one, overall and for `none` rows.
    public static func check(_ model: IntentModel, on rows: [LabelledText]) -> String {
        var right = 0, noneRows = 0, noneRight = 0
        var confusions: [String: Int] = [:]
        for row in rows {
            let expected = Frame.label(row.understood)
            let predicted = model.ranked(Token.split(row.text).map(\.folded)).first?.frame ?? ""
            if predicted == expected { right += 1 } else { confusions["\(expected) -> \(predicted)", default: 0] += 1 }
            if expected == IntentKind.none.rawValue {
                noneRows += 1
                if predicted == expected { noneRight += 1 }
            }
        }
        let top = confusions.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(8)
        return "held-out frames right: \(right)/\(rows.count); none rows right: \(noneRight)/\(noneRows); "
            + top.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }

    /// Multinomial logistic regression by AdaGrad over shuffled examples.
    private func fit(_ examples: inout [Example], frames: Int, random: inout SplitMix, progress: (String) -> Void)
        -> (weights: [Float], biases: [Float])
    {
        var weights = [Float](repeating: 0, count: Self.buckets * frames)
        var squares = [Float](repeating: 0, count: Self.buckets * frames)
        var biases = [Float](repeating: 0, count: frames)
        var biasSquares = [Float](repeating: 0, count: frames)
        var logits = [Float](repeating: 0, count: frames)
        for epoch in 0..<epochs {
            examples.shuffle(using: &random)
            var loss: Float = 0
            for example in examples {
                for frame in 0..<frames { logits[frame] = biases[frame] }
                for feature in example.features {
                    let row = Int(feature) * frames
                    for frame in 0..<frames { logits[frame] += weights[row + frame] }
                }
                let top = logits.max() ?? 0
                var total: Float = 0
                for frame in 0..<frames {
                    logits[frame] = exp(logits[frame] - top)
                    total += logits[frame]
                }
                loss -= example.weight * log(max(logits[example.label] / total, 1e-9))
                for frame in 0..<frames {
                    let gradient = example.weight * (logits[frame] / total - (frame == example.label ? 1 : 0))
                    guard abs(gradient) > 1e-5 else { continue }
                    biasSquares[frame] += gradient * gradient
                    biases[frame] -= Self.learningRate * gradient / (biasSquares[frame].squareRoot() + 1e-6)
                    for feature in example.features {
                        let slot = Int(feature) * frames + frame
                        squares[slot] += gradient * gradient
                        weights[slot] -= Self.learningRate * gradient / (squares[slot].squareRoot() + 1e-6)
                    }
                }
            }
            progress("epoch \(epoch + 1): mean loss \(String(format: "%.4f", loss / Float(max(examples.count, 1))))")
        }
        return (weights, biases)
    }

    /// Weights as one signed byte each, scaled per frame.
    private func quantized(weights: [Float], biases: [Float], frames: [String], inputs: [String: String], examples: Int)
        -> IntentModel
    {
        let count = frames.count
        var scales = [Float](repeating: 1, count: count)
        for frame in 0..<count {
            var largest: Float = 0
            for bucket in 0..<Self.buckets { largest = max(largest, abs(weights[bucket * count + frame])) }
            scales[frame] = largest > 0 ? largest / 127 : 1
        }
        var bytes = [Int8](repeating: 0, count: weights.count)
        for index in weights.indices {
            let scaled = (weights[index] / scales[index % count]).rounded()
            bytes[index] = Int8(max(-127, min(127, scaled)))
        }
        let header = IntentModel.Header(
            format: 1, frames: frames, buckets: Self.buckets, inputs: inputs, examples: examples, seed: seed)
        return IntentModel(header: header, scales: scales, biases: biases, weights: bytes)
    }
}

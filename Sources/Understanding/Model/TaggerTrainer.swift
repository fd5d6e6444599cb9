import MediaIntents

/// Trains the slot tagger (`SlotTagger`) by the averaged perceptron: for each word, the tag it
/// predicts (after the tag it predicted before) is compared with the right one, and on a mistake
/// the right tag's features gain and the wrong one's lose. Weights are averaged over every step,
/// which keeps late mistakes from swinging the model.
struct TaggerTrainer {
    /// 2^18 rows: about 2.3 MiB at one byte per row and tag.
    static let buckets = 1 << 18
    /// Passes over the sentences (five by default: mistakes stop falling after four or five).
    var epochs = 5

    /// One sentence with its tags.
    struct Sentence {
        var words: [String]
        var tags: [Int]
        var frame: String
        var language: String
    }

    /// Tags for `words` from slot ranges; nil when a range is out of bounds.
    static func tags(_ count: Int, spans: [(slot: String, range: Range<Int>)]) -> [Int]? {
        var tags = [Int](repeating: 0, count: count)
        for span in spans {
            guard let slotIndex = SlotTagger.slots.firstIndex(of: span.slot), span.range.upperBound <= count,
                !span.range.isEmpty
            else { continue }
            tags[span.range.lowerBound] = 1 + slotIndex * 2
            for index in span.range.dropFirst() { tags[index] = 2 + slotIndex * 2 }
        }
        return tags
    }

    /// The name spans of a labelled reading, found in its words; nil when a name is not there word
    /// for word (an inflected Russian name, a name the label spells otherwise).
    static func spans(of understood: Understood, in words: [String]) -> [(slot: String, range: Range<Int>)]? {
        var spans: [(slot: String, range: Range<Int>)] = []
        var values: [(String, String)] = []
        if let name = understood.search?.mediaName { values.append(("mediaName", name)) }
        if let name = understood.search?.artistName { values.append(("artistName", name)) }
        if let name = understood.search?.albumName { values.append(("albumName", name)) }
        if case .playlist(let name)? = understood.params?.destination { values.append(("playlist", name)) }
        for (slot, value) in values {
            let needle = Token.split(value).map(\.folded)
            guard !needle.isEmpty, needle.count <= words.count,
                let start = (0...(words.count - needle.count)).first(where: { start in
                    let range = start..<(start + needle.count)
                    return words[range].elementsEqual(needle) && !spans.contains { $0.range.overlaps(range) }
                })
            else { return nil }
            spans.append((slot, start..<(start + needle.count)))
        }
        return spans
    }

    func train(
        _ sentences: [Sentence], known: [String: Set<String>], inputs: [String: String], random: inout SplitMix,
        progress: (String) -> Void
    ) -> SlotTagger {
        let tagNames = SlotTagger.tags
        let count = tagNames.count
        var weights = [Float](repeating: 0, count: Self.buckets * count)
        var totals = [Float](repeating: 0, count: Self.buckets * count)
        var step: Float = 1
        var order = Array(sentences.indices)
        var scores = [Float](repeating: 0, count: count)
        for epoch in 0..<epochs {
            order.shuffle(using: &random)
            var mistakes = 0
            var words = 0
            for index in order {
                let sentence = sentences[index]
                let knownWords = known[sentence.language] ?? []
                var previous = "<s>"
                for position in sentence.words.indices {
                    let features = TaggerFeatures.hashed(
                        sentence.words, at: position, previous: previous, known: knownWords.contains,
                        frame: sentence.frame, buckets: Self.buckets)
                    for tag in 0..<count { scores[tag] = 0 }
                    for feature in features {
                        let row = Int(feature) * count
                        for tag in 0..<count { scores[tag] += weights[row + tag] }
                    }
                    let predicted = TaggerFeatures.best(scores, tags: tagNames, previous: previous == "<s>" ? nil : previous)
                    let gold = sentence.tags[position]
                    if predicted != gold {
                        mistakes += 1
                        for feature in features {
                            let row = Int(feature) * count
                            weights[row + gold] += 1
                            totals[row + gold] += step
                            weights[row + predicted] -= 1
                            totals[row + predicted] -= step
                        }
                    }
                    previous = tagNames[predicted]
                    step += 1
                    words += 1
                }
            }
            progress("tagger epoch \(epoch + 1): \(mistakes) of \(words) words mistagged")
        }
        // Averaged weights: each update weighed by how long it stood.
        var averaged = [Float](repeating: 0, count: weights.count)
        for index in weights.indices { averaged[index] = weights[index] - totals[index] / step }
        var scales = [Float](repeating: 1, count: count)
        for tag in 0..<count {
            var largest: Float = 0
            for bucket in 0..<Self.buckets { largest = max(largest, abs(averaged[bucket * count + tag])) }
            scales[tag] = largest > 0 ? largest / 127 : 1
        }
        let bytes = averaged.indices.map { Int8(max(-127, min(127, (averaged[$0] / scales[$0 % count]).rounded()))) }
        let header = SlotTagger.Header(
            format: 1, tags: tagNames, buckets: Self.buckets, inputs: inputs, sentences: sentences.count)
        return SlotTagger(header: header, scales: scales, weights: bytes)
    }
}

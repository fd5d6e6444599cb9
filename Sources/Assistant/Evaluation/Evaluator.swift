public import Understanding

/// Scores predictions against labelled rows, as EVAL_FORMAT.md describes.
public struct Evaluator {
    /// Counts for one slice of rows (one intent, one language).
    public struct Tally: Codable, Sendable {
        public var rows = 0
        public var intentCorrect = 0
        public var exact = 0
        public var truePositives = 0
        public var predictedPairs = 0
        public var goldPairs = 0
        /// Rows whose gold intent is `none`, and those of them read as a media request.
        public var noneRows = 0
        public var falseAccepts = 0
    }

    /// One row that was not an exact match, with what was predicted.
    public struct Failure: Codable, Sendable {
        public var id: String?
        public var text: String
        public var expected: Understood
        public var predicted: Understood
        /// Pairs predicted that were wrong or extra, and gold pairs missed.
        public var wrong: [String]
        public var missed: [String]
    }

    public private(set) var total = Tally()
    public private(set) var perIntent: [String: Tally] = [:]
    public private(set) var perLang: [String: Tally] = [:]
    public private(set) var failures: [Failure] = []
    /// Per field: pairs right, predicted and in the gold rows ("name" is a bare name compared by value).
    public private(set) var perField: [String: Tally] = [:]

    /// How many failing rows the report lists.
    public let failureLimit: Int

    public init(failureLimit: Int = 50) { self.failureLimit = failureLimit }

    /// Scores one row.
    public mutating func add(_ row: EvalRow, predicted: Understood) {
        let gold = row.expect ?? .none
        let scored = Set(row.scored ?? [])
        var goldPairs = SlotPairs.pairs(gold, scored: scored)
        // A bare name compares by value whatever field it landed in, even one the row does not score.
        var predictedPairs = SlotPairs.pairs(predicted, scored: scored.union(SlotPairs.nameFields))
        if !(goldPairs.keys.filter(SlotPairs.nameFields.contains).count == 1
            && predictedPairs.keys.filter(SlotPairs.nameFields.contains).count == 1)
        {
            predictedPairs = predictedPairs.filter { scored.contains($0.key) }
        }
        SlotPairs.unifyBareName(gold: &goldPairs, predicted: &predictedPairs)
        let correct = predictedPairs.filter { goldPairs[$0.key] == $0.value }.count
        let intentRight = gold.intent == predicted.intent
        let exact = intentRight && goldPairs == predictedPairs
        var tally = Tally()
        tally.rows = 1
        tally.intentCorrect = intentRight ? 1 : 0
        tally.exact = exact ? 1 : 0
        tally.truePositives = correct
        tally.predictedPairs = predictedPairs.count
        tally.goldPairs = goldPairs.count
        if gold.intent == .none {
            tally.noneRows = 1
            tally.falseAccepts = predicted.intent == .none ? 0 : 1
        }
        for field in Set(goldPairs.keys).union(predictedPairs.keys) {
            var fieldTally = Tally()
            fieldTally.truePositives = predictedPairs[field] != nil && predictedPairs[field] == goldPairs[field] ? 1 : 0
            fieldTally.predictedPairs = predictedPairs[field] == nil ? 0 : 1
            fieldTally.goldPairs = goldPairs[field] == nil ? 0 : 1
            Self.merge(&perField[field, default: Tally()], fieldTally)
        }
        Self.merge(&total, tally)
        Self.merge(&perIntent[gold.intent.rawValue, default: Tally()], tally)
        Self.merge(&perLang[row.lang ?? "?", default: Tally()], tally)
        if !exact, failures.count < failureLimit {
            failures.append(
                Failure(
                    id: row.id, text: row.text, expected: gold, predicted: predicted,
                    wrong: predictedPairs.filter { goldPairs[$0.key] != $0.value }.map { "\($0.key)=\($0.value)" }
                        .sorted(),
                    missed: goldPairs.filter { predictedPairs[$0.key] != $0.value }.map { "\($0.key)=\($0.value)" }
                        .sorted()))
        }
    }

    static func merge(_ into: inout Tally, _ tally: Tally) {
        into.rows += tally.rows
        into.intentCorrect += tally.intentCorrect
        into.exact += tally.exact
        into.truePositives += tally.truePositives
        into.predictedPairs += tally.predictedPairs
        into.goldPairs += tally.goldPairs
        into.noneRows += tally.noneRows
        into.falseAccepts += tally.falseAccepts
    }

    /// Summary figures of one slice.
    public struct Scores: Codable, Sendable {
        public var rows: Int
        public var intentAccuracy: Double
        public var slotPrecision: Double
        public var slotRecall: Double
        public var slotF1: Double
        public var exactMatch: Double
        /// Share of `none` rows taken as a media request (nil when the slice has none).
        public var falseAcceptRate: Double?

        init(_ tally: Tally) {
            func ratio(_ a: Int, _ b: Int, empty: Double) -> Double { b == 0 ? empty : Double(a) / Double(b) }
            func round(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
            rows = tally.rows
            intentAccuracy = round(ratio(tally.intentCorrect, tally.rows, empty: 0))
            let precision = ratio(tally.truePositives, tally.predictedPairs, empty: 1)
            let recall = ratio(tally.truePositives, tally.goldPairs, empty: 1)
            slotPrecision = round(precision)
            slotRecall = round(recall)
            slotF1 = round(precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall))
            exactMatch = round(ratio(tally.exact, tally.rows, empty: 0))
            falseAcceptRate = tally.noneRows == 0 ? nil : round(ratio(tally.falseAccepts, tally.noneRows, empty: 0))
        }
    }

    /// The report `hark eval` prints: the overall scores at the top level, then the slices.
    public struct Report: Encodable, Sendable {
        public var overall: Scores
        /// The same rows read by fewer tiers (grammar; grammar + tolerant; all), when measured.
        public var perTier: [String: Scores] = [:]
        public var perIntent: [String: Scores]
        public var perLang: [String: Scores]
        public var perField: [String: FieldScores]
        public var failures: [Failure]

        enum CodingKeys: String, CodingKey { case perTier, perIntent, perLang, perField, failures }

        public func encode(to encoder: any Encoder) throws {
            try overall.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            if !perTier.isEmpty { try container.encode(perTier, forKey: .perTier) }
            try container.encode(perIntent, forKey: .perIntent)
            try container.encode(perLang, forKey: .perLang)
            try container.encode(perField, forKey: .perField)
            try container.encode(failures, forKey: .failures)
        }
    }

    /// Precision, recall and F1 of one field.
    public struct FieldScores: Codable, Sendable {
        public var gold: Int
        public var predicted: Int
        public var precision: Double
        public var recall: Double
        public var f1: Double

        init(_ tally: Tally) {
            let scores = Scores(tally)
            gold = tally.goldPairs
            predicted = tally.predictedPairs
            precision = scores.slotPrecision
            recall = scores.slotRecall
            f1 = scores.slotF1
        }
    }

    public var report: Report {
        Report(
            overall: Scores(total), perIntent: perIntent.mapValues(Scores.init),
            perLang: perLang.mapValues(Scores.init),
            perField: perField.mapValues(FieldScores.init), failures: failures)
    }
}

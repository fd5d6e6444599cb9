import Assistant
import Catalog
import Foundation
import Understanding

/// `hark train`: the learned model from the grammars, the training folder and the dev sets.
extension Commands {
    /// Where the model ships, from the repository's root.
    static let modelPath = "Sources/Understanding/Resources/model/intents.model"

    static func train(_ arguments: Arguments) throws -> Int32 {
        let trainingFolder = arguments.options["training"] ?? "training"
        let devFolder = arguments.options["dev"] ?? "../shared/data/eval"
        let out = arguments.options["out"] ?? modelPath
        let fold = try Fold(arguments)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: trainingFolder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("no training folder at \(trainingFolder) (run from the repository's root or pass --training)")
        }
        guard FileManager.default.fileExists(atPath: devFolder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("no dev sets at \(devFolder); pass --dev DIR")
        }
        let started = Date()
        var inputs = try ModelInputs.languageFiles()
        inputs["trainer"] = ModelInputs.trainerVersion
        // Apps, players and rooms for the grammar's run-time lists.
        let slotsURL = URL(fileURLWithPath: trainingFolder).appendingPathComponent("slots.json")
        let slotsData = try Data(contentsOf: slotsURL)
        inputs["training/slots.json"] = ModelInputs.digest(slotsData)
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        let extraLists: [String: [String]]
        do {
            extraLists = try decoder.decode([String: [String]].self, from: slotsData)
        } catch {
            throw UsageError("\(slotsURL.path): \(error)")
        }
        var labelled: [LabelledText] = []
        // Each language's non-media sentences.
        let languages = try FileManager.default.contentsOfDirectory(atPath: trainingFolder).sorted()
        for language in languages {
            let path = "\(trainingFolder)/\(language)/not_media.txt"
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            inputs["training/\(language)/not_media.txt"] = ModelInputs.digest(data)
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty, !text.hasPrefix("#") else { continue }
                labelled.append(LabelledText(text: text, language: language, understood: .none))
            }
        }
        // The dev sets, and the project's own out-of-domain set; never the held-out or unseen sets.
        let devFiles = try FileManager.default.contentsOfDirectory(atPath: devFolder)
            .filter { $0.hasSuffix(".jsonl") }.sorted().map { "\(devFolder)/\($0)" } + ["eval/en_out_of_domain.jsonl"]
        // Each language's labelled requests written by its speakers for training (held out by
        // folds like the dev sets, so they are measured honestly too).
        // Each file with the name the model's inputs record it under.
        let requestFiles = languages.map { (path: "\(trainingFolder)/\($0)/requests.jsonl", key: "training/\($0)/requests.jsonl") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let labelledFiles = devFiles.map { (path: $0, key: "dev/\(URL(fileURLWithPath: $0).lastPathComponent)") } + requestFiles
        var heldOut: [LabelledText] = []
        for (path, key) in labelledFiles {
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read \(path)") }
            inputs[key] = ModelInputs.digest(data)
            for row in try rows(path) {
                if fold.holdsOut(row) {
                    heldOut.append(
                        LabelledText(text: row.text, language: row.lang ?? "en", understood: row.expect ?? .none))
                    continue
                }
                labelled.append(
                    LabelledText(text: row.text, language: row.lang ?? "en", understood: row.expect ?? .none))
            }
        }
        if let fold = fold.description { inputs["heldOut"] = fold }
        let understander = try Understander(extraLists: extraLists)
        let names = try DemoCatalog.names()
        // The seed is arbitrary, and models from two seeds differ by a point or two on a sentence's
        // certainty and about 0.1 point of exact matches on the dev sets. 14 since the podcast
        // questions' grammar: 13 drew a model less sure of a plain "play skyfall by adele" (0.88
        // against 0.95), at the same false accepts.
        let seed = UInt64(arguments.options["seed"] ?? "14") ?? 14
        let trained = ModelTrainer(seed: seed).train(
            understander: understander, names: names, labelled: labelled, inputs: inputs
        ) { warn($0) }
        let model = trained.intents
        if !heldOut.isEmpty { warn(ModelTrainer.check(model, on: heldOut)) }
        let data = try model.encoded()
        let outURL = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: outURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: outURL, options: .atomic)
        // SwiftPM copies a resource folder again only when the folder itself changed: mark it, so
        // the next build ships the new model.
        let resources = outURL.deletingLastPathComponent().deletingLastPathComponent()
        if resources.lastPathComponent == "Resources" {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: resources.path)
        }
        let taggerURL = SlotTagger.url(besideModel: outURL)
        let slotData = try trained.slots.encoded()
        try slotData.write(to: taggerURL, options: .atomic)
        print(
            "Trained on \(model.header.examples) sentences (\(labelled.count) labelled, \(heldOut.count) held out), "
                + "\(model.header.frames.count) frames, in \(String(format: "%.1f", Date().timeIntervalSince(started))) s;"
                + " wrote \(out) (\(data.count / 1024) KiB) and \(taggerURL.path) (\(slotData.count / 1024) KiB).")
        return 0
    }
}

/// A cross-validation fold (`--fold K --folds N`): rows whose id falls in fold K are held out of
/// training and are the only ones scored, so a dev set's figure is not measured on what was learned.
struct Fold {
    var index: Int?
    var count = 1

    init(_ arguments: Arguments) throws {
        guard let given = arguments.options["fold"] else { return }
        guard let index = Int(given), let count = Int(arguments.options["folds"] ?? "5"), count > 1,
            (0..<count).contains(index)
        else { throw UsageError("--fold K needs 0 <= K < --folds N (N > 1)") }
        self.index = index
        self.count = count
    }

    var description: String? { index.map { "fold \($0) of \(count)" } }

    /// Whether a row belongs to the held-out fold.
    func holdsOut(_ row: EvalRow) -> Bool {
        guard let index else { return false }
        return ModelInputs.fold(of: row.id ?? row.text, count: count) == index
    }
}

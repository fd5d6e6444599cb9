import Foundation
import MediaIntents
import Testing

@testable import Understanding

/// The model `hark train` wrote must match what it was trained from: run `hark train` from the
/// repository's root after changing a grammar, a word list, a training file or a dev set.
@Suite("The shipped model")
struct ShippedModelTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func isFreshAgainstTheGrammarsAndWordLists() throws {
        let model = try #require(sharedUnderstander.model, "no model shipped: run hark train")
        let inputs = model.header.inputs
        let current = try ModelInputs.languageFiles()
        for (name, digest) in current.sorted(by: { $0.key < $1.key }) {
            #expect(inputs[name] == digest, "\(name) changed since the model was trained: run hark train")
        }
        let trainedOn = inputs.keys.filter { $0.hasPrefix("language/") }
        #expect(Set(trainedOn) == Set(current.keys), "language files added or removed since hark train")
        #expect(inputs["trainer"] == ModelInputs.trainerVersion)
        #expect(inputs["heldOut"] == nil, "the shipped model must not hold a fold out")
        #expect(model.slots?.header.inputs == inputs, "the slot tagger was trained with the same inputs")
    }

    @Test func isFreshAgainstTheTrainingFolder() throws {
        let model = try #require(sharedUnderstander.model)
        let folder = Self.repository.appendingPathComponent("training")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var seen = 0
        while let url = files.nextObject() as? URL {
            guard ["txt", "json", "jsonl"].contains(url.pathExtension) else { continue }
            let name = "training/" + url.path.dropFirst(folder.path.count + 1)
            let data = try Data(contentsOf: url)
            #expect(model.header.inputs[name] == ModelInputs.digest(data), "\(name) changed: run hark train")
            seen += 1
        }
        #expect(seen == model.header.inputs.keys.filter { $0.hasPrefix("training/") }.count)
    }

    /// The dev sets live beside the repository (`../shared/data/eval`); on a machine without them
    /// (a clean CI clone) only the files in the repository can be checked.
    @Test func isFreshAgainstTheDevSetsWhenTheyAreHere() throws {
        let model = try #require(sharedUnderstander.model)
        let folder = Self.repository.deletingLastPathComponent().appendingPathComponent("shared/data/eval")
        for (name, digest) in model.header.inputs where name.hasPrefix("dev/") {
            let file = String(name.dropFirst(4))
            let url =
                file == "en_out_of_domain.jsonl"
                ? Self.repository.appendingPathComponent("eval/\(file)") : folder.appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            #expect(ModelInputs.digest(data) == digest, "\(url.path) changed: run hark train")
        }
    }

    @Test func staysSmall() throws {
        let folder = try #require(Understander.resourcesURL).appendingPathComponent("model")
        var total = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            total += try Data(contentsOf: folder.appendingPathComponent(name)).count
        }
        #expect(total > 1 << 20)
        #expect(total < 20 << 20)
    }

    @Test func trainingIsDeterministic() throws {
        let labelled = [
            LabelledText(text: "what's the weather", language: "en", understood: .none),
            LabelledText(text: "crank it up", language: "en", understood: Understood(intent: .changeVolume)),
        ]
        let trainer = ModelTrainer(seed: 5, drawsPerSentence: 1, epochs: 1)
        let first = trainer.train(understander: sharedUnderstander, names: ["Skyfall", "Adele"], labelled: labelled, inputs: [:])
        let second = trainer.train(understander: sharedUnderstander, names: ["Skyfall", "Adele"], labelled: labelled, inputs: [:])
        #expect(try first.intents.encoded() == second.intents.encoded())
        #expect(try first.slots.encoded() == second.slots.encoded())
    }

    @Test func aModelFileRoundTrips() throws {
        let model = try #require(sharedUnderstander.model)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hark-roundtrip-\(UUID()).model")
        defer { try? FileManager.default.removeItem(at: url) }
        try model.encoded().write(to: url)
        let read = try IntentModel(contentsOf: url)
        #expect(read.header == model.header)
        #expect(read.probabilities(["pause"]) == model.probabilities(["pause"]))
    }

    @Test func aDamagedModelFileIsRefusedWithWhatIsWrong() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hark-damaged-\(UUID()).model")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{\"format\":1,\"frames\":[\"none\"],\"buckets\":8,\"inputs\":{},\"examples\":1,\"seed\":1}\n12".utf8)
            .write(to: url)
        #expect(throws: UnderstandingError.self) { try IntentModel(contentsOf: url) }
    }
}

public import Foundation

/// What a trained model was built from, each input named and digested, so a test can tell when
/// the shipped model is stale against the grammars and data it was trained on.
public enum ModelInputs {
    /// Bumped when the sampler, the features or the trainer change what a model learns.
    public static let trainerVersion = "1"

    /// FNV-1a (64-bit) of the bytes, as 16 hex digits.
    public static func digest(_ data: Data) -> String {
        let hash = TextFeatures.fnv(data, seed: TextFeatures.fnvOffset)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Which of `count` folds a row falls in, from its id: spread evenly however alike ids are.
    public static func fold(of id: String, count: Int) -> Int {
        Int(TextFeatures.mix(TextFeatures.fnv(id.utf8, seed: TextFeatures.fnvOffset), 0) % UInt64(count))
    }

    /// Digests of every language's grammar and speech files in the module's resources, keyed
    /// `language/<tag>/<file>`.
    public static func languageFiles() throws -> [String: String] {
        guard let root = Understander.resourcesURL else { return [:] }
        var digests: [String: String] = [:]
        if let services = FileManager.default.contents(atPath: root.appendingPathComponent("services.json").path) {
            digests["language/services.json"] = digest(services)
        }
        for folder in try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil) {
            for name in ["grammar.json", "speech.json"] {
                let url = folder.appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                digests["language/\(folder.lastPathComponent)/\(name)"] = digest(data)
            }
        }
        return digests
    }
}

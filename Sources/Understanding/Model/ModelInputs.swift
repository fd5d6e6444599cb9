public import Foundation

/// What a trained model was built from, each input named and digested, so a test can tell when
/// the shipped model is stale against the grammars and data it was trained on.
public enum ModelInputs {
    /// Bumped when the sampler, the features or the trainer change what a model learns.
    public static let trainerVersion = "2"

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

    /// Digests of every data file of the module's resources that shapes understanding (grammars,
    /// word lists, shared lists; not the test sentences), keyed `language/<path>`.
    public static func languageFiles() throws -> [String: String] {
        guard let root = Understander.resourcesURL else { return [:] }
        var digests: [String: String] = [:]
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            let relative = url.path.dropFirst(root.path.count + 1)
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            digests["language/\(relative)"] = digest(data)
        }
        return digests
    }
}

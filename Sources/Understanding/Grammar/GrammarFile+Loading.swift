import Foundation

extension GrammarFile {
    /// Reads a language folder: `language.json`, then each file of `intents/` in `intentOrder`.
    /// Every file is JSON5; an error names the file.
    static func load(folder: URL) throws -> GrammarFile {
        let url = folder.appendingPathComponent("language.json")
        var file = try JSON5File.load(GrammarFile.self, from: url)
        let order = file.intentOrder ?? []
        let intentsFolder = folder.appendingPathComponent("intents")
        let present = try FileManager.default.contentsOfDirectory(atPath: intentsFolder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        // A file left out of the order would be silently ignored; say so instead.
        if let missing = present.sorted().first(where: { !order.contains($0) }) {
            throw UnderstandingError(
                message: "\(url.path): intents/\(missing).json is not listed in intentOrder")
        }
        var groups: [IntentGroup] = []
        let shared = try file.sharesSentencesWith.map {
            try load(folder: folder.deletingLastPathComponent().appendingPathComponent($0))
        }
        for intent in order {
            let intentURL = intentsFolder.appendingPathComponent("\(intent).json")
            let intentFile = try JSON5File.load(IntentFile.self, from: intentURL)
            groups += intentFile.groups.map {
                IntentGroup(
                    intent: intent, sentences: $0.sentences, fixed: $0.fixed, wrap: $0.wrap, weight: $0.weight,
                    needsCatalog: $0.needsCatalog)
            }
            groups += shared?.intents?.filter { $0.intent == intent } ?? []
        }
        if let shared {
            file.rules.merge(shared.rules) { own, _ in own }
            file.lists.merge(shared.lists) { own, _ in own }
            file.similar = file.similar ?? shared.similar
        }
        file.intents = groups
        return file
    }
}

extension GrammarFile {
    /// Only the elisions of a language file.
    private struct Elisions: Decodable {
        var elisions: [String]?
    }

    /// The elisions of every language folder, lowercased; empty when the resources are missing.
    static func allElisions() -> Set<String> {
        guard let root = Understander.resourcesURL,
            let folders = try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)
        else { return [] }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        var all = Set<String>()
        for folder in folders {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("language.json").path),
                let file = try? decoder.decode(Elisions.self, from: data)
            else { continue }
            all.formUnion((file.elisions ?? []).map { $0.lowercased() })
        }
        return all
    }
}

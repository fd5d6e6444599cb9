import Assistant
import Catalog
import Foundation
import Understanding

extension Commands {
    /// One real name of bench/names-across-scripts.jsonl and the other ways it is written.
    struct ScriptName: Decodable {
        var script: String
        var type: String
        var name: String
        var artist: String?
        var said: [String]
    }

    /// `hark bench resolve --scripts`: real names held in one writing, asked for in others.
    static func benchScripts(_ arguments: Arguments, path: String, tracks: Int) throws -> Int32 {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("bench/names-across-scripts.jsonl").path
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw UsageError("the names file \(file) is missing (run from the repository)")
        }
        let decoder = JSONDecoder()
        let names = try text.split(separator: "\n").enumerated().map { index, line in
            do {
                return try decoder.decode(ScriptName.self, from: Data(line.utf8))
            } catch {
                throw UsageError("\(file):\(index + 1): not a name row (\(error))")
            }
        }
        let store = try CatalogStore(path: path)
        for name in names {
            var entry = CatalogEntry(
                type: name.type == "artist" ? .artist : .song, title: name.name, artist: name.artist)
            entry.popularity = 0.5
            try store.upsert(entry)
        }
        let resolver = Resolver(store: store)
        struct Outcome { var script: String, right: Bool, confident: Bool, ms: Double, query: String, found: String }
        var outcomes: [Outcome] = []
        for name in names {
            for said in Self.otherWritings(of: name) {
                let search =
                    name.type == "artist"
                    ? MediaSearch(mediaType: .artist, artistName: said) : MediaSearch(mediaName: said)
                let start = DispatchTime.now().uptimeNanoseconds
                let best = try resolver.resolve(search, limit: 4).first
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                let right = best?.item.title == name.name
                outcomes.append(
                    Outcome(
                        script: name.script, right: right, confident: right && (best?.nameMatch ?? 0) >= 0.8, ms: ms,
                        query: said, found: best.map { "\($0.item.title) (\(String(format: "%.2f", $0.nameMatch)))" } ?? "—"))
            }
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        print("\(outcomes.count) names asked for in another script or reading, over \(tracks) generated tracks + \(names.count) real names:")
        for script in ["ja", "zh", "ru", "latin", "all"] {
            let rows = script == "all" ? outcomes : outcomes.filter { $0.script == script }
            guard !rows.isEmpty else { continue }
            let count = Double(rows.count)
            print(
                String(
                    format: "  %-5@ %3d queries  top-1 %5.1f%%  confident %5.1f%%  median %.3f ms  p90 %.3f ms", script,
                    rows.count, Double(rows.filter(\.right).count) / count * 100,
                    Double(rows.filter(\.confident).count) / count * 100, median(rows.map(\.ms)),
                    rows.map(\.ms).sorted()[Int(Double(rows.count - 1) * 0.9)]))
        }
        let misses = Int(arguments.options["misses"] ?? "0") ?? 0
        for miss in outcomes.filter({ !$0.right }).prefix(misses) {
            print("  miss [\(miss.script)] \(miss.query) → \(miss.found)")
        }
        return 0
    }

    /// The writings a name is asked for in: the file's own, and for Chinese the traditional
    /// characters (OpenCC) and pinyin (ICU) of the simplified name.
    static func otherWritings(of name: ScriptName) -> [String] {
        guard name.script == "zh" else { return name.said }
        let traditional = ChineseScript.shared.traditional(name.name)
        let pinyin = NameFolding.transliterated(name.name)
        return name.said + (traditional == name.name ? [] : [traditional]) + [pinyin]
    }
}

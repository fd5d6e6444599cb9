import Assistant
import Foundation

extension Commands {
    /// `hark search TEXT`: catalog items for typed words, best first, as `/v1/search` gives them.
    static func search(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let text = arguments.positional.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("say what to find, e.g. hark search \"skyfall adele\"")
        }
        var type: MediaItemType?
        if let name = arguments.options["type"] {
            guard let known = MediaItemType(rawValue: name) else { throw UsageError("--type \(name) is not a kind of item") }
            type = known
        }
        let assistant = try Assistant(app: builtInApp(arguments, dbPath: dbPath))
        let limit = Int(arguments.options["limit"] ?? "10") ?? 10, user = arguments.options["user"] ?? "default"
        let items =
            arguments.flags.contains("lyrics")
            ? await assistant.search(lyrics: text, limit: limit, user: user)
            : await assistant.search(text, type: type, limit: limit, user: user)
        if arguments.flags.contains("json") {
            print(json(items, pretty: true))
        } else if items.isEmpty {
            print("Nothing found for \(text).")
        } else {
            for item in items {
                print(
                    "\(item.type.rawValue)\t\(item.title)" + (item.artist.map { "\t\($0)" } ?? "")
                        + (item.lyricLine.map { "\t“\($0)”" } ?? ""))
            }
        }
        return 0
    }
}

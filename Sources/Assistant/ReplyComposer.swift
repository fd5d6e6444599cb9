import Foundation
import MediaIntents

/// Replies in each language, read from `Resources/<lang>/replies.json`: keys to sentences with
/// `{placeholders}`. A key missing in a language falls back to English.
struct ReplyComposer: Sendable {
    private let tables: [String: [String: String]]

    init() throws {
        var tables: [String: [String: String]] = [:]
        if let root = Bundle.module.url(forResource: "Resources", withExtension: nil) {
            for folder in (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil))
                ?? []
            {
                let url = folder.appendingPathComponent("replies.json")
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                do {
                    tables[folder.lastPathComponent] = try JSONDecoder().decode([String: String].self, from: data)
                } catch {
                    throw AssistantError(message: "\(url.path): \(error)")
                }
            }
        }
        guard tables["en"] != nil else { throw AssistantError(message: "English replies are missing from the bundle") }
        self.tables = tables
    }

    /// The sentence for `key` with its placeholders filled.
    func say(_ key: String, _ values: [String: String] = [:], language: String = "en") -> String {
        let table = tables[language] ?? tables[String(language.prefix(2))] ?? [:]
        var text = table[key] ?? tables["en"]?[key] ?? key
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// Whether a key exists (to choose between "… by {artist}" and a form without the artist).
    func has(_ key: String, language: String = "en") -> Bool {
        (tables[language] ?? tables["en"])?[key] != nil || tables["en"]?[key] != nil
    }

    /// "45 seconds", "1 minute 30 seconds".
    func duration(_ seconds: Double, language: String = "en") -> String {
        let total = Int(seconds.rounded())
        let hours = total / 3600, minutes = (total % 3600) / 60, rest = total % 60
        var parts: [String] = []
        if hours > 0 { parts.append(unit("hour", hours, language)) }
        if minutes > 0 { parts.append(unit("minute", minutes, language)) }
        if rest > 0 || parts.isEmpty { parts.append(unit("second", rest, language)) }
        return parts.joined(separator: " ")
    }

    private func unit(_ name: String, _ count: Int, _ language: String) -> String {
        count == 1
            ? say("unit.\(name)", language: language) : say("unit.\(name)s", ["n": String(count)], language: language)
    }

    /// The reply values an item provides: title, artist, album, show.
    func values(for item: MediaItem) -> [String: String] {
        var values = ["title": item.title]
        if let artist = item.artist { values["artist"] = artist }
        if let album = item.album { values["album"] = album }
        values["show"] = item.album ?? item.artist ?? ""
        return values
    }

    /// Picks `key` or `key.noArtist` depending on whether the item has an artist.
    func sayItem(_ key: String, _ item: MediaItem, extra: [String: String] = [:], language: String = "en") -> String {
        let values = self.values(for: item).merging(extra) { $1 }
        let chosen = item.artist == nil && has(key + ".noArtist", language: language) ? key + ".noArtist" : key
        return say(chosen, values, language: language)
    }
}

/// A failure to start the assistant, with the reason.
public struct AssistantError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

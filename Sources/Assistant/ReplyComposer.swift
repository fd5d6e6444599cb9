import Foundation
import MediaIntents
import Understanding

/// Replies in each language, read from `Resources/<lang>/replies/*.json`: one file per intent (and
/// files for failures, dialogue and the words replies are built from), keys to sentences with
/// `{placeholders}`. A key missing in a language falls back to English; a key in two files of one
/// language is an error naming both.
struct ReplyComposer: Sendable {
    private let tables: [String: [String: String]]

    init() throws {
        var tables: [String: [String: String]] = [:]
        let files = FileManager.default
        if let root = Bundle.module.url(forResource: "Resources", withExtension: nil) {
            for language in (try? files.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? [] {
                let folder = language.appendingPathComponent("replies")
                let names = ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
                var table: [String: String] = [:]
                var source: [String: String] = [:]
                for name in names.sorted() {
                    let url = folder.appendingPathComponent(name)
                    let replies: [String: String]
                    do {
                        // JSON5, so a reply file can say in a comment why a sentence is built as it is.
                        let decoder = JSONDecoder()
                        decoder.allowsJSON5 = true
                        replies = try decoder.decode([String: String].self, from: Data(contentsOf: url))
                    } catch {
                        throw AssistantError(message: "\(url.path): \(error)")
                    }
                    for (key, sentence) in replies {
                        if let other = source[key] {
                            throw AssistantError(message: "\(folder.path): \"\(key)\" is in both \(other) and \(name)")
                        }
                        table[key] = sentence
                        source[key] = name
                    }
                }
                if !table.isEmpty { tables[language.lastPathComponent] = table }
            }
        }
        guard tables["en"] != nil else { throw AssistantError(message: "English replies are missing from the bundle") }
        self.tables = tables
    }

    /// The languages with replies, and the keys each has.
    var keysByLanguage: [String: Set<String>] { tables.mapValues { Set($0.keys) } }

    /// The sentence for `key` with its placeholders filled.
    func say(_ key: String, _ values: [String: String] = [:], language: String = "en") -> String {
        let table = tables[language] ?? tables[String(language.prefix(2))] ?? [:]
        let text = Self.fill(table[key] ?? tables["en"]?[key] ?? key, values)
        if language.hasPrefix("fr") { return Self.frenchElision(text) }
        // Traditional Chinese replies in traditional characters throughout, names included (the
        // catalog may hold 周杰伦; the reply says 周杰倫), through OpenCC.
        if Self.writesTraditional(language) { return ChineseScript.shared.traditional(text) }
        return text
    }

    /// Whether a language's replies are written in traditional Chinese characters.
    static func writesTraditional(_ language: String) -> Bool {
        language == "zh-Hant" || language.hasPrefix("zh-TW") || language.hasPrefix("zh-HK")
    }

    /// Two sentences as one reply, with the space the language puts between sentences
    /// (`sentence.space` in words.json: none after 。).
    func sentences(_ first: String, _ second: String, language: String) -> String {
        first + say("sentence.space", language: language) + second
    }

    /// The template with each `{name}` that has a value replaced by it (values are not read again
    /// for placeholders); unknown placeholders stay as written.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] { out += value } else { out += rest[open...close] }
            rest = rest[rest.index(after: close)...]
            // «от 19 октября 2026 г.»: a value's closing full stop ends the sentence too.
            if values[name]?.hasSuffix(".") == true, rest.first == "." { rest = rest.dropFirst() }
        }
        out += rest
        return out
    }

    /// French drops the vowel of "de" before a vowel: "Skyfall d'Adele", not "de Adele". Templates
    /// are written with "de {artist}"; names are only known when the sentence is filled.
    static func frenchElision(_ text: String) -> String {
        guard text.contains("de ") else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "de ") {
            let atWordStart =
                range.lowerBound == rest.startIndex
                ? (result.last.map { !$0.isLetter } ?? true) : !rest[rest.index(before: range.lowerBound)].isLetter
            let next = rest[range.upperBound...].first
            let vowel = next.map { "aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ".contains($0) } ?? false
            result += rest[..<range.lowerBound]
            result += atWordStart && vowel ? "d'" : "de "
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// Whether a key exists (to choose between "… by {artist}" and a form without the artist).
    func has(_ key: String, language: String = "en") -> Bool {
        (tables[language] ?? tables["en"])?[key] != nil || tables["en"]?[key] != nil
    }

    /// "45 seconds", "1 minute 30 seconds".
    func duration(_ seconds: Double, language: String = "en") -> String {
        // Bounded (a year) so any number a request or client sends can be said; NaN says 0.
        let total = seconds.isFinite ? Int(min(max(seconds, 0), 31_536_000).rounded()) : 0
        let hours = total / 3600, minutes = (total % 3600) / 60, rest = total % 60
        var parts: [String] = []
        if hours > 0 { parts.append(unit("hour", hours, language)) }
        if minutes > 0 { parts.append(unit("minute", minutes, language)) }
        if rest > 0 || parts.isEmpty { parts.append(unit("second", rest, language)) }
        // Japanese and Chinese write "4分46秒" with nothing between the parts (`unit.joiner`).
        return parts.joined(separator: say("unit.joiner", language: language))
    }

    /// A day given as "2014-10-16", written as the language writes a date ("16 October 2014", «16
    /// октября 2014 г.», 「2014年10月16日」); nil for text that is no whole day.
    func day(_ iso: String, language: String = "en") -> String? {
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.timeZone = TimeZone(identifier: "UTC")
        reader.dateFormat = "yyyy-MM-dd"
        guard iso.count >= 10, let date = reader.date(from: String(iso.prefix(10))) else { return nil }
        let writer = DateFormatter()
        writer.locale = Locale(identifier: language == "en" ? "en_GB" : language)
        writer.timeZone = reader.timeZone
        writer.dateStyle = .long
        writer.timeStyle = .none
        return writer.string(from: date)
    }

    private func unit(_ name: String, _ count: Int, _ language: String) -> String {
        count == 1
            ? say("unit.\(name)", language: language) : say("unit.\(name)s", ["n": String(count)], language: language)
    }

    /// The reply values an item provides: title, artist, album, show, named in the language's script
    /// where the catalog has such a name, and in Russian `artistOf` ("группы «Кино»") and, for an
    /// artist, `titleOf`.
    func values(for item: MediaItem, language: String = "en") -> [String: String] {
        let title = DisplayNames.pick(item.title, aliases: item.aliases, language: language)
        var values = ["title": title]
        let artist = item.artist.map { DisplayNames.pick($0, aliases: item.artistAliases, language: language) }
        if let artist { values["artist"] = artist }
        if let album = item.album { values["album"] = album }
        values["show"] = item.album ?? artist ?? ""
        if let line = item.lyricLine { values["line"] = line }
        if language.hasPrefix("ru") {
            if let artist {
                values["artistOf"] = DisplayNames.russianGenitive(artist, kind: item.artistKind) ?? "— \(artist)"
            }
            if item.type == .artist {
                values["titleOf"] =
                    DisplayNames.russianGenitive(title, kind: item.artistKind) ?? "исполнителя «\(title)»"
            }
        }
        return values
    }

    /// Picks `key`, `key.person` for an artist (a person or band is never quoted like a work:
    /// 「找到了周杰伦」, not 《周杰伦》) or `key.noArtist` for an item without an artist.
    func sayItem(_ key: String, _ item: MediaItem, extra: [String: String] = [:], language: String = "en") -> String {
        let values = self.values(for: item, language: language).merging(extra) { $1 }
        let chosen =
            item.type == .artist && has(key + ".person", language: language)
            ? key + ".person"
            : item.artist == nil && has(key + ".noArtist", language: language) ? key + ".noArtist" : key
        return say(chosen, values, language: language)
    }
}

/// A failure to start the assistant, with the reason.
public struct AssistantError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

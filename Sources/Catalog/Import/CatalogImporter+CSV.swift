import Foundation
import MediaIntents

/// Which CSV column fills which entry field (`title=song,artist=ARTIST CLEAN`).
public struct ColumnMapping: Sendable {
    public var columns: [String: String]

    /// Fields a CSV can fill.
    public static let fields = [
        "type", "title", "artist", "album", "albumArtist", "year", "released", "genres", "moods", "duration",
        "popularity", "explicit", "trackNumber", "show", "author", "frequency", "path",
        "lyrics",
    ]

    /// Header names that fill a field when no mapping names it.
    static let synonyms: [String: [String]] = [
        "title": ["title", "song", "track", "name", "song title", "track name"],
        "artist": ["artist", "artists", "performer", "artist name"],
        "album": ["album", "release", "album title"],
        "albumArtist": ["album artist", "album_artist", "albumartist"],
        "year": ["year", "release year", "date"],
        "genres": ["genre", "genres", "style"],
        "moods": ["mood", "moods"],
        "duration": ["duration", "duration_s", "length", "seconds"],
        "popularity": ["popularity", "playcount", "plays", "rating"],
        "trackNumber": ["track number", "tracknumber", "track_no", "track no"],
        "lyrics": ["lyrics", "lyric", "words", "unsyncedlyrics"],
    ]

    /// Parses `field=column,field=column`.
    public init(spec: String?) throws {
        var columns: [String: String] = [:]
        for pair in (spec ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, Self.fields.contains(parts[0]) else {
                throw CatalogError(
                    code: .badMapping,
                    message: "expected field=column with a field among "
                        + Self.fields.joined(separator: ", "), context: "--map \(pair)")
            }
            columns[parts[0]] = parts[1]
        }
        self.columns = columns
    }

    /// Column index for each field, from the header row.
    func resolve(header: [String]) -> [String: Int] {
        let folded = header.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        var out: [String: Int] = [:]
        for field in Self.fields {
            if let column = columns[field] {
                if let index = folded.firstIndex(of: column.lowercased()) { out[field] = index }
            } else if let names = Self.synonyms[field] ?? [field.lowercased()] as [String]?,
                let index = folded.firstIndex(where: names.contains)
            {
                out[field] = index
            }
        }
        return out
    }
}

extension CatalogImporter {
    static func entry(_ fields: [String], columns: [String: Int], line: Int, file: String) throws -> CatalogEntry {
        func value(_ field: String) -> String? {
            guard let index = columns[field], index < fields.count else { return nil }
            let text = fields[index].trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        guard let title = value("title") else {
            throw CatalogError.malformedLine(line, reason: "empty title", file: file)
        }
        var type = MediaItemType.song
        if let raw = value("type") {
            guard let parsed = MediaItemType(rawValue: raw) else {
                throw CatalogError.malformedLine(line, reason: "unknown type \"\(raw)\"", file: file)
            }
            type = parsed
        }
        var entry = CatalogEntry(type: type, title: title, artist: value("artist"))
        entry.album = value("album")
        entry.albumArtist = value("albumArtist")
        if let year = value("year") {
            guard let parsed = Int(year.prefix(4)) else {
                throw CatalogError.malformedLine(line, reason: "year \"\(year)\" is not a number", file: file)
            }
            entry.year = parsed
        }
        entry.released = value("released")
        entry.genres = value("genres").map { $0.split(whereSeparator: { $0 == ";" || $0 == "|" }).map(String.init) }
        entry.moods = value("moods").map { $0.split(whereSeparator: { $0 == ";" || $0 == "|" }).map(String.init) }
        entry.duration = value("duration").flatMap(Double.init)
        if let raw = value("popularity") {
            guard let number = Double(raw) else {
                throw CatalogError.malformedLine(line, reason: "popularity \"\(raw)\" is not a number", file: file)
            }
            entry.popularity = number <= 1 ? number : min(1, log10(1 + number) / 4)
        }
        entry.explicit = value("explicit").map { ["1", "true", "yes", "explicit"].contains($0.lowercased()) }
        entry.trackNumber = value("trackNumber").flatMap { Int($0) }
        entry.show = value("show")
        entry.author = value("author")
        entry.frequency = value("frequency")
        entry.path = value("path")
        entry.lyrics = value("lyrics")
        if let problem = entry.problem() { throw CatalogError.malformedLine(line, reason: problem, file: file) }
        return entry
    }
}

/// CSV rows read one record at a time; a quoted field may run over several lines.
struct CSVRows {
    var reader: LineReader
    let columns: [String: Int]
    let file: String

    init(reader: LineReader, mapping: ColumnMapping, file: String) throws {
        self.reader = reader
        self.file = file
        var header: [String]? = nil
        while header == nil, let record = try Self.record(&self.reader) { header = record.fields }
        let columns = mapping.resolve(header: header ?? [])
        guard columns["title"] != nil else {
            throw CatalogError(
                code: .badMapping, message: "no title column (use --map title=COLUMN)", context: "\(file) header")
        }
        self.columns = columns
    }

    mutating func next() throws -> CatalogImporter.Row? {
        guard let record = try Self.record(&reader) else { return nil }
        let result = Result {
            try CatalogImporter.entry(record.fields, columns: columns, line: record.line, file: file)
        }
        .mapError { $0 as? CatalogError ?? .malformedLine(record.line, reason: "\($0)", file: file) }
        return (record.line, result)
    }

    /// How many lines one quoted field may span: a quote never closed is an error naming its line,
    /// not the rest of the file read as one title.
    static let maximumRecordLines = 100

    /// The next non-empty record: lines are joined while a quoted field is open.
    static func record(_ reader: inout LineReader) throws -> (line: Int, fields: [String])? {
        while let first = try reader.next() {
            let line = reader.lineNumber
            var text = first
            var quotes = first.utf8.count { $0 == UInt8(ascii: "\"") }
            var lines = 1
            while quotes % 2 == 1 {
                guard lines < maximumRecordLines, let more = try reader.next() else {
                    throw CatalogError.malformedLine(
                        line, reason: "a quote opened on this line is not closed within \(lines) lines", file: reader.path)
                }
                text += "\n" + more
                quotes += more.utf8.count { $0 == UInt8(ascii: "\"") }
                lines += 1
            }
            if let record = CSVReader.records(text).first { return (line, record.fields) }
        }
        return nil
    }
}

import Foundation
import MediaIntents

/// What an import did: rows written, and rows rejected with their line and reason.
public struct ImportReport: Sendable {
    public var imported = 0
    public var rejected: [CatalogError] = []
    /// True when the import was rolled back (rejected rows without `skipBadRows`).
    public var rolledBack = false
}

/// Which CSV column fills which entry field (`title=song,artist=ARTIST CLEAN`).
public struct ColumnMapping: Sendable {
    public var columns: [String: String]

    /// Fields a CSV can fill.
    public static let fields = [
        "type", "title", "artist", "album", "albumArtist", "year", "released", "genres", "moods", "duration",
        "popularity", "explicit", "trackNumber", "show", "author", "frequency", "path",
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

/// Reads JSON Lines or CSV files into the catalog, in one transaction.
public struct CatalogImporter {
    let store: CatalogStore

    public init(store: CatalogStore) { self.store = store }

    /// Imports a file (`.csv` by extension, otherwise JSON Lines). Rejected rows are reported with
    /// their line; unless `skipBadRows`, any rejected row rolls the whole import back.
    public func importFile(
        _ path: String, mapping: ColumnMapping? = nil, skipBadRows: Bool = false,
        progress: ((Int, Int) -> Void)? = nil
    ) throws -> ImportReport {
        guard FileManager.default.fileExists(atPath: path) else { throw CatalogError.missingFile(path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError.unreadable(path, reason: "cannot read (permission?)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CatalogError.unreadable(path, reason: "not UTF-8 text")
        }
        let name = (path as NSString).lastPathComponent
        let rows: [(line: Int, result: Result<CatalogEntry, CatalogError>)]
        if path.lowercased().hasSuffix(".csv") {
            rows = try Self.csvEntries(text, mapping: mapping ?? ColumnMapping(spec: nil), file: name)
        } else {
            rows = Self.jsonEntries(text, file: name)
        }
        return try write(rows, skipBadRows: skipBadRows, progress: progress)
    }

    /// Writes parsed rows in one transaction.
    public func write(
        _ rows: [(line: Int, result: Result<CatalogEntry, CatalogError>)], skipBadRows: Bool,
        progress: ((Int, Int) -> Void)? = nil
    ) throws -> ImportReport {
        var report = ImportReport()
        struct RollBack: Error {}
        do {
            try store.db.transaction {
                for (index, row) in rows.enumerated() {
                    switch row.result {
                    case .success(let entry):
                        try store.upsert(entry)
                        report.imported += 1
                    case .failure(let error):
                        report.rejected.append(error)
                    }
                    if index % 500 == 0 { progress?(index, rows.count) }
                }
                progress?(rows.count, rows.count)
                if !report.rejected.isEmpty && !skipBadRows { throw RollBack() }
            }
        } catch is RollBack {
            report.rolledBack = true
        }
        return report
    }

    static func jsonEntries(_ text: String, file: String) -> [(line: Int, result: Result<CatalogEntry, CatalogError>)] {
        let decoder = JSONDecoder()
        var out: [(Int, Result<CatalogEntry, CatalogError>)] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                let entry = try decoder.decode(CatalogEntry.self, from: Data(trimmed.utf8))
                if entry.title.trimmingCharacters(in: .whitespaces).isEmpty {
                    out.append((offset + 1, .failure(.malformedLine(offset + 1, reason: "empty title", file: file))))
                } else {
                    out.append((offset + 1, .success(entry)))
                }
            } catch {
                out.append((offset + 1, .failure(.malformedLine(offset + 1, reason: Self.describe(error), file: file))))
            }
        }
        return out
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing field \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted(let context):
            if let key = context.codingPath.last { return "bad value for \"\(key.stringValue)\"" }
            return "not valid JSON"
        default: return "\(error)"
        }
    }

    static func csvEntries(_ text: String, mapping: ColumnMapping, file: String) throws
        -> [(line: Int, result: Result<CatalogEntry, CatalogError>)]
    {
        let records = CSVReader.records(text)
        guard let header = records.first else { return [] }
        let columns = mapping.resolve(header: header.fields)
        guard columns["title"] != nil else {
            throw CatalogError(
                code: .badMapping, message: "no title column (use --map title=COLUMN)",
                context: "\(file) header")
        }
        return records.dropFirst().map { record in
            (
                record.line,
                Result { try entry(record.fields, columns: columns, line: record.line, file: file) }
                    .mapError { $0 as? CatalogError ?? .malformedLine(record.line, reason: "\($0)", file: file) }
            )
        }
    }

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
        return entry
    }
}

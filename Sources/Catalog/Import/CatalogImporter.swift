import Storage
import Foundation
import MediaIntents

/// What an import did: rows written, and rows rejected with their line and reason.
public struct ImportReport: Sendable {
    public var imported = 0
    /// The first rejected rows (at most `CatalogImporter.keptRejections`); `rejectedCount` counts all.
    public var rejected: [CatalogError] = []
    public var rejectedCount = 0
    /// True when the import was rolled back (rejected rows without `skipBadRows`).
    public var rolledBack = false
    /// True when indexes were dropped and built again after the rows (a large import).
    public var bulk = false
    /// Seconds spent on each stage: "rows", then each index built after a bulk load.
    public var stages: [(name: String, seconds: Double)] = []
}

/// How far an import has got, for a progress bar.
public struct ImportProgress: Sendable {
    public var rows: Int
    public var bytesRead: UInt64
    public var totalBytes: UInt64
    /// Set while indexes are built after the rows ("full-text index").
    public var stage: String?
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

/// Reads JSON Lines or CSV files into the catalog, streaming, in one transaction: an import that
/// fails or is killed leaves the previous catalog as it was. A large import (at least half as many
/// rows as the catalog holds, and at least `bulkThreshold`) drops the secondary indexes first and
/// builds them, the full-text index and the word tables once at the end.
public struct CatalogImporter {
    let store: CatalogStore
    public static let keptRejections = 1_000
    public static let bulkThreshold = 2_000
    /// Bytes per row assumed when estimating a file's rows from its size.
    static let bytesPerRowEstimate: UInt64 = 180

    public init(store: CatalogStore) { self.store = store }

    public typealias Row = (line: Int, result: Result<CatalogEntry, CatalogError>)

    /// Imports a file (`.csv` by extension, otherwise JSON Lines). Rejected rows are reported with
    /// their line; unless `skipBadRows`, any rejected row rolls the whole import back.
    public func importFile(
        _ path: String, mapping: ColumnMapping? = nil, skipBadRows: Bool = false,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportReport {
        guard FileManager.default.fileExists(atPath: path) else { throw CatalogError.missingFile(path) }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? UInt64) ?? 0
        var reader = try LineReader(path: path)
        defer { reader.close() }
        let name = (path as NSString).lastPathComponent
        let next: () throws -> Row?
        if path.lowercased().hasSuffix(".csv") {
            var csv = try CSVRows(reader: reader, mapping: mapping ?? ColumnMapping(spec: nil), file: name)
            next = {
                let row = try csv.next()
                reader = csv.reader
                return row
            }
        } else {
            let decoder = JSONDecoder()
            next = {
                while let line = try reader.next() {
                    if let row = Self.jsonRow(
                        line, number: reader.lineNumber, valid: reader.lastLineValid, decoder: decoder, file: name)
                    {
                        return row
                    }
                }
                return nil
            }
        }
        let estimate = Int(size / Self.bytesPerRowEstimate)
        return try load(next, bytesRead: { reader.bytesRead }, estimatedRows: estimate, skipBadRows: skipBadRows) {
            rows, bytes, stage in
            progress?(ImportProgress(rows: rows, bytesRead: bytes, totalBytes: size, stage: stage))
        }
    }

    /// Writes parsed rows in one transaction.
    public func write(_ rows: [Row], skipBadRows: Bool) throws -> ImportReport {
        var iterator = rows.makeIterator()
        return try load(
            { iterator.next() }, bytesRead: { 0 }, estimatedRows: rows.count, skipBadRows: skipBadRows, progress: nil)
    }

    /// Imports rows from any source (`next` runs on a reader thread of its own; nil ends it):
    /// a folder of audio files, a player's database. `progress` gets rows written so far;
    /// `written` each row's number and the identity it was stored under.
    public func importRows(
        estimatedRows: Int, skipBadRows: Bool, next: @escaping () throws -> Row?,
        progress: ((Int, String?) -> Void)? = nil, written: ((Int, String) -> Void)? = nil
    ) throws -> ImportReport {
        try load(
            next, bytesRead: { 0 }, estimatedRows: estimatedRows, skipBadRows: skipBadRows,
            progress: { rows, _, stage in progress?(rows, stage) }, written: written)
    }

    /// Reads and prepares rows on a thread of its own (parsing and folding names) while this thread
    /// writes them, in one transaction.
    private func load(
        _ next: @escaping () throws -> Row?, bytesRead: @escaping () -> UInt64, estimatedRows: Int,
        skipBadRows: Bool, progress: ((Int, UInt64, String?) -> Void)?, written: ((Int, String) -> Void)? = nil
    ) throws -> ImportReport {
        var report = ImportReport()
        struct RollBack: Error {}
        let existing = try store.itemCount()
        report.bulk = estimatedRows >= Self.bulkThreshold && estimatedRows * 2 >= existing
        // Three stages on their own threads: read and parse lines; fold names into keys (ICU
        // transliteration is the dearest part); write (this thread).
        let parsed = RowPipeline<ParsedBatch>()
        let pipeline = RowPipeline<PreparedBatch>()
        let source = UncheckedBox((next, bytesRead))
        let reader = Thread {
            let (next, bytesRead) = source.value
            var batch: [Row] = []
            do {
                while let row = try next() {
                    batch.append(row)
                    if batch.count == batchSize {
                        guard parsed.put(ParsedBatch(rows: batch, bytesRead: bytesRead())) else { return }
                        batch = []
                    }
                }
                _ = parsed.put(ParsedBatch(rows: batch, bytesRead: bytesRead()))
                parsed.finish(nil)
            } catch {
                parsed.finish(error)
            }
        }
        let folder = Thread {
            let keys = KeyCache()
            do {
                while let batch = try parsed.take() {
                    let prepared = batch.rows.map { row in
                        PreparedRow(line: row.line, result: row.result.map { ($0, EntryKeys($0, key: keys.key)) })
                    }
                    guard pipeline.put(PreparedBatch(rows: prepared, bytesRead: batch.bytesRead)) else {
                        parsed.cancel()
                        return
                    }
                }
                pipeline.finish(nil)
            } catch {
                pipeline.finish(error)
            }
        }
        for thread in [reader, folder] {
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer { parsed.cancel() }
        defer { pipeline.cancel() }
        // The importer writes only references it has just resolved; checking each one again costs
        // a lookup per reference per row. (The setting cannot change inside a transaction.)
        if report.bulk {
            try store.db.execute("PRAGMA foreign_keys=OFF")
            // A rollback journal keeps only the pages an import changes in place (few, when it mostly
            // adds), where the write-ahead log would hold a second copy of everything written. Still
            // atomic: an interrupted import is rolled back from the journal on the next open. Skipped
            // when another connection holds the database in WAL mode.
            try? store.db.execute("PRAGMA journal_mode=DELETE")
        }
        defer {
            if report.bulk {
                try? store.db.execute("PRAGMA foreign_keys=ON")
                try? store.db.execute("PRAGMA journal_mode=WAL")
            }
        }
        do {
            try store.db.transaction {
                if report.bulk { try store.beginBulkLoad() }
                var index = 0
                var stageStart = Date()
                func endStage(_ name: String) {
                    report.stages.append((name, Date().timeIntervalSince(stageStart)))
                    stageStart = Date()
                }
                while let prepared = try pipeline.take() {
                    let batch = prepared.rows, bytes = prepared.bytesRead
                    for row in batch {
                        switch row.result {
                        case .success(let (entry, keys)):
                            try store.upsert(entry, keys: keys)
                            written?(row.line, keys.ident)
                            report.imported += 1
                        case .failure(let error):
                            report.rejectedCount += 1
                            if report.rejected.count < Self.keptRejections { report.rejected.append(error) }
                        }
                    }
                    index += batch.count
                    progress?(index, bytes, nil)
                }
                if report.rejectedCount > 0 && !skipBadRows { throw RollBack() }
                endStage("rows")
                var stage = "rows"
                if report.bulk {
                    try store.finishBulkLoad { next in
                        if stage != "rows" { endStage(stage) } else { stageStart = Date() }
                        stage = next
                        progress?(index, 0, next)
                    }
                    endStage(stage)
                }
            }
        } catch is RollBack {
            report.rolledBack = true
        }
        return report
    }

    /// One JSON Lines row, or nil for a blank or comment line.
    static func jsonRow(_ line: String, number: Int, valid: Bool = true, decoder: JSONDecoder, file: String) -> Row? {
        let trimmed = NameFolding.trimmed(line)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        guard valid else { return (number, .failure(.malformedLine(number, reason: "not UTF-8 text", file: file))) }
        do {
            let entry = try decoder.decode(CatalogEntry.self, from: Data(trimmed.utf8))
            if NameFolding.trimmed(entry.title).isEmpty {
                return (number, .failure(.malformedLine(number, reason: "empty title", file: file)))
            }
            return (number, .success(entry))
        } catch {
            return (number, .failure(.malformedLine(number, reason: Self.describe(error), file: file)))
        }
    }

    static func jsonEntries(_ text: String, file: String) -> [Row] {
        let decoder = JSONDecoder()
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, line in
            jsonRow(String(line), number: offset + 1, decoder: decoder, file: file)
        }
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

    /// The next non-empty record: lines are joined while a quoted field is open.
    static func record(_ reader: inout LineReader) throws -> (line: Int, fields: [String])? {
        while let first = try reader.next() {
            let line = reader.lineNumber
            var text = first
            while text.reduce(0, { $1 == "\"" ? $0 + 1 : $0 }) % 2 == 1, let more = try reader.next() {
                text += "\n" + more
            }
            if let record = CSVReader.records(text).first { return (line, record.fields) }
        }
        return nil
    }
}

/// A row read and prepared for writing.
struct PreparedRow: Sendable {
    var line: Int
    var result: Result<(CatalogEntry, EntryKeys), CatalogError>
}

/// Rows parsed by the reading thread, and the file bytes read so far.
struct ParsedBatch: Sendable {
    var rows: [CatalogImporter.Row]
    var bytesRead: UInt64
}

/// Rows with their keys, for the writing thread.
struct PreparedBatch: Sendable {
    var rows: [PreparedRow]
    var bytesRead: UInt64
}

/// Rows per batch handed between the import's threads.
let batchSize = 512

/// Batches from one thread to the next, at most `capacity` waiting, so memory stays bounded
/// however large the file.
final class RowPipeline<Batch: Sendable>: @unchecked Sendable {
    static var capacity: Int { 16 }
    private let condition = NSCondition()
    private var batches: [Batch] = []
    private var finished = false
    private var cancelled = false
    private var failure: (any Error)?

    /// Hands a batch over; false when the taker has stopped.
    func put(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, nil at the end; rethrows the giver's failure.
    func take() throws -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !finished && !cancelled { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The taker stopped: the giver stops at its next batch.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// Hands a value that is used by one thread at a time to another thread.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

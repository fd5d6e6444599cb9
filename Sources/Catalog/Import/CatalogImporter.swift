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
            let lyricKeys = KeyCache()
            do {
                while let batch = try parsed.take() {
                    let prepared = batch.rows.map { row in
                        PreparedRow(line: row.line, result: row.result.map { ($0, EntryKeys($0, key: keys.key, lyricCache: lyricKeys)) })
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
            if let problem = entry.problem() {
                return (number, .failure(.malformedLine(number, reason: problem, file: file)))
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
}

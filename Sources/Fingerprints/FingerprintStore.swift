public import Catalog
import Foundation
import Storage

/// A file's fingerprint as stored: which file (by the path the catalog gives it, relative to MPD's
/// music directory for an MPD library; with its size and modification time, so a file that
/// changed is fingerprinted again and one that did not is not), how long its sound is.
public struct StoredFingerprint: Sendable {
    public var id: Int64
    public var path: String
    public var size: Int64
    public var modified: Double
    public var seconds: Double
    public var fingerprint: Fingerprint
}

/// Fingerprints of the catalog's audio files and the index that finds an excerpt among them,
/// kept in the catalog database (tables `fingerprints` and `fingerprint_terms`). A fingerprint
/// belongs to a file, not to a catalog row: importing the catalog again keeps them, and a track
/// is found from its fingerprint by its path. The index holds, for every second word of every
/// fingerprint, each of its two 16-bit halves as a term (`MatchIndex.terms`), with the
/// fingerprint and the word's place packed in one integer (`posting`).
public struct FingerprintStore {
    public let store: CatalogStore
    var db: Database { store.db }

    static let migrations = [
        Migration(
            1, "fingerprints of audio files and their match index",
            sql: """
                CREATE TABLE IF NOT EXISTS fingerprints(
                    id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL UNIQUE, size INTEGER NOT NULL,
                    modified REAL NOT NULL, seconds REAL NOT NULL, data TEXT NOT NULL, made_at REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS fingerprint_terms(
                    term INTEGER NOT NULL, posting INTEGER NOT NULL, PRIMARY KEY(term, posting)) WITHOUT ROWID;
                CREATE INDEX IF NOT EXISTS items_path ON items(path);
                """)
    ]

    /// Bits of a posting that hold the word's place (2^20 words: 36 hours of sound).
    static let placeBits = 20

    /// The fingerprints of `store`, their tables made or brought up to date first.
    public init(store: CatalogStore) throws {
        self.store = store
        try store.db.migrate("fingerprints", Self.migrations)
    }

    private init(reading store: CatalogStore) { self.store = store }

    /// The fingerprints of a catalog that may be read-only or may never have had any: nil when it
    /// has no fingerprint tables. Nothing is written.
    public static func reading(_ store: CatalogStore) throws -> FingerprintStore? {
        guard try !store.db.rows("SELECT 1 FROM sqlite_master WHERE name = 'fingerprints'", []).isEmpty else { return nil }
        return FingerprintStore(reading: store)
    }

    /// Whether the file at `path`, of this size and modification time, has its fingerprint.
    public func isCurrent(path: String, size: Int64, modified: Double) throws -> Bool {
        try db.prepare("SELECT 1 FROM fingerprints WHERE path = ? AND size = ? AND modified = ?")
            .integer([.text(path), .integer(size), .real(modified)]) != nil
    }

    /// How many files have a fingerprint.
    public func count() throws -> Int {
        Int(try db.prepare("SELECT count(*) FROM fingerprints").integer() ?? 0)
    }

    /// Keeps the fingerprint of the file at `path`, in place of an older one, with its terms.
    public func save(path: String, size: Int64, modified: Double, seconds: Double, fingerprint: Fingerprint) throws {
        try db.transaction {
            try remove(path: path)
            try db.run(
                "INSERT INTO fingerprints(path, size, modified, seconds, data, made_at) VALUES (?, ?, ?, ?, ?, ?)",
                [.text(path), .integer(size), .real(modified), .real(seconds),
                 .text(fingerprint.compressed().base64EncodedString()), .real(Date().timeIntervalSince1970)])
            let id = db.lastInsertRowID
            let insert = try db.prepare("INSERT OR IGNORE INTO fingerprint_terms(term, posting) VALUES (?, ?)")
            for (term, place) in MatchIndex.terms(fingerprint) {
                try insert.run([.integer(term), .integer(Self.posting(id, place))])
            }
        }
    }

    /// Forgets the fingerprint of the file at `path` and its terms. (Ids are never reused, so
    /// the terms of a row whose words could not be read again vote for no file.)
    public func remove(path: String) throws {
        if let old = try stored(where: "path = ?", [.text(path)]) {
            let delete = try db.prepare("DELETE FROM fingerprint_terms WHERE term = ? AND posting = ?")
            for (term, place) in MatchIndex.terms(old.fingerprint) {
                try delete.run([.integer(term), .integer(Self.posting(old.id, place))])
            }
        }
        try db.run("DELETE FROM fingerprints WHERE path = ?", [.text(path)])
    }

    /// One stored fingerprint by its id.
    public func fingerprint(id: Int64) throws -> StoredFingerprint? {
        try stored(where: "id = ?", [.integer(id)])
    }

    /// One stored fingerprint by its file's path.
    public func fingerprint(path: String) throws -> StoredFingerprint? {
        try stored(where: "path = ?", [.text(path)])
    }

    private func stored(where clause: String, _ values: [SQLValue]) throws -> StoredFingerprint? {
        let sql = "SELECT id, path, size, modified, seconds, data FROM fingerprints WHERE \(clause)"
        guard let row = try db.prepare(sql).rows(values).first, let id = row.int(0), let path = row.string(1),
            let data = row.string(5).flatMap({ Data(base64Encoded: $0) }), let fingerprint = Fingerprint(compressed: data)
        else { return nil }
        return StoredFingerprint(
            id: Int64(id), path: path, size: Int64(row.int(2) ?? 0), modified: row.double(3) ?? 0,
            seconds: row.double(4) ?? 0, fingerprint: fingerprint)
    }

    /// The postings of a term, or nil when it has more than `limit` (a word too common to tell
    /// tracks apart: a held chord, silence).
    func postings(_ term: Int64, limit: Int) throws -> [Int64]? {
        let found = try db.prepare("SELECT posting FROM fingerprint_terms WHERE term = ? LIMIT \(limit + 1)")
            .integers([.integer(term)])
        return found.count > limit ? nil : found
    }

    /// The catalog's item for the file at `path`, if the catalog still has one.
    public func item(path: String) throws -> StoredItem? {
        try store.items(where: "i.path = ?", [.text(path)], order: "i.id", limit: 1).first
    }

    static func posting(_ id: Int64, _ place: Int) -> Int64 { id << Int64(placeBits) | Int64(place) }
    static func split(_ posting: Int64) -> (id: Int64, place: Int) {
        (posting >> Int64(placeBits), Int(posting & ((1 << Int64(placeBits)) - 1)))
    }
}

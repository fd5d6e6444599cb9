import CSQLite
import Foundation
import MediaIntents
public import Storage

/// A read-only copy of a catalog for replicas (`hark catalog build`): the catalog's tables of a
/// source database, its full-text index merged and its statistics taken, in a file of its own that
/// is put in place by a rename, so a server reading the old file never sees half of the new one.
public enum CatalogSnapshot {
    /// What a build made.
    public struct Built: Sendable {
        public var items: Int
        public var bytes: Int64
        public var seconds: Double
    }

    /// The tables a snapshot keeps: the catalog's own (`Schema`) and SQLite's statistics. Anything
    /// else in the source (the state kept beside a catalog: players, settings, people's libraries)
    /// is left out.
    static let keptTables: Set<String> = [
        "meta", "items", "item_artists", "item_genres", "playlist_entries", "terms", "term_keys", "schema_migrations",
        "lyrics", "lyric_terms", "lyric_term_keys", "item_notes",
    ]

    /// The `meta` key a snapshot is marked with (its value: when it was built).
    static let marker = "snapshot_built_at"

    /// Copies the catalog in `source` (which may be in use by a server: the copy is one consistent
    /// read) to `target`, replacing it at once when the copy is complete.
    public static func build(from source: String, to target: String) throws -> Built {
        let started = Date()
        guard FileManager.default.fileExists(atPath: source) else { throw CatalogError.missingFile(source) }
        guard (source as NSString).standardizingPath != (target as NSString).standardizingPath else {
            throw CatalogError.snapshot(target, "a snapshot cannot replace the database it is built from")
        }
        // Beside the target, so that the rename is within one file system.
        let building = target + ".building-\(getpid())"
        for leftover in [building, building + "-wal", building + "-shm", building + "-journal"] {
            try? FileManager.default.removeItem(atPath: leftover)
        }
        do {
            let items = try copy(from: source, to: building)
            try durable(building)
            guard rename(building, target) == 0 else {
                throw CatalogError.snapshot(target, "could not be put in place: \(String(cString: strerror(errno)))")
            }
            try? durable((target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent)
            let bytes = (try? FileManager.default.attributesOfItem(atPath: target))?[.size] as? Int64 ?? 0
            return Built(items: items, bytes: bytes, seconds: Date().timeIntervalSince(started))
        } catch {
            try? FileManager.default.removeItem(atPath: building)
            throw error
        }
    }

    /// The copy, made ready to read: returns how many items it holds.
    private static func copy(from source: String, to building: String) throws -> Int {
        // Opening the source as a catalog applies its migrations first: a snapshot is always current.
        let sourceStore = try CatalogStore(path: source)
        try sourceStore.db.run("VACUUM INTO ?", [.text(building)])
        let copy = try Database(path: building)
        let tables = try copy.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            .compactMap { $0.string(0) }
        try copy.transaction {
            // FTS5's own tables (items_fts and its shadow tables) go with the index.
            for table in tables where !keptTables.contains(table) && !table.hasPrefix("items_fts")
                && !table.hasPrefix("lyrics_fts") && !table.hasPrefix("lyric_lines_fts") && !table.hasPrefix("item_notes_fts")
            {
                try copy.execute("DROP TABLE IF EXISTS \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"")
            }
            try copy.run("DELETE FROM schema_migrations WHERE part <> 'catalog'", [])
            try copy.run(
                "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)",
                [.text(marker), .text(ISO8601DateFormatter().string(from: Date()))])
        }
        try copy.execute("INSERT INTO items_fts(items_fts) VALUES('optimize')")
        try copy.execute("INSERT INTO lyrics_fts(lyrics_fts) VALUES('optimize')")
        try copy.execute("INSERT INTO lyric_lines_fts(lyric_lines_fts) VALUES('optimize')")
        try copy.execute("PRAGMA analysis_limit=1000; ANALYZE")
        // Out of write-ahead mode: a snapshot is one file, read without a log.
        try copy.execute("PRAGMA journal_mode=DELETE")
        try copy.execute("VACUUM")
        return try copy.rows("SELECT count(*) FROM items").first?.int(0) ?? 0
    }

    /// Whether the file at `path` is a snapshot (false when it is not there, or is a database of
    /// another kind).
    public static func isSnapshot(_ path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path), let db = try? Database(snapshot: path) else { return false }
        return (try? db.rows("SELECT 1 FROM meta WHERE key = ?", [.text(marker)]).isEmpty == false) ?? false
    }

    /// Flushes a file (or folder) to the disk.
    private static func durable(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CatalogError.unreadable(path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        fsync(descriptor)
    }
}

/// Which file a path names now: a new snapshot renamed into place is another file.
public struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The snapshot a server reads, held by a second name (a hard link beside it) for as long as the
/// server reads it: connections opened later, while a newer snapshot waits to be taken up, open
/// the same file as the ones before. (SQLite resolves `/proc/self/fd` links to the name, so an
/// open descriptor cannot serve.) The link goes when this is released, or at the next start after
/// a crash.
public final class PinnedSnapshot: Sendable {
    /// The second name: what connections open.
    public let path: String
    public let identity: FileIdentity

    /// Pins the file `snapshot` names now. Its folder must be writable.
    public init(_ snapshot: String) throws {
        Self.removeLeftovers(of: snapshot)
        let pinned = snapshot + ".serving-\(getpid())-\(Self.counter.withLock { $0 += 1; return $0 })"
        guard link(snapshot, pinned) == 0 else {
            throw CatalogError.snapshot(
                snapshot, "cannot be held while served (\(String(cString: strerror(errno)))): its folder must be writable")
        }
        guard let identity = FileIdentity(path: pinned) else {
            unlink(pinned)
            throw CatalogError.snapshot(snapshot, "vanished while being opened")
        }
        self.path = pinned
        self.identity = identity
    }

    deinit { unlink(path) }

    /// Second names left by servers that no longer run.
    private static func removeLeftovers(of snapshot: String) {
        let folder = (snapshot as NSString).deletingLastPathComponent
        let prefix = (snapshot as NSString).lastPathComponent + ".serving-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).split(separator: "-").first ?? ""),
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(folder.isEmpty ? name : folder + "/" + name)
        }
    }

    private static let counter = Locked(0)
}

import Storage
public import Catalog
import Foundation
import MediaIntents

/// What a folder import did.
public struct FolderImportReport: Sendable {
    /// Audio files found under the folder.
    public var audioFiles = 0
    /// Files read and written to the catalog (new or changed since the last import).
    public var read = 0
    /// Files left alone: the same size and modification time as when last read.
    public var unchanged = 0
    /// Catalog items of files that are gone (an album or artist left empty goes too).
    public var removed = 0
    /// Files and folders passed over, by reason ("not audio", "unreadable", "no permission",
    /// "symlink loop").
    public var skipped: [String: Int] = [:]
    /// The first few passed over, with their reason.
    public var skippedExamples: [(path: String, reason: String)] = []
    /// The catalog import of the files read.
    public var catalog: ImportReport?
    /// Files read this time whose track has lyrics (from tags or a file beside it).
    public var withLyrics = 0

    mutating func skip(_ path: String, _ reason: String) {
        skipped[reason, default: 0] += 1
        if skippedExamples.count < 20 { skippedExamples.append((path, reason)) }
    }
}

/// Imports a folder tree of audio files by their tags. The catalog keeps each track's path; a
/// `files` table remembers each file's size and modification time, so a second import reads only
/// files added or changed and removes the items of files that are gone.
public struct FolderImporter {
    let store: CatalogStore

    public init(store: CatalogStore) throws {
        self.store = store
        try store.db.migrate(
            "music folders",
            [
                Migration(
                    1, "files read",
                    sql: """
                        CREATE TABLE IF NOT EXISTS files(
                            path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime REAL NOT NULL, ident TEXT NOT NULL)
                        """)
            ])
    }

    struct Found: Sendable {
        var path: String
        /// The audio file's size and time, with its lyrics file's added (so a changed, new or
        /// removed lyrics file reads the track again).
        var size: Int64
        var mtime: Double
        /// A `.lrc` or `.txt` file of the same name beside it.
        var lyricsFile: String?
    }

    /// Imports `root`; `progress` gets files read so far, of how many, and a stage name at the end.
    public func importFolder(_ root: String, progress: ((Int, Int, String?) -> Void)? = nil) throws
        -> FolderImportReport
    {
        let root = URL(fileURLWithPath: root).standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw MusicFilesError("\(root) is not a folder")
        }
        var report = FolderImportReport()
        let found = Self.walk(root, report: &report)
        report.audioFiles = found.count
        let known = try knownFiles(under: root)
        let changed = found.filter { file in
            guard let old = known[file.path] else { return true }
            return old.size != file.size || old.mtime != file.mtime
        }
        report.unchanged = found.count - changed.count

        // Tags are read on the importer's reader thread while rows are written here.
        final class Reading: @unchecked Sendable {
            var index = 0
            var skipped: [(String, String)] = []
            var withLyrics = 0
        }
        let reading = Reading()
        let pending = changed
        // Each file written, with the identity the catalog gave it (told by the writing thread).
        var identities: [(Found, String)] = []
        report.catalog = try CatalogImporter(store: store).importRows(
            estimatedRows: pending.count, skipBadRows: true,
            next: {
                while reading.index < pending.count {
                    let file = pending[reading.index]
                    reading.index += 1
                    guard access(file.path, R_OK) == 0 else {
                        reading.skipped.append((file.path, "no permission"))
                        continue
                    }
                    guard let tags = AudioTags.read(file.path) else {
                        reading.skipped.append((file.path, "unreadable"))
                        continue
                    }
                    var entry = Self.entry(for: file.path, tags: tags, root: root)
                    let (lyrics, problem) = LyricsFiles.lyrics(tags: tags, audio: file.path, file: file.lyricsFile)
                    entry.lyrics = lyrics
                    if let problem { reading.skipped.append(problem) }
                    if lyrics != nil { reading.withLyrics += 1 }
                    // The row's number is the file's place in `pending` (plus one).
                    return (reading.index, .success(entry))
                }
                return nil
            },
            progress: { rows, stage in progress?(rows, pending.count, stage) },
            written: { line, ident in identities.append((pending[line - 1], ident)) })
        for (path, reason) in reading.skipped { report.skip(path, reason) }
        report.withLyrics = reading.withLyrics
        report.read = identities.count

        let present = Set(found.map(\.path))
        let gone = known.keys.filter { !present.contains($0) }
        try store.db.transaction {
            let record = try store.db.prepare(
                "INSERT OR REPLACE INTO files(path, size, mtime, ident) VALUES(?,?,?,?)")
            for (file, ident) in identities {
                try record.run([.text(file.path), .integer(file.size), .real(file.mtime), .text(ident)])
            }
            for path in gone {
                guard let ident = known[path]?.ident else { continue }
                try store.db.prepare("DELETE FROM files WHERE path = ?").run([.text(path)])
                // Another file may still be this item (the same song in two folders).
                let other = try store.db.prepare("SELECT path FROM files WHERE ident = ? LIMIT 1")
                    .rows([.text(ident)]).first?.string(0)
                if let other {
                    try store.db.prepare("UPDATE items SET path = ? WHERE ident = ?").run([.text(other), .text(ident)])
                } else if try store.removeItem(identifier: ident, pruning: true) {
                    report.removed += 1
                }
            }
        }
        return report
    }

    /// Files the catalog already has under `root`.
    func knownFiles(under root: String) throws -> [String: (size: Int64, mtime: Double, ident: String)] {
        var known: [String: (size: Int64, mtime: Double, ident: String)] = [:]
        let prefix = root.hasSuffix("/") ? root : root + "/"
        for row in try store.db.prepare("SELECT path, size, mtime, ident FROM files WHERE substr(path, 1, ?) = ?")
            .rows([.integer(Int64(prefix.count)), .text(prefix)])
        {
            guard let path = row.string(0), let ident = row.string(3) else { continue }
            known[path] = (Int64(row.int(1) ?? 0), row.double(2) ?? 0, ident)
        }
        return known
    }

    /// Every audio file under `root`, following symbolic links but never into a folder twice (a
    /// link back up the tree would loop). Unreadable folders and other files are noted and passed.
    static func walk(_ root: String, report: inout FolderImportReport) -> [Found] {
        var found: [Found] = []
        var visited: Set<[UInt64]> = []
        var folders = [root]
        while let folder = folders.popLast() {
            var info = stat()
            guard stat(folder, &info) == 0 else {
                report.skip(folder, "unreadable")
                continue
            }
            guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else {
                report.skip(folder, "symlink loop")
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                report.skip(folder, "no permission")
                continue
            }
            let lyricsFiles = LyricsFiles.beside(names)
            for name in names.sorted().reversed() where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var entry = stat()
                guard stat(path, &entry) == 0 else {
                    report.skip(path, "unreadable")  // a dangling link
                    continue
                }
                if entry.st_mode & S_IFMT == S_IFDIR {
                    folders.append(path)
                } else if entry.st_mode & S_IFMT == S_IFREG {
                    let ext = (name as NSString).pathExtension.lowercased()
                    guard AudioTags.audioExtensions.contains(ext) else {
                        if !LyricsFiles.extensions.contains(ext) { report.skip(path, "not audio") }
                        continue
                    }
                    var file = Found(path: path, size: Int64(entry.st_size), mtime: Self.seconds(entry.st_mtim))
                    if let lyricsName = lyricsFiles[(name as NSString).deletingPathExtension] {
                        var lyricsInfo = stat()
                        if stat(folder + "/" + lyricsName, &lyricsInfo) == 0 {
                            file.lyricsFile = folder + "/" + lyricsName
                            file.size += Int64(lyricsInfo.st_size)
                            file.mtime = max(file.mtime, Self.seconds(lyricsInfo.st_mtim))
                        }
                    }
                    found.append(file)
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }

    /// The catalog row for a file: its tags, with the path filling in what they lack
    /// ("Artist/Album/01 Title.flac").
    static func entry(for path: String, tags: AudioTags, root: String) -> CatalogEntry {
        let parts = path.dropFirst(root.count).split(separator: "/").map(String.init)
        let fileName = ((parts.last ?? path) as NSString).deletingPathExtension
        let (number, name) = splitTrackNumber(fileName)
        let folders = parts.dropLast()
        let folderArtist = folders.count >= 2 ? folders[folders.count - 2] : nil
        let folderAlbum = folders.last
        let artists = tags.artists.isEmpty ? (tags.albumArtist ?? folderArtist).map { [$0] } ?? [] : tags.artists
        var entry = CatalogEntry(
            type: .song, title: tags.title ?? name,
            artist: artists.isEmpty ? nil : artists[0] + artists.dropFirst().map { " feat. " + $0 }.joined())
        entry.album = tags.album ?? folderAlbum
        entry.albumArtist = tags.albumArtist
        entry.year = tags.year
        entry.genres = tags.genre.map { [$0] }
        entry.trackNumber = tags.track ?? number
        entry.discNumber = tags.disc
        entry.duration = tags.duration
        entry.path = path
        return entry
    }

    /// "01 Title", "01 - Title", "1. Title" → (1, "Title").
    static func splitTrackNumber(_ name: String) -> (Int?, String) {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return (nil, name) }
        let rest = name.dropFirst(digits.count).drop { " .-_".contains($0) }
        return rest.isEmpty ? (nil, name) : (Int(digits), String(rest))
    }
}

/// A failure to read music files or to reach a player, with the reason.
public struct MusicFilesError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

import Storage

/// The full-text index of lyric lines: each distinct line of a track's lyrics is a document of its
/// own, holding that line's keys and skipped pairs. The track index (`lyrics_fts`) says which songs
/// hold a key anywhere; this one says which lines hold several of a remembered line's keys
/// together. A line of common words (「空夢春花」) has keys that a hundred songs each hold
/// somewhere, but only its own song holds them in one line.
///
/// A line's row id is its track's id times `LyricLines.perTrack` plus the line's number among the
/// track's distinct lines (a chorus is indexed once); lyrics hold at most `Lyrics.maximumLines`
/// lines, fewer than `perTrack`. The index keeps no copy of the keys (contentless): a line is taken
/// out by giving its keys again, which the `lyrics` row holds.
enum LyricLines {
    static let perTrack: Int64 = 2048

    static let schema = """
        CREATE VIRTUAL TABLE IF NOT EXISTS lyric_lines_fts USING fts5(
            keys, content='', columnsize=0, tokenize='unicode61', detail='none');
        """

    /// Each distinct line of a track's keys and skipped pairs (a line each, as the `lyrics` row keeps
    /// them), with its row id.
    static func documents(of track: Int64, keys: String, skips: String) -> [(row: Int64, text: String)] {
        let keyLines = keys.split(separator: "\n", omittingEmptySubsequences: false)
        let skipLines = skips.split(separator: "\n", omittingEmptySubsequences: false)
        // A track id past Int64.max / perTrack (only ever set by hand) has no line rows.
        let (first, overflow) = track.multipliedReportingOverflow(by: perTrack)
        guard !overflow, first <= Int64.max - perTrack else { return [] }
        var seen = Set<Substring>()
        var out: [(Int64, String)] = []
        for (place, line) in keyLines.enumerated() where !line.isEmpty && out.count < perTrack {
            guard seen.insert(line).inserted else { continue }
            let skipped = place < skipLines.count ? skipLines[place] : ""
            out.append((first + Int64(out.count), skipped.isEmpty ? String(line) : line + " " + skipped))
        }
        return out
    }

    /// Puts a track's lines in the index, or (`remove`) takes them out.
    static func index(_ db: any SQLDatabase, track: Int64, keys: String, skips: String, remove: Bool = false) throws {
        let sql =
            remove
            ? "INSERT INTO lyric_lines_fts(lyric_lines_fts, rowid, keys) VALUES('delete', ?, ?)"
            : "INSERT INTO lyric_lines_fts(rowid, keys) VALUES(?, ?)"
        for document in documents(of: track, keys: keys, skips: skips) {
            try db.run(sql, [.integer(document.row), .text(document.text)])
        }
    }

    /// The index built again from every track's lyrics.
    static func rebuild(_ db: any SQLDatabase) throws {
        try db.execute("DROP TABLE IF EXISTS lyric_lines_fts")
        try db.execute(schema)
        // A few thousand tracks at a time: the keys of 100,000 songs are hundreds of megabytes.
        var after: Int64 = -1
        while true {
            let rows = try db.rows(
                "SELECT item_id, keys, skips FROM lyrics WHERE item_id > ? ORDER BY item_id LIMIT 2000",
                [.integer(after)])
            guard !rows.isEmpty else { return }
            for row in rows {
                after = row.int(0).map(Int64.init) ?? after
                guard let id = row.int(0), let keys = row.string(1) else { continue }
                try index(db, track: Int64(id), keys: keys, skips: row.string(2) ?? "")
            }
        }
    }

    /// The rows of the lines holding each key, in row order.
    static func rows(_ db: Database, _ keys: [String]) throws -> [[Int64]] {
        let lines = try db.prepare("SELECT rowid FROM lyric_lines_fts WHERE lyric_lines_fts MATCH ? ORDER BY rowid")
        return try keys.map { try lines.integers([.text("\"\($0)\"")]) }
    }

    /// The tracks of lines in row order, each once.
    static func tracks(_ rows: [Int64]) -> [Int64] {
        var out: [Int64] = []
        for row in rows where out.last != row / perTrack { out.append(row / perTrack) }
        return out
    }

    /// Each track with its best line among those holding a key (each key's line rows in row
    /// order): the sum of the weights of the keys that line holds.
    static func bestLines(_ rows: [[Int64]], _ weights: [Double]) -> LyricSearch.Tally {
        let lines = LyricSearch.merge(rows, weights)
        var out = LyricSearch.Tally()
        for (row, sum) in zip(lines.rows, lines.sums) {
            let track = row / perTrack
            if out.rows.last == track {
                out.sums[out.sums.count - 1] = max(out.sums[out.sums.count - 1], sum)
            } else {
                out.rows.append(track)
                out.sums.append(sum)
            }
        }
        return out
    }
}

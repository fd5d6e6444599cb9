import Foundation
public import MediaIntents
public import Storage

/// A track's lyrics with each line's search keys (`LyricKeys`), worked out on an import's folding
/// thread.
struct KeyedLyrics: Sendable {
    var lyrics: Lyrics
    /// Per line, its keys joined by spaces.
    var lineKeys: [String]
    /// Per line, its words each with the one after next (`LyricKeys.skipPairs`), joined by spaces.
    var lineSkips: [String]

    init(_ lyrics: Lyrics, cache: KeyCache) {
        self.lyrics = lyrics
        let japanese = LyricKeys.isJapanese(lyrics.lines.map(\.text))
        var known: [String: (keys: String, skips: String)] = [:]
        let lines = lyrics.lines.map { line in
            if let keyed = known[line.text] { return keyed }
            let keys = LyricKeys.keys(line.text, japanese: japanese, cache: cache)
            let keyed = (keys.joined(separator: " "), LyricKeys.skipPairs(keys).joined(separator: " "))
            known[line.text] = keyed
            return keyed
        }
        lineKeys = lines.map(\.keys)
        lineSkips = lines.map(\.skips)
    }
}

extension CatalogStore {
    /// Keeps `keyed` as the lyrics of item `id`, replacing any it had (nil removes them). During a
    /// bulk load the full-text index is left to `finishBulkLoad`.
    func storeLyrics(_ keyed: KeyedLyrics?, of id: Int64, bulk: Bool) throws {
        let old = try db.prepare("SELECT keys, skips FROM lyrics WHERE item_id = ?").rows([.integer(id)]).first
        if let old, let keys = old.string(0), let skips = old.string(1) {
            if !bulk {
                try db.prepare("INSERT INTO lyrics_fts(lyrics_fts, rowid, keys, skips) VALUES('delete', ?, ?, ?)")
                    .run([.integer(id), .text(keys), .text(skips)])
                try countKeys(keys + "\n" + skips, by: -1)
                try LyricLines.index(db, track: id, keys: keys, skips: skips, remove: true)
            }
            try db.prepare("DELETE FROM lyrics WHERE item_id = ?").run([.integer(id)])
        }
        countedLyricsVersion = -1
        guard let keyed else { return }
        knownToHaveLyrics = true
        let keys = keyed.lineKeys.joined(separator: "\n")
        let skips = keyed.lineSkips.joined(separator: "\n")
        let times = keyed.lyrics.isTimed ? keyed.lyrics.lines.map { String(format: "%.2f", $0.time ?? 0) } : []
        try db.prepare("INSERT INTO lyrics(item_id, text, times, keys, skips) VALUES(?,?,?,?,?)").run([
            .integer(id), .text(keyed.lyrics.plainText), .text(times.joined(separator: " ")), .text(keys), .text(skips),
        ])
        if !bulk {
            try db.prepare("INSERT INTO lyrics_fts(rowid, keys, skips) VALUES(?, ?, ?)")
                .run([.integer(id), .text(keys), .text(skips)])
            try countKeys(keys + "\n" + skips, by: 1)
            try LyricLines.index(db, track: id, keys: keys, skips: skips)
        }
    }

    /// Counts one track's keys in `lyric_terms` (each once however often it is sung), and files a
    /// word new to the lyrics under its similar-word keys.
    private func countKeys(_ keys: String, by change: Int) throws {
        let distinct = Set(keys.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        if change < 0 {
            let lower = try db.prepare("UPDATE lyric_terms SET docs = docs - 1 WHERE term = ?")
            for key in distinct { try lower.run([.text(String(key))]) }
            return
        }
        let raise = try db.prepare(
            "INSERT INTO lyric_terms(term, docs) VALUES(?, 1) ON CONFLICT(term) DO UPDATE SET docs = docs + 1 RETURNING docs"
        )
        // A word counted again after its song was read again is filed already: OR IGNORE.
        let file = try db.prepare("INSERT OR IGNORE INTO lyric_term_keys(key, term) VALUES(?, ?)")
        for key in distinct.map(String.init) {
            guard try raise.integer([.text(key)]) == 1, LyricKeys.isWord(key) else { continue }
            for similar in TermKeys.keys(key) { try file.run([.text(similar), .text(key)]) }
        }
    }

    /// Counts every lyric key's tracks and files each word's similar-word keys, from the full-text
    /// index (after a bulk load, and when a catalog first gets the tables).
    static func rebuildLyricTerms(_ db: any SQLDatabase) throws {
        try db.execute(
            """
            DELETE FROM lyric_terms; DROP INDEX IF EXISTS lyric_term_keys_key; DELETE FROM lyric_term_keys;
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.lyrics_vocab USING fts5vocab(main, 'lyrics_fts', 'row');
            INSERT INTO lyric_terms(term, docs) SELECT term, doc FROM temp.lyrics_vocab;
            DROP TABLE temp.lyrics_vocab;
            """)
        // The key index is built after the rows, which is much faster than keeping it sorted.
        defer { try? db.execute(Schema.lyricTermKeysIndex) }
        let file = "INSERT INTO lyric_term_keys(key, term) VALUES(?, ?)"
        for row in try db.rows("SELECT term FROM lyric_terms", []) {
            guard let term = row.string(0), LyricKeys.isWord(term) else { continue }
            for key in TermKeys.keys(term) { try db.run(file, [.text(key), .text(term)]) }
        }
    }

    /// Whether any track has lyrics (a row without them then removes what it had).
    var hasLyrics: Bool {
        get throws {
            if let known = knownToHaveLyrics { return known }
            let any = try db.prepare("SELECT EXISTS(SELECT 1 FROM lyrics)").integer() == 1
            knownToHaveLyrics = any
            return any
        }
    }

    /// The lyrics of the item with row id `id`, nil when it has none.
    public func lyrics(ofRow id: Int64) throws -> Lyrics? {
        guard let row = try db.prepare("SELECT text, times FROM lyrics WHERE item_id = ?").rows([.integer(id)]).first,
            let text = row.string(0)
        else { return nil }
        return Self.lyrics(storedText: text, times: row.string(1) ?? "")
    }

    /// Lyrics as the `lyrics` table keeps them: the lines one per line of `text`, each line's start
    /// in `times` (seconds, space-separated; "" when untimed).
    static func lyrics(storedText text: String, times: String) -> Lyrics {
        let starts = times.split(separator: " ").map { Double($0) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            Lyrics.Line(time: index < starts.count ? starts[index] : nil, text: String(line))
        }
        return Lyrics(lines: lines)
    }

    /// The lyrics of the item `identifier`, nil when it has none or there is no such item.
    public func lyrics(identifier: String) throws -> Lyrics? {
        guard let id = try db.prepare("SELECT id FROM items WHERE ident = ?").integer([.text(identifier)]) else {
            return nil
        }
        return try lyrics(ofRow: id)
    }

    /// How many tracks have lyrics.
    public func lyricsCount() throws -> Int {
        try db.prepare("SELECT count(*) FROM lyrics").integer().map(Int.init) ?? 0
    }

    /// `lyricsCount`, counted again only when the database changed since (by this connection or
    /// another: SQLite's `data_version` tells, and asking it reads nothing).
    func lyricsTotal() throws -> Int {
        let version = try db.prepare("PRAGMA data_version").integer() ?? 0
        if countedLyricsVersion == version { return countedLyrics }
        countedLyrics = try lyricsCount()
        countedLyricsVersion = version
        return countedLyrics
    }

    /// The full-text indexes over every track's lyric keys and lines, built again from the `lyrics`
    /// table.
    func rebuildLyricsIndex() throws {
        try db.execute("INSERT INTO lyrics_fts(lyrics_fts) VALUES('rebuild')")
        try LyricLines.rebuild(db)
        try Self.rebuildLyricTerms(db)
    }
}

extension Schema {
    /// Lyrics, one row per track that has them, and the full-text index over their keys (reading
    /// its text from `lyrics.keys`, so the keys are stored once; which songs hold a key, not where:
    /// neighbouring words are keys of their own, so no phrase needs positions).
    static let lyrics = """
        CREATE TABLE IF NOT EXISTS lyrics(
            item_id INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
            -- LyricKeys of each line: a line each, keys space-separated. First in the row: a search
            -- reads the keys of many tracks and the text of a few, and a column after a long one is
            -- reached only through its overflow pages.
            keys TEXT NOT NULL,
            times TEXT NOT NULL DEFAULT '',  -- each line's start in seconds, space-separated; '' when untimed
            text TEXT NOT NULL  -- the lines, one per line
            -- skips (migration 6): each line's words joined with the one after next, indexed too
        );
        CREATE VIRTUAL TABLE IF NOT EXISTS lyrics_fts USING fts5(
            keys, content='lyrics', content_rowid='item_id', tokenize='unicode61', detail='none');
        """

    /// Each line's words joined with the one after next, in a column of their own (after the
    /// text: only the index reads them), indexed beside the keys. Catalogs with lyrics from
    /// migration 5 get every track's keys worked out again from its text, as the keys changed too
    /// (each Han character is one).
    static func rekeyLyrics(_ db: any SQLDatabase) throws {
        if try !db.columns(of: "lyrics").contains("skips") {
            try db.execute("ALTER TABLE lyrics ADD COLUMN skips TEXT NOT NULL DEFAULT ''")
        }
        let cache = KeyCache()
        for row in try db.rows("SELECT item_id, text FROM lyrics", []) {
            guard let id = row.int(0), let text = row.string(1) else { continue }
            let keyed = KeyedLyrics(CatalogStore.lyrics(storedText: text, times: ""), cache: cache)
            try db.run(
                "UPDATE lyrics SET keys = ?, skips = ? WHERE item_id = ?",
                [
                    .text(keyed.lineKeys.joined(separator: "\n")), .text(keyed.lineSkips.joined(separator: "\n")),
                    .integer(Int64(id)),
                ])
        }
        try db.execute(
            """
            DROP TABLE IF EXISTS lyrics_fts;
            CREATE VIRTUAL TABLE lyrics_fts USING fts5(
                keys, skips, content='lyrics', content_rowid='item_id', tokenize='unicode61', detail='none');
            INSERT INTO lyrics_fts(lyrics_fts) VALUES('rebuild');
            """)
    }

    /// How many tracks' lyrics hold each key (FTS5 counts a key's tracks only by reading all of
    /// them), and the lyrics' words by sound and one-letter deletions (`TermKeys`), to find the
    /// word meant by one misheard. A key no track holds any more keeps a count of 0.
    static let lyricTerms = """
        CREATE TABLE IF NOT EXISTS lyric_terms(term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS lyric_term_keys(key TEXT NOT NULL, term TEXT NOT NULL);
        """ + lyricTermKeysIndex

    static let lyricTermKeysIndex =
        "CREATE UNIQUE INDEX IF NOT EXISTS lyric_term_keys_key ON lyric_term_keys(key, term);"
}

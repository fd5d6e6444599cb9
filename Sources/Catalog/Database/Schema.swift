import MediaIntents
import Storage

/// The catalog's tables. Every item kind lives in `items` (one row per song, album, artist,
/// playlist, show, episode, audiobook or station) so one FTS5 index and one resolver serve them all;
/// the columns that only some kinds use (frequency, show, author) are NULL for the rest.
/// `terms` counts the documents each indexed word is in; `term_keys` finds words by sound and by
/// one-letter edits (see `TermKeys`), for names a speech recogniser misheard.
enum Schema {
    /// The catalog's schema changes, in order (`Database.migrate`).
    static let migrations = [
        Migration(1, "catalog tables", sql: sql),
        Migration(2, "printed aliases, artist kinds and disc numbers") { db in
            // Catalogs made before these columns have the tables of migration 1 without them.
            let present = try db.columns(of: "items")
            for (name, definition) in addedColumns where !present.contains(name) {
                try db.execute("ALTER TABLE items ADD COLUMN \(name) \(definition)")
            }
        },
        Migration(3, "compact keys: names as said plainly") { db in
            // The column is in the tables of migration 1 for catalogs made since; older ones get
            // it here, with every row's key worked out from its title.
            if try !db.columns(of: "items").contains("compact_key") {
                try db.execute("ALTER TABLE items ADD COLUMN compact_key TEXT NOT NULL DEFAULT ''")
            }
            for row in try db.rows("SELECT id, title FROM items WHERE compact_key = ''") {
                guard let id = row.int(0), let title = row.string(1) else { continue }
                try db.run(
                    "UPDATE items SET compact_key = ? WHERE id = ?",
                    [.text(NameFolding.compactKey(title)), .integer(Int64(id))])
            }
            try db.execute("CREATE INDEX IF NOT EXISTS items_compact ON items(compact_key)")
        },
        Migration(4, "the genre index: items by genre in popularity order") { db in
            try db.execute(CatalogStore.genreTable)
            try CatalogStore.rebuildGenres(db)
        },
        Migration(5, "lyrics and their full-text index", sql: lyrics),
        Migration(
            6, "lyrics keyed again (characters, words one apart), lyric keys counted, lyric words by sound and spelling"
        ) { db in
            try Schema.rekeyLyrics(db)
            try db.execute(lyricTerms)
            try CatalogStore.rebuildLyricTerms(db)
        },
        Migration(7, "the index of lyric lines") { db in try LyricLines.rebuild(db) },
        Migration(8, "what items are about (an episode's notes), with a full-text index", sql: notes),
    ]

    /// What an item is about, as its source describes it (a podcast episode's show notes), searched
    /// by "the episode about …". The index holds the title and the notes, kept in step by triggers
    /// (a row removed with its item by the foreign key leaves the index too).
    static let notes = """
        CREATE TABLE IF NOT EXISTS item_notes(
            item_id INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE, title TEXT NOT NULL, text TEXT NOT NULL);
        CREATE VIRTUAL TABLE IF NOT EXISTS item_notes_fts USING fts5(
            title, text, content='item_notes', content_rowid='item_id', tokenize='unicode61 remove_diacritics 2');
        CREATE TRIGGER IF NOT EXISTS item_notes_added AFTER INSERT ON item_notes BEGIN
            INSERT INTO item_notes_fts(rowid, title, text) VALUES(new.item_id, new.title, new.text);
        END;
        CREATE TRIGGER IF NOT EXISTS item_notes_removed AFTER DELETE ON item_notes BEGIN
            INSERT INTO item_notes_fts(item_notes_fts, rowid, title, text) VALUES('delete', old.item_id, old.title, old.text);
        END;
        CREATE TRIGGER IF NOT EXISTS item_notes_changed AFTER UPDATE ON item_notes BEGIN
            INSERT INTO item_notes_fts(item_notes_fts, rowid, title, text) VALUES('delete', old.item_id, old.title, old.text);
            INSERT INTO item_notes_fts(rowid, title, text) VALUES(new.item_id, new.title, new.text);
        END;
        """

    /// Columns added after the first catalogs, with their definitions.
    static let addedColumns = [("names", "TEXT NOT NULL DEFAULT ''"), ("kind", "TEXT"), ("disc_no", "INTEGER")]

    static let sql = """
        CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
        CREATE TABLE IF NOT EXISTS items(
            id INTEGER PRIMARY KEY,
            ident TEXT NOT NULL UNIQUE,
            type TEXT NOT NULL,
            title TEXT NOT NULL,
            title_key TEXT NOT NULL,
            core_key TEXT NOT NULL,
            compact_key TEXT NOT NULL DEFAULT '',  -- NameFolding.compactKey of the title
            artist TEXT,
            artist_key TEXT,
            album TEXT,
            album_id INTEGER REFERENCES items(id) ON DELETE SET NULL,
            parent_id INTEGER REFERENCES items(id) ON DELETE CASCADE,
            track_no INTEGER,
            duration REAL,
            year INTEGER,
            released TEXT,
            genres TEXT NOT NULL DEFAULT '',
            moods TEXT NOT NULL DEFAULT '',
            popularity REAL NOT NULL DEFAULT 0,
            explicit INTEGER NOT NULL DEFAULT 0,
            frequency TEXT,
            aliases TEXT NOT NULL DEFAULT '',  -- folded keys, for matching
            names TEXT NOT NULL DEFAULT '',  -- the aliases as printed, for replies
            kind TEXT,  -- an artist's kind: person or group
            owner TEXT,
            editable INTEGER NOT NULL DEFAULT 0,
            path TEXT
        );
        CREATE TABLE IF NOT EXISTS item_artists(
            item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
            artist_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
            role TEXT NOT NULL DEFAULT 'primary',
            position INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY(item_id, artist_id, role)
        );
        CREATE TABLE IF NOT EXISTS playlist_entries(
            playlist_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
            PRIMARY KEY(playlist_id, position)
        );
        CREATE TABLE IF NOT EXISTS terms(term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS term_keys(key TEXT NOT NULL, term TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS term_keys_key ON term_keys(key, term);
        """ + indexes + fts

    /// The secondary indexes: dropped before a bulk load and built again after it, which is far
    /// faster than keeping them up to date row by row.
    static let indexes = """
        CREATE INDEX IF NOT EXISTS items_core ON items(core_key, popularity DESC);
        CREATE INDEX IF NOT EXISTS items_title ON items(title_key);
        CREATE INDEX IF NOT EXISTS items_compact ON items(compact_key);
        -- Browsing ("play some jazz", "80s rock"): popularity order with the tags in the index, so
        -- rows that do not fit are skipped without reading them.
        DROP INDEX IF EXISTS items_type_pop;
        CREATE INDEX IF NOT EXISTS items_browse ON items(type, popularity DESC, genres, moods, year);
        CREATE INDEX IF NOT EXISTS items_album ON items(album_id, track_no);
        CREATE INDEX IF NOT EXISTS items_parent ON items(parent_id, released);
        CREATE INDEX IF NOT EXISTS item_artists_artist ON item_artists(artist_id);
        -- An item's first artist (read with every item for its printed names) without sorting.
        CREATE INDEX IF NOT EXISTS item_artists_order ON item_artists(item_id, position, artist_id);
        """
    static let indexNames = [
        "items_core", "items_title", "items_compact", "items_browse", "items_album", "items_parent",
        "item_artists_artist",
        "item_artists_order",
    ]

    /// The full-text index over each item's folded name and aliases (column `title`) and its
    /// artist credit (column `artist`). Query text never reaches it unquoted.
    static let fts = """
        CREATE VIRTUAL TABLE IF NOT EXISTS items_fts USING fts5(title, artist, tokenize='unicode61 remove_diacritics 2');
        """

    /// What the FTS index holds for each item, as SQL over `items` (for a rebuild).
    static let ftsRows = """
        INSERT INTO items_fts(rowid, title, artist)
        SELECT id, core_key || CASE WHEN aliases = '' THEN '' ELSE ' ' || replace(aliases, '|', ' ') END, artist_key
        FROM items
        """
}

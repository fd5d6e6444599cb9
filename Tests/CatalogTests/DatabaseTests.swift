import Storage
import CSQLite
import Foundation
import Testing

@testable import Catalog

@Suite("SQLite connection")
struct DatabaseTests {
    func scratch() throws -> Database {
        try Database(path: FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID().uuidString).db").path)
    }

    @Test func failuresCarrySQLitesResultCodes() throws {
        let db = try scratch()
        try db.execute("CREATE TABLE t(k TEXT PRIMARY KEY, v INTEGER NOT NULL)")
        try db.prepare("INSERT INTO t(k, v) VALUES(?, ?)").run([.text("a"), .integer(1)])
        let duplicate = #expect(throws: SQLiteError.self) {
            try db.prepare("INSERT INTO t(k, v) VALUES(?, ?)").run([.text("a"), .integer(2)])
        }
        #expect(duplicate?.isConstraint == true && duplicate?.extendedCode == SQLITE_CONSTRAINT | (6 << 8))  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(duplicate?.description.contains("INSERT INTO t") == true)
        let syntax = #expect(throws: SQLiteError.self) { try db.prepare("SELEC k FROM t") }
        #expect(syntax?.code == SQLITE_ERROR && syntax?.message.contains("syntax error") == true)
        // Nothing stored was lost.
        #expect(try db.prepare("SELECT v FROM t WHERE k = ?").rows([.text("a")]).first?.int(0) == 1)
    }

    @Test func bindsAreChecked() throws {
        let db = try scratch()
        try db.execute("CREATE TABLE t(k TEXT)")
        let few = #expect(throws: SQLiteError.self) { try db.prepare("SELECT k FROM t WHERE k = ? OR k = ?").rows([.text("a")]) }
        #expect(few?.code == SQLITE_RANGE && few?.message == "1 values for 2 placeholders")
        #expect(throws: SQLiteError.self) { try db.prepare("SELECT k FROM t").rows([.text("extra")]) }
        // The statement is usable again after a refused bind.
        #expect(try db.prepare("SELECT k FROM t WHERE k = ? OR k = ?").rows([.text("a"), .text("b")]).isEmpty)
    }

    @Test func fixedStatementsAreKeptAndOneOffsAreNot() throws {
        let db = try scratch()
        try db.execute("CREATE TABLE t(k TEXT)")
        let before = db.cachedStatements
        _ = try db.prepare("SELECT k FROM t").rows()
        _ = try db.prepare("SELECT k FROM t").rows()
        #expect(db.cachedStatements == before + 1)
        _ = try db.prepareOnce("SELECT k FROM t WHERE k IN (?, ?, ?)").rows([.text("a"), .text("b"), .text("c")])
        #expect(db.cachedStatements == before + 1)
    }
}

@Suite("Schema migrations")
struct MigrationTests {
    func scratchPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("migrate-\(UUID().uuidString).db").path
    }

    @Test func eachIsAppliedOnceInOrder() throws {
        let db = try Database(path: scratchPath())
        let steps = [
            Migration(1, "t", sql: "CREATE TABLE t(k TEXT)"),
            Migration(2, "t.v", sql: "ALTER TABLE t ADD COLUMN v INTEGER NOT NULL DEFAULT 7"),
        ]
        #expect(try db.migrate("test", steps) == [1, 2])
        #expect(try db.migrate("test", steps).isEmpty)
        #expect(try db.schemaVersion("test") == 2 && db.schemaVersion("other") == 0)
        // A failing migration changes nothing and is not recorded.
        let broken = steps + [Migration(3, "broken", sql: "ALTER TABLE t ADD COLUMN w; SELEC")]
        #expect(throws: SQLiteError.self) { try db.migrate("test", broken) }
        #expect(try db.schemaVersion("test") == 2 && !db.columns(of: "t").contains("w"))
    }

    /// A catalog at every older version (and one made before versions were recorded, without the
    /// later columns) opens at the latest, with its items kept.
    @Test(arguments: 0...Schema.migrations.count)
    func theCatalogUpgradesFromEveryOlderVersion(from version: Int) throws {
        let path = scratchPath()
        do {
            let db = try Database(path: path)
            if version == 0 {
                // Before migrations were recorded: the first tables, without the columns added later.
                try db.execute(Schema.sql)
                for (name, _) in Schema.addedColumns where try db.columns(of: "items").contains(name) {
                    try db.execute("ALTER TABLE items DROP COLUMN \(name)")
                }
            } else {
                try db.migrate("catalog", Array(Schema.migrations.prefix(version)))
            }
            try db.prepare("INSERT INTO items(ident, type, title, title_key, core_key) VALUES(?,?,?,?,?)")
                .run([.text("song/x/kept"), .text("song"), .text("Kept"), .text("kept"), .text("kept")])
        }
        let store = try CatalogStore(db: Database(path: path))
        #expect(try store.db.schemaVersion("catalog") == Schema.migrations.count)
        #expect(try store.db.columns(of: "items").isSuperset(of: Schema.addedColumns.map(\.0)))
        #expect(try store.item(identifier: "song/x/kept")?.item.title == "Kept")
    }
}

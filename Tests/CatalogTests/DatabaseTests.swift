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

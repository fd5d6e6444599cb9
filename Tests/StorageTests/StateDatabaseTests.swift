import Foundation
import StateTestSupport
import Storage
import Testing

/// The connection contract every state store relies on, on SQLite and on PostgreSQL alike.
@Suite("State database, on each engine")
struct StateDatabaseTests {
    @Test("values come back as they went in", arguments: Engine.available)
    func valuesRoundTrip(engine: Engine) throws {
        let db = try engine.fresh()
        try db.execute(
            """
            CREATE TABLE t(k TEXT PRIMARY KEY, "user" TEXT, n BIGINT, x DOUBLE PRECISION, note TEXT)
            """)
        let text = "Сектор Газа · 北京 · it's \"quoted\" ? not a placeholder"
        try db.run(
            "INSERT INTO t(k, \"user\", n, x, note) VALUES(?,?,?,?,?)",
            [.text("a"), .text("j.doe"), .integer(Int64.max), .real(1_733_000_000.123456), .text(text)])
        try db.run("INSERT INTO t(k, \"user\", n, x, note) VALUES('b?', ?, ?, ?, NULL)", [.text("x"), .integer(-1), .real(0.5)])
        let a = try #require(try db.first("SELECT \"user\", n, x, note FROM t WHERE k = ?", [.text("a")]))
        #expect(a.string(0) == "j.doe")
        #expect(a.values[1] == .integer(Int64.max))
        #expect(a.double(2) == 1_733_000_000.123456)
        #expect(a.string(3) == text)
        let b = try #require(try db.first("SELECT n, note FROM t WHERE k = 'b?'"))
        #expect(b.int(0) == -1)
        #expect(b.values[1] == .null)
    }

    @Test("an upsert replaces, and the count of changed rows is right", arguments: Engine.available)
    func upsertAndChanges(engine: Engine) throws {
        let db = try engine.fresh()
        try db.execute("CREATE TABLE s(\"user\" TEXT NOT NULL, key TEXT NOT NULL, value TEXT, PRIMARY KEY(\"user\", key))")
        let upsert = """
            INSERT INTO s("user", key, value) VALUES(?,?,?)
            ON CONFLICT("user", key) DO UPDATE SET value = excluded.value
            """
        try db.run(upsert, [.text("ann"), .text("app"), .text("one")])
        try db.run(upsert, [.text("ann"), .text("app"), .text("two")])
        try db.run(upsert, [.text("bob"), .text("app"), .text("three")])
        #expect(try db.rows("SELECT value FROM s WHERE \"user\" = ?", [.text("ann")]).map { $0.string(0) } == ["two"])
        #expect(try db.run("INSERT INTO s(\"user\", key, value) VALUES('ann','app','x') ON CONFLICT DO NOTHING") == 0)
        #expect(try db.run("DELETE FROM s WHERE key = ?", [.text("app")]) == 2)
    }

    @Test("a transaction that throws leaves nothing behind", arguments: Engine.available)
    func rollback(engine: Engine) throws {
        let db = try engine.fresh()
        try db.execute("CREATE TABLE r(k TEXT PRIMARY KEY)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.run("INSERT INTO r(k) VALUES(?)", [.text("kept?")])
                throw Stop()
            }
        }
        #expect(try db.rows("SELECT k FROM r").isEmpty)
        try db.transaction { try db.run("INSERT INTO r(k) VALUES(?)", [.text("kept")]) }
        #expect(try db.rows("SELECT k FROM r").count == 1)
    }

    @Test("a broken key and a wrong number of values are errors that say so", arguments: Engine.available)
    func errors(engine: Engine) throws {
        let db = try engine.fresh()
        try db.execute("CREATE TABLE e(k TEXT PRIMARY KEY)")
        try db.run("INSERT INTO e(k) VALUES(?)", [.text("a")])
        let duplicate = #expect(throws: (any Error).self) { try db.run("INSERT INTO e(k) VALUES(?)", [.text("a")]) }
        #expect("\(duplicate.map { "\($0)" } ?? "")".contains("INSERT INTO e"))
        #expect((duplicate as? any StorageFailure)?.isBusy == false)
        #expect(throws: (any Error).self) { try db.rows("SELECT k FROM e WHERE k = ? OR k = ?", [.text("a")]) }
        // The connection is still usable after its errors.
        #expect(try db.rows("SELECT k FROM e").count == 1)
    }

    @Test("migrations apply once each, in order, on every engine", arguments: Engine.available)
    func migrations(engine: Engine) throws {
        let address = try engine.freshAddress()
        let migrations = [
            Migration(1, "table", sql: "CREATE TABLE m(\"user\" TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)"),
            Migration(2, "numbered rows") { dialect in
                "CREATE TABLE log(id \(dialect.autoIncrementKey), line TEXT NOT NULL)"
            },
        ]
        let first = try StateLocation(address).open()
        #expect(try first.migrate("test", Array(migrations.prefix(1))) == [1])
        #expect(try first.migrate("test", migrations) == [2])
        #expect(try StateLocation(address).open().migrate("test", migrations) == [])
        #expect(try first.schemaVersion("test") == 2)
        #expect(try first.columns(of: "m") == ["user", "at"])
        #expect(try first.columns(of: "absent").isEmpty)
        try first.run("INSERT INTO log(line) VALUES(?)", [.text("one")])
        try first.run("INSERT INTO log(line) VALUES(?)", [.text("two")])
        #expect(try first.rows("SELECT id FROM log ORDER BY id").compactMap { $0.int(0) } == [1, 2])
    }

    @Test("two processes' worth of connections migrating at once apply each change once", arguments: Engine.available)
    func concurrentMigrations(engine: Engine) async throws {
        let address = try engine.freshAddress()
        let migrations = (1...5).map { n in Migration(n, "table \(n)", sql: "CREATE TABLE c\(n)(k TEXT)") }
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask { try StateLocation(address).open().migrate("race", migrations) }
            }
            return try await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(applied.sorted() == [1, 2, 3, 4, 5])
    }

    @Test("a server that cannot be reached is a clear error, not a crash")
    func unreachable() throws {
        let error = #expect(throws: PostgresError.self) {
            try StateLocation("postgres://hark:pass@127.0.0.1:1/hark").open()
        }
        #expect(error?.isUnavailable == true)
        #expect(error?.description.contains("127.0.0.1") == true)
        #expect(error?.description.contains("pass") == false)
    }
}

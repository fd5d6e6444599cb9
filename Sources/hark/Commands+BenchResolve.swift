import Assistant
import Catalog
import Foundation

extension Commands {
    /// `hark bench resolve`: top-1/top-4 accuracy and latency of Hark's resolver against two
    /// baselines (exact normalised title, plain FTS5 bm25) on the same noisy queries over a
    /// generated catalog.
    static func benchResolve(_ arguments: Arguments) throws -> Int32 {
        let (tracks, count, seed) = try benchSizes(arguments)
        let folder = FileManager.default.temporaryDirectory.path
        let crowded = arguments.flags.contains("crowded")
        let path = arguments.options["db"] ?? "\(folder)/hark-bench-\(tracks)-\(seed)\(crowded ? "-crowded" : "").db"
        try ensureBenchCatalog(
            path: path, tracks: tracks, seed: seed, fresh: arguments.flags.contains("fresh"), crowded: crowded)
        if arguments.flags.contains("scripts") { return try benchScripts(arguments, path: path, tracks: tracks) }
        let store = try CatalogStore(path: path)
        let queries = try NoisyQueries.make(count, seed: seed, store: store)
        let resolver = Resolver(store: store)
        let workOf = try workLookup(store)
        let exactLookup = try store.db.prepare(
            "SELECT id FROM items WHERE title_key = ? ORDER BY (artist_key = ?) DESC, popularity DESC LIMIT 4")
        let ftsLookup = try store.db.prepare(
            "SELECT rowid FROM items_fts WHERE items_fts MATCH ? ORDER BY bm25(items_fts) LIMIT 4")
        var systems: [(String, (NoisyQueries.Query) throws -> [Int64])] = [
            ("hark", { query in try resolver.resolve(query.search, limit: 4).map(\.stored.rowID) }),
            (
                // A search box's free text: the title and the artist typed as one string, in either
                // order (as /v1/search and `hark search` get them).
                "text",
                { query in
                    guard let artist = query.search.artistName, let name = query.search.mediaName else {
                        return try resolver.resolve(query.search, limit: 4).map(\.stored.rowID)
                    }
                    let swap = (query.targetRowID % 2) == 0
                    return try resolver.resolveText(
                        swap ? artist + " " + name : name + " " + artist, type: query.search.mediaType, limit: 4
                    ).map(\.stored.rowID)
                }
            ),
            (
                "exact",
                { query in
                    let name = NameFolding.key(query.search.mediaName ?? query.search.artistName ?? "")
                    let artist = NameFolding.key(query.search.artistName ?? "")
                    return try exactLookup.rows([.text(name), .text(artist)]).compactMap { $0.int(0).map(Int64.init) }
                }
            ),
            (
                "fts5",
                { query in
                    let words = [query.search.mediaName, query.search.artistName].compactMap { $0 }
                        .flatMap { NameFolding.key($0).split(separator: " ") }
                    guard !words.isEmpty else { return [] }
                    // Every word required (FTS5's own default), ranked by bm25.
                    let match = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
                        .joined(separator: " ")
                    return try ftsLookup.rows([.text(match)]).compactMap { $0.int(0).map(Int64.init) }
                }
            ),
        ]
        if let address = arguments.options["postgres"] {
            let postgres = try postgresCatalog(address, copying: store)
            systems.insert(("postgres", { query in try postgres.resolve(query.search, limit: 4) }), at: 1)
        }
        // Queries no system can get right every time: said without the artist, exactly, and the
        // catalog holds the same title by several artists (the benchmark draws targets uniformly,
        // not by popularity).
        let sameTitle = try store.db.prepare(
            "SELECT count(DISTINCT coalesce(artist_key, '')) FROM items WHERE core_key = ? AND +type = ?")
        // (Misheard or not: the target's own title decides, as a request that leaves the artist
        // out cannot say which of the artists holding the title it means.)
        var ambiguous = Set<Int>()
        for (index, query) in queries.enumerated() where query.search.artistName == nil {
            guard let target = try store.item(rowID: query.targetRowID) else { continue }
            let key = NameFolding.key(NameFolding.core(target.item.title))
            if (try sameTitle.integer([.text(key), .text(query.targetType.rawValue)]) ?? 0) > 1 {
                ambiguous.insert(index)
            }
        }
        /// Whether `id` is the query's target, or another version of the same work.
        func isRight(_ id: Int64, for query: NoisyQueries.Query) -> Bool {
            id == query.targetRowID || workOf(id) == "\(query.targetType.rawValue)\t\(query.targetWork)"
        }
        var report: [String: [String: Double]] = [:]
        var caseReport: [String: (right: Int, all: Int)] = [:]
        let misses = Int(arguments.options["misses"] ?? "0") ?? 0
        let slowMs = arguments.options["slow"].flatMap(Double.init)
        let missesOf = arguments.options["misses-of"] ?? "hark"
        var shownMisses = 0
        for (name, run) in systems {
            for query in queries.prefix(50) { _ = try run(query) }  // warm the page cache
            var times: [Double] = []
            var top1 = 0
            var top4 = 0
            var top1Clear = 0
            var byCase: [String: (right: Int, all: Int)] = [:]
            for (queryIndex, query) in queries.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                let found = try run(query)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                if name == "hark", let slow = slowMs, let last = times.last, last > slow {
                    warn(
                        String(format: "slow %.2f ms: ", last)
                            + "name=\(query.search.mediaName ?? "-") artist=\(query.search.artistName ?? "-") type=\(query.search.mediaType?.rawValue ?? "-")"
                    )
                }
                func right(_ id: Int64) -> Bool { isRight(id, for: query) }
                let rightFirst = found.first.map(right) ?? false
                if name == "hark" {
                    for label in query.cases {
                        byCase[label, default: (0, 0)].all += 1
                        if rightFirst { byCase[label, default: (0, 0)].right += 1 }
                    }
                }
                if let first = found.first, right(first) {
                    top1 += 1
                    if !ambiguous.contains(queryIndex) { top1Clear += 1 }
                } else if name == missesOf, shownMisses < misses, !ambiguous.contains(queryIndex) {
                    shownMisses += 1
                    let target = try store.item(rowID: query.targetRowID)
                    let got = try found.first.flatMap { try store.item(rowID: $0) }
                    warn(
                        "miss: name=\(query.search.mediaName ?? "-") artist=\(query.search.artistName ?? "-") type=\(query.search.mediaType?.rawValue ?? "-")"
                            + " misheard=\(query.misheard)\n  want \(target?.item.type.rawValue ?? "?"): \(target?.item.title ?? "?") — \(target?.item.artist ?? "")"
                            + "\n  got  \(got?.item.type.rawValue ?? "-"): \(got?.item.title ?? "nothing") — \(got?.item.artist ?? "")"
                    )
                }
                if found.prefix(4).contains(where: right) { top4 += 1 }
            }
            times.sort()
            func at(_ q: Double) -> Double {
                (times[min(times.count - 1, Int(Double(times.count) * q))] * 1000).rounded() / 1000
            }
            if name == "hark" { caseReport = byCase }
            report[name] = [
                "top1": (Double(top1) / Double(queries.count) * 10_000).rounded() / 10_000,
                "top4": (Double(top4) / Double(queries.count) * 10_000).rounded() / 10_000,
                "medianMs": at(0.5), "p90Ms": at(0.9), "p99Ms": at(0.99), "peakRssMiB": peakRSS(),
                "top1Unambiguous": (Double(top1Clear) / Double(max(queries.count - ambiguous.count, 1)) * 10_000)
                    .rounded() / 10_000,
            ]
        }
        // The confidence gate's calibration: at each threshold on the best match's name similarity,
        // how many right answers would still be acted on, and how many wrong ones would be.
        var gate: [(nameMatch: Double, right: Bool)] = []
        for query in queries {
            guard let first = try resolver.resolve(query.search, limit: 1).first else { continue }
            gate.append((first.nameMatch, isRight(first.stored.rowID, for: query)))
        }
        var gateReport: [String: [String: Double]] = [:]
        let rightCount = max(gate.filter(\.right).count, 1)
        let wrongCount = max(gate.filter { !$0.right }.count, 1)
        for threshold in stride(from: 0.6, through: 0.95, by: 0.05) {
            let kept = gate.filter { $0.right && $0.nameMatch >= threshold - 1e-9 }.count
            let actedWrong = gate.filter { !$0.right && $0.nameMatch >= threshold - 1e-9 }.count
            gateReport["\(String(format: "%.2f", threshold))"] = [
                "rightActedOn": (Double(kept) / Double(rightCount) * 1000).rounded() / 1000,
                "wrongActedOn": (Double(actedWrong) / Double(wrongCount) * 1000).rounded() / 1000,
            ]
        }
        if arguments.flags.contains("json") {
            struct Output: Encodable {
                var tracks: Int, queries: Int, seed: UInt64, ambiguous: Int
                var systems: [String: [String: Double]]
                /// Per threshold on the best match's name similarity: the share of right and wrong answers acted on.
                var gate: [String: [String: Double]]
            }
            print(
                json(
                    Output(
                        tracks: tracks, queries: queries.count, seed: seed, ambiguous: ambiguous.count, systems: report,
                            gate: gateReport)
                ))
        } else {
            print("\(queries.count) noisy queries over \(tracks) generated tracks (seed \(seed), catalog \(path)):")
            for name in ["hark", "postgres", "text", "exact", "fts5"] {
                guard let row = report[name] else { continue }
                print(
                    String(
                        format: "  %-6@ top-1 %5.1f%%  top-4 %5.1f%%  median %.3f ms  p90 %.3f ms  p99 %.3f ms",
                        name, (row["top1"] ?? 0) * 100, (row["top4"] ?? 0) * 100, row["medianMs"] ?? 0,
                        row["p90Ms"] ?? 0,
                        row["p99Ms"] ?? 0))
            }
            print(
                "  hark top-1 by case: "
                    + caseReport.keys.sorted().map { label in
                        let tally = caseReport[label] ?? (0, 0)
                        return String(format: "%@ %.1f%% (%d)", label, Double(tally.right) / Double(max(tally.all, 1)) * 100, tally.all)
                    }.joined(separator: ", "))
            print("  peak resident memory \(Int(report["fts5"]?["peakRssMiB"] ?? 0)) MiB (all three, in turn)")
            print("  confidence gate (name similarity of hark's best): share of right / wrong answers acted on")
            for key in gateReport.keys.sorted() {
                print(
                    String(
                        format: "    at %@  right %5.1f%%  wrong %5.1f%%", key, (gateReport[key]?["rightActedOn"] ?? 0) * 100,
                        (gateReport[key]?["wrongActedOn"] ?? 0) * 100))
            }
            print(
                "  \(ambiguous.count) queries are ambiguous (no artist, and several artists have the title);"
                    + String(
                        format: " top-1 without them: hark %.1f%%, text %.1f%%, exact %.1f%%, fts5 %.1f%%",
                        (report["hark"]?["top1Unambiguous"] ?? 0) * 100,
                        (report["text"]?["top1Unambiguous"] ?? 0) * 100,
                        (report["exact"]?["top1Unambiguous"] ?? 0) * 100,
                        (report["fts5"]?["top1Unambiguous"] ?? 0) * 100))
        }
        return 0
    }

    /// An item's type, folded core title and first artist, to accept another version of the
    /// target; read per item when needed (holding a million of them would swell the memory measured).
    static func workLookup(_ store: CatalogStore) throws -> (Int64) -> String? {
        let statement = try store.db.prepare(
            """
            SELECT i.type, i.title, coalesce((SELECT a.title FROM item_artists x JOIN items a ON a.id = x.artist_id
                WHERE x.item_id = i.id ORDER BY x.position LIMIT 1), i.artist)
            FROM items i WHERE i.id = ?
            """)
        return { id in
            guard let row = try? statement.rows([.integer(id)]).first, let type = row.string(0),
                let title = row.string(1)
            else { return nil }
            return type + "\t" + NoisyQueries.work(title: title, artist: row.string(2))
        }
    }

    /// Builds the benchmark catalog with `hark catalog generate` and `hark import` in child
    /// processes (so this process's memory is the serving memory), unless it exists already.
    static func ensureBenchCatalog(path: String, tracks: Int, seed: UInt64, fresh: Bool, crowded: Bool = false) throws {
        let marker = path + ".done"
        if !fresh, FileManager.default.fileExists(atPath: marker) { return }
        for suffix in ["", "-wal", "-shm", ".done"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let jsonl = path + ".jsonl"
        try runSelf(
            ["catalog", "generate", "--tracks", String(tracks), "--seed", String(seed), "--out", jsonl]
                + (crowded ? ["--crowded"] : []))
        try runSelf(["import", "--db", path, jsonl])
        try? FileManager.default.removeItem(atPath: jsonl)
        _ = FileManager.default.createFile(atPath: marker, contents: Data())
    }

    /// A generated benchmark's size: --tracks (default 10,000), --queries (1,000) and --seed (1).
    static func benchSizes(_ arguments: Arguments) throws -> (tracks: Int, queries: Int, seed: UInt64) {
        let tracks = Int(arguments.options["tracks"] ?? "10000") ?? 10_000
        let count = Int(arguments.options["queries"] ?? "1000") ?? 1_000
        guard let seed = UInt64(arguments.options["seed"] ?? "1"), tracks > 0, count > 0 else {
            throw UsageError("--tracks, --queries and --seed take positive whole numbers")
        }
        return (tracks, count, seed)
    }

    /// Runs this program with `arguments` (a step of building a benchmark's catalog) and waits for it.
    static func runSelf(_ arguments: [String]) throws {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).path
        // What the step says goes to standard error: standard output is the benchmark's report.
        try runProgram(me.contains("/") ? me : "/proc/self/exe", arguments, quiet: false) {
            "building the benchmark catalog failed at 'hark \(arguments.joined(separator: " "))'"
        }
    }

    /// Runs a program to its end; its output goes to standard error (or nowhere, `quiet`), and a
    /// failure is a usage error in `failure`'s words.
    static func runProgram(_ path: String, _ arguments: [String], quiet: Bool, failure: () -> String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.standardError
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw UsageError(failure()) }
    }

    /// The largest resident set so far, in MiB.
    static func peakRSS() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss / 1024)
    }

    /// The catalog in PostgreSQL at `address` (`PostgresCatalog`), copied from `store` when it does
    /// not hold the same number of items.
    static func postgresCatalog(_ address: String, copying store: CatalogStore) throws -> PostgresCatalog {
        let postgres = try PostgresCatalog(address: address)
        let items = try store.itemCount()
        guard try postgres.itemCount() != items else { return postgres }
        let started = Date()
        try postgres.load(from: store) { done in
            guard isTerminal, done % 50_000 == 0 else { return }
            FileHandle.standardError.write(Data("\r\(progressBar(Double(done) / Double(items))) \(done)/\(items) items".utf8))
        }
        warn(String(format: "copied %d items to PostgreSQL with their indexes in %.1f s", items, Date().timeIntervalSince(started)))
        return postgres
    }
}

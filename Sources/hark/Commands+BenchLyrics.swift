import Assistant
import Catalog
import Foundation

extension Commands {
    /// `hark bench lyrics`: songs found by a remembered line. Builds (or reuses) a catalog of N
    /// songs with generated lyrics in en/ru/ja/zh through the real importer, remembers M lines with
    /// words dropped, swapped and misheard, and reports top-1, top-4 and latency for Hark's lyric
    /// search and for plain FTS5 bm25 over the same lyrics, with index sizes and import time.
    static func benchLyrics(_ arguments: Arguments) throws -> Int32 {
        let (tracks, count, seed) = try benchSizes(arguments)
        let folder = FileManager.default.temporaryDirectory.path
        let path = arguments.options["db"] ?? "\(folder)/hark-bench-lyrics-\(tracks)-\(seed).db"
        var generator = LyricsGenerator(seed: seed)
        let songs = (0..<tracks).map { generator.song($0, language: LyricsGenerator.languages[$0 % 4]) }
        let built = try ensureLyricsCatalog(path: path, songs: songs, fresh: arguments.flags.contains("fresh"))
        let store = try CatalogStore(path: path)
        var rowOf: [String: Int64] = [:]
        for row in try store.db.rows("SELECT id, artist FROM items WHERE type = 'song'") {
            if let id = row.int(0), let artist = row.string(1) { rowOf[artist] = Int64(id) }
        }
        let queries = (0..<count).map { _ in
            let index = generator.anySong(of: songs.count)
            return generator.remembered(songs[index], index: index)
        }
        let plain = try store.db.prepare(
            "SELECT rowid FROM bench_lyrics_plain WHERE bench_lyrics_plain MATCH ? ORDER BY bm25(bench_lyrics_plain) LIMIT 4"
        )
        let systems: [(String, (String) throws -> [Int64])] = [
            ("hark", { text in try store.findByLyrics(text, limit: 4).map(\.rowID) }),
            (
                "fts5",
                { text in
                    // Any of the words (a remembered line is never all right), ranked by bm25.
                    let words = NameFolding.tokens(text)
                    guard !words.isEmpty else { return [] }
                    return try plain.rows([.text(words.map { "\"\($0)\"" }.joined(separator: " OR "))])
                        .compactMap { $0.int(0).map(Int64.init) }
                }
            ),
        ]
        var report: [String: Any] = [
            "tracks": tracks, "queries": count, "seed": seed, "catalog": path,
            "importSeconds": built.importSeconds.map { ($0 * 10).rounded() / 10 } as Any,
            "plainIndexSeconds": built.plainSeconds.map { ($0 * 10).rounded() / 10 } as Any,
            "bytes": try lyricSizes(store),
        ]
        let misses = Int(arguments.options["misses"] ?? "0") ?? 0
        var shownMisses = 0
        for (name, run) in systems {
            for query in queries.prefix(50) { _ = try run(query.text) }  // warm the page cache
            var times: [Double] = []
            var top1 = 0, top4 = 0
            var byKind: [String: (right: Int, all: Int)] = [:]
            for query in queries {
                let start = DispatchTime.now().uptimeNanoseconds
                let found = try run(query.text)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                let target = rowOf["Singer \(query.song)"]
                let first = target != nil && found.first == target
                if first { top1 += 1 }
                if name == "hark", !first, shownMisses < misses, let target {
                    shownMisses += 1
                    let got = try found.first.flatMap { try store.item(rowID: $0)?.item.artist } ?? "nothing"
                    let gotLine = try store.findByLyrics(query.text, limit: 1).first?.line ?? ""
                    let place = found.firstIndex(of: target).map { "found #\($0 + 1)" } ?? "not in the top 4"
                    warn(
                        "miss (\(place)) \(query.language) d\(query.dropped) s\(query.swapped ? 1 : 0) m\(query.misheard): «\(query.text)» → \(got) «\(gotLine)»; wanted Singer \(query.song) «\(query.sung)»"
                    )
                }
                if found.prefix(4).contains(where: { $0 == target }) { top4 += 1 }
                var kinds = [query.language]
                if query.dropped > 0 { kinds.append("dropped") }
                if query.swapped { kinds.append("swapped") }
                if query.misheard > 0 { kinds.append("misheard") }
                if query.dropped == 0 && !query.swapped && query.misheard == 0 { kinds.append("as sung") }
                for kind in kinds {
                    byKind[kind, default: (0, 0)].all += 1
                    if first { byKind[kind, default: (0, 0)].right += 1 }
                }
            }
            if name == "hark", let slow = arguments.options["slow"].flatMap(Double.init) {
                for (time, query) in zip(times, queries) where time > slow {
                    warn(String(format: "slow %.1f ms %@: «%@»", time, query.language, query.text))
                }
            }
            let sorted = times.sorted()
            func at(_ q: Double) -> Double {
                (sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 100).rounded() / 100
            }
            report[name] =
                [
                    "top1": Double(top1) / Double(count), "top4": Double(top4) / Double(count), "medianMs": at(0.5),
                    "p90Ms": at(0.9), "p99Ms": at(0.99),
                    "top1By": byKind.mapValues { (Double($0.right) / Double(max(1, $0.all)) * 1000).rounded() / 1000 },
                ] as [String: Any]
        }
        if arguments.flags.contains("json") {
            let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return 0
        }
        print("\(count) remembered lines over \(tracks) songs with lyrics (seed \(seed), catalog \(path)):")
        for name in ["hark", "fts5"] {
            guard let system = report[name] as? [String: Any] else { continue }
            print(
                String(
                    format: "  %-5@ top-1 %.3f  top-4 %.3f  median %.2f ms  p90 %.2f ms  p99 %.2f ms", name,
                    system["top1"] as? Double ?? 0, system["top4"] as? Double ?? 0, system["medianMs"] as? Double ?? 0,
                    system["p90Ms"] as? Double ?? 0, system["p99Ms"] as? Double ?? 0))
            let by = (system["top1By"] as? [String: Double] ?? [:]).sorted { $0.key < $1.key }
            print("        top-1 by kind: " + by.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if let bytes = report["bytes"] as? [String: Int] {
            print(
                "  sizes: "
                    + bytes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value / 1024) KiB" }.joined(
                        separator: ", "))
        }
        if let seconds = built.importSeconds {
            print(
                String(
                    format: "  import %.1f s (lyrics keyed and indexed); plain FTS5 index %.1f s", seconds,
                    built.plainSeconds ?? 0))
        } else {
            print("  (catalog reused: --fresh builds it again and times the import)")
        }
        return 0
    }

    /// Builds the benchmark's catalog unless it is there already: the songs as a JSON Lines file
    /// through the real importer, then the plain FTS5 baseline over the same lyrics.
    static func ensureLyricsCatalog(path: String, songs: [LyricsGenerator.Song], fresh: Bool) throws
        -> (importSeconds: Double?, plainSeconds: Double?)
    {
        let marker = path + ".done"
        if !fresh, FileManager.default.fileExists(atPath: marker) { return (nil, nil) }
        for suffix in ["", "-wal", "-shm", ".done", ".jsonl"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        let jsonl = path + ".jsonl"
        FileManager.default.createFile(atPath: jsonl, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: jsonl))
        let encoder = JSONEncoder()
        var random = SplitMix(seed: 7)
        for (index, song) in songs.enumerated() {
            var entry = CatalogEntry(type: .song, title: song.title, artist: "Singer \(index)")
            entry.lyrics = song.lyrics
            entry.popularity = Double(Int.random(in: 0...100, using: &random)) / 100
            try handle.write(contentsOf: encoder.encode(entry) + Data("\n".utf8))
        }
        try handle.close()
        let store = try CatalogStore(path: path)
        let started = Date()
        let report = try CatalogImporter(store: store).importFile(jsonl)
        let importSeconds = Date().timeIntervalSince(started)
        guard report.rejectedCount == 0 else {
            throw UsageError("the generated lyrics were rejected: \(report.rejected)")
        }
        let plainStarted = Date()
        try store.db.execute(
            """
            CREATE VIRTUAL TABLE bench_lyrics_plain USING fts5(text, tokenize='unicode61 remove_diacritics 2');
            INSERT INTO bench_lyrics_plain(rowid, text) SELECT item_id, text FROM lyrics;
            """)
        let plainSeconds = Date().timeIntervalSince(plainStarted)
        try? FileManager.default.removeItem(atPath: jsonl)
        _ = FileManager.default.createFile(atPath: marker, contents: Data())
        return (importSeconds, plainSeconds)
    }

    /// Bytes on disk of the lyrics, their index and the baseline's index (SQLite's dbstat).
    static func lyricSizes(_ store: CatalogStore) throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        for row in try store.db.rows("SELECT name, sum(pgsize) FROM dbstat GROUP BY name") {
            guard let name = row.string(0), let bytes = row.int(1) else { continue }
            let group =
                name.hasPrefix("bench_lyrics_plain")
                ? "plain FTS5 index"
                : name.hasPrefix("lyrics_fts")
                    ? "lyrics index"
                    : name.hasPrefix("lyric_lines_fts")
                        ? "lyric lines index"
                        : name == "lyrics"
                            ? "lyrics table"
                            : name.hasPrefix("lyric_term") ? "lyric key counts and word keys" : nil
            if let group { sizes[group, default: 0] += bytes }
        }
        return sizes
    }
}

import Assistant
import Foundation
import Understanding

extension Commands {
    /// Requests covering every intent, run against a fresh demo database.
    static let benchRequests = [
        "play skyfall by adele", "play", "play some jazz", "play sad acoustic music", "play 80s rock",
        "play the album thriller", "play the latest episode of serial", "play 89.1 fm", "shuffle abbey road",
        "i like this song", "add this song to my driving playlist", "what song is this", "skip forward 45 seconds",
        "go back a minute", "pause", "resume", "next", "set the volume to 30", "play bohemian rhapsody on repeat",
        "search for billie eilish", "what's the weather like tomorrow",
    ]

    static func bench(_ arguments: Arguments) async throws -> Int32 {
        if arguments.positional.first == "parse" { return try await benchParse(arguments) }
        if arguments.positional.first == "resolve" { return try benchResolve(arguments) }
        if arguments.positional.first == "lyrics" { return try benchLyrics(arguments) }
        if arguments.positional.first == "hears" { return try await benchHears(arguments) }
        if arguments.positional.first == "podcasts" { return try await benchPodcasts(arguments) }
        if arguments.positional.first == "identify" { return try benchIdentify(arguments) }
        let rounds = Int(arguments.options["requests"] ?? "20") ?? 20
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hark-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = arguments.options["db"] ?? folder.appendingPathComponent("bench.db").path
        let seedStart = Date()
        let assistant = try Assistant(databasePath: path)
        let seedSeconds = Date().timeIntervalSince(seedStart)
        var understandTimes: [Double] = []
        var askTimes: [Double] = []
        for _ in 0..<rounds {
            for text in benchRequests {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = assistant.understand(text)
                let middle = DispatchTime.now().uptimeNanoseconds
                _ = await assistant.ask(text)
                let end = DispatchTime.now().uptimeNanoseconds
                understandTimes.append(Double(middle - start) / 1e6)
                askTimes.append(Double(end - middle) / 1e6)
            }
        }
        func stats(_ values: [Double]) -> [String: Double] {
            let sorted = values.sorted()
            func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
            return [
                "medianMs": (at(0.5) * 1000).rounded() / 1000, "p90Ms": (at(0.9) * 1000).rounded() / 1000,
                "p99Ms": (at(0.99) * 1000).rounded() / 1000,
            ]
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let report: [String: [String: Double]] = [
            "understand": stats(understandTimes), "ask": stats(askTimes),
            "run": [
                "requests": Double(understandTimes.count), "openAndSeedSeconds": (seedSeconds * 1000).rounded() / 1000,
                "peakRssMiB": Double(usage.ru_maxrss / 1024),
            ],
        ]
        print(json(report, pretty: true))
        return 0
    }
}

extension Commands {
    /// `hark bench parse FILE…`: understanding alone over labelled files (or stdin lines), in µs.
    static func benchParse(_ arguments: Arguments) async throws -> Int32 {
        var understander = try Assistant.understander()
        let appCount = Int(arguments.options["apps"] ?? "0") ?? 0
        var appReport: [String: Double] = [:]
        let plain = understander
        if appCount > 0 {
            let apps = benchApps(appCount)
            (understander, appReport) = try await benchAppSetup(
                apps, entities: Int(arguments.options["entities"] ?? "10000") ?? 10_000, base: understander)
        }
        var texts: [(String, String?)] = []
        for path in arguments.positional.dropFirst() {
            texts += try rows(path).map { ($0.text, $0.lang) }
        }
        if texts.isEmpty {
            while let line = readLine() { texts.append((line, arguments.options["lang"])) }
        }
        guard !texts.isEmpty else { throw UsageError("give labelled files or lines on standard input") }
        let rounds = Int(arguments.options["requests"] ?? "5") ?? 5
        // Each tier setting times every utterance in turn (grammar, + tolerant, all), so a busy
        // moment on a shared machine falls on all three alike.
        // With --apps, each setting is timed with the apps and without them, in turn.
        var settings: [(name: String, tiers: Tiers, understander: Understander)] = [
            ("grammar", .grammar, understander), ("tolerant", [.grammar, .tolerant], understander),
            ("all", .all, understander),
        ]
        if appCount > 0 {
            settings += [("grammar, no apps", .grammar, plain), ("all, no apps", .all, plain)]
            // Requests to the apps too: "open thing bakomi 4 in Trail Pebblely".
            let apps = benchApps(appCount)
            texts += (0..<200).map { index in
                ("open thing \(benchWord(index)) \(index % 97) in \(apps[index % apps.count].name)", "en")
            }
        }
        for (text, lang) in texts { _ = understander.understand(text, language: lang) }
        var times = [[Double]](repeating: [], count: settings.count)
        for _ in 0..<rounds {
            for (text, lang) in texts {
                for (index, setting) in settings.enumerated() {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = setting.understander.understand(text, language: lang, tiers: setting.tiers)
                    times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
                }
            }
        }
        var report: [String: [String: Double]] = [:]
        for (index, setting) in settings.enumerated() {
            let sorted = times[index].sorted()
            func at(_ q: Double) -> Double { (sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 10).rounded() / 10 }
            report[setting.name] = [
                "utterances": Double(texts.count), "runs": Double(sorted.count), "medianMicros": at(0.5),
                "p90Micros": at(0.9), "p99Micros": at(0.99), "maxMicros": at(1),
            ]
        }
        if appCount > 0 { report["apps"] = appReport.merging(["count": Double(appCount)]) { $1 } }
        if appCount > 0 { report["apps"] = appReport.merging(["count": Double(appCount)]) { $1 } }
        print(json(report, pretty: true))
        return 0
    }
}

import Foundation
import Testing
import Waiting

/// Runs the built `hark` binary, as a user would.
struct HarkRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `hark` on a thread outside the concurrency pool: waiting for a child process on one of the
/// pool's threads (one per core) starves everything else in the test process, the HTTP server's
/// answers included.
func hark(_ arguments: [String], input: String? = nil) async throws -> HarkRun {
    try await offThePool { try runHark(arguments, input: input) }
}

/// Blocking work on a dispatch thread, awaited.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

private func runHark(_ arguments: [String], input: String?) throws -> HarkRun {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = folder.appendingPathComponent("hark")
    if !FileManager.default.fileExists(atPath: binary.path) {
        binary = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("hark")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    // A data folder of its own: a command run without --db would otherwise create (and fill with
    // the demo catalog) the user's default database, and two such commands at once on a new
    // machine raced each other for it (`hark parse` printed nothing while `hark eval` filled it).
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("hark-cli-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path]) { $1 }
    let out = Pipe(), err = Pipe(), inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return HarkRun(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}

/// The built `hark` binary's path.
func harkBinary() -> URL {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let binary = folder.appendingPathComponent("hark")
    return FileManager.default.fileExists(atPath: binary.path)
        ? binary : Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("hark")
}

func scratchDatabase() throws -> String {
    // In this run's scratch folder, removed when the tests end (`Fixtures.swift`).
    let path = scratchFolder + "/hark-cli-\(UUID().uuidString).db"
    try FileManager.default.copyItem(atPath: seededTemplate, toPath: path)
    return path
}

@Suite("Command line")
struct CommandLineTests {
    @Test func askAnswers() async throws {
        let run = try await hark(["ask", "--db", try scratchDatabase(), "play", "skyfall", "by", "adele"])
        #expect(run.status == 0)
        #expect(run.stdout == "Playing Skyfall by Adele.\n")
    }

    @Test func askJsonIsTheOutcome() async throws {
        let run = try await hark(["ask", "--json", "--db", try scratchDatabase(), "play the album thriller"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["code"] as? String == "success")
        #expect((object?["understood"] as? [String: Any])?["intent"] as? String == "playMedia")
        #expect((object?["items"] as? [[String: Any]])?.first?["type"] as? String == "album")
    }

    @Test func unknownCommandAndOptionAreOneClearLine() async throws {
        let command = try await hark(["frobnicate"])
        #expect(command.status == 2)
        #expect(command.stderr == "hark: unknown command 'frobnicate'. Run 'hark --help' for the commands.\n")
        let option = try await hark(["ask", "--colour", "x"])
        #expect(option.status == 2 && option.stderr.contains("unknown option --colour"))
        let empty = try await hark(["ask", "--db", try scratchDatabase()])
        #expect(empty.status == 2 && empty.stderr.contains("say what to do"))
    }

    static let commands = [
        "ask", "repl", "import", "eval", "parse", "bench", "vocabulary", "apps", "catalog", "train", "serve",
    ]

    @Test(arguments: commands)
    func everyCommandHasHelp(_ command: String) async throws {
        let run = try await hark([command, "--help"])
        #expect(run.status == 0 && run.stdout.hasPrefix("Usage: hark \(command)"))
        #expect(run.stdout.contains("--db PATH") && run.stdout.contains("--help"))
        let general = try await hark(["--help"])
        #expect(general.stdout.contains("\n  \(command) "))
        let same = try await hark(["help", command])
        #expect(same.stdout == run.stdout)
    }

    @Test func optionsBelongToTheirCommandAndAreChecked() async throws {
        let foreign = try await hark(["ask", "--tracks", "5", "play jazz"])
        #expect(foreign.status == 2)
        #expect(foreign.stderr == "hark: unknown option --tracks for 'hark ask'. Run 'hark ask --help'.\n")
        let number = try await hark(["serve", "--port", "eighty"])
        #expect(number.status == 2 && number.stderr.contains("--port takes a whole number 0…65535, not 'eighty'"))
        let flag = try await hark(["ask", "--json=yes", "play jazz"])
        #expect(flag.status == 2 && flag.stderr.contains("--json takes no value"))
        let missing = try await hark(["eval", "--failures"])
        #expect(missing.status == 2 && missing.stderr.contains("--failures needs a value"))
        // Options may come before the command.
        let before = try await hark(["--db", try scratchDatabase(), "--user", "alice", "ask", "play skyfall by adele"])
        #expect(before.status == 0 && before.stdout == "Playing Skyfall by Adele.\n")
    }

    @Test func importRejectsMalformedLinesAndKeepsTheDatabase() async throws {
        let db = try scratchDatabase()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).jsonl")
        try "{\"type\":\"song\",\"title\":\"Harbour Lights Again\",\"artist\":\"Ana Lune\"}\n{oops\n".write(
            to: file, atomically: true, encoding: .utf8)
        let run = try await hark(["import", "--db", db, file.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("line 2"))
        let ask = try await hark(["ask", "--db", db, "play the song harbour lights again by ana lune"])
        #expect(ask.stdout == "I couldn't find harbour lights again by ana lune.\n")
        let skipping = try await hark(["import", "--db", db, "--skip-bad-rows", file.path])
        #expect(skipping.status == 0 && skipping.stdout.contains("Imported 1 rows"))
        let again = try await hark(["ask", "--db", db, "play the song harbour lights again by ana lune"])
        #expect(again.stdout == "Playing Harbour Lights Again by Ana Lune.\n")
    }

    @Test func importMissingFile() async throws {
        let run = try await hark(["import", "--db", try scratchDatabase(), "/no/such/file.csv"])
        #expect(run.status == 1 && run.stderr.contains("/no/such/file.csv: no such file"))
    }

    @Test func parseWritesExpectShapedLines() async throws {
        let input = "pause\n{\"id\": \"r1\", \"lang\": \"en\", \"text\": \"skip forward 45 seconds\"}\n"
        let run = try await hark(["parse"], input: input)
        let lines = run.stdout.split(separator: "\n")
        try #require(lines.count == 2, "exit status \(run.status), stderr: \(run.stderr)")
        #expect(lines[0] == #"{"expect":{"intent":"pause"},"text":"pause"}"#)
        #expect(
            lines[1]
                == #"{"expect":{"intent":"skipForward","params":{"interval":45}},"id":"r1","lang":"en","text":"skip forward 45 seconds"}"#
        )
    }

    @Test func evalReportsScores() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString).jsonl")
        try """
        {"id": "a", "lang": "en", "text": "pause", "expect": {"intent": "pause"}, "scored": []}
        {"id": "b", "lang": "en", "text": "play Skyfall by Adele", "expect": {"intent": "playMedia", "search": {"mediaName": "Skyfall", "artistName": "Adele"}}, "scored": ["mediaName", "artistName"]}
        {"id": "c", "lang": "en", "text": "tell me a joke", "expect": {"intent": "playMedia"}, "scored": []}
        """.write(to: file, atomically: true, encoding: .utf8)
        let run = try await hark(["eval", file.path])
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(report?["rows"] as? Int == 3)
        #expect(abs((report?["intentAccuracy"] as? Double ?? 0) - 0.6667) < 0.001)
        #expect(report?["slotF1"] as? Double == 1)
        #expect((report?["failures"] as? [[String: Any]])?.count == 1)
    }

    @Test func evalNamesABadLine() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString).jsonl")
        try "{\"text\": \"pause\"}\n[1,2]\n".write(to: file, atomically: true, encoding: .utf8)
        let run = try await hark(["eval", file.path])
        #expect(run.status == 1 && run.stderr.contains("line 2"))
    }

    @Test func replKeepsTheConversation() async throws {
        let run = try await hark(
            ["repl", "--db", try scratchDatabase()], input: "play hello by adele\nwhat song is this\nquit\n")
        #expect(run.stdout == "Playing Hello by Adele.\nThis is Hello by Adele.\n")
    }

    @Test func generateImportAndBenchResolveOnASmallCatalog() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hark-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("c.jsonl").path
        let generated = try await hark(["catalog", "generate", "--tracks", "1500", "--seed", "4", "--out", file])
        #expect(generated.status == 0 && generated.stdout.contains("1500 tracks"))
        let db = folder.appendingPathComponent("c.db").path
        let imported = try await hark(["import", "--db", db, file])
        #expect(imported.status == 0 && imported.stdout.contains("Imported"), "\(imported.stderr)")
        let again = try await hark(["import", "--db", db, file])
        #expect(again.stdout.contains(imported.stdout.components(separatedBy: "holds ").last?.prefix(8) ?? "?"))
        let bench = try await hark([
            "bench", "resolve", "--tracks", "1500", "--queries", "200", "--seed", "4", "--db",
            folder.appendingPathComponent("bench.db").path, "--json",
        ])
        #expect(bench.status == 0, "\(bench.stderr)")
        let line = bench.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let report = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let systems = report?["systems"] as? [String: [String: Double]]
        #expect(Set(systems?.keys.map { $0 } ?? []) == ["hark", "text", "exact", "fts5"])
        #expect((systems?["hark"]?["top1"] ?? 0) >= (systems?["fts5"]?["top1"] ?? 1))
        #expect((systems?["hark"]?["top1"] ?? 0) > (systems?["exact"]?["top1"] ?? 1))
    }

    /// kill -9 in the middle of a large import leaves the catalog as it was, and usable.
    @Test func killedImportLeavesThePreviousCatalog() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hark-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = try scratchDatabase()
        func counts() async throws -> String {
            try await hark(["catalog", "--db", db]).stdout.split(separator: "\n").filter { !$0.hasPrefix("size") }
                .joined(separator: "\n")
        }
        let before = try await counts()
        let file = folder.appendingPathComponent("big.jsonl").path
        #expect(try await hark(["catalog", "generate", "--tracks", "60000", "--seed", "9", "--out", file]).status == 0)
        let size = try #require(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        // Killed once it has read a tenth of the file, then three fifths: by how far it has got (its
        // read offset, from /proc), never after a delay picked in advance, which a fast machine
        // outran and a slow one had not yet reached.
        for share in [0.1, 0.6] {
            let process = Process()
            process.executableURL = harkBinary()
            process.arguments = ["import", "--db", db, file]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try await waitUntil("the import to read \(Int(share * 100)) % of \(file)", every: 0.002) {
                !process.isRunning || readOffset(of: file, by: process.processIdentifier) ?? 0 >= Int(Double(size) * share)
            }
            kill(process.processIdentifier, SIGKILL)
            let reason = try await offThePool {
                process.waitUntilExit()
                return process.terminationReason
            }
            #expect(reason == .uncaughtSignal, "the import ended by itself before \(Int(share * 100)) % was read")
            #expect(try await counts() == before)
            #expect(try await hark(["ask", "--db", db, "play", "skyfall"]).stdout == "Playing Skyfall by Adele.\n")
        }
    }
}

/// How far process `pid` has read `path`: the offset of its descriptor open on it, from
/// /proc/PID/fdinfo; nil when it has none open.
func readOffset(of path: String, by pid: Int32) -> Int? {
    let folder = "/proc/\(pid)/fd"
    let path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    for descriptor in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + descriptor)) == path,
            let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") })
        else { continue }
        return Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
    }
    return nil
}

import Apps
import Assistant
import Catalog
import Foundation
import MusicFiles
import Understanding

/// The work of each command.
enum Commands {
    static func context(_ arguments: Arguments) -> RequestContext {
        var context = RequestContext(
            user: arguments.options["user"] ?? "default", device: arguments.options["device"],
            language: arguments.options["lang"], home: arguments.options["home"], person: arguments.options["person"],
            voiceProfile: arguments.options["voice"])
        if arguments.flags.contains("screen") { context.screen = true }
        return context
    }

    static func ask(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let text = arguments.positional.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("say what to do, e.g. hark ask \"play some jazz\"")
        }
        let assistant = try understandingAssistant(arguments, dbPath: dbPath, app: builtInApp(arguments, dbPath: dbPath))
        let outcome = await assistant.ask(text, context: context(arguments))
        print(arguments.flags.contains("json") ? json(outcome, pretty: true) : outcome.reply.forTerminal)
        try speakIfAsked(outcome, arguments)
        return 0
    }

    static func repl(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let assistant = try Assistant(app: builtInApp(arguments, dbPath: dbPath))
        let interactive = isatty(STDIN_FILENO) == 1
        if interactive { print("Hark is listening. Say something like \"play some jazz\"; 'quit' to stop.") }
        while true {
            if interactive {
                print("> ", terminator: "")
                fflush(nil)
            }
            guard let line = readLine() else { break }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            if ["quit", "exit", "bye"].contains(text.lowercased()) { break }
            let outcome = await assistant.ask(text, context: context(arguments))
            print(arguments.flags.contains("json") ? json(outcome) : outcome.reply.forTerminal)
            do { try speakIfAsked(outcome, arguments) } catch { warn("hark: \(error)") }
        }
        return 0
    }

    static func importCatalog(_ arguments: Arguments, dbPath: String) throws -> Int32 {
        guard arguments.positional.count == 1, let path = arguments.positional.first else {
            throw UsageError("give exactly one file, folder or mpd://host:port to import")
        }
        // Then the files on this machine are fingerprinted, for "what song is this?".
        let fingerprint = { (root: String?) throws -> Void in
            if arguments.flags.contains("no-fingerprints") { return }
            _ = try fingerprintPass(try CatalogStore(path: dbPath), root: root)
        }
        if let address = MPDAddress(path) {
            let status = try importMPD(address, dbPath: dbPath)
            if status == 0 { try fingerprint(arguments.options["music-dir"]) }
            return status
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            let status = try importFolder(path, dbPath: dbPath)
            if status == 0 { try fingerprint(nil) }
            return status
        }
        let mapping = try ColumnMapping(spec: arguments.options["map"])
        let store = try CatalogStore(path: dbPath)
        let started = Date()
        var lastDraw = Date.distantPast
        let report = try CatalogImporter(store: store).importFile(
            path, mapping: mapping, skipBadRows: arguments.flags.contains("skip-bad-rows")
        ) { progress in
            guard isTerminal, progress.stage != nil || Date().timeIntervalSince(lastDraw) > 0.2 else { return }
            lastDraw = Date()
            let elapsed = max(Date().timeIntervalSince(started), 0.001)
            let line: String
            if let stage = progress.stage {
                line = "\(progressBar(1)) \(progress.rows) rows read; building \(stage)…"
            } else {
                let fraction = progress.totalBytes > 0 ? Double(progress.bytesRead) / Double(progress.totalBytes) : 0
                let rate = Double(progress.rows) / elapsed
                let eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
                line =
                    "\(progressBar(fraction)) \(progress.rows) rows  \(Int(rate)) rows/s  ETA \(Int(eta.rounded())) s"
            }
            FileHandle.standardError.write(Data(("\r" + line.padding(toLength: 78, withPad: " ", startingAt: 0)).utf8))
        }
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
        for error in report.rejected.prefix(20) { warn("rejected: \(error)") }
        if report.rejectedCount > 20 { warn("… and \(report.rejectedCount - 20) more rejected rows") }
        if report.rolledBack {
            warn(
                "hark import: nothing imported from \(path): \(report.rejectedCount) row(s) rejected; fix them or pass --skip-bad-rows"
            )
            return 1
        }
        let seconds = Date().timeIntervalSince(started)
        print(
            "Imported \(report.imported) rows from \(path) in \(String(format: "%.1f", seconds)) s"
                + " (\(Int(Double(report.imported) / max(seconds, 0.001))) rows/s); rejected \(report.rejectedCount)."
                + " Catalog now holds \(try store.itemCount()) items; database \(fileSize(dbPath)).")
        if report.bulk {
            print(
                "Stages: "
                    + report.stages.map { "\($0.name) \(String(format: "%.1f", $0.seconds)) s" }.joined(separator: ", ")
            )
        }
        return 0
    }

    /// Reads a JSON Lines file of evaluation rows, naming the file and line of a bad one.
    static func rows(_ path: String) throws -> [EvalRow] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read \(path)")
        }
        let decoder = JSONDecoder()
        var rows: [EvalRow] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            do {
                rows.append(try decoder.decode(EvalRow.self, from: Data(trimmed.utf8)))
            } catch {
                throw CatalogError.malformedLine(
                    index + 1, reason: "not an evaluation row (\(error.localizedDescription))", file: path)
            }
        }
        return rows
    }

    /// Reads labelled rows with the catalog's help, as `ask` would (the demo catalog on a fresh database).
    static func eval(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        guard !arguments.positional.isEmpty else { throw UsageError("give one or more JSON Lines files") }
        let files = try arguments.positional.map { ($0, try rows($0)) }
        let fold = try Fold(arguments)
        let assistant = try understandingAssistant(arguments, dbPath: dbPath)
        let failureLimit = try arguments.options["failures"].map {
            guard let limit = Int($0), limit >= 0 else { throw UsageError("--failures takes a count, not '\($0)'") }
            return limit
        } ?? 50
        var evaluator = Evaluator(failureLimit: failureLimit)
        // Unless --tiers names one setting, each tier's share is measured too: the grammar alone,
        // with the tolerant tier, and all tiers (the report's main figures).
        let shares: [(name: String, tiers: Tiers)] =
            arguments.options["tiers"] == nil && !arguments.flags.contains("grammar-only")
            ? [("grammar", .grammar), ("tolerant", [.grammar, .tolerant])] : []
        var perTier = shares.map { _ in Evaluator() }
        for (_, rows) in files {
            for row in rows where fold.index == nil || fold.holdsOut(row) {
                let context = RequestContext(user: "eval", language: row.lang)
                let predicted =
                    arguments.flags.contains("grammar-only")
                    ? assistant.understand(row.text, language: row.lang).first?.understood ?? .none
                    : await assistant.interpret(row.text, context: context)
                evaluator.add(row, predicted: predicted)
                for (index, share) in shares.enumerated() {
                    perTier[index].add(row, predicted: await assistant.interpret(row.text, context: context, tiers: share.tiers))
                }
            }
        }
        var report = evaluator.report
        for (index, share) in shares.enumerated() { report.perTier[share.name] = perTier[index].report.overall }
        if !shares.isEmpty { report.perTier["all"] = report.overall }
        print(json(report, pretty: true))
        return 0
    }

    /// An assistant with the model and tiers the options name (`--model FILE`, `--tiers`).
    static func understandingAssistant(_ arguments: Arguments, dbPath: String, app: BuiltInMediaApp? = nil) throws
        -> Assistant
    {
        let model = try arguments.options["model"].map { try IntentModel(contentsOf: URL(fileURLWithPath: $0)) }
        return try Assistant(app: app ?? builtInApp(arguments, dbPath: dbPath), model: model, tiers: try tiers(arguments))
    }

    /// The tiers `--tiers` names: grammar, tolerant (grammar + tolerant) or all.
    static func tiers(_ arguments: Arguments) throws -> Tiers {
        switch arguments.options["tiers"] ?? "all" {
        case "grammar": return .grammar
        case "tolerant": return [.grammar, .tolerant]
        case "all": return .all
        case let other: throw UsageError("--tiers takes grammar, tolerant or all, not '\(other)'")
        }
    }

    static func parse(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let assistant = try understandingAssistant(arguments, dbPath: dbPath)
        let decoder = JSONDecoder()
        var lineNumber = 0
        while let line = readLine() {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            var id: String?
            var lang = arguments.options["lang"]
            var text = trimmed
            if trimmed.hasPrefix("{") {
                guard let row = try? decoder.decode(EvalRow.self, from: Data(trimmed.utf8)) else {
                    warn("hark parse: line \(lineNumber): not a JSON row with \"text\"; skipped")
                    continue
                }
                id = row.id
                lang = row.lang ?? lang
                text = row.text
            }
            let understood = await assistant.interpret(text, context: RequestContext(user: "parse", language: lang))
            print(json(ParseResult(id: id, lang: lang, text: text, expect: understood)))
            if arguments.flags.contains("explain") {
                // Each tier's readings and the model's frames, for finding why a request was misread.
                for reading in assistant.understand(text, language: lang) {
                    print("  \(reading.tier.rawValue) score \(String(format: "%.2f", reading.score)) confidence "
                        + "\(String(format: "%.2f", reading.confidence)): \(json(reading.understood))")
                }
                let frames = assistant.frames(text).map { "\($0.frame) \(String(format: "%.2f", $0.probability))" }
                print("  model: " + frames.joined(separator: ", "))
            }
        }
        return 0
    }
}

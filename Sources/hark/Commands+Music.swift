import Apps
import Assistant
import Catalog
import Foundation
import MusicFiles
import Storage

extension Commands {
    /// The built-in app over the database at `dbPath`, playing where `--output` says:
    /// `mpd://host:port`, else the simulated player.
    static func builtInApp(_ arguments: Arguments, dbPath: String) throws -> BuiltInMediaApp {
        guard let spec = arguments.options["output"], spec != "simulated" else {
            return try BuiltInMediaApp(
                path: dbPath, state: stateLocation(arguments),
                outputFactory: { spec in MPDAddress(spec).map { MPDOutput($0) } })
        }
        guard let address = MPDAddress(spec) else {
            throw UsageError("--output takes mpd://host[:port] or simulated, not \(spec)")
        }
        let output = MPDOutput(address)
        do { try output.ping() } catch { warn("hark: \(error); replies will say so until it answers") }
        // A home's devices with an MPD address of their own play there (`Home.Device.output`).
        return try BuiltInMediaApp(
            path: dbPath, state: stateLocation(arguments), output: output,
            outputFactory: { spec in MPDAddress(spec).map { MPDOutput($0) } })
    }

    /// Where the state is kept: `--state`, else `$HARK_STATE`, else nil (the database file itself).
    static func stateLocation(_ arguments: Arguments) -> StateLocation? {
        (arguments.options["state"] ?? ProcessInfo.processInfo.environment["HARK_STATE"]).flatMap {
            $0.isEmpty ? nil : StateLocation($0)
        }
    }

    /// `--speak` says the reply aloud; `--speak-to FILE.wav` writes it as audio.
    static func speakIfAsked(_ outcome: Outcome, _ arguments: Arguments) throws {
        let language = outcome.language.isEmpty ? "en" : outcome.language
        if let file = arguments.options["speak-to"] {
            let audio = try Speech.wav(outcome.reply, language: language)
            guard FileManager.default.createFile(atPath: file, contents: audio) else {
                throw UsageError("--speak-to: cannot write \(file)")
            }
        }
        if arguments.flags.contains("speak") { try Speech.speak(outcome.reply, language: language) }
    }

    /// `hark import FOLDER`: audio files by their tags, reading only what changed since last time.
    static func importFolder(_ folder: String, dbPath: String) throws -> Int32 {
        let store = try CatalogStore(path: dbPath)
        let started = Date()
        var lastDraw = Date.distantPast
        let report = try FolderImporter(store: store).importFolder(folder) { done, total, stage in
            guard isTerminal, stage != nil || Date().timeIntervalSince(lastDraw) > 0.2 else { return }
            lastDraw = Date()
            let fraction = total > 0 ? Double(done) / Double(total) : 1
            let rate = Double(done) / max(Date().timeIntervalSince(started), 0.001)
            let line =
                stage.map { "\(progressBar(1)) \(done) files read; building \($0)…" }
                ?? "\(progressBar(fraction)) \(done)/\(total) files  \(Int(rate)) files/s"
            FileHandle.standardError.write(Data(("\r" + line.padding(toLength: 78, withPad: " ", startingAt: 0)).utf8))
        }
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
        let seconds = Date().timeIntervalSince(started)
        let skipped = report.skipped.values.reduce(0, +)
        print(
            "Read \(report.read) of \(report.audioFiles) audio files in \(folder) in \(String(format: "%.1f", seconds)) s"
                + " (\(Int(Double(report.read) / max(seconds, 0.001))) files/s); \(report.unchanged) unchanged,"
                + " \(report.removed) removed, \(skipped) skipped; \(report.withLyrics) read with lyrics."
                + " Catalog now holds \(try store.itemCount()) items (\(try store.lyricsCount()) with lyrics);"
                + " database \(fileSize(dbPath)).")
        if skipped > 0 {
            print(
                "Skipped: "
                    + report.skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
            for (path, reason) in report.skippedExamples.prefix(10) { warn("  \(reason): \(path)") }
        }
        return 0
    }

    /// `hark import mpd://host:port`: the songs in Music Player Daemon's database.
    static func importMPD(_ address: MPDAddress, dbPath: String) throws -> Int32 {
        let store = try CatalogStore(path: dbPath)
        let started = Date()
        let entries = try MPDLibrary.entries(address)
        var iterator = entries.enumerated().makeIterator()
        let report = try CatalogImporter(store: store).importRows(estimatedRows: entries.count, skipBadRows: true) {
            iterator.next().map { ($0.offset + 1, .success($0.element)) }
        }
        print(
            "Imported \(report.imported) songs from \(address) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s."
                + " Catalog now holds \(try store.itemCount()) items.")
        return 0
    }
}

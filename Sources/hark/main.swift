import Assistant
import Foundation
import Understanding

/// Writes a line to standard error.
func warn(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}()

func json<T: Encodable>(_ value: T, pretty: Bool = false) -> String {
    encoder.outputFormatting =
        pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
    return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "{}"
}

let isTerminal = isatty(STDERR_FILENO) == 1

/// `hark --help`: every command's one-line summary.
let generalHelp: String = {
    let width = CommandSpec.all.map(\.name.count).max() ?? 0
    let commands = CommandSpec.all.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
    return (["hark — a voice media assistant for your own music, podcasts, audiobooks and radio.", "",
        "Usage: hark <command> [options]", "", "Commands:"] + commands + ["",
        "Run 'hark <command> --help' for a command's options."]).joined(separator: "\n")
}()

func run() async -> Int32 {
    let arguments: Arguments
    do {
        arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    } catch {
        let argv = Array(CommandLine.arguments.dropFirst())
        let named = Arguments.commandIndex(argv).flatMap { CommandSpec.named(argv[$0]) }
        warn("hark: \(error). Run 'hark \(named.map { $0.name + " " } ?? "")--help'.")
        return 2
    }
    guard let command = arguments.command else {
        print(generalHelp)
        return arguments.flags.contains("help") ? 0 : 2
    }
    if command == "help" {
        print(arguments.positional.first.flatMap(CommandSpec.named)?.help ?? generalHelp)
        return 0
    }
    guard let spec = CommandSpec.named(command) else {
        warn("hark: unknown command '\(command)'. Run 'hark --help' for the commands.")
        return 2
    }
    if arguments.flags.contains("help") {
        print(spec.help)
        return 0
    }
    let dbPath = arguments.options["db"] ?? Assistant.defaultDatabasePath()
    do {
        switch command {
        case "ask": return try await Commands.ask(arguments, dbPath: dbPath)
        case "search": return try await Commands.search(arguments, dbPath: dbPath)
        case "repl": return try await Commands.repl(arguments, dbPath: dbPath)
        case "import": return try Commands.importCatalog(arguments, dbPath: dbPath)
        case "eval": return try await Commands.eval(arguments, dbPath: dbPath)
        case "parse": return try await Commands.parse(arguments, dbPath: dbPath)
        case "bench": return try await Commands.bench(arguments)
        case "vocabulary": return try await Commands.vocabulary(arguments, dbPath: dbPath)
        case "apps": return try await Commands.apps(arguments, dbPath: dbPath)
        case "home": return try await Commands.home(arguments, dbPath: dbPath)
        case "catalog": return try Commands.catalog(arguments, dbPath: dbPath)
        case "podcasts": return try await Commands.podcasts(arguments, dbPath: dbPath)
        case "identify": return try Commands.identify(arguments, dbPath: dbPath)
        case "fingerprints": return try Commands.fingerprints(arguments, dbPath: dbPath)
        case "serve": return try await Commands.serve(arguments, dbPath: dbPath)
        case "train": return try Commands.train(arguments)
        case "migrate": return try await Commands.migrate(arguments, dbPath: dbPath)
        default: return 2
        }
    } catch let error as UsageError {
        warn("hark \(command): \(error). Run 'hark \(command) --help'.")
        return 2
    } catch {
        warn("hark \(command): \(error)")
        return 1
    }
}

// MeCab's readings and Snowball's stems for every name folded from here on (imports, queries).
LanguageLibraries.install()
exit(await run())

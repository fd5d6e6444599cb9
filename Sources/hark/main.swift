import Assistant
import Catalog
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

func run() async -> Int32 {
    let arguments: Arguments
    do {
        arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    } catch {
        warn("hark: \(error). Run 'hark --help'.")
        return 2
    }
    guard let command = arguments.command else {
        print(Help.general)
        return arguments.flags.contains("help") ? 0 : 2
    }
    if command == "help" {
        print(arguments.positional.first.flatMap { Help.commands[$0] } ?? Help.general)
        return 0
    }
    guard let help = Help.commands[command] else {
        warn("hark: unknown command '\(command)'. Run 'hark --help' for the commands.")
        return 2
    }
    if arguments.flags.contains("help") {
        print(help)
        return 0
    }
    let dbPath = arguments.options["db"] ?? Assistant.defaultDatabasePath()
    do {
        switch command {
        case "ask": return try await Commands.ask(arguments, dbPath: dbPath)
        case "repl": return try await Commands.repl(arguments, dbPath: dbPath)
        case "import": return try Commands.importCatalog(arguments, dbPath: dbPath)
        case "eval": return try await Commands.eval(arguments, dbPath: dbPath)
        case "parse": return try await Commands.parse(arguments, dbPath: dbPath)
        case "bench": return try await Commands.bench(arguments)
        case "vocabulary": return try await Commands.vocabulary(arguments, dbPath: dbPath)
        case "apps": return try await Commands.apps(arguments, dbPath: dbPath)
        case "catalog": return try Commands.catalog(arguments, dbPath: dbPath)
        case "serve": return try await Commands.serve(arguments, dbPath: dbPath)
        case "train": return try Commands.train(arguments)
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

exit(await run())

/// Command-line arguments split into a command, its options and the rest, checked against the
/// command's `CommandSpec`: an option the command does not take is an error, and so is a value the
/// option cannot take.
struct Arguments {
    var command: String?
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    init(_ argv: [String]) throws {
        let commandIndex = Self.commandIndex(argv)
        command = commandIndex.map { argv[$0] }
        let spec = command.flatMap(CommandSpec.named)
        // An unknown command is reported by name; its options are not read. "help" takes a command name.
        if command == "help" { positional = argv.indices.filter { $0 != commandIndex }.map { argv[$0] } }
        if command != nil && spec == nil { return }
        let known = spec?.allOptions ?? CommandSpec.common
        var rest = argv.indices.filter { $0 != commandIndex }.map { argv[$0] }[...]
        while let arg = rest.popFirst() {
            if arg == "--" {
                positional += rest
                break
            }
            guard arg.hasPrefix("--") else {
                if arg == "-h" { flags.insert("help") } else { positional.append(arg) }
                continue
            }
            var name = String(arg.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = known.first(where: { $0.name == name }) else {
                let hint = spec.map { " for 'hark \($0.name)'" } ?? ""
                throw UsageError("unknown option --\(name)\(hint)")
            }
            if case .flag = option.value {
                guard value == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else {
                guard let given = value ?? rest.popFirst() else { throw UsageError("--\(name) needs a value") }
                try option.check(given)
                options[name] = given
            }
        }
    }

    /// Where the command is: the first word that is neither an option nor the value of one (an
    /// option may come before the command: `hark --user alice ask …`).
    static func commandIndex(_ argv: [String]) -> Int? {
        var index = 0
        while index < argv.count {
            let arg = argv[index]
            if arg == "--" { return nil }
            if arg.hasPrefix("--"), !arg.contains("="), takesValue.contains(String(arg.dropFirst(2))) {
                index += 2
                continue
            }
            if !arg.hasPrefix("-") { return index }
            index += 1
        }
        return nil
    }

    /// Every option, of any command, that takes a value.
    static let takesValue: Set<String> = Set(
        (CommandSpec.all.flatMap(\.options) + CommandSpec.common).compactMap { option in
            if case .flag = option.value { return nil }
            return option.name
        })
}

/// A mistake in how hark was called: printed as one line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

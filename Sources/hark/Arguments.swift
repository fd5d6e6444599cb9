/// Command-line arguments split into a command, options and the rest.
struct Arguments {
    var command: String?
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    /// Options that take a value; everything else starting with `--` is a flag.
    static let valued: Set<String> = [
        "db", "user", "device", "lang", "map", "requests", "seed", "alt", "hint", "vocabulary", "tracks", "out",
        "queries", "misses", "slow", "host", "port", "tokens", "output", "speak-to",
        "training", "dev", "fold", "folds", "tiers", "model", "failures",
    ]
    static let knownFlags: Set<String> = ["json", "help", "skip-bad-rows", "grammar-only", "clear", "fresh", "speak", "explain"]

    init(_ argv: [String]) throws {
        var rest = argv[...]
        while let arg = rest.popFirst() {
            if arg == "--" {
                positional += rest
                break
            }
            if arg.hasPrefix("--") {
                var name = String(arg.dropFirst(2))
                var value: String?
                if let eq = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if Self.valued.contains(name) {
                    guard let given = value ?? rest.popFirst() else { throw UsageError("--\(name) needs a value") }
                    options[name] = given
                } else if Self.knownFlags.contains(name) {
                    flags.insert(name)
                } else {
                    throw UsageError("unknown option --\(name)")
                }
            } else if arg == "-h" {
                flags.insert("help")
            } else if command == nil {
                command = arg
            } else {
                positional.append(arg)
            }
        }
    }
}

/// A mistake in how hark was called: printed as one line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

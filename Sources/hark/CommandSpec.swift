/// One command-line option of a command: its name, what it takes, and its help line.
struct OptionSpec: Sendable {
    enum Value: Sendable {
        /// No value: present or not.
        case flag
        /// Any text, shown in help as the placeholder.
        case text(String)
        /// A whole number in a range, shown in help as the placeholder.
        case number(String, ClosedRange<Int>)
    }

    let name: String
    let value: Value
    let help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, value: .flag, help: help) }
    static func text(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: .text(placeholder), help: help)
    }
    static func number(_ name: String, _ placeholder: String, _ range: ClosedRange<Int>, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: .number(placeholder, range), help: help)
    }

    /// "--port N" as help shows it.
    var shown: String {
        switch value {
        case .flag: return "--\(name)"
        case .text(let placeholder), .number(let placeholder, _): return "--\(name) \(placeholder)"
        }
    }

    /// The value checked against what the option takes.
    func check(_ given: String) throws {
        guard case .number(_, let range) = value else { return }
        guard let number = Int(given), range.contains(number) else {
            let upper = range.upperBound == Int.max ? "" : "…\(range.upperBound)"
            throw UsageError("--\(name) takes a whole number \(range.lowerBound)\(upper), not '\(given)'")
        }
    }
}

/// One command, described once: its options (with types and help), its usage forms and what it
/// does. Parsing, `--help` and usage errors all come from this.
struct CommandSpec: Sendable {
    let name: String
    /// One line for `hark --help`.
    let summary: String
    /// What follows "hark NAME" in each usage form ("[options] TEXT...").
    let usage: [String]
    let about: String
    let options: [OptionSpec]

    /// Options every command takes.
    static let common: [OptionSpec] = [
        .text(
            "db", "PATH", "database file (default $XDG_DATA_HOME/hark/hark.db or ~/.local/share/hark/hark.db)"),
        .text(
            "state", "ADDRESS",
            "where players, homes, apps, settings and open questions are kept: postgres://USER@HOST:PORT/DB (shared by replicas) or a file (default: the --db file; also $HARK_STATE)"),
        .flag("help", "this help"),
    ]

    var allOptions: [OptionSpec] { options + Self.common }

    func option(named name: String) -> OptionSpec? { allOptions.first { $0.name == name } }

    var help: String {
        var lines = usage.enumerated().map { index, form in (index == 0 ? "Usage: " : "       ") + "hark \(name) \(form)" }
        lines += ["", about, "", "Options:"]
        let width = allOptions.map(\.shown.count).max() ?? 0
        for option in allOptions {
            lines.append("  " + option.shown.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help)
        }
        return lines.joined(separator: "\n")
    }
}

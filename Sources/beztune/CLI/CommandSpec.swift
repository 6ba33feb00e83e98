import Foundation

/// The declared shape of one `beztune` command: its options and help text. Parsing and help both
/// read from this one description, so they cannot disagree.
struct CommandSpec: Sendable {
    /// How an option takes values.
    enum Arity: Sendable, Equatable {
        /// `--name` alone; present or not.
        case flag
        /// `--name VALUE` or `--name=VALUE`, at most once.
        case single(valueName: String)
        /// `--name VALUE`, any number of times, in order.
        case repeated(valueName: String)
    }

    struct Option: Sendable {
        var name: String
        var arity: Arity
        var help: String
    }

    var name: String
    var abstract: String
    /// The synopsis after `beztune <name> `, e.g. `(--path D | --path-file FILE) [options]`.
    var synopsis: String
    var options: [Option]
    /// Groups of options of which at most one may be given.
    var exclusive: [[String]] = []
    /// Free text after the option list (conventions, examples).
    var discussion: String = ""

    func option(named name: String) -> Option? { options.first { $0.name == name } }

    var usageLine: String { "beztune \(name) \(synopsis)" }

    /// The text `beztune <name> --help` prints.
    var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usageLine)", "", "OPTIONS:"]
        let all = options + [Option(name: "help", arity: .flag, help: "Show this help.")]
        let labels = all.map { o -> String in
            switch o.arity {
            case .flag: "--\(o.name)"
            case .single(let v): "--\(o.name) \(v)"
            case .repeated(let v): "--\(o.name) \(v) …"
            }
        }
        let width = labels.map(\.count).max() ?? 0
        for (label, o) in zip(labels, all) {
            lines.append("  " + label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + o.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }
}

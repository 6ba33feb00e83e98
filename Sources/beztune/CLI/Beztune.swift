import _Support

/// The `beztune` command line: dispatches to a command, prints help and version, and turns every
/// failure into one line on stderr and an exit status (0 success, 1 runtime failure, 2 usage).
struct Beztune {
    static let version = "0.1.0"

    /// A command: its declared options and what it does with them.
    struct Command: Sendable {
        var spec: CommandSpec
        var run: @Sendable (ParsedArguments, Console) throws(CLIError) -> Void
    }

    static let commands: [Command] = [
        ErrorCommand.command,
        ErrorCurveCommand.command,
        OptimizeCommand.command,
        SweepCommand.command,
        SegmentsForCommand.command,
        MagnifyCommand.command,
        PathInfo.command,
        Nist.command,
        Mgh.command,
        Model.command,
        Frames.command,
        Fit.command,
        FitProfile.command,
    ]

    static var overview: String {
        var lines = [
            "OVERVIEW: BezierTune \(version) — numerical analysis and tuning of cubic Bézier shapes.",
            "",
            "USAGE: beztune <command> [options]",
            "       beztune <command> --help",
            "",
            "COMMANDS:",
        ]
        let width = commands.map(\.spec.name.count).max() ?? 0
        for c in commands {
            lines.append("  " + c.spec.name + String(repeating: " ", count: width - c.spec.name.count + 2) + c.spec.abstract)
        }
        lines += ["", "OPTIONS:", "  --help     Show this help.", "  --version  Show the version."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    static func main(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.printError("beztune: missing command (usage: beztune <command> [options]; see 'beztune --help')")
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            console.writeOutput(overview)
            return 0
        case "--version":
            console.print("beztune \(version)")
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            let names = commands.map(\.spec.name).joined(separator: ", ")
            console.printError("beztune: unknown command '\(first)' (commands: \(names); see 'beztune --help')")
            return 2
        }
        do throws(CLIError) {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                console.writeOutput(command.spec.helpText)
                return 0
            }
            try command.run(parsed, console)
            return 0
        } catch {
            console.printError("beztune \(command.spec.name): \(error.message.oneLine.cappedForMessage)")
            return error.exitCode
        }
    }
}

extension String {
    /// The text with every line break replaced by a space, so a diagnostic stays on one line.
    var oneLine: String {
        String(map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }

    /// At most 1000 characters: a longer diagnostic (one quoting a 100 KiB argument) keeps its
    /// first 600 and last 300 characters, which name the problem and the usage, around a count
    /// of what was left out.
    var cappedForMessage: String {
        guard count > 1000 else { return self }
        return "\(prefix(600))… (\(count - 900) characters left out) …\(suffix(300))"
    }
}

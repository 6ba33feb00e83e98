import _ProcessLayer
import _Support

/// The `beztune` command line: dispatches to a command, prints help and version, and turns every
/// failure into one line on stderr and an exit status (``Diagnosis``) — 0 success, 1 runtime
/// failure (including a missing, unreadable or invalid input file), 2 usage error (a bad option
/// or option value) — a usage error followed by the command's usage line.
struct Beztune {
    static let version = "0.1.0"
    /// The program's name, as usage lines and messages write it.
    static let program = "beztune"

    static var commands: [Command] {
        [
            ErrorCommand.command,
            ErrorCurveCommand.command,
            OptimizeCommand.command,
            SweepCommand.command,
            SegmentsForCommand.command,
            MagnifyCommand.command,
            PathInfoCommand.command,
            NistCommand.command,
            MghCommand.command,
            ModelCommand.command,
            FramesCommand.command,
            FitCommand.command,
            FitProfileCommand.command,
            ExportCommand.command,
        ]
    }

    /// The text `beztune --help` prints.
    static func overview(_ commands: [Command]) -> String {
        var lines = [
            "OVERVIEW: BezierTune \(version) — numerical analysis and tuning of cubic Bézier shapes.",
            "",
            "USAGE: beztune <command> [options]",
            "       beztune <command> --help",
            "",
            "COMMANDS:",
        ]
        let width = commands.map(\.name.count).max() ?? 0
        for c in commands {
            lines.append("  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + c.abstract)
        }
        lines += ["", "OPTIONS:", "  --help     Show this help.", "  --version  Show the version.",
                  "", "EXIT STATUS:", "  0  success",
                  "  1  runtime failure: a missing, unreadable or invalid input file, a failed computation, an unwritable output",
                  "  2  usage error: an unknown or repeated option, a missing or invalid option value"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the command line `arguments` (without the program name) with `commands` and returns
    /// the exit status.
    static func main(_ arguments: [String], commands: [Command] = commands, console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.printError("beztune: missing command (usage: beztune <command> [options]; see 'beztune --help')")
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            console.writeOutput(overview(commands))
            return 0
        case "--version":
            console.print("beztune \(version)")
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map(\.name).joined(separator: ", ")
            console.printError("beztune: unknown command \(MessageText.quoted(first)) (commands: \(names); see 'beztune --help')")
            return 2
        }
        var stage = Command.Stage.parsing
        var console = console
        console.invocation = FolderCommand(name: command.name, program: RunOutputs.program, arguments: arguments)
        do {
            if try command.execute(Array(arguments.dropFirst()), console, &stage) == .help {
                console.writeOutput(command.helpText)
            }
            return 0
        } catch {
            let diagnosis = Diagnosis(error, stage: stage)
            var message = diagnosis.message
            if diagnosis.isUsage { message += " (usage: \(command.usageLine); see 'beztune \(command.name) --help')" }
            console.printError("beztune \(command.name): \(message.oneLine.cappedForMessage)")
            return diagnosis.isUsage ? 2 : 1
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

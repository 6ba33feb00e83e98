import _ArgumentParser

/// A command as the dispatcher sees it: its name, abstract, help and usage line, and how it runs
/// a command line — from a ``CommandDeclaration``, the step that checks the parsed values before
/// any input is read (`validate`), and the function that runs what it checked.
struct Command {
    var name: String
    var abstract: String
    var helpText: String
    var usageLine: String
    /// Parses the arguments (after the command name), validates and runs them, keeping `stage`
    /// up to date (what failed before the run began is a usage error); `.help` when they ask for
    /// the help instead.
    var execute: ([String], Console, inout Stage) throws -> Outcome

    enum Outcome { case ran, help }

    /// How far a command line got: an error before ``running`` is the user's usage mistake,
    /// whatever its type; one while running is what the error says it is (``Diagnosis``).
    enum Stage {
        /// Reading the arguments into typed values (`unknown option`, `invalid --k '…'`).
        case parsing
        /// Checking the values together before any input is read (``Command/init(_:validate:run:)``).
        case validating
        /// Reading inputs, computing, writing outputs.
        case running
    }

    /// A command whose parsed values are checked by `validate` — every check that needs no
    /// file's content, so that its failures are usage errors reported before any input is read
    /// — and then run as `run` from what `validate` made of them.
    init<Values, Checked>(_ declaration: CommandDeclaration<Values>, validate: @escaping (Values) throws -> Checked,
                          run: @escaping (Checked, Console) throws -> Void) {
        name = declaration.name
        abstract = declaration.abstract
        helpText = declaration.helpText
        usageLine = declaration.usageLine
        execute = { arguments, console, stage in
            stage = .parsing
            switch try declaration.parse(arguments) {
            case .help: return .help
            case .run(let values):
                stage = .validating
                let checked = try validate(values)
                stage = .running
                try run(checked, console)
                return .ran
            }
        }
    }

    /// A command whose parsed values need no check beyond their declaration's.
    init<Values>(_ declaration: CommandDeclaration<Values>, run: @escaping (Values, Console) throws -> Void) {
        self.init(declaration, validate: { $0 }, run: run)
    }
}

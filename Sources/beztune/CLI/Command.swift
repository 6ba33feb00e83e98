/// A command as the dispatcher sees it: its name, abstract, help and usage line, and how it runs
/// a command line — from a ``CommandDeclaration`` and the function that runs its values.
struct Command {
    var name: String
    var abstract: String
    var helpText: String
    var usageLine: String
    /// Parses the arguments (after the command name) and runs them; `.help` when they ask for
    /// the help instead.
    var execute: ([String], Console) throws(CLIError) -> Outcome

    enum Outcome { case ran, help }

    init<Values>(_ declaration: CommandDeclaration<Values>, run: @escaping (Values, Console) throws(CLIError) -> Void) {
        name = declaration.name
        abstract = declaration.abstract
        helpText = declaration.helpText
        usageLine = declaration.usageLine
        execute = { arguments, console throws(CLIError) in
            switch try declaration.parse(arguments) {
            case .help: return .help
            case .run(let values):
                try run(values, console)
                return .ran
            }
        }
    }
}

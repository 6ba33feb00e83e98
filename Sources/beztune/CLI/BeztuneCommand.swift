import _ArgumentParser

/// One `beztune` command, declared as swift-argument-parser's `ParsableCommand` is: its name,
/// abstract and discussion, its typed options (``Options``, whose properties' initial values are
/// the defaults) with their declarations and rules, the check of the parsed values before any
/// input is read (``validate(_:)``) and the run of what it checked (``run(_:console:)``). The
/// parser, `--help` and the usage line follow from the declaration (``declaration``), and the
/// dispatcher runs it as a ``Command``.
protocol BeztuneCommand {
    associatedtype Options: CommandOptions
    /// What ``validate(_:)`` makes of the options for ``run(_:console:)``.
    associatedtype Checked = Options

    static var name: String { get }
    static var abstract: String { get }
    /// Free text after the option list (conventions, examples).
    static var discussion: String { get }
    /// The options, in the order `--help` lists them.
    static var options: [Option<Options>] { get }
    static var rules: [OptionRule<Options>] { get }

    /// Every check of the options that needs no file's content (its failures are usage errors,
    /// reported before any input is read), and what the run needs of them.
    static func validate(_ options: Options) throws -> Checked
    /// Reads the inputs, computes and writes the outputs.
    static func run(_ checked: Checked, console: Console) throws
}

extension BeztuneCommand {
    static var rules: [OptionRule<Options>] { [] }

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(program: Beztune.program, name: name, abstract: abstract, options: options, rules: rules,
                           discussion: discussion)
    }

    static var command: Command { Command(declaration, validate: validate, run: run) }
}

extension BeztuneCommand where Checked == Options {
    /// No check beyond the declaration's.
    static func validate(_ options: Options) throws -> Options { options }
}

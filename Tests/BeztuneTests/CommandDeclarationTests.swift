@testable import beztune
import _ArgumentParser
import _Support
import Foundation
import Testing

/// The declaration is the one source of a command's parsing, help and usage line: an option added
/// to a copy of `error`'s declaration (and to no other code) shows in `--help` and in the usage
/// line, parses in both spellings to its typed value, keeps its default when absent, and is
/// refused with the message its parser declares.
@Suite("command declarations: one option added, everything follows")
struct CommandDeclarationTests {
    /// `error`'s options and one more, `x`.
    struct Extended: CommandOptions {
        var base = ErrorCommand.Options()
        var x = 3
        /// Set by no option: a rule naming it names no option.
        var unbound = false
    }

    /// `error`'s declaration, embedded, plus `--x X`: a whole number from 1 to 9, default 3.
    static var declaration: CommandDeclaration<Extended> {
        var d = ErrorCommand.declaration.embedded(in: \Extended.base)
        d.options.append(.value(\.x, "x", "X", help: "A test option: a whole number from 1 to 9 (default 3).",
                                parse: OptionValue.wholeNumber(in: 1...9)))
        return d
    }

    /// Runs `arguments` through the dispatcher with the extended command as `error`; the values
    /// the command received (nil when it did not run), the exit status, stdout and stderr.
    static func run(_ arguments: [String]) -> (values: Extended?, status: Int32, output: String, error: String) {
        let captured = Captured()
        let command = Command(declaration) { values, _ in captured.values = values }
        let console = Console(writeOutput: { captured.output += $0 }, writeError: { captured.error += $0 })
        let status = Beztune.main(["error"] + arguments, commands: [command], console: console)
        return (captured.values, status, captured.output, captured.error)
    }

    @Test("--help lists the option with its help; the usage line shows it")
    func helpAndUsage() {
        let r = Self.run(["--help"])
        #expect(r.status == 0 && r.values == nil)
        #expect(r.output.contains("  --x X") && r.output.contains("A test option: a whole number from 1 to 9 (default 3)."))
        let usage = "USAGE: beztune error --k K [--k K …] [--segments N] [--radius R] [--sx SX --sy SY] [--pixels-per-unit S[,S…]] [--csv FILE] [--x X]\n"
        #expect(r.output.contains(usage))
        #expect(Self.declaration.usageLine == ErrorCommand.declaration.usageLine + " [--x X]")
    }

    @Test("--x V and --x=V give the typed value; absent, the default; the other options as before",
          arguments: [(["--k", "0.5", "--x", "7"], 7), (["--k", "0.5", "--x=7"], 7), (["--k", "0.5", "--x", " 8 "], 8), (["--k", "0.5"], 3)])
    func parses(_ arguments: [String], _ expected: Int) throws {
        let r = Self.run(arguments + ["--segments", "6"])
        #expect(r.status == 0, "\(r.error)")
        let values = try #require(r.values)
        #expect(values.x == expected)
        #expect(values.base.arc.segments == 6 && values.base.arc.handles.map(\.text) == ["0.5"])
    }

    @Test("a bad value is a usage error with the declared message and the usage line", arguments: ["12", "0", "seven", "7.5"])
    func rejects(_ text: String) {
        let r = Self.run(["--k", "0.5", "--x", text])
        #expect(r.status == 2 && r.values == nil && r.output.isEmpty)
        let usage = "(usage: beztune error --k K [--k K …] [--segments N] [--radius R] [--sx SX --sy SY] [--pixels-per-unit S[,S…]] [--csv FILE] [--x X]; see 'beztune error --help')"
        #expect(r.error == "beztune error: invalid --x '\(text)': expected a whole number from 1 to 9 \(usage)\n")
    }

    @Test("every rule of every command names declared options (resolved when the declaration is built)")
    func rulesResolve() {
        for command in Beztune.commands { #expect(!command.usageLine.isEmpty, "\(command.name)") }
        #expect(CommandDeclaration<Extended>.unresolved([.requires([\.x], option: \.base.csv)], options: Self.declaration.options).isEmpty)
        #expect(CommandDeclaration<Extended>.unresolved([.requires([\.x], option: \.unbound)], options: Self.declaration.options)
                == ["\(\Extended.unbound as PartialKeyPath<Extended>)"])
    }

    @Test("given twice, or without a value, it is refused like every option")
    func malformed() {
        #expect(Self.run(["--k", "0.5", "--x", "1", "--x", "2"]).error.contains("option '--x' given more than once"))
        #expect(Self.run(["--k", "0.5", "--x"]).error.contains("option '--x' needs a value"))
    }
}

/// What a test command received and printed.
private final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var _values: CommandDeclarationTests.Extended?
    private var _output = "", _error = ""
    var values: CommandDeclarationTests.Extended? {
        get { lock.withLock { _values } }
        set { lock.withLock { _values = newValue } }
    }
    var output: String {
        get { lock.withLock { _output } }
        set { lock.withLock { _output = newValue } }
    }
    var error: String {
        get { lock.withLock { _error } }
        set { lock.withLock { _error = newValue } }
    }
}

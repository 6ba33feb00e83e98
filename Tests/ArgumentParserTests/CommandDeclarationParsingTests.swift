import Testing
import _ArgumentParser
import _Support

/// The parser, the usage line and `--help` of a small declaration, all derived from it: each
/// option form, each rule's message and usage form, and the refusals every option shares.
@Suite("declarations: parsing, rules, usage and help from one declaration")
struct CommandDeclarationParsingTests {
    struct Values: CommandOptions {
        var input: String?
        var path: String?
        var count = 3
        var names: [String] = []
        var verbose = false
        var quiet = false
        var sx: Double?
        var sy: Double?
        var list = false
        /// Set by no option.
        var unbound = false
    }

    static var declaration: CommandDeclaration<Values> {
        CommandDeclaration(
            program: "tool", name: "demo", abstract: "A demonstration.",
            options: [
                .text(\.input, "input", "FILE", help: "The input file."),
                .text(\.path, "path", "D", help: "Path data."),
                .value(\.count, "count", "N", help: "How many (default 3).", parse: OptionValue.wholeNumber(in: 1...9)),
                .repeated(\.names, "name", "NAME", help: "A name; repeatable.", parse: OptionValue.text),
                .flag(\.verbose, "verbose", help: "Say more."),
                .flag(\.quiet, "quiet", inUsage: false, help: "Say less."),
                .value(\.sx, "sx", "SX", help: "x factor.", parse: OptionValue.positive),
                .value(\.sy, "sy", "SY", help: "y factor.", parse: OptionValue.positive),
                .flag(\.list, "list", inUsage: false, help: "List."),
            ],
            rules: rules,
            discussion: "Example: tool demo --input a.txt")
    }

    static var rules: [OptionRule<Values>] {
        [
            .exclusive([\.input, \.path], required: true, noun: "input"),
            .exclusive([\.verbose, \.quiet]),
            .together([\.sx, \.sy]),
            .requires([\.names], option: \.input, reason: "names of the file's rows"),
            .alone(\.list),
        ]
    }

    /// The values of `arguments` (nil for a request of the help), or the message of the error
    /// they make.
    static func parse(_ arguments: [String]) -> (values: Values?, message: String?) {
        do {
            switch try declaration.parse(arguments) {
            case .help: return (nil, nil)
            case .run(let values): return (values, nil)
            }
        } catch let error as UsageError {
            return (nil, error.message)
        } catch let error as InvalidOptionValue {
            return (nil, "invalid --\(error.option) '\(error.text)': \((error.problem as? OptionValueError)?.reason ?? "\(error.problem)")")
        } catch {
            return (nil, "\(error)")
        }
    }

    @Test("the usage line: required groups first, then the options shown, then [options]")
    func usageLine() {
        #expect(Self.declaration.usageLine
                == "tool demo (--input FILE | --path D) [--count N] [--name NAME …] [--verbose | --quiet] [--sx SX --sy SY] [options]")
    }

    @Test("the help lists every option and --help, then the discussion")
    func help() {
        let help = Self.declaration.helpText
        #expect(help.hasPrefix("OVERVIEW: A demonstration.\n\nUSAGE: tool demo "))
        #expect(help.contains("  --name NAME …  A name; repeatable.\n") && help.contains("  --help         Show this help.\n"))
        #expect(help.hasSuffix("\n\nExample: tool demo --input a.txt\n"))
    }

    @Test("values in both spellings, repeated options in order, defaults kept")
    func values() throws {
        let v = try #require(Self.parse(["--input", "a", "--count=7", "--name", "x", "--name", "y", "--verbose"]).values)
        #expect(v.input == "a" && v.count == 7 && v.names == ["x", "y"] && v.verbose && v.sx == nil)
        let d = try #require(Self.parse(["--path", "M0 0"]).values)
        #expect(d.count == 3 && d.names.isEmpty && !d.verbose)
        let help = Self.parse(["--path", "x", "-h"])
        #expect(help.values == nil && help.message == nil)
    }

    @Test("each rule's message", arguments: [
        (["--path", "p", "--input", "a"], "--input and --path cannot be used together"),
        ([String](), "missing input: give --input FILE or --path D"),
        (["--input", "a", "--verbose", "--quiet"], "--verbose and --quiet cannot be used together"),
        (["--input", "a", "--sx", "2"], "--sx and --sy go together: give both"),
        (["--path", "p", "--name", "n"], "--name goes with --input FILE (names of the file's rows)"),
        (["--list", "--input", "a"], "--list takes no other options (got --input)"),
    ])
    func rules(_ arguments: [String], _ message: String) {
        #expect(Self.parse(arguments).message == message)
    }

    @Test("the refusals every option shares, and a parser's reason", arguments: [
        (["--input", "a", "--bogus"], "unknown option '--bogus'"),
        (["--input", "a", "stray"], "unexpected argument 'stray'"),
        (["--input", "a", "--verbose=1"], "option '--verbose' takes no value"),
        (["--input"], "option '--input' needs a value"),
        (["--input", "a", "--input", "b"], "option '--input' given more than once"),
        (["--input", "a", "--count", "12"], "invalid --count '12': expected a whole number from 1 to 9"),
    ])
    func refusals(_ arguments: [String], _ message: String) {
        #expect(Self.parse(arguments).message == message)
    }

    @Test("a rule naming a property no option sets is found, and stops the program when the declaration is built")
    func unresolvedRule() async {
        #expect(CommandDeclaration<Values>.unresolved(Self.rules, options: Self.declaration.options).isEmpty)
        #expect(CommandDeclaration<Values>.unresolved([.alone(\.unbound)], options: Self.declaration.options).count == 1)
        await #expect(processExitsWith: .failure) {
            _ = CommandDeclaration<Values>(program: "tool", name: "t", abstract: "", options: Self.declaration.options,
                                           rules: [.requires([\.count], option: \.unbound)])
        }
    }
}

import _Support

/// The options of one command line, checked against a `CommandSpec`, with typed accessors whose
/// failures are usage errors naming the option and the offending value.
struct ParsedArguments {
    let spec: CommandSpec
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    /// True when `--help` or `-h` was given (everything else is then ignored).
    private(set) var wantsHelp = false

    /// Parses `arguments` (without the program and command names). Accepts `--name VALUE`,
    /// `--name=VALUE` and `--flag`; a value may begin with `-` (negative numbers) but not `--`.
    init(_ arguments: [String], spec: CommandSpec) throws(CLIError) {
        self.spec = spec
        if arguments.contains("--help") || arguments.contains("-h") {
            wantsHelp = true
            return
        }
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw usage("unexpected argument \(MessageText.quoted(argument))")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = spec.option(named: name) else {
                throw usage("unknown option '--\(name)'")
            }
            switch option.arity {
            case .flag:
                if inlineValue != nil { throw usage("option '--\(name)' takes no value") }
                if flags.contains(name) { throw usage("option '--\(name)' given more than once") }
                flags.insert(name)
            case .single, .repeated:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count, !arguments[i].hasPrefix("--") else {
                        throw usage("option '--\(name)' needs a value")
                    }
                    value = arguments[i]
                    i += 1
                }
                if case .single = option.arity, values[name] != nil {
                    throw usage("option '--\(name)' given more than once")
                }
                values[name, default: []].append(value)
            }
        }
        for group in spec.exclusive {
            let given = group.filter { values[$0] != nil || flags.contains($0) }
            if given.count > 1 {
                throw usage(given.map { "--\($0)" }.joined(separator: " and ") + " cannot be used together")
            }
        }
    }

    /// A usage error for this command: the message, then the usage line, on one line.
    func usage(_ message: String) -> CLIError {
        .usage("\(message) (usage: \(spec.usageLine); see 'beztune \(spec.name) --help')")
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func string(_ name: String) -> String? { values[name]?.last }

    func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// A finite floating-point option value, or nil when the option is absent.
    func double(_ name: String) throws(CLIError) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text.trimmingWhitespace) else {
            throw usage("invalid value \(MessageText.quoted(text)) for '--\(name)': expected a number")
        }
        guard value.isFinite else {
            throw usage("invalid value \(MessageText.quoted(text)) for '--\(name)': expected a finite number")
        }
        return value
    }

    /// A finite, strictly positive option value, or nil when absent.
    func positiveDouble(_ name: String) throws(CLIError) -> Double? {
        guard let value = try double(name) else { return nil }
        guard value > 0 else {
            throw usage("invalid value '\(string(name) ?? "")' for '--\(name)': expected a positive number")
        }
        return value
    }

    /// One of the listed choices, or nil when absent.
    func choice(_ name: String, among choices: [String]) throws(CLIError) -> String? {
        guard let text = string(name) else { return nil }
        guard choices.contains(text) else {
            throw usage("invalid value \(MessageText.quoted(text)) for '--\(name)': expected one of \(choices.joined(separator: ", "))")
        }
        return text
    }
}

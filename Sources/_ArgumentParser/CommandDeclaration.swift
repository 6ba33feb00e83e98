import _Support

/// A command's typed options: a struct whose properties' initial values are the defaults.
package protocol CommandOptions {
    init()
}

/// The declaration of one command of a program (`beztune error`): its options (typed, each bound
/// to a property of `Values`), the rules between them and its help. The parser (``parse(_:)``),
/// the help text and the usage line are all derived from it, so they cannot disagree.
package struct CommandDeclaration<Values: CommandOptions> {
    /// The program's name, first in the usage line (`beztune`).
    package var program: String
    package var name: String
    package var abstract: String
    package var options: [Option<Values>]
    /// The rules as declared (by the options' properties).
    private let declared: [OptionRule<Values>]
    /// Free text after the option list (conventions, examples).
    package var discussion: String = ""

    /// What a command line asks for: the help, or a run with these values.
    package enum Request {
        case help
        case run(Values)
    }

    /// The declaration; every rule must name options of `options` (a programmer error
    /// otherwise: the program stops here, when the declaration is built).
    package init(program: String, name: String, abstract: String, options: [Option<Values>],
                 rules: [OptionRule<Values>] = [], discussion: String = "") {
        self.program = program
        self.name = name
        self.abstract = abstract
        self.options = options
        declared = rules
        self.discussion = discussion
        _ = self.rules
    }

    /// The rules between the options, with the options named; the program stops when one names
    /// a property that no option sets (``unresolved(_:options:)``) — when the declaration is
    /// built, and on every use after its options changed.
    var rules: [NamedOptionRule] {
        let missing = Self.unresolved(declared, options: options)
        precondition(missing.isEmpty, "a rule names no option: \(missing.joined(separator: "; "))")
        return declared.compactMap { $0.named { path in options.first { $0.keyPath == path }?.name } }
    }

    /// The key paths of `rules` that no option of `options` sets, as text (empty when every rule
    /// names declared options).
    package static func unresolved(_ rules: [OptionRule<Values>], options: [Option<Values>]) -> [String] {
        let bound = Set(options.map(\.keyPath))
        return rules.flatMap(\.paths).filter { !bound.contains($0) }.map { "\($0)" }
    }

    package func option(named name: String) -> Option<Values>? { options.first { $0.name == name } }

    /// This declaration over a bigger set of values that holds these at `base`, so that a
    /// declaration can be extended with options of its own without touching this one.
    package func embedded<Outer: CommandOptions>(in base: WritableKeyPath<Outer, Values>) -> CommandDeclaration<Outer> {
        CommandDeclaration<Outer>(program: program, name: name, abstract: abstract, options: options.map { $0.embedded(in: base) },
                                  rules: declared.map { $0.embedded(in: base) }, discussion: discussion)
    }

    // MARK: Usage line and help

    /// `PROGRAM NAME SYNOPSIS`: required options and groups first, then the others that show, in
    /// declaration order, then `[options]` for those that do not.
    ///
    /// A single option reads `--name V` (required) or `[--name V]`; a repeated one
    /// `--name V [--name V …]` or `[--name V …]`; a flag `[--name]`. The options of an
    /// ``OptionRule/exclusive(_:required:noun:hint:)`` rule read `(--a A | --b B)` (one
    /// required) or `[--a A | --b B]`, those of ``OptionRule/together(_:)`` `[--a A --b B]`, at
    /// the place of the first of them.
    package var usageLine: String {
        let rules = self.rules
        var required: [String] = [], optional: [String] = []
        var hidden = false
        var drawn: Set<String> = []
        for option in options where !drawn.contains(option.name) {
            if let rule = rules.first(where: { $0.usageGroup.contains(option.name) }) {
                let members = rule.usageGroup.compactMap { self.option(named: $0) }
                drawn.formUnion(rule.usageGroup)
                switch rule {
                case .exclusive(_, let isRequired, _, _):
                    let text = members.map(\.usageForm).joined(separator: " | ")
                    if isRequired {
                        required.append("(\(text))")
                    } else if members.contains(where: \.inUsage) {
                        optional.append("[\(text)]")
                    } else {
                        hidden = true
                    }
                default:
                    if members.contains(where: \.inUsage) {
                        optional.append("[" + members.map(\.usageForm).joined(separator: " ") + "]")
                    } else {
                        hidden = true
                    }
                }
                continue
            }
            switch (option.arity, option.isRequired) {
            case (.repeated, true): required.append("\(option.usageForm) [\(option.usageForm) …]")
            case (_, true): required.append(option.usageForm)
            case _ where !option.inUsage: hidden = true
            case (.repeated, false): optional.append("[\(option.usageForm) …]")
            case (_, false): optional.append("[\(option.usageForm)]")
            }
        }
        return ([program, name] + required + optional + (hidden ? ["[options]"] : [])).joined(separator: " ")
    }

    /// The text `PROGRAM NAME --help` prints: overview, usage, every option with its help (and
    /// `--help`), then the discussion.
    package var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usageLine)", "", "OPTIONS:"]
        var rows = options.map { o in (o.arity == .repeated ? o.helpForm + " …" : o.helpForm, o.help) }
        rows.append(("--help", "Show this help."))
        let width = rows.map(\.0.count).max() ?? 0
        for (label, help) in rows {
            lines.append("  " + label + String(repeating: " ", count: width - label.count + 2) + help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Parsing

    /// Parses `arguments` (without the program and command names): `--name VALUE`,
    /// `--name=VALUE` and `--flag`; a value may begin with `-` (negative numbers) but not `--`.
    /// `--help` or `-h` anywhere asks for the help. Then the rules are checked, then required
    /// options, then each given option is read, in declaration order. Every failure is a usage
    /// error (the dispatcher adds the usage line).
    package func parse(_ arguments: [String]) throws -> Request {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        var texts: [String: [String]] = [:]
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError("unexpected argument \(MessageText.quoted(argument))")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = option(named: name) else { throw UsageError("unknown option '--\(name)'") }
            let value: String
            switch option.arity {
            case .flag:
                if inlineValue != nil { throw UsageError("option '--\(name)' takes no value") }
                value = ""
            case .single, .repeated:
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count, !arguments[i].hasPrefix("--") else {
                        throw UsageError("option '--\(name)' needs a value")
                    }
                    value = arguments[i]
                    i += 1
                }
            }
            if option.arity != .repeated, texts[name] != nil { throw UsageError("option '--\(name)' given more than once") }
            texts[name, default: []].append(value)
        }
        for rule in rules { try check(rule, given: texts) }
        for option in options where option.isRequired && texts[option.name] == nil {
            throw UsageError("missing \(option.helpForm)" + (option.missingHint.map { " (\($0))" } ?? ""))
        }
        var values = Values()
        for option in options {
            for text in texts[option.name] ?? [] {
                do {
                    try option.read(&values, text)
                } catch {
                    throw InvalidOptionValue(option: option.name, text: text, problem: error)
                }
            }
        }
        return .run(values)
    }

    /// The usage error `rule` gives for the options in `given`, if any.
    private func check(_ rule: NamedOptionRule, given: [String: [String]]) throws(UsageError) {
        func form(_ name: String) -> String { option(named: name)?.helpForm ?? "--\(name)" }
        switch rule {
        case .exclusive(let names, let isRequired, let noun, let hint):
            let present = names.filter { given[$0] != nil }
            if present.count > 1 {
                throw UsageError(present.map { "--\($0)" }.joined(separator: " and ") + " cannot be used together")
            }
            if isRequired && present.isEmpty {
                let forms = names.map(form)
                let choices = forms.count <= 2 ? forms.joined(separator: " or ")
                    : forms.dropLast().joined(separator: ", ") + " or " + (forms.last ?? "")
                throw UsageError((noun.map { "missing \($0): give " } ?? "missing ") + choices + (hint.map { " (\($0))" } ?? ""))
            }
        case .together(let names):
            let present = names.filter { given[$0] != nil }
            if !present.isEmpty && present.count < names.count {
                throw UsageError(names.map { "--\($0)" }.joined(separator: " and ") + " go together: give " + (names.count == 2 ? "both" : "all"))
            }
        case .requires(let names, let needed, let reason):
            if given[needed] == nil, let name = names.first(where: { given[$0] != nil }) {
                throw UsageError("--\(name) goes with \(form(needed))" + (reason.map { " (\($0))" } ?? ""))
            }
        case .excludes(let names, let other, let reason):
            if given[other] != nil, let name = names.first(where: { given[$0] != nil }) {
                throw UsageError("--\(name) cannot be used with \(form(other))" + (reason.map { " (\($0))" } ?? ""))
            }
        case .alone(let name):
            if given[name] != nil, let other = options.first(where: { $0.name != name && given[$0.name] != nil }) {
                throw UsageError("--\(name) takes no other options (got --\(other.name))")
            }
        }
    }
}

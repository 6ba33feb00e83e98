import _Support
/// A rule about which options go together, checked after the options are read; each gives its
/// own usage error and its own form in the usage line. Rules name options by the property they
/// set (their key path, the option's identity), never by a string: a rule naming a property no
/// option of the declaration sets stops the program when the declaration is built
/// (``CommandDeclaration/init(program:name:abstract:options:rules:discussion:)``).
package enum OptionRule<Values> {
    package typealias Path = PartialKeyPath<Values>

    /// At most one of the options (one exactly when `required`): `--a and --b cannot be used
    /// together`; absent when required, `missing NOUN: give --a A or --b B (HINT)` (without a
    /// noun: `missing --a A or --b B`). Usage line `(--a A | --b B)` when required, else
    /// `[--a A | --b B]`.
    case exclusive([Path], required: Bool = false, noun: String? = nil, hint: String? = nil)
    /// All or none of the options: `--a and --b go together: give both`. Usage `[--a A --b B]`.
    case together([Path])
    /// Each of the options only with `option`: `--a goes with --option VALUE (REASON)`.
    case requires([Path], option: Path, reason: String? = nil)
    /// None of the options with `option`: `--a cannot be used with --option VALUE (REASON)`.
    case excludes([Path], option: Path, reason: String? = nil)
    /// `option` with no other option: `--option takes no other options (got --b)`.
    case alone(Path)

    /// Every option the rule names.
    package var paths: [Path] {
        switch self {
        case .exclusive(let paths, _, _, _), .together(let paths): paths
        case .requires(let paths, let option, _), .excludes(let paths, let option, _): paths + [option]
        case .alone(let option): [option]
        }
    }

    /// The same rule over a bigger set of values that holds these at `base` (the rules of an
    /// option group embedded in a command's values).
    package func embedded<Outer>(in base: WritableKeyPath<Outer, Values>) -> OptionRule<Outer> {
        func outer(_ path: Path) -> OptionRule<Outer>.Path {
            guard let p = (base as PartialKeyPath<Outer>).appending(path: path as AnyKeyPath) else {
                preconditionFailure("a rule's key path does not extend \(base)")
            }
            return p
        }
        return switch self {
        case .exclusive(let paths, let required, let noun, let hint):
            .exclusive(paths.map(outer), required: required, noun: noun, hint: hint)
        case .together(let paths): .together(paths.map(outer))
        case .requires(let paths, let option, let reason): .requires(paths.map(outer), option: outer(option), reason: reason)
        case .excludes(let paths, let option, let reason): .excludes(paths.map(outer), option: outer(option), reason: reason)
        case .alone(let option): .alone(outer(option))
        }
    }

    /// The rule with each option named as `name(path)` does (nil when no option sets `path`).
    package func named(_ name: (Path) -> String?) -> NamedOptionRule? {
        func names(_ paths: [Path]) -> [String]? {
            let found = paths.compactMap(name)
            return found.count == paths.count ? found : nil
        }
        switch self {
        case .exclusive(let paths, let required, let noun, let hint):
            return names(paths).map { .exclusive($0, required: required, noun: noun, hint: hint) }
        case .together(let paths):
            return names(paths).map { .together($0) }
        case .requires(let paths, let option, let reason):
            guard let all = names(paths), let other = name(option) else { return nil }
            return .requires(all, option: other, reason: reason)
        case .excludes(let paths, let option, let reason):
            guard let all = names(paths), let other = name(option) else { return nil }
            return .excludes(all, option: other, reason: reason)
        case .alone(let option):
            return name(option).map { .alone($0) }
        }
    }
}

/// An ``OptionRule`` with its options resolved to their names, as the parser checks it and the
/// usage line draws it.
package enum NamedOptionRule: Equatable {
    case exclusive([String], required: Bool, noun: String?, hint: String?)
    case together([String])
    case requires([String], option: String, reason: String?)
    case excludes([String], option: String, reason: String?)
    case alone(String)

    /// The options the rule draws together in the usage line, or none.
    package var usageGroup: [String] {
        switch self {
        case .exclusive(let names, _, _, _), .together(let names): names
        case .requires, .excludes, .alone: []
        }
    }
}

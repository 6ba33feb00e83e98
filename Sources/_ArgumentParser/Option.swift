import _Support
/// One declared option of a command: its name, how it takes values, its help, how it shows in
/// the usage line, and how its text is read into the command's typed options `Values` (a key
/// path and a parser). Parsing, `--help` and the usage line all read this one declaration.
///
/// Modelled on swift-argument-parser's `@Option`/`@Flag` without the property wrappers: the
/// property lives in the command's `Values` struct with its default as its initial value, and
/// the declaration binds to it by key path, e.g.
///
///     .value(\.segments, "segments", "N", help: "Equal segments per circle.", parse: OptionValue.segmentCount)
///
/// The key path is also the option's identity: rules name options by it (``OptionRule``), and
/// an option group declared once for several commands (``FitOptionGroup``) is embedded in each
/// command's values (``embedded(in:)``), with the help text a command words its own way
/// (``help(_:)``).
package struct Option<Values> {
    package typealias Arity = OptionArity

    package var name: String
    package var arity: Arity
    /// What the help shows after `--name` (`N`, `FILE`); empty for a flag.
    package var valueName: String
    package var help: String
    /// A required option that is absent is a usage error (`missing --name VALUE`).
    package var isRequired = false
    /// Said after `missing --name VALUE` when a required option is absent.
    package var missingHint: String?
    /// Listed in the usage line; otherwise summarised there by `[options]`.
    package var inUsage = true
    /// What the usage line shows for the value (the choices, `png|svg`); the value name if nil.
    package var usageValue: String?
    /// The property the option sets: its identity.
    package var keyPath: PartialKeyPath<Values>
    /// Reads one occurrence's text into `values` (called for each occurrence, in order, and only
    /// when the option is given). Options are read in declaration order, so a reader may look at
    /// the values of options declared before it (`--set` names the parameters of `--model`). A
    /// parser's error becomes `invalid --name 'text': reason` (``InvalidOptionValue``).
    package var read: (inout Values, String) throws -> Void
}

/// How an option takes values.
package enum OptionArity: Equatable {
    /// `--name` alone; present or not.
    case flag
    /// `--name VALUE` or `--name=VALUE`, at most once.
    case single
    /// `--name VALUE`, any number of times, in order.
    case repeated
}

extension Option {
    /// `--name`: true when given.
    package static func flag(_ path: WritableKeyPath<Values, Bool>, _ name: String, inUsage: Bool = true,
                             help: String) -> Option {
        Option(name: name, arity: .flag, valueName: "", help: help, inUsage: inUsage, keyPath: path) { values, _ in
            values[keyPath: path] = true
        }
    }

    /// `--name VALUE` read by `parse` into a property that keeps its initial value (the default)
    /// when the option is absent.
    package static func value<T>(_ path: WritableKeyPath<Values, T>, _ name: String, _ valueName: String,
                                 required: Bool = false, missingHint: String? = nil, inUsage: Bool = true,
                                 usageValue: String? = nil, help: String,
                                 parse: @escaping (String) throws -> T) -> Option {
        Option(name: name, arity: .single, valueName: valueName, help: help, isRequired: required,
               missingHint: missingHint, inUsage: inUsage, usageValue: usageValue, keyPath: path) { values, text in
            values[keyPath: path] = try parse(text)
        }
    }

    /// `--name VALUE` read by `parse` into an optional property: nil when absent.
    package static func value<T>(_ path: WritableKeyPath<Values, T?>, _ name: String, _ valueName: String,
                                 required: Bool = false, missingHint: String? = nil, inUsage: Bool = true,
                                 usageValue: String? = nil, help: String,
                                 parse: @escaping (String) throws -> T) -> Option {
        value(path, name, valueName, required: required, missingHint: missingHint, inUsage: inUsage,
              usageValue: usageValue, help: help, parse: { text -> T? in try parse(text) })
    }

    /// `--name TEXT` taken as written (a file's or folder's name, an id): a text property.
    package static func text(_ path: WritableKeyPath<Values, String>, _ name: String, _ valueName: String,
                             required: Bool = false, missingHint: String? = nil, inUsage: Bool = true, help: String) -> Option {
        value(path, name, valueName, required: required, missingHint: missingHint, inUsage: inUsage, help: help,
              parse: OptionValue.text)
    }

    /// `--name TEXT` taken as written into an optional property: nil when absent.
    package static func text(_ path: WritableKeyPath<Values, String?>, _ name: String, _ valueName: String,
                             inUsage: Bool = true, help: String) -> Option {
        value(path, name, valueName, inUsage: inUsage, help: help, parse: OptionValue.text)
    }

    /// `--name VALUE` given any number of times, each read by `parse` with the values read so
    /// far (the options declared before this one), in order.
    package static func repeated<T>(_ path: WritableKeyPath<Values, [T]>, _ name: String, _ valueName: String,
                                    required: Bool = false, missingHint: String? = nil, inUsage: Bool = true,
                                    help: String, parseWith parse: @escaping (String, Values) throws -> T) -> Option {
        Option(name: name, arity: .repeated, valueName: valueName, help: help, isRequired: required,
               missingHint: missingHint, inUsage: inUsage, keyPath: path) { values, text in
            values[keyPath: path].append(try parse(text, values))
        }
    }

    /// `--name VALUE` given any number of times, each read by `parse`, in order.
    package static func repeated<T>(_ path: WritableKeyPath<Values, [T]>, _ name: String, _ valueName: String,
                                    required: Bool = false, missingHint: String? = nil, inUsage: Bool = true,
                                    help: String, parse: @escaping (String) throws -> T) -> Option {
        repeated(path, name, valueName, required: required, missingHint: missingHint, inUsage: inUsage, help: help,
                 parseWith: { text, _ in try parse(text) })
    }

    /// This option of a bigger set of values that holds these at `base` (an option group
    /// declared once and embedded in several commands' values).
    package func embedded<Outer>(in base: WritableKeyPath<Outer, Values>) -> Option<Outer> {
        let read = self.read
        guard let path = (base as PartialKeyPath<Outer>).appending(path: keyPath as AnyKeyPath) else {
            preconditionFailure("--\(name): its key path does not extend \(base)")
        }
        return Option<Outer>(name: name, arity: arity, valueName: valueName, help: help, isRequired: isRequired,
                             missingHint: missingHint, inUsage: inUsage, usageValue: usageValue,
                             keyPath: path) { outer, text in
            try read(&outer[keyPath: base], text)
        }
    }

    /// The option with the help text a command words its own way.
    package func help(_ text: String) -> Option {
        var o = self
        o.help = text
        return o
    }

    /// The option required (a usage error when absent), with what the error adds after
    /// `missing --name VALUE`.
    package func required(missingHint hint: String? = nil) -> Option {
        var o = self
        o.isRequired = true
        o.missingHint = hint
        return o
    }

    /// The option listed in the usage line or not (there summarised by `[options]`).
    package func inUsage(_ shown: Bool) -> Option {
        var o = self
        o.inUsage = shown
        return o
    }

    /// `--name VALUE` as the usage line writes it (`--name` for a flag).
    package var usageForm: String {
        arity == .flag ? "--\(name)" : "--\(name) \(usageValue ?? valueName)"
    }

    /// `--name VALUE` as the help and messages write it.
    package var helpForm: String {
        arity == .flag ? "--\(name)" : "--\(name) \(valueName)"
    }
}

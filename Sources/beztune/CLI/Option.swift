/// One declared option of a command: its name, how it takes values, its help, how it shows in
/// the usage line, and how its text is read into the command's typed options `Values` (a key
/// path and a parser). Parsing, `--help` and the usage line all read this one declaration.
///
/// Modelled on swift-argument-parser's `@Option`/`@Flag` without the property wrappers: the
/// property lives in the command's `Values` struct with its default as its initial value, and
/// the declaration binds to it by key path, e.g.
///
///     .value(\.segments, "segments", "N", help: "Equal segments per circle.", parse: OptionValue.segmentCount)
struct Option<Values> {
    typealias Arity = OptionArity

    var name: String
    var arity: Arity
    /// What the help shows after `--name` (`N`, `FILE`); empty for a flag.
    var valueName: String
    var help: String
    /// A required option that is absent is a usage error (`missing --name VALUE`).
    var isRequired = false
    /// Said after `missing --name VALUE` when a required option is absent.
    var missingHint: String?
    /// Listed in the usage line; otherwise summarised there by `[options]`.
    var inUsage = true
    /// What the usage line shows for the value (the choices, `png|svg`); the value name if nil.
    var usageValue: String?
    /// Reads the option's texts (one per occurrence, in order; called only when it is given)
    /// into `values`. Options are read in declaration order, so a reader may look at the values
    /// of options declared before it (`--set` names the parameters of `--model`).
    var read: (inout Values, [String]) throws(OptionValueError) -> Void
}

/// How an option takes values.
enum OptionArity: Equatable {
    /// `--name` alone; present or not.
    case flag
    /// `--name VALUE` or `--name=VALUE`, at most once.
    case single
    /// `--name VALUE`, any number of times, in order.
    case repeated
}

/// Why an option's text cannot be used: the reason, and the text it is about when that is not
/// the whole value (one part of `N1:N2`). The parser turns it into
/// `invalid --name 'text': reason`.
struct OptionValueError: Error, Equatable {
    var reason: String
    /// The offending part of the value, when it is not the whole value.
    var text: String?

    init(_ reason: String, text: String? = nil) {
        self.reason = reason
        self.text = text
    }
}

extension Option {
    /// `--name`: true when given.
    static func flag(_ path: WritableKeyPath<Values, Bool>, _ name: String, inUsage: Bool = true,
                     help: String) -> Option {
        Option(name: name, arity: .flag, valueName: "", help: help, inUsage: inUsage) { values, _ in
            values[keyPath: path] = true
        }
    }

    /// `--name VALUE` read by `parse` into a property that keeps its initial value (the default)
    /// when the option is absent.
    static func value<T>(_ path: WritableKeyPath<Values, T>, _ name: String, _ valueName: String,
                         required: Bool = false, missingHint: String? = nil, inUsage: Bool = true,
                         usageValue: String? = nil, help: String,
                         parse: @escaping (String) throws(OptionValueError) -> T) -> Option {
        Option(name: name, arity: .single, valueName: valueName, help: help, isRequired: required,
               missingHint: missingHint, inUsage: inUsage, usageValue: usageValue) { values, texts throws(OptionValueError) in
            values[keyPath: path] = try parse(texts[0])
        }
    }

    /// `--name VALUE` read by `parse` into an optional property: nil when absent.
    static func value<T>(_ path: WritableKeyPath<Values, T?>, _ name: String, _ valueName: String,
                         required: Bool = false, missingHint: String? = nil, inUsage: Bool = true,
                         usageValue: String? = nil, help: String,
                         parse: @escaping (String) throws(OptionValueError) -> T) -> Option {
        Option(name: name, arity: .single, valueName: valueName, help: help, isRequired: required,
               missingHint: missingHint, inUsage: inUsage, usageValue: usageValue) { values, texts throws(OptionValueError) in
            values[keyPath: path] = try parse(texts[0])
        }
    }

    /// `--name VALUE` given any number of times, each read by `parse`, in order.
    static func repeated<T>(_ path: WritableKeyPath<Values, [T]>, _ name: String, _ valueName: String,
                            required: Bool = false, missingHint: String? = nil, inUsage: Bool = true,
                            help: String, parse: @escaping (String) throws(OptionValueError) -> T) -> Option {
        Option(name: name, arity: .repeated, valueName: valueName, help: help, isRequired: required,
               missingHint: missingHint, inUsage: inUsage) { values, texts throws(OptionValueError) in
            for text in texts {
                do throws(OptionValueError) {
                    values[keyPath: path].append(try parse(text))
                } catch {
                    throw OptionValueError(error.reason, text: error.text ?? text)
                }
            }
        }
    }

    /// `--name VALUE` given any number of times, each read by `parse` with the values read so
    /// far (the options declared before this one), in order.
    static func repeated<T>(_ path: WritableKeyPath<Values, [T]>, _ name: String, _ valueName: String,
                            inUsage: Bool = true, help: String,
                            parseWith parse: @escaping (String, Values) throws(OptionValueError) -> T) -> Option {
        Option(name: name, arity: .repeated, valueName: valueName, help: help, inUsage: inUsage) { values, texts throws(OptionValueError) in
            for text in texts {
                do throws(OptionValueError) {
                    values[keyPath: path].append(try parse(text, values))
                } catch {
                    throw OptionValueError(error.reason, text: error.text ?? text)
                }
            }
        }
    }

    /// This option of a bigger set of values that holds these at `base` (a declaration extended
    /// with options of its own; see ``CommandDeclaration/embedded(in:)``).
    func embedded<Outer>(in base: WritableKeyPath<Outer, Values>) -> Option<Outer> {
        let read = self.read
        return Option<Outer>(name: name, arity: arity, valueName: valueName, help: help, isRequired: isRequired,
                             missingHint: missingHint, inUsage: inUsage, usageValue: usageValue) { outer, texts throws(OptionValueError) in
            try read(&outer[keyPath: base], texts)
        }
    }

    /// `--name VALUE` as the usage line writes it (`--name` for a flag).
    var usageForm: String {
        arity == .flag ? "--\(name)" : "--\(name) \(usageValue ?? valueName)"
    }

    /// `--name VALUE` as the help and messages write it.
    var helpForm: String {
        arity == .flag ? "--\(name)" : "--\(name) \(valueName)"
    }
}

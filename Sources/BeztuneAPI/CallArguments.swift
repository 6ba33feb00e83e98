import Interchange
import _Support

/// The arguments of one call: a JSON object whose members stand for the command's long options
/// in camelCase (``OptionName``), each read as the command line reads the option's text, so a
/// value means the same and is refused with the same message.
///
/// A member may be a string (the option's text as typed) or a number (its shortest round-trip
/// decimal, the text `JSON.stringify` writes); a repeatable option takes an array of them; a
/// flag takes a Boolean. A member no option of the call stands for is a usage error, as an
/// unknown option is (`unknown option '--foo'`): a misspelt name is never silently ignored.
package struct CallArguments {
    package let object: JSONObject

    /// The members of `value`, which must be an object (or null: no arguments); `known` are the
    /// keys the call takes.
    package init(_ value: JSONValue, known: [String]) throws(APIError) {
        switch value {
        case .null: object = JSONObject()
        case .object(let o): object = o
        default: throw .usage("expected the arguments as an object, not \(value.kindDescription)")
        }
        for key in object.keys where !known.contains(key) {
            throw .usage("unknown option '--\(OptionName.longOption(key))'")
        }
    }

    /// True when the member is present and not null (`undefined` never reaches JSON).
    package func has(_ key: String) -> Bool {
        if let v = object[key], v != .null { return true }
        return false
    }

    /// The option's text: a string as given, a number in shortest round-trip form; nil when
    /// absent or null.
    package func text(_ key: String) throws(APIError) -> String? {
        guard let v = object[key] else { return nil }
        return try Self.text(of: v, key: key)
    }

    static func text(of v: JSONValue, key: String) throws(APIError) -> String? {
        switch v {
        case .null: return nil
        case .string(let s): return s
        case .number(let x): return ShortestDecimal.format(x)
        default: throw .usage("invalid --\(OptionName.longOption(key)): expected a string or a number, not \(v.kindDescription)")
        }
    }

    /// The texts of a repeatable option: an array of strings and numbers, or one of them.
    package func texts(_ key: String) throws(APIError) -> [String] {
        guard let v = object[key] else { return [] }
        if case .array(let items) = v {
            var out: [String] = []
            for item in items {
                guard let t = try Self.text(of: item, key: key) else {
                    throw .usage("invalid --\(OptionName.longOption(key)): expected strings or numbers, not null")
                }
                out.append(t)
            }
            return out
        }
        return try Self.text(of: v, key: key).map { [$0] } ?? []
    }

    /// A list option (`--free NAME,…`): an array of names, or their comma list as one text; read
    /// by `parse` from the comma list, so each name is checked as the command line checks it.
    package func list<T>(_ key: String, _ parse: (String) throws(OptionValueError) -> T) throws(APIError) -> T? {
        guard let v = object[key], v != .null else { return nil }
        if case .array = v {
            return try Self.parse(try texts(key).joined(separator: ","), key: key, parse)
        }
        return try value(key, parse)
    }

    /// A flag: true, false, or absent (false).
    package func flag(_ key: String) throws(APIError) -> Bool {
        guard let v = object[key], v != .null else { return false }
        guard case .bool(let b) = v else {
            throw .usage("invalid --\(OptionName.longOption(key)): expected true or false, not \(v.kindDescription)")
        }
        return b
    }

    /// The option's value read by `parse` (the command line's parser of that option); nil when
    /// absent. A refusal reads `invalid --OPTION 'TEXT': REASON`, OPTION the key's long option or
    /// `option` where the command spells it otherwise (`model` is `beztune model`'s `--name`).
    package func value<T>(_ key: String, option: String? = nil, _ parse: (String) throws(OptionValueError) -> T) throws(APIError) -> T? {
        guard let text = try text(key) else { return nil }
        return try Self.parse(text, key: key, option: option, parse)
    }

    /// Every value of a repeatable option, each read by `parse`.
    package func values<T>(_ key: String, _ parse: (String) throws(OptionValueError) -> T) throws(APIError) -> [T] {
        var out: [T] = []
        for text in try texts(key) { out.append(try Self.parse(text, key: key, parse)) }
        return out
    }

    /// The value with its text (for messages that quote the user's spelling).
    package func given<T>(_ key: String, _ parse: (String) throws(OptionValueError) -> T) throws(APIError) -> Given<T>? {
        guard let text = try text(key) else { return nil }
        return Given(value: try Self.parse(text, key: key, parse), text: text)
    }

    static func parse<T>(_ text: String, key: String, option: String? = nil, _ parse: (String) throws(OptionValueError) -> T) throws(APIError) -> T {
        do throws(OptionValueError) {
            return try parse(text)
        } catch {
            throw APIError.invalid(option ?? OptionName.longOption(key), text, error)
        }
    }

    /// A required option that is absent: `missing --name VALUE`, as the command line says.
    package func require<T>(_ value: T?, _ key: String, _ valueName: String, option: String? = nil) throws(APIError) -> T {
        guard let value else { throw .usage("missing --\(option ?? OptionName.longOption(key)) \(valueName)") }
        return value
    }

    /// An object-valued member (`set: {yFactor: 0.8}`): its members in order, each value a
    /// number or a numeric string; nil when absent.
    package func object(_ key: String) throws(APIError) -> JSONObject? {
        guard let v = object[key], v != .null else { return nil }
        guard case .object(let o) = v else {
            throw .usage("invalid --\(OptionName.longOption(key)): expected an object, not \(v.kindDescription)")
        }
        return o
    }
}

/// A JSON value (RFC 8259): null, true/false, a number, a string, an array or an object.
///
/// Numbers are IEEE doubles: the reader rounds each number's decimal text to the nearest double
/// (as Swift's `Double(String)` and every correctly rounded `strtod` do) and refuses numbers
/// whose magnitude rounds to infinity; the writer prints the shortest text that reads back to
/// the same double. JSON has no NaN or infinity, so a value read from text is always finite;
/// one built in code may hold any double, and ``JSONWriter`` refuses the non-finite ones.
///
/// Equality is structural, with numbers compared as doubles (so `-0 == 0`, as in JSON's own
/// data model, where both are the number zero) and object members compared in order.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The number, when this is one.
    public var number: Double? {
        if case .number(let x) = self { return x }
        return nil
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The Boolean, when this is one.
    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members, when this is an object.
    public var object: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The member named `key`, when this is an object that has one.
    public subscript(key: String) -> JSONValue? { object?[key] }

    /// The word for this value's kind in messages: "null", "a Boolean", "a number", "a string",
    /// "an array", "an object".
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

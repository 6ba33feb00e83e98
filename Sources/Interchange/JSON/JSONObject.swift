/// The members of a JSON object in document order, with O(1) look-up by name.
///
/// RFC 8259 §4 says member names SHOULD be unique and leaves duplicates to the implementation
/// (JavaScript's `JSON.parse` and Foundation keep the last). ``JSONReader`` refuses them, so a
/// document never means one thing to one reader and another to the next; built in code, an
/// object keeps one member per name (``append(_:_:)`` of a present name replaces its value in
/// place).
public struct JSONObject: Hashable, Sendable {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []
    private var positions: [String: Int] = [:]

    public init() {}

    /// The object with `members` in order; a repeated name keeps its first position and its last
    /// value.
    public init(_ members: [(String, JSONValue)]) {
        for (k, v) in members { append(k, v) }
    }

    /// The number of members.
    public var count: Int { keys.count }

    public var isEmpty: Bool { keys.isEmpty }

    /// The members in order.
    public var members: [(key: String, value: JSONValue)] {
        zip(keys, values).map { (key: $0, value: $1) }
    }

    /// The value of the member named `key`.
    public subscript(key: String) -> JSONValue? {
        positions[key].map { values[$0] }
    }

    /// True when a member is named `key`.
    public func contains(_ key: String) -> Bool { positions[key] != nil }

    /// Appends a member, or replaces the value of the member already named `key`.
    public mutating func append(_ key: String, _ value: JSONValue) {
        if let i = positions[key] {
            values[i] = value
        } else {
            positions[key] = keys.count
            keys.append(key)
            values.append(value)
        }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.keys == b.keys && a.values == b.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}

/// Shorthands the `lottie` and `json` exporters build their documents with.
extension JSONValue {
    /// An object with `members` in order.
    static func members(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }

    /// A number, or null when it is not finite (JSON has no NaN or infinity).
    static func finite(_ d: Double) -> JSONValue { d.isFinite ? .number(d) : .null }

    /// An array of numbers (null for a non-finite one).
    static func numbers(_ ds: [Double]) -> JSONValue { .array(ds.map(finite)) }

    /// The text of a value built from finite numbers and nulls only (``finite(_:)``), which
    /// the writer cannot refuse.
    func exportText(indent: Int? = nil) -> String {
        // Cannot fail: every number was checked finite when it was built.
        (try? JSONWriter(indent: indent).text(of: self)) ?? "null"
    }
}

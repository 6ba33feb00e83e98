/// One cell of a CSV row written by ``CSVWriter``.
///
/// Literals pick the case: `"x"` is `.text`, `2.5` is `.double`, `3` is `.int`, so a row can be
/// written as `["label", 0.5, 3]`.
public enum CSVField: Sendable, Equatable {
    /// Text, quoted on output when it needs to be (see ``CSVWriter``).
    case text(String)
    /// A number, written by ``format(_:)``: shortest round-trip form, `nan`, `inf`, `-inf`.
    case double(Double)
    /// An integer, written in decimal.
    case int(Int)
    /// An empty cell (the same output as `.text("")`).
    case empty

    /// The unquoted text of the cell.
    public var rawText: String {
        switch self {
        case .text(let s): s
        case .double(let d): CSVField.format(d)
        case .int(let i): String(i)
        case .empty: ""
        }
    }
}

extension CSVField: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension CSVField: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension CSVField: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

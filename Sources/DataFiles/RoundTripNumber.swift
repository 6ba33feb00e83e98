import _Support

extension CSVField {
    /// The text of a `Double` cell: `ShortestDecimal.format(_:)`, the shortest decimal string that
    /// parses back to the identical bit pattern (`3`, `-0`, `0.1`, `1e-05`, `nan`, `inf`).
    public static func format(_ d: Double) -> String { ShortestDecimal.format(d) }
}

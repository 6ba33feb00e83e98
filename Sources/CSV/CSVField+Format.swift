import _Support

extension CSVField {
    /// The text of a `Double` cell, the package's one number format (`ShortestDecimal`): the
    /// shortest decimal string that parses back to the identical bit pattern. Integral values
    /// with |d| ≤ 2⁵³ are written as integers (`3`, `-42`), `-0.0` as `-0`, every other finite
    /// value by Swift's shortest round-trip `description` (`0.1`, `1e-05`, `5e+20`), and the
    /// non-finite ones as `nan`, `inf` and `-inf`, which Swift, C `strtod`, Python and pandas
    /// all read back.
    public static func format(_ d: Double) -> String { ShortestDecimal.format(d) }
}

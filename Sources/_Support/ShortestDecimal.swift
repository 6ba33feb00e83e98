/// The one number format BezierTune writes everywhere (CSV cells, SVG path data, tables).
package enum ShortestDecimal {
    /// The text BezierTune writes for a `Double` in every output (CSV cells, SVG path data):
    /// the shortest decimal string that parses back to the identical bit pattern.
    ///
    /// - Integral values with |d| ≤ 2⁵³ are written as plain integers without a fractional
    ///   part: `3`, `-42`, `1000000000000000`, `9007199254740992`. (This is exactly the range
    ///   in which `description` writes integers in full with `.0` appended; above it, it uses
    ///   exponent form such as `1e+16`. So no output ends in `.0`.)
    /// - `-0.0` is written `-0`, keeping its sign.
    /// - Every other finite value uses Swift's `description`, which produces the shortest digit
    ///   string that round-trips (`0.1`, `1e-05`, `5e+20`, `5e-324`,
    ///   `1.7976931348623157e+308`); the exponent form is chosen by the standard library.
    /// - Non-finite values are written `nan`, `inf` and `-inf` (the sign and payload of a NaN
    ///   are not kept). Swift `Double(String)`, C `strtod`, Python `float()`, numpy and pandas
    ///   all read these spellings back.
    ///
    /// Every finite result matches `-?[0-9]+(\.[0-9]+)?(e[+-][0-9]+)?`, so Swift
    /// `Double(String)` and Python `float()` (both correctly rounded) return exactly `d`.
    package static func format(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == 0 { return d.sign == .minus ? "-0" : "0" }
        if d.rounded(.towardZero) == d, d.magnitude <= 0x1p53 {
            return String(Int64(d))
        }
        return d.description
    }
}

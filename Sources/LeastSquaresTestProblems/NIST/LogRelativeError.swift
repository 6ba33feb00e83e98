/// The log relative error (LRE), the number of correct significant digits of a computed value x
/// against a certified value c (McCullough, "Assessing the reliability of statistical software",
/// The American Statistician 52 (1998); used by NIST StRD studies and Ceres' `nist.cc`):
///
///     LRE = −log₁₀(|x − c| / |c|),   clamped to [0, 11],
///
/// 11 being the number of digits NIST certifies. x = c gives 11; a non-finite x gives 0; for
/// c = 0 (no StRD value is zero) the absolute error is used, −log₁₀|x|.
public enum LogRelativeError {
    /// The cap: NIST certifies 11 significant digits.
    public static let maximum = 11.0

    /// The LRE of `computed` against `certified` (see ``LogRelativeError``).
    public static func of(_ computed: Double, certified: Double) -> Double {
        guard computed.isFinite else { return 0 }
        if computed == certified { return maximum }
        let error = certified == 0 ? computed.magnitude : (computed - certified).magnitude / certified.magnitude
        let digits = -log10(error)
        return Swift.min(maximum, Swift.max(0, digits))
    }

    /// The smallest LRE over paired entries (the weakest parameter decides).
    public static func minimum(_ computed: [Double], certified: [Double]) -> Double {
        precondition(computed.count == certified.count,
                     "LogRelativeError: \(computed.count) computed values against \(certified.count) certified")
        return zip(computed, certified).map { of($0, certified: $1) }.min() ?? maximum
    }

    private static func log10(_ x: Double) -> Double { Double.log(x) / Double.log(10) }
}

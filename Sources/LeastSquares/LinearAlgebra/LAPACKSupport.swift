import CLapack

/// Small conversions shared by the typed LAPACK/CBLAS wrappers.
enum LAPACKSupport {
    /// A LAPACK option character such as `"N"` or `"U"`.
    static func char(_ c: Unicode.Scalar) -> CChar { CChar(truncatingIfNeeded: c.value) }

    /// An `Int` dimension as LAPACK's `lapack_int` (32-bit on Debian); larger is a programmer error.
    static func int(_ n: Int) -> clapack_int {
        precondition(n >= 0 && n <= Int(clapack_int.max), "LAPACK: dimension \(n) does not fit lapack_int")
        return clapack_int(n)
    }

    /// A leading dimension: at least 1, as LAPACK requires even for empty matrices.
    static func leading(_ n: Int) -> clapack_int { int(Swift.max(1, n)) }
}

extension LAPACKError {
    /// Throws when the rows × columns block of `a` (leading dimension `leading`), or only its
    /// `triangle` (without the diagonal when `skippingDiagonal`), holds a NaN: the checks of
    /// LAPACKE's `LAPACKE_dge_nancheck`, `_dpo_nancheck` and `_dtr_nancheck`, made before a routine
    /// of either backend runs. The error is an illegal value of argument `argument` of `routine`,
    /// numbered as in the reference routine (dgels: A is argument 5).
    static func rejectNaN(_ routine: String, argument: Int, _ a: [Double], rows: Int, columns: Int, leading: Int,
                          triangle: Matrix.Triangle? = nil, skippingDiagonal: Bool = false) throws(LAPACKError) {
        for j in 0..<columns {
            var range = 0..<rows
            switch triangle {
            case .upper?: range = 0..<Swift.min(rows, skippingDiagonal ? j : j + 1)
            case .lower?: range = Swift.min(rows, skippingDiagonal ? j + 1 : j)..<rows
            case nil: break
            }
            for i in range where a[i + j * leading].isNaN {
                throw LAPACKError.illegal(routine, argument: argument)
            }
        }
    }
}

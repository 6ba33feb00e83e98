extension SwiftLAPACK {
    /// `dlarfg`: the elementary reflector H = I − τ·v·vᵀ, v = (1, v₂, …, vₖ), with
    /// H·(α, x₂, …, xₖ)ᵀ = (β, 0, …, 0)ᵀ, for the k entries of `a` from `start` on (α first).
    ///
    /// Golub & Van Loan, Algorithm 5.1.1, in LAPACK's convention: β = −sign(α)·‖(α, x)‖₂,
    /// τ = (β − α)/β ∈ [1, 2], v = x/(α − β); on return β overwrites α and v₂… overwrite x.
    /// When x = 0, τ = 0 and H = I (α stays as it is, whatever its sign). As `dlarfg` does, an
    /// |β| below `safmin` = (smallest normal)/ε is computed after scaling x and α up by 1/safmin
    /// (at most 20 times), so that v keeps full precision; the norms never overflow (``norm(_:_:)``).
    /// Returns τ.
    static func householderReflector(_ a: UnsafeMutableBufferPointer<Double>, start: Int, count k: Int) -> Double {
        guard k > 1 else { return 0 }
        let tail = start + 1..<start + k
        let x = a.baseAddress! + start + 1
        var xnorm = norm(x, k - 1)
        guard xnorm != 0 else { return 0 }
        var alpha = a[start]
        var beta = -magnitude(alpha, xnorm, signOf: alpha)
        let safmin = Double.leastNormalMagnitude / Double.ulpOfOne
        var rescalings = 0
        if beta.magnitude < safmin {
            let rsafmn = 1 / safmin
            repeat {
                rescalings += 1
                for i in tail { a[i] *= rsafmn }
                beta *= rsafmn
                alpha *= rsafmn
            } while beta.magnitude < safmin && rescalings < 20
            xnorm = norm(x, k - 1)
            beta = -magnitude(alpha, xnorm, signOf: alpha)
        }
        let tau = (beta - alpha) / beta
        let scale = 1 / (alpha - beta)
        for i in tail { a[i] *= scale }
        for _ in 0..<rescalings { beta *= safmin }
        a[start] = beta
        return tau
    }

    /// `dlarf` from the left: B ← H·B = B − τ·v·(vᵀB) for the rows `rows` of the columns
    /// `columns` of the column-major array `b` (leading dimension `ldb`), where v is stored in
    /// column `vColumn` of `v` (leading dimension `ldv`) from row `rows.lowerBound` on, with its
    /// first entry taken as 1 (whatever is stored there). Nothing happens when τ = 0.
    static func applyReflector(_ v: UnsafeBufferPointer<Double>, ldv: Int, vColumn: Int, tau: Double,
                               to b: UnsafeMutableBufferPointer<Double>, ldb: Int, rows: Range<Int>,
                               columns: Range<Int>) {
        guard tau != 0, !rows.isEmpty else { return }
        let first = rows.lowerBound
        let tail = rows.count - 1
        let vTail = v.baseAddress! + vColumn * ldv + first + 1
        for j in columns {
            let column = b.baseAddress! + j * ldb + first
            let factor = tau * (column[0] + dot(vTail, column + 1, tail))
            column[0] -= factor
            axpy(-factor, vTail, column + 1, tail)
        }
    }

    /// `dlapy2` with a sign: ±√(x² + y²) without overflow or harmful underflow, the sign of `s`
    /// (+ for s = +0, − for −0, as gfortran's SIGN).
    private static func magnitude(_ x: Double, _ y: Double, signOf s: Double) -> Double {
        let w = Swift.max(x.magnitude, y.magnitude)
        let z = Swift.min(x.magnitude, y.magnitude)
        let r = z == 0 || w > Double.greatestFiniteMagnitude ? w : w * (1 + (z / w) * (z / w)).squareRoot()
        return s.sign == .minus ? -r : r
    }
}

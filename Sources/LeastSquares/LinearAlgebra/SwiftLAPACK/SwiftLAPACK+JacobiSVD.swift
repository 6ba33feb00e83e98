extension SwiftLAPACK {
    /// The thin SVD A = U·diag(σ)·Vᵀ of the m × n array `a`, σ₁ ≥ … ≥ σₖ ≥ 0, k = min(m, n):
    /// what `dgesdd` with jobz = S returns (U m × k in `u`, Vᵀ k × n in `vt`, σ in `s`), computed by
    /// the one-sided Jacobi method after a pivoted QR.
    ///
    /// For m ≥ n (Aᵀ is decomposed for m < n and the factors swapped):
    /// 1. A is scaled by a power of two (exactly) when its largest entry lies outside
    ///    [2⁻⁵⁰⁰, 2⁵⁰⁰], so no sum of squares below over- or underflows; σ is scaled back.
    /// 2. A·P = Q·R, Householder QR with column pivoting (``geqp3(m:n:a:tau:)``).
    /// 3. One-sided Jacobi on X = Rᵀ (Hestenes 1958; Demmel & Veselić, "Jacobi's method is more
    ///    accurate than QR", SIAM J. Matrix Anal. Appl. 13 (1992) 1204–1245; Golub & Van Loan
    ///    §8.6.4): plane rotations of column pairs, X ← X·J, until every pair is orthogonal to
    ///    working precision, |xₚᵀx_q| ≤ √n·ε·‖xₚ‖‖x_q‖ (the test of LAPACK `dgesvj`). The rotations
    ///    accumulate in Z, so X·Z = W·Σ with σⱼ = ‖(XZ)ⱼ‖ and W the normalized columns. Taking Rᵀ
    ///    rather than R is the preconditioning of Drmač & Veselić ("New fast and accurate Jacobi
    ///    SVD algorithm I", SIAM J. Matrix Anal. Appl. 29 (2008) 1322–1342; LAPACK `dgejsv`): the
    ///    pivoted R is row-graded, so its transpose is nearly column-orthogonal and the sweeps
    ///    converge in a few passes.
    /// 4. Rᵀ = W·Σ·Zᵀ, so A = (Q·Z)·Σ·(P·W)ᵀ: U = Q·Z (exactly orthogonal up to rounding: Z is a
    ///    product of rotations), V = P·W. Columns of W whose σⱼ is 0 (or below 2⁻⁹⁶⁹, where
    ///    normalizing loses precision) are completed to an orthonormal basis, so V is orthogonal
    ///    even for a rank-deficient A.
    ///
    /// Accuracy: backward stable like `dgesdd` (each σᵢ within about ε·σ₁), and more: when
    /// A = B·D with D diagonal, the relative error of every σᵢ is about ε·κ(B) (Demmel & Veselić),
    /// so the small singular values of a badly column-scaled matrix keep their digits.
    ///
    /// A NaN or ±∞ in A is an illegal argument 4 (`dgesdd` itself does not check ±∞; its result
    /// is then undefined). If some pair is still not orthogonal after 30 sweeps — not seen on
    /// finite input — the error is `dgesvj`'s, with the number of such pairs.
    static func gesdd(m: Int, n: Int, a: [Double], s: inout [Double], u: inout [Double],
                      vt: inout [Double]) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dgesdd", argument: 4, a, rows: m, columns: n, leading: Swift.max(1, m))
        guard a.allSatisfy({ $0.isFinite }) else { throw LAPACKError.illegal("dgesdd", argument: 4) }
        let k = Swift.min(m, n)
        guard k > 0 else { return }
        if m >= n {
            let svd = try jacobiSVD(rows: m, columns: n, a)
            s = svd.values
            u = svd.u
            vt = transpose(svd.v, rows: n, columns: n)
        } else {
            // Aᵀ = U′ΣV′ᵀ, so A = V′ΣU′ᵀ.
            let svd = try jacobiSVD(rows: n, columns: m, transpose(a, rows: m, columns: n))
            s = svd.values
            u = svd.v
            vt = transpose(svd.u, rows: n, columns: m)
        }
    }

    /// The SVD of the finite m × n array `a`, m ≥ n ≥ 1: σ (descending), U (m × n), V (n × n),
    /// by steps 1–4 of ``gesdd(m:n:a:s:u:vt:)``.
    static func jacobiSVD(rows m: Int, columns n: Int, _ a: [Double]) throws(LAPACKError)
        -> (values: [Double], u: [Double], v: [Double]) {
        // 1. Scaling by 2^e.
        var work = a
        var largest = 0.0
        for x in work where x.magnitude > largest { largest = x.magnitude }  // finite: no NaN rule needed
        if largest == 0 {
            var u = [Double](repeating: 0, count: m * n)
            for j in 0..<n { u[j + j * m] = 1 }
            return ([Double](repeating: 0, count: n), u, identity(n))
        }
        var exponent = 0
        if largest < 0x1p-500 || largest > 0x1p500 {
            exponent = -Int(largest.exponent)
            for i in work.indices { work[i] = Double(sign: .plus, exponent: exponent, significand: work[i]) }
        }

        // 2. A·P = Q·R.
        var tau = [Double](repeating: 0, count: n)
        let permutation = householderQR(m: m, n: n, a: &work, tau: &tau, pivoting: true)

        // 3. One-sided Jacobi on X = Rᵀ (lower triangular), rotations accumulated in Z.
        var x = [Double](repeating: 0, count: n * n)
        for j in 0..<n {
            for i in 0...j { x[j + i * n] = work[i + j * m] }
        }
        var z = identity(n)
        let norms = try orthogonalizeColumns(n: n, x: &x, accumulating: &z)

        // σ descending; ties keep the column order.
        let order = (0..<n).sorted { norms[$0] > norms[$1] || (norms[$0] == norms[$1] && $0 < $1) }
        let values = order.map { Double(sign: .plus, exponent: -exponent, significand: norms[$0]) }

        // W: the normalized columns of X·Z, completed where σ vanishes.
        let tiny = Double.leastNormalMagnitude / Double.ulpOfOne
        var w = [Double](repeating: 0, count: n * n)
        var missing: [Int] = []
        for (l, j) in order.enumerated() {
            if norms[j] > tiny {
                for i in 0..<n { w[i + l * n] = x[i + j * n] / norms[j] }
            } else {
                missing.append(l)
            }
        }
        completeOrthonormalColumns(&w, n: n, missing: missing)

        // 4. U = Q·[Z; 0] (columns in σ order), V = P·W.
        var u = [Double](repeating: 0, count: m * n)
        for (l, j) in order.enumerated() {
            for i in 0..<n { u[i + l * m] = z[i + j * n] }
        }
        applyQ(factors: work, m: m, tau: tau, reflectors: n, transposing: false, to: &u, ldb: m, nrhs: n)
        var v = [Double](repeating: 0, count: n * n)
        for l in 0..<n {
            for i in 0..<n { v[permutation[i] + l * n] = w[i + l * n] }
        }
        return (values, u, v)
    }

    /// One-sided Jacobi: rotates pairs of columns of the n × n array `x` (and the same columns of
    /// `z`) until every pair p < q is orthogonal to working precision,
    /// |xₚᵀx_q| ≤ √n·ε·‖xₚ‖·‖x_q‖; returns the final column norms.
    ///
    /// Cyclic by rows (Golub & Van Loan §8.5.3), each rotation the smaller-angle one that
    /// zeroes xₚᵀx_q — the symmetric Schur decomposition of the 2 × 2 Gram matrix of xₚ and x_q
    /// (Algorithm 8.5.1), applied to the columns rather than to the Gram matrix: with
    /// ζ = (‖x_q‖² − ‖xₚ‖²)/(2·xₚᵀx_q), t = sign(ζ)/(|ζ| + √(1 + ζ²)), c = 1/√(1 + t²), s = c·t,
    /// xₚ ← c·xₚ − s·x_q, x_q ← s·xₚ + c·x_q. The column norms are computed at the start of each
    /// sweep (``norm(_:_:)``, so the last sweep, which rotates nothing, returns them exact) and
    /// updated after a rotation by Rutishauser's formulas, ‖xₚ′‖² = ‖xₚ‖² − t·xₚᵀx_q and
    /// ‖x_q′‖² = ‖x_q‖² + t·xₚᵀx_q (as LAPACK `dgesvj`), recomputed from the column where the
    /// update would lose more than two bits (a norm shrinking below half). The cosine is formed
    /// from the norms (from the normalized columns when one is below 2⁻⁴⁵⁰), so the test and ζ
    /// neither overflow nor lose a tiny column to underflow. Throws after 30 sweeps without convergence.
    static func orthogonalizeColumns(n: Int, x: inout [Double], accumulating z: inout [Double]) throws(LAPACKError)
        -> [Double] {
        let tolerance = Double(n).squareRoot() * Double.ulpOfOne
        let maximumSweeps = 30
        var unconverged = 0
        let norms: [Double] = x.withUnsafeMutableBufferPointer { x in
            z.withUnsafeMutableBufferPointer { z in
                let x = x.baseAddress!, z = z.baseAddress!
                var norms = [Double](repeating: 0, count: n)
                for _ in 0..<maximumSweeps {
                    for j in 0..<n { norms[j] = norm(x + j * n, n) }
                    var rotations = 0
                    for p in 0..<n {
                        for q in (p + 1)..<n {
                            let np = norms[p], nq = norms[q]
                            guard np > 0 && nq > 0 else { continue }
                            let xp = x + p * n, xq = x + q * n
                            var cosine = 0.0
                            if Swift.min(np, nq) > 0x1p-450 {
                                cosine = dot(xp, xq, n) / np / nq
                            } else {
                                for i in 0..<n { cosine += (xp[i] / np) * (xq[i] / nq) }
                            }
                            guard cosine.magnitude > tolerance else { continue }
                            rotations += 1
                            let zeta = (nq / np - np / nq) / (2 * cosine)
                            let size = zeta.magnitude
                            let root = size > 1 ? size * (1 + (1 / size) * (1 / size)).squareRoot()
                                                : (1 + size * size).squareRoot()
                            let t = (zeta.sign == .minus ? -1.0 : 1.0) / (size + root)
                            let c = 1 / (1 + t * t).squareRoot()
                            let s = c * t
                            rotate(xp, xq, n, c, s)
                            rotate(z + p * n, z + q * n, n, c, s)
                            // ‖xₚ′‖² = ‖xₚ‖² − t·xₚᵀx_q, ‖x_q′‖² = ‖x_q‖² + t·xₚᵀx_q, recomputed
                            // where the update cancels.
                            let tc = t * cosine
                            let shrinkP = 1 - tc * (nq / np), growQ = 1 + tc * (np / nq)
                            norms[p] = shrinkP >= 0.25 ? np * shrinkP.squareRoot() : norm(xp, n)
                            norms[q] = growQ >= 0.25 ? nq * growQ.squareRoot() : norm(xq, n)
                        }
                    }
                    unconverged = rotations
                    if rotations == 0 { break }
                }
                return norms
            }
        }
        if unconverged > 0 { throw LAPACKError.failure("dgesvj", info: unconverged) }
        return norms
    }

    /// Fills the columns `missing` of the n × n array `w`, whose other columns are orthonormal,
    /// so that all n are: each from the unit vector eᵢ with the largest component orthogonal to
    /// the columns already there (Gram–Schmidt applied twice, "twice is enough": Giraud et al.,
    /// Numer. Math. 101 (2005) 87–100). Among r orthonormal columns some eᵢ keeps at least
    /// √((n − r)/n) of its length, so the result is orthonormal to working precision.
    static func completeOrthonormalColumns(_ w: inout [Double], n: Int, missing: [Int]) {
        guard !missing.isEmpty else { return }
        var filled = (0..<n).filter { !missing.contains($0) }
        for target in missing {
            var best: [Double] = []
            var bestNorm = -1.0
            for candidate in 0..<n {
                var v = [Double](repeating: 0, count: n)
                v[candidate] = 1
                for _ in 0..<2 {
                    for j in filled {
                        var dot = 0.0
                        for i in 0..<n { dot += w[i + j * n] * v[i] }
                        for i in 0..<n { v[i] -= dot * w[i + j * n] }
                    }
                }
                let norm = euclideanNorm(v)
                if norm > bestNorm {
                    best = v
                    bestNorm = norm
                }
            }
            for i in 0..<n { w[i + target * n] = best[i] / bestNorm }
            filled.append(target)
        }
    }

    /// (u, v) ← (c·u − s·v, s·u + c·v) over `count` entries: a plane rotation of two columns.
    @inline(__always)
    private static func rotate(_ u: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, _ count: Int,
                               _ c: Double, _ s: Double) {
        var i = 0
        while i < count {
            let (ui, vi) = (u[i], v[i])
            u[i] = c * ui - s * vi
            v[i] = s * ui + c * vi
            i &+= 1
        }
    }

    /// The n × n identity, column-major.
    static func identity(_ n: Int) -> [Double] {
        var a = [Double](repeating: 0, count: n * n)
        for i in 0..<n { a[i + i * n] = 1 }
        return a
    }

    /// The transpose (columns × rows) of the column-major rows × columns array `a`.
    static func transpose(_ a: [Double], rows: Int, columns: Int) -> [Double] {
        var t = [Double](repeating: 0, count: a.count)
        for j in 0..<columns {
            for i in 0..<rows { t[j + i * columns] = a[i + j * rows] }
        }
        return t
    }
}

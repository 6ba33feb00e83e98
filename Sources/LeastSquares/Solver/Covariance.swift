/// The asymptotic covariance of least-squares parameter estimates,
///
///     C = s² · (JᵀJ)⁻¹,   s² = SSR / (m − n),
///
/// computed from the SVD of J without forming JᵀJ (which would square the condition number):
/// with the columns of J first scaled to unit norm, J·S⁻¹ = U·Σ·Vᵀ, S = diag(‖Jⱼ‖),
///
///     (JᵀJ)⁻¹ = S⁻¹ · V · Σ⁻² · Vᵀ · S⁻¹.
///
/// The column scaling changes nothing mathematically but makes the small singular values
/// accurate to about ε relative to the *scaled* problem (Demmel & Veselić 1992; this is how NIST's
/// certified standard deviations, `sqrt(diag(s²(JᵀJ)⁻¹))`, are reproduced to 6+ digits on the
/// ill-conditioned StRD problems). Standard errors are sqrt(Cⱼⱼ); the correlation matrix is
/// Cᵢⱼ/sqrt(CᵢᵢCⱼⱼ).
///
/// Rank deficiency: singular values σᵢ ≤ `relativeCutoff`·σ₁ are dropped (a pseudo-inverse);
/// ``rank`` < n then says the covariance only describes the identifiable combinations and the
/// standard errors of the others are not meaningful.
public struct Covariance: Sendable {
    /// C, n × n, symmetric.
    public let matrix: Matrix
    /// sqrt(diag C).
    public let standardErrors: [Double]
    /// Cᵢⱼ / sqrt(Cᵢᵢ·Cⱼⱼ), with 1 on the diagonal (NaN where a variance is zero).
    public let correlation: Matrix
    /// s² = SSR/(m − n) (n counting only the free parameters).
    public let residualVariance: Double
    /// m − n.
    public let degreesOfFreedom: Int
    /// The number of singular values kept.
    public let rank: Int

    /// The covariance for Jacobian `jacobian` (m × n, m > n) and residual sum of squares `ssr`.
    ///
    /// `fixed` (n flags, or empty for none) marks parameters held fixed — at an active bound of a
    /// bounded fit: the covariance is then that of the free parameters alone, computed from the
    /// free columns of J with m − n_free degrees of freedom (the covariance *conditional* on the
    /// fixed values), and the rows and columns of the fixed parameters are NaN (no standard error:
    /// an estimate on a constraint has no symmetric asymptotic distribution), with NaN correlations.
    /// `backend` computes the SVD (``LinearAlgebraBackend``).
    public init(jacobian: Matrix, residualSumOfSquares ssr: Double,
                relativeCutoff: Double = 1e-14, fixed: [Bool] = [],
                backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) {
        let (m, n) = (jacobian.rows, jacobian.columns)
        precondition(fixed.isEmpty || fixed.count == n,
                     "Covariance: \(fixed.count) fixed flags for \(n) parameters")
        let free = fixed.isEmpty ? Array(0..<n) : (0..<n).filter { !fixed[$0] }
        let nf = free.count
        precondition(m > nf, "Covariance: needs more residuals than parameters, got m = \(m), n = \(nf)")
        var reduced = jacobian
        if nf < n {
            reduced = Matrix(rows: m, columns: nf)
            for (k, j) in free.enumerated() {
                for i in 0..<m { reduced.elements[i + k * m] = jacobian.elements[i + j * m] }
            }
        }
        let scale = reduced.columnNorms.map { $0 == 0 ? 1 : $0 }
        var scaled = reduced
        for j in 0..<nf {
            for i in 0..<m { scaled.elements[i + j * m] /= scale[j] }
        }
        let svd = try SingularValueDecomposition(scaled, backend: backend)
        let rank = svd.rank(relativeTolerance: relativeCutoff)
        let variance = ssr / Double(m - nf)
        var c = Matrix(rows: n, columns: n, repeating: nf < n ? .nan : 0)
        for a in 0..<nf {
            for b in a..<nf {
                var sum = 0.0
                for k in 0..<rank {
                    let s = svd.singularValues[k]
                    sum += svd.vt[k, a] * svd.vt[k, b] / (s * s)
                }
                let value = variance * sum / (scale[a] * scale[b])
                c[free[a], free[b]] = value
                c[free[b], free[a]] = value
            }
        }
        let errors = (0..<n).map { c[$0, $0].squareRoot() }
        var r = Matrix(rows: n, columns: n)
        for a in 0..<n {
            for b in 0..<n { r[a, b] = a == b && !errors[a].isNaN ? 1 : c[a, b] / (errors[a] * errors[b]) }
        }
        self.matrix = c
        self.standardErrors = errors
        self.correlation = r
        self.residualVariance = variance
        self.degreesOfFreedom = m - nf
        self.rank = rank
    }
}

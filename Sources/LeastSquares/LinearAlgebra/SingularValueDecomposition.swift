/// The thin singular value decomposition A = U · diag(σ) · Vᵀ of an m × n matrix: U is m × k,
/// Vᵀ is k × n, k = min(m, n), σ₁ ≥ … ≥ σₖ ≥ 0.
///
/// By backend (``LinearAlgebraBackend``):
/// - ``LinearAlgebraBackend/lapack``: LAPACK `dgesdd` (divide and conquer, `jobz = "S"`).
///   Backward stable: the computed factors are exact for A + E with ‖E‖₂ ≈ ε‖A‖₂, so each σᵢ
///   has an absolute error of about ε·σ₁ (Golub & Van Loan, §8.6). Scale the columns of A first
///   when they differ in size by orders of magnitude and small singular values matter.
/// - ``LinearAlgebraBackend/pureSwift``: one-sided Jacobi after a pivoted QR (`SwiftLAPACK.gesdd`),
///   as stable, and relatively accurate: for A = B·D (D diagonal) each σᵢ has a relative error of
///   about ε·κ(B) (Demmel & Veselić 1992). U and V are orthogonal also where σ vanishes.
///
/// Both refuse a NaN in A as `dgesdd`'s illegal argument 4; the pure path refuses ±∞ the same way.
public struct SingularValueDecomposition: Sendable {
    /// The left singular vectors, m × k.
    public let u: Matrix
    /// σ₁ ≥ σ₂ ≥ … ≥ σₖ ≥ 0.
    public let singularValues: [Double]
    /// The right singular vectors as rows, k × n.
    public let vt: Matrix

    /// Decomposes `a` with `backend`. Throws when the decomposition fails (NaN input is reported
    /// as an illegal value of argument 4, A).
    public init(_ a: Matrix, backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) {
        let (m, n) = (a.rows, a.columns)
        let k = Swift.min(m, n)
        var s = [Double](repeating: 0, count: k)
        var u = Matrix(rows: m, columns: k)
        var vt = Matrix(rows: k, columns: n)
        if k > 0 {
            switch backend {
            #if canImport(CLapack)
            case .lapack:
                var work = a.elements
                try LAPACK.gesdd(m: m, n: n, a: &work, s: &s, u: &u.elements, vt: &vt.elements)
            #endif
            case .pureSwift:
                try SwiftLAPACK.gesdd(m: m, n: n, a: a.elements, s: &s, u: &u.elements, vt: &vt.elements)
            }
        }
        self.u = u
        self.singularValues = s
        self.vt = vt
    }

    /// The number of σᵢ > `relativeTolerance`·σ₁ (0 for a zero matrix).
    public func rank(relativeTolerance: Double) -> Int {
        guard let largest = singularValues.first, largest > 0 else { return 0 }
        return singularValues.count { $0 > relativeTolerance * largest }
    }

    /// σ₁/σₖ (∞ when σₖ = 0).
    public var conditionNumber: Double {
        guard let first = singularValues.first, let last = singularValues.last else { return 0 }
        return last == 0 ? .infinity : first / last
    }
}

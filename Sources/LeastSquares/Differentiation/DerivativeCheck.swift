/// Compares a supplied Jacobian with central finite differences, entry by entry, to catch a
/// wrong derivative before it silently slows or misleads a fit.
///
/// Central differences are computed twice, with steps h and 2h (F and G). Their difference
/// uᵢⱼ = |Gᵢⱼ − Fᵢⱼ| estimates how far F itself may be off (its truncation error is O(h²), so
/// G − F ≈ 3× that error once h is small enough; 2u is allowed for the h⁴ terms). Only the part of
/// the discrepancy that F cannot vouch for counts:
///
///     errorᵢⱼ = max(0, |Jᵢⱼ − Fᵢⱼ| − 2uᵢⱼ) / max(|Jᵢⱼ|, |Fᵢⱼ|, 10⁻⁴·maxᵢ|Fᵢⱼ|).
///
/// An entry is judged relative to itself, except that entries below 10⁻⁴ of their column's
/// largest are judged relative to that scale: their differences are dominated by the rounding of
/// the residuals (about ε·|terms of rᵢ|/h, which the checker cannot see — e.g. rᵢ = yᵢ − f with
/// yᵢ ≫ rᵢ), and a derivative that small hardly moves a fit. An entry fails when its error exceeds
/// the tolerance (1e-6 by default). On the 27 NIST models at the certified values, correct
/// derivatives score at most 1.1e-7 (Thurber's b7, whose perturbation x³·h is rounded away in
/// 1 + … + b7·x³ — the same at h and 2h, so u cannot see it); a 0.1 % slip in an entry scores
/// 1e-3. Costs 4n residual evaluations.
public struct DerivativeCheck: Sendable {
    /// One compared entry.
    public struct Entry: Equatable, Sendable {
        public var row: Int
        public var column: Int
        /// The supplied derivative Jᵢⱼ.
        public var supplied: Double
        /// The central-difference estimate Fᵢⱼ (step h).
        public var finiteDifference: Double
        /// uᵢⱼ = |Gᵢⱼ − Fᵢⱼ|, how far the estimate may be off.
        public var uncertainty: Double
        /// The relative error defined in ``DerivativeCheck``.
        public var error: Double
    }

    /// The tolerance the entries were judged against.
    public let tolerance: Double
    /// Every entry whose error exceeds the tolerance (or is NaN), in column-major order.
    public let mismatches: [Entry]
    /// The entry with the largest error (nil for an empty Jacobian).
    public let worst: Entry?

    /// True when no entry exceeds the tolerance.
    public var passed: Bool { mismatches.isEmpty }

    /// Checks `jacobian` against central differences of `residuals` at `x` (relative step h).
    public init(residuals: ([Double]) -> [Double], jacobian: Matrix, at x: [Double],
                tolerance: Double = 1e-6, relativeStep: Double = FiniteDifferences.defaultRelativeStep) {
        precondition(jacobian.columns == x.count,
                     "DerivativeCheck: the Jacobian has \(jacobian.columns) columns but x has \(x.count) entries")
        let m = jacobian.rows
        let f = FiniteDifferences.centralJacobian(residualCount: m, at: x, relativeStep: relativeStep, residuals)
        let g = FiniteDifferences.centralJacobian(residualCount: m, at: x, relativeStep: 2 * relativeStep, residuals)
        var mismatches: [Entry] = []
        var worst: Entry?
        for j in 0..<jacobian.columns {
            var columnScale = 0.0
            for i in 0..<m { columnScale = Swift.max(columnScale, f[i, j].magnitude) }
            let floor = Swift.max(1e-4 * columnScale, Double.leastNormalMagnitude)
            for i in 0..<m {
                let a = jacobian[i, j]
                let u = (g[i, j] - f[i, j]).magnitude
                let excess = Swift.max(0, (a - f[i, j]).magnitude - 2 * u)
                let error = (a - f[i, j]).isNaN ? .nan : excess / Swift.max(a.magnitude, f[i, j].magnitude, floor)
                let entry = Entry(row: i, column: j, supplied: a, finiteDifference: f[i, j], uncertainty: u, error: error)
                if !(error <= tolerance) { mismatches.append(entry) }
                if let w = worst, !(error > w.error || (error.isNaN && !w.error.isNaN)) {} else { worst = entry }
            }
        }
        self.tolerance = tolerance
        self.mismatches = mismatches
        self.worst = worst
    }

    /// Checks the Jacobian of `problem` at `x` against central differences of its residuals.
    public init(_ problem: LeastSquaresProblem, at x: [Double], tolerance: Double = 1e-6) {
        self.init(residuals: problem.residuals(at:), jacobian: problem.jacobian(at: x), at: x,
                  tolerance: tolerance)
    }
}

import LeastSquares

/// Runs the MGH problems (``MGHRun``) with ``LevenbergMarquardt`` and automatic derivatives and
/// compares each final ‖f‖² with the run's reference minimum.
public enum MGHRunner {
    /// The tolerance of ``MGHResult/solved``: relative to the reference, absolute when it is 0.
    public static let tolerance = 1e-8

    /// The solver settings: the library defaults (ftol = xtol = 1e-15, gtol = 0, step factor 1,
    /// Jacobian-column scaling, refinement) with a budget of 10 000 residual evaluations.
    public static let options = LevenbergMarquardt.Options(maxEvaluations: 10_000)

    /// Fits one run.
    public static func run(_ run: MGHRun, options: LevenbergMarquardt.Options = MGHRunner.options) -> MGHResult {
        let fit = LevenbergMarquardt(options: options).minimize(LeastSquaresProblem(model: run.residuals), from: run.start)
        return MGHResult(run: run, fit: fit)
    }

    /// Every run of `runs` (all 53 by default), in order.
    public static func runAll(_ runs: [MGHRun] = MGHRun.all,
                              options: LevenbergMarquardt.Options = MGHRunner.options) -> [MGHResult] {
        runs.map { run($0, options: options) }
    }
}

/// One MGH run's fit and how it compares with the reference.
public struct MGHResult: Sendable {
    public let run: MGHRun
    public let fit: LeastSquaresFit

    public init(run: MGHRun, fit: LeastSquaresFit) {
        self.run = run
        self.fit = fit
    }

    /// ‖f(x̂)‖², the quantity MGH tabulate (twice ``LeastSquaresFit/cost``).
    public var sumOfSquares: Double { fit.residualSumOfSquares }

    /// |‖f‖² − f*|/f*, or |‖f‖²| when f* = 0 (NaN stays NaN).
    public var error: Double {
        run.reference == 0 ? sumOfSquares.magnitude : (sumOfSquares - run.reference).magnitude / run.reference
    }

    /// True when ``error`` ≤ ``MGHRunner/tolerance``.
    public var solved: Bool { error <= MGHRunner.tolerance }
}

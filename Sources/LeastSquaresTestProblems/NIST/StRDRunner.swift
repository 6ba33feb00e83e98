import LeastSquares

/// Runs the NIST StRD problems with ``LevenbergMarquardt`` and automatic derivatives and scores
/// each run by its log relative errors (``LogRelativeError``).
public enum StRDRunner {
    /// The solver settings used for the suite: the library defaults (tolerances at the limit of
    /// double precision, ftol = xtol = 1e-15, gtol = 0; step factor 1; Jacobian-column scaling;
    /// Gauss–Newton refinement) with a budget of 10 000 residual evaluations.
    public static let options = LevenbergMarquardt.Options(maxEvaluations: 10_000)

    /// Fits `dataset` from start 1 or 2.
    public static func run(_ dataset: StRDDataset, start: Int,
                           options: LevenbergMarquardt.Options = StRDRunner.options) -> StRDRun {
        precondition(start == 1 || start == 2, "StRDRunner: start must be 1 or 2, got \(start)")
        let problem = LeastSquaresProblem(model: dataset.residualModel)
        let fit = LevenbergMarquardt(options: options).minimize(problem, from: dataset.starts[start - 1])
        return StRDRun(dataset: dataset, start: start, fit: fit)
    }

    /// Both starts of every dataset, in order.
    public static func runAll(_ datasets: [StRDDataset],
                              options: LevenbergMarquardt.Options = StRDRunner.options) -> [StRDRun] {
        datasets.flatMap { d in [1, 2].map { run(d, start: $0, options: options) } }
    }
}

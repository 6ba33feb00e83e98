/// One NIST StRD nonlinear regression dataset as read from its `.dat` file: two starting points,
/// the certified results, and the observations.
///
/// Certified values are NIST's, computed in 128-bit arithmetic and printed to 11 significant
/// digits. The degrees of freedom used everywhere is n − p (``degreesOfFreedom``); the file's
/// own line is kept in ``statedDegreesOfFreedom`` because Rat43.dat states 9 where n − p = 11
/// (a typo in the original: its certified residual standard deviation is sqrt(RSS/11)).
public struct StRDDataset: Sendable {
    public var problem: StRDProblem
    /// Start 1 (far from the solution) and start 2 (closer), p entries each.
    public var starts: [[Double]]
    public var certifiedParameters: [Double]
    /// NIST's certified standard deviations, sqrt(diag(s²(JᵀJ)⁻¹)), s² = RSS/(n − p).
    public var certifiedStandardDeviations: [Double]
    public var certifiedResidualSumOfSquares: Double
    public var certifiedResidualStandardDeviation: Double
    /// "Degrees of Freedom" as printed in the file (see ``degreesOfFreedom``).
    public var statedDegreesOfFreedom: Int
    /// The observed responses y (the first data column), n of them.
    public var responses: [Double]
    /// The predictors of each observation (one value, two for Nelson).
    public var predictors: [[Double]]

    public var name: String { problem.name }
    public var parameterCount: Int { certifiedParameters.count }
    public var observationCount: Int { responses.count }
    /// n − p.
    public var degreesOfFreedom: Int { observationCount - parameterCount }

    /// The residuals rᵢ(b) = g(yᵢ) − f(xᵢ; b) of this dataset, g the model's response transform
    /// (log for Nelson), ready for ``LeastSquaresProblem/init(model:)``.
    public var residualModel: StRDResiduals {
        StRDResiduals(model: problem.model,
                      responses: responses.map(problem.model.transformedResponse),
                      predictors: predictors)
    }
}

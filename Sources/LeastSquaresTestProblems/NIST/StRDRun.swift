import LeastSquares

/// One fit of a StRD dataset from one start, with its accuracy against the certified values.
public struct StRDRun: Sendable {
    public let problem: StRDProblem
    /// 1 or 2.
    public let start: Int
    public let fit: LeastSquaresFit
    /// min over the parameters of LRE(b̂ⱼ, certified bⱼ).
    public let parameterLRE: Double
    /// LRE of the residual sum of squares. Not meaningful for Lanczos1, whose certified RSS
    /// (1.4e-25) is pure rounding of data given to 13 digits: in double precision each residual
    /// of size ~1e-13 carries an absolute rounding error of ~1e-16, so only about 3 digits of
    /// its RSS — and of its standard errors, which scale with √RSS — can be computed.
    public let residualSumOfSquaresLRE: Double
    /// min over the parameters of LRE(standard error, NIST's certified standard deviation).
    public let standardErrorLRE: Double

    public init(dataset: StRDDataset, start: Int, fit: LeastSquaresFit) {
        self.problem = dataset.problem
        self.start = start
        self.fit = fit
        parameterLRE = LogRelativeError.minimum(fit.parameters, certified: dataset.certifiedParameters)
        residualSumOfSquaresLRE = LogRelativeError.of(fit.residualSumOfSquares,
                                                      certified: dataset.certifiedResidualSumOfSquares)
        standardErrorLRE = LogRelativeError.minimum(fit.standardErrors,
                                                    certified: dataset.certifiedStandardDeviations)
    }
}

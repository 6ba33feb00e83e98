import LeastSquares

/// One fit of a StRD dataset from one start, with its accuracy against the certified values.
public struct StRDRun: Sendable {
    public let problem: StRDProblem
    /// 1 or 2.
    public let start: Int
    public let fit: LeastSquaresFit
    /// min over the parameters of LRE(b̂ⱼ, certified bⱼ): the smallest of
    /// ``parameterAccuracies``' LREs (11, the cap, for a problem without parameters).
    public let parameterLRE: Double
    /// Every parameter against its certified value, `b1` first.
    public let parameterAccuracies: [StRDParameterAccuracy]
    /// The parameter with the smallest LRE (the first of them on a tie), nil without parameters.
    public var worstParameter: StRDParameterAccuracy? {
        parameterAccuracies.min { $0.logRelativeError < $1.logRelativeError }
    }
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
        parameterAccuracies = StRDParameterAccuracy.all(fit.parameters, certified: dataset.certifiedParameters)
        parameterLRE = parameterAccuracies.map(\.logRelativeError).min() ?? LogRelativeError.maximum
        residualSumOfSquaresLRE = LogRelativeError.of(fit.residualSumOfSquares,
                                                      certified: dataset.certifiedResidualSumOfSquares)
        standardErrorLRE = LogRelativeError.minimum(fit.standardErrors,
                                                    certified: dataset.certifiedStandardDeviations)
    }
}

import LeastSquares
import LeastSquaresTestProblems
import Testing

/// The acceptance test of the solver: all 27 NIST StRD problems from both starts.
@Suite("NIST StRD suite")
struct NISTSuiteTests {
    /// Runs excused from the residual-sum-of-squares and standard-error thresholds, with the
    /// reason. (No run is excused from the parameter threshold.)
    static let statisticsExceptions: [String: String] = [
        "Lanczos1": """
            certified RSS is 1.4e-25, pure rounding of data given to 13 digits; each residual \
            (~1e-13) is computed with an absolute error of ~1e-16 in double precision, so only \
            about 3 digits of the RSS, and of the standard errors (∝ √RSS), exist to be found
            """,
    ]

    /// The runner's options with `backend`'s linear algebra.
    static func options(_ backend: LinearAlgebraBackend) -> LevenbergMarquardt.Options {
        var options = StRDRunner.options
        options.linearAlgebra = backend
        return options
    }

    @Test("LRE ≥ 6 on all 54 runs, mean LRE ≥ 10.5, standard errors LRE ≥ 4 — on LAPACK and on the Swift linear algebra",
          arguments: LinearAlgebraBackend.allCases)
    func suite(backend: LinearAlgebraBackend) throws {
        guard let datasets = try NISTData.loadAll(for: "suite") else { return }
        let runs = StRDRunner.runAll(datasets, options: Self.options(backend))
        #expect(runs.count == 54)
        for r in runs {
            let label = "\(r.problem.name) start \(r.start)"
            #expect(r.fit.status.isConverged, "\(label): \(r.fit.status)")
            // The contract: 6 digits everywhere; what this solver reaches: 9.5 everywhere.
            #expect(r.parameterLRE >= 6, "\(label): LRE \(r.parameterLRE)")
            #expect(r.parameterLRE >= 9.5, "\(label): LRE \(r.parameterLRE)")
            if let reason = Self.statisticsExceptions[r.problem.name] {
                // Still checked against what double precision allows.
                #expect(r.residualSumOfSquaresLRE >= 2 && r.standardErrorLRE >= 2, "\(label): \(reason)")
            } else {
                #expect(r.residualSumOfSquaresLRE >= 9.5, "\(label): RSS LRE \(r.residualSumOfSquaresLRE)")
                #expect(r.standardErrorLRE >= 4, "\(label): standard error LRE \(r.standardErrorLRE)")
                #expect(r.standardErrorLRE >= 9.5, "\(label): standard error LRE \(r.standardErrorLRE)")
            }
            #expect(r.fit.evaluations <= 1000, "\(label): \(r.fit.evaluations) evaluations")
        }
        let summary = StRDSummary(runs)
        print("NIST StRD (\(backend)): \(summary.runs) runs, minimum LRE \(runs.map { $0.parameterLRE }.min() ?? 0), mean LRE \(summary.meanLRE)")
        #expect(summary.atLeast4 == 54 && summary.atLeast6 == 54)
        #expect(summary.meanLRE >= 10.5, "mean LRE \(summary.meanLRE)")
    }

    @Test("the hard starts: BoxBOD, MGH09, MGH10, Eckerle4 and Bennett5 from start 1")
    func hardStarts() throws {
        guard let folder = NISTData.folder else {
            print("skipping hardStarts: \(NISTData.variable) is not set")
            return
        }
        for name in ["BoxBOD", "MGH09", "MGH10", "Eckerle4", "Bennett5"] {
            let d = try NISTData.load(StRDProblem.named(name)!, from: folder)
            let run = StRDRunner.run(d, start: 1)
            #expect(run.parameterLRE >= 9.5, "\(name): \(run.parameterLRE)")
            // The same problem with finite-difference Jacobians still reaches 6 digits.
            let model = d.residualModel
            let numeric = LeastSquaresProblem(residualCount: model.residualCount,
                                              parameterCount: model.parameterCount,
                                              residuals: { model.residuals($0) })
            let fit = LevenbergMarquardt(options: StRDRunner.options).minimize(numeric, from: d.starts[0])
            #expect(LogRelativeError.minimum(fit.parameters, certified: d.certifiedParameters) >= 6, "\(name) (finite differences)")
        }
    }

    @Test("LRE: capped at 11, 0 for garbage, digits in between")
    func lre() {
        #expect(LogRelativeError.of(1.5, certified: 1.5) == 11)
        #expect(abs(LogRelativeError.of(1.0001, certified: 1) - 4) < 1e-9)
        #expect(LogRelativeError.of(1 + 1e-14, certified: 1) == 11)
        #expect(LogRelativeError.of(.nan, certified: 1) == 0)
        #expect(LogRelativeError.of(-3, certified: 1) == 0)
        #expect(LogRelativeError.minimum([1, 2.002], certified: [1, 2]) == LogRelativeError.of(2.002, certified: 2))
    }
}

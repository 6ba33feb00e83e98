import LeastSquares
import LeastSquaresTestProblems
import Testing

/// Geodesic acceleration (``GeodesicAcceleration``) on the test problems: the same minima in
/// fewer evaluations.
@Suite("Geodesic acceleration on the MGH and NIST problems")
struct GeodesicAccelerationRunTests {
    static func accelerated() -> LevenbergMarquardt.Options {
        var options = LevenbergMarquardt.Options(maxEvaluations: 10_000)
        options.geodesicAcceleration = GeodesicAcceleration()
        return options
    }

    @Test("Meyer (MGH 10) from x₀ and 10·x₀: fewer residual and Jacobian evaluations, same minimum")
    func meyer() {
        for run in MGHRun.all where run.problem == .meyer {
            let plain = MGHRunner.run(run)
            let fast = MGHRunner.run(run, options: Self.accelerated())
            #expect(plain.solved && fast.solved, "\(run.label)")
            #expect(fast.fit.evaluations < plain.fit.evaluations, "\(run.label): \(plain.fit.evaluations) → \(fast.fit.evaluations)")
            #expect(fast.fit.jacobianEvaluations < plain.fit.jacobianEvaluations)
            #expect(fast.fit.acceleratedSteps > 0)
        }
    }

    @Test("NIST MGH10 and Bennett5, both starts: fewer evaluations, the same digits")
    func nist() throws {
        guard let folder = NISTData.folder else {
            print("skipping nist: \(NISTData.variable) is not set")
            return
        }
        for name in ["MGH10", "Bennett5"] {
            let d = try NISTData.load(StRDProblem.named(name)!, from: folder)
            for start in [1, 2] {
                let plain = StRDRunner.run(d, start: start)
                var options = StRDRunner.options
                options.geodesicAcceleration = GeodesicAcceleration()
                let fast = StRDRunner.run(d, start: start, options: options)
                #expect(fast.parameterLRE >= 9.5, "\(name) start \(start): LRE \(fast.parameterLRE)")
                #expect(fast.fit.evaluations < plain.fit.evaluations,
                        "\(name) start \(start): \(plain.fit.evaluations) → \(fast.fit.evaluations)")
            }
        }
    }
}

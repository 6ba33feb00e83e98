import LeastSquares
import Testing

@Suite("Geodesic acceleration")
struct GeodesicAccelerationTests {
    static func accelerated() -> LevenbergMarquardt.Options {
        var options = LevenbergMarquardt.Options(maxEvaluations: 10_000)
        options.geodesicAcceleration = GeodesicAcceleration()
        return options
    }

    @Test("Rosenbrock still converges; the probe evaluations are counted")
    func rosenbrock() {
        let fit = LevenbergMarquardt(options: Self.accelerated()).minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1])
        #expect(fit.status.isConverged && abs(fit.parameters[0] - 1) < 1e-10)
        // One probe per trial step besides the trial itself: more residual than Jacobian evaluations.
        #expect(fit.evaluations > fit.jacobianEvaluations)
    }
}

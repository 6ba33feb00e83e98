import Foundation
import LeastSquares
import Testing

/// The solver never reports NaN or ±∞ parameters as converged, and never evaluates a problem
/// there.
@Suite("Levenberg–Marquardt: non-finite parameters")
struct NonFiniteParameterTests {
    /// r(x) = (x₀ − 1, x₀ + 1): x₁ does not enter, so NaN in it leaves the residuals finite.
    static var ignoresSecond: LeastSquaresProblem { LeastSquaresProblem(
        residualCount: 2, parameterCount: 2,
        residuals: { x in [x[0] - 1, x[0] + 1] },
        jacobian: { _ in Matrix([[1, 0], [1, 0]]) }) }

    @Test("a NaN or ±∞ start stops at once: nonfinite_parameters, no evaluation",
          arguments: [[Double.nan, 0], [0, .nan], [.infinity, 0], [0, -.infinity]])
    func nonFiniteStart(start: [Double]) {
        let fit = LevenbergMarquardt().minimize(Self.ignoresSecond, from: start)
        #expect(fit.status == .nonfiniteParameters && !fit.status.isConverged)
        #expect(fit.evaluations == 0 && fit.jacobianEvaluations == 0 && fit.iterations == 0)
        #expect(fit.residuals.count == 2 && fit.residuals.allSatisfy { $0.isNaN })
    }

    @Test("−∞ is not projected onto a bound: still nonfinite_parameters")
    func nonFiniteStartWithBounds() throws {
        let bounds = try Bounds(lower: [-10, -10], upper: [10, 10])
        let fit = LevenbergMarquardt().minimize(Self.ignoresSecond, from: [-.infinity, 0], bounds: bounds)
        #expect(fit.status == .nonfiniteParameters && fit.evaluations == 0)
    }

    @Test("a step that overflows is a failed step: the fit stops with finite parameters")
    func overflowingStep() {
        // A residual that saturates, r(x) = atan(x) − 2 (never 0: atan < π/2), so the steps run
        // towards +∞ and, from far out, overflow.
        let saturating = LeastSquaresProblem(
            residualCount: 1, parameterCount: 1,
            residuals: { x in [atan(x[0]) - 2] },
            jacobian: { x in Matrix([[1 / (1 + x[0] * x[0])]]) })
        for start in [0.0, 1e10, 1e300, -1e300] {
            let fit = LevenbergMarquardt().minimize(saturating, from: [start])
            #expect(fit.parameters.allSatisfy { $0.isFinite }, "start \(start): \(fit.parameters)")
            #expect(fit.residuals.allSatisfy { $0.isFinite }, "start \(start): \(fit.residuals)")
        }
    }

    @Test("every status that says converged comes with finite parameters and residuals")
    func convergedIsFinite() {
        for start in [[1.0, 0], [1e308, 1e308], [-1e308, .leastNonzeroMagnitude]] {
            let fit = LevenbergMarquardt().minimize(Self.ignoresSecond, from: start)
            if fit.status.isConverged {
                #expect(fit.parameters.allSatisfy { $0.isFinite } && fit.residuals.allSatisfy { $0.isFinite },
                        "\(start): \(fit.status) \(fit.parameters)")
            }
        }
    }
}

import Foundation
import LeastSquares
import Testing
import _TestSupport

/// Records every point a residual function is evaluated at (the solver is single-threaded).
final class EvaluationLog: @unchecked Sendable {
    var points: [[Double]] = []
}

@Suite("Box bounds")
struct BoundsTests {
    /// Rosenbrock's residuals with every evaluation logged.
    static func loggedRosenbrock(_ log: EvaluationLog) -> LeastSquaresProblem {
        LeastSquaresProblem(residualCount: 2, parameterCount: 2,
                            residuals: { x in log.points.append(x); return [10 * (x[1] - x[0] * x[0]), 1 - x[0]] },
                            jacobian: { x in Matrix([[-20 * x[0], 10], [-1, 0]]) })
    }

    @Test("invalid bounds are refused with the parameter named")
    func invalid() {
        #expect(throws: BoundsError(parameter: 1, reason: "the lower bound 2.0 exceeds the upper bound 1.0")) {
            try Bounds(lower: [0, 2], upper: [1, 1])
        }
        #expect(throws: BoundsError.self) { try Bounds(lower: [.nan], upper: [1]) }
        #expect(throws: BoundsError.self) { try Bounds(lower: [.infinity], upper: [.infinity]) }
        #expect(throws: BoundsError.self) { try Bounds(lower: [0, 0], upper: [1]) }
        let b = try! Bounds(lower: [0, -.infinity], upper: [1, 5])
        #expect(b.project([-3, 7]) == [0, 5] && b.project([0.5, -1e300]) == [0.5, -1e300])
        #expect(b.side(of: [0, 5]) == [.lower, .upper] && b.side(of: [0.5, 4]) == [nil, nil])
        #expect(Bounds.unbounded(3).contains([1e308, -1e308, 0]))
    }

    @Test("Rosenbrock with x₁ ≤ 0.5: the bound is met exactly, every evaluation inside the box")
    func rosenbrockUpperBound() throws {
        let log = EvaluationLog()
        let bounds = try Bounds(lower: [-2, -.infinity], upper: [0.5, .infinity])
        let fit = LevenbergMarquardt().minimize(Self.loggedRosenbrock(log), from: [-1.2, 1], bounds: bounds)
        #expect(fit.status.isConverged, "\(fit.status)")
        // The constrained minimum: x₁ = 0.5 on the bound, x₂ = x₁² = 0.25, ‖r‖² = 0.25.
        #expect(fit.parameters[0] == 0.5)
        #expect(abs(fit.parameters[1] - 0.25) < 1e-14)
        #expect(abs(fit.residualSumOfSquares - 0.25) < 1e-14)
        #expect(fit.activeBounds == [.upper, nil])
        #expect(!log.points.isEmpty && log.points.allSatisfy { bounds.contains($0) })
        // m = n: no covariance; and without bounds the unconstrained minimum (1, 1) is outside.
        let free = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1])
        #expect(abs(free.parameters[0] - 1) < 1e-10 && free.activeBounds == [nil, nil])
    }

    @Test("a line whose free slope is negative, fitted with slope ≥ 0: slope exactly 0, intercept the mean")
    func nonNegativeSlope() throws {
        let t: [Double] = [0, 1, 2, 3, 4, 5, 6, 7]
        let y: [Double] = [5.1, 4.8, 4.9, 4.2, 4.4, 3.9, 3.6, 3.7]
        let a = Matrix(t.map { [1, $0] })
        let log = EvaluationLog()
        let problem = LeastSquaresProblem(residualCount: 8, parameterCount: 2,
                                          residuals: { x in log.points.append(x); return zip(a * x, y).map { $0 - $1 } },
                                          jacobian: { _ in a })
        let bounds = try Bounds(lower: [-.infinity, 0], upper: [.infinity, .infinity])
        let fit = LevenbergMarquardt().minimize(problem, from: [0, 1], bounds: bounds)
        #expect(fit.status.isConverged, "\(fit.status)")
        #expect(fit.parameters[1] == 0 && fit.activeBounds == [nil, .lower])
        let mean = y.reduce(0, +) / 8
        #expect(abs(fit.parameters[0] - mean) < 1e-13)
        #expect(log.points.allSatisfy { $0[1] >= 0 })
        // Covariance of the free intercept alone: s²/m with s² = SSR/(m − 1); the slope has none.
        let c = try #require(fit.covariance)
        #expect(c.degreesOfFreedom == 7)
        let s2 = y.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 7
        #expect(abs(fit.standardErrors[0] - (s2 / 8).squareRoot()) < 1e-14)
        #expect(fit.standardErrors[1].isNaN)
    }

    @Test("a start outside the box is projected; inactive bounds change nothing")
    func projectionAndInactive() throws {
        let bounds = try Bounds(lower: [-5, -5], upper: [5, 0.5])
        let fit = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 9], bounds: bounds)
        #expect(fit.parameters[1] <= 0.5 && fit.parameters[0] <= 5 && fit.status.isConverged)
        // The minimum (1, 1) violates x₂ ≤ 0.5: x₂ = 0.5 exactly, x₁ = argmin 100(0.5 − x₁²)² + (1 − x₁)².
        #expect(fit.parameters[1] == 0.5 && fit.activeBounds == [nil, .upper])
        let x1 = fit.parameters[0]
        let derivative = -400 * x1 * (0.5 - x1 * x1) - 2 * (1 - x1)
        #expect(abs(derivative) < 1e-9, "∂/∂x₁ = \(derivative) at x₁ = \(x1)")
        // Bounds that the path and the solution never touch: the same fit, bit for bit.
        let wide = try Bounds(lower: [-10, -10], upper: [10, 10])
        let a = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1], bounds: wide)
        let b = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1])
        #expect(a.parameters == b.parameters && a.evaluations == b.evaluations)
    }

    @Test("NIST BoxBOD start 1 with b₂ ≤ 0.4 (certified 0.547): b₂ on its bound, b₁ optimal for it")
    func boxBODCapped() throws {
        // y = b1·(1 − e^(−b2·x)): BoxBOD's data, inline (6 observations).
        let x: [Double] = [1, 2, 3, 5, 7, 10]
        let y: [Double] = [109, 149, 149, 191, 213, 224]
        struct Model: ResidualModel {
            let x: [Double], y: [Double]
            var parameterCount: Int { 2 }
            var residualCount: Int { 6 }
            func residuals<T: Real>(_ b: [T]) -> [T] {
                zip(x, y).map { xi, yi in T(yi) - b[0] * (1 - T.exp(-b[1] * T(xi))) }
            }
        }
        let bounds = try Bounds(lower: [0, 0], upper: [1000, 0.4])
        let fit = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Model(x: x, y: y)), from: [1, 1], bounds: bounds)
        #expect(fit.status.isConverged && fit.parameters[1] == 0.4 && fit.activeBounds == [nil, .upper])
        // With b₂ fixed the model is linear in b₁: b₁ = Σ gᵢyᵢ/Σ gᵢ², gᵢ = 1 − e^(−0.4xᵢ).
        let g = x.map { 1 - exp(-0.4 * $0) }
        let b1 = zip(g, y).map { $0 * $1 }.reduce(0, +) / g.map { $0 * $0 }.reduce(0, +)
        #expect(abs(fit.parameters[0] / b1 - 1) < 1e-13)
        #expect(fit.standardErrors[1].isNaN && fit.standardErrors[0] > 0)
    }

    @Test("maximumRadius caps every step: no trial point farther than Δ_max from an earlier point")
    func maximumRadius() {
        let log = EvaluationLog()
        var options = LevenbergMarquardt.Options()
        options.maximumRadius = 0.1
        options.scaling = .fixed([1, 1])
        let fit = LevenbergMarquardt(options: options).minimize(Self.loggedRosenbrock(log), from: [-1.2, 1])
        #expect(fit.status.isConverged && abs(fit.parameters[0] - 1) < 1e-10)
        for k in 1..<log.points.count {
            let nearest = (0..<k).map { j in
                zip(log.points[k], log.points[j]).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
            }.min()!
            #expect(nearest <= 0.1 * (1 + 1e-12), "evaluation \(k) is \(nearest) from every earlier point")
        }
        // The cap costs steps: more evaluations than with the unlimited radius.
        let free = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1])
        #expect(fit.evaluations > free.evaluations)
    }
}

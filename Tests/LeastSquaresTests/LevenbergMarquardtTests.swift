import Foundation
import LeastSquares
import Testing
import _TestSupport

/// Rosenbrock's function as residuals, (10(x₂ − x₁²), 1 − x₁): minimum 0 at (1, 1).
struct Rosenbrock: ResidualModel {
    var parameterCount: Int { 2 }
    var residualCount: Int { 2 }
    func residuals<T: Real>(_ x: [T]) -> [T] { [10 * (x[1] - x[0] * x[0]), 1 - x[0]] }
}

@Suite("Levenberg–Marquardt")
struct LevenbergMarquardtTests {
    /// A linear problem r(x) = A x − b with its analytic Jacobian A.
    static func linear(_ a: Matrix, _ b: [Double]) -> LeastSquaresProblem {
        LeastSquaresProblem(residualCount: a.rows, parameterCount: a.columns,
                            residuals: { x in zip(a * x, b).map { $0 - $1 } },
                            jacobian: { _ in a })
    }

    @Test("linear problems: the same solution as dgels", arguments: [UInt64(1), 2, 3])
    func linearAgainstQR(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let (m, n) = (40, 5)
        let a = Matrix(rows: m, columns: n, columnMajor: (0..<(m * n)).map { _ in rng.uniform(-1, 1) })
        let b = (0..<m).map { _ in rng.uniform(-1, 1) }
        let reference = try LinearLeastSquares.solveQR(a, b)
        let fit = LevenbergMarquardt().minimize(Self.linear(a, b), from: [Double](repeating: 0, count: n))
        #expect(fit.status.isConverged, "\(fit.status)")
        for (x, y) in zip(fit.parameters, reference) { #expect(abs(x - y) <= 1e-12 * max(1, abs(y))) }
    }

    @Test("a rank-deficient linear problem is solved without NaN")
    func rankDeficient() throws {
        // Column 2 = column 0 + column 1: only two combinations are determined.
        let t: [Double] = [0, 1, 2, 3, 4, 5]
        let a = Matrix(t.map { [1, $0, 1 + $0] })
        let b = t.map { 2 + 3 * $0 + 0.1 * sin($0) }
        let fit = LevenbergMarquardt().minimize(Self.linear(a, b), from: [0, 0, 0])
        #expect(fit.status.isConverged, "\(fit.status)")
        #expect(fit.parameters.allSatisfy { $0.isFinite })
        let reference = try LinearLeastSquares.solveSVD(a, b, relativeCutoff: 1e-12)
        #expect(reference.rank == 2)
        let minimum = zip(a * reference.solution, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        #expect(abs(fit.residualSumOfSquares - minimum) <= 1e-12 * minimum)
        // The fitted values are unique even though the parameters are not.
        for (p, q) in zip(a * fit.parameters, a * reference.solution) { #expect(abs(p - q) < 1e-10) }
        #expect(fit.covariance?.rank == 2)
        #expect(fit.standardErrors.allSatisfy { !$0.isNaN })
    }

    @Test("covariance of a straight-line fit equals the closed form")
    func regressionCovariance() throws {
        let t: [Double] = [1, 2, 3, 4, 5, 6, 7, 8]
        let y: [Double] = [2.1, 3.9, 6.2, 7.8, 10.1, 12.2, 13.8, 16.1]
        let a = Matrix(t.map { [1, $0] })
        let fit = LevenbergMarquardt().minimize(Self.linear(a, y), from: [0, 0])
        let n = Double(t.count)
        let tMean = t.reduce(0, +) / n
        let yMean = y.reduce(0, +) / n
        let sxx = t.map { ($0 - tMean) * ($0 - tMean) }.reduce(0, +)
        let slope = zip(t, y).map { ($0 - tMean) * ($1 - yMean) }.reduce(0, +) / sxx
        let intercept = yMean - slope * tMean
        var ssr = 0.0
        for (ti, yi) in zip(t, y) {
            let r = yi - intercept - slope * ti
            ssr += r * r
        }
        let s2 = ssr / (n - 2)
        let expected = Matrix([[s2 * (1 / n + tMean * tMean / sxx), -tMean * s2 / sxx],
                               [-tMean * s2 / sxx, s2 / sxx]])
        let covariance = try #require(fit.covariance)
        #expect(abs(fit.parameters[0] - intercept) < 1e-12 && abs(fit.parameters[1] - slope) < 1e-12)
        #expect(covariance.degreesOfFreedom == 6 && abs(covariance.residualVariance / s2 - 1) < 1e-12)
        for (p, q) in zip(covariance.matrix.elements, expected.elements) {
            let relative: Double = (p / q - 1).magnitude
            #expect(relative < 1e-12)
        }
        #expect(abs(fit.standardErrors[1] - (s2 / sxx).squareRoot()) < 1e-14)
        let rho = -tMean / (1 / n + tMean * tMean / sxx).squareRoot() / sxx.squareRoot()
        #expect(abs(covariance.correlation[0, 1] - rho) < 1e-12 && covariance.correlation[1, 1] == 1)
    }

    @Test("Rosenbrock from (−1.2, 1) with each Jacobian source")
    func rosenbrock() {
        let residuals: ([Double]) -> [Double] = { x in [10 * (x[1] - x[0] * x[0]), 1 - x[0]] }
        let problems = [
            LeastSquaresProblem(model: Rosenbrock()),
            LeastSquaresProblem(residualCount: 2, parameterCount: 2, residuals: residuals,
                                jacobian: { x in Matrix([[-20 * x[0], 10], [-1, 0]]) }),
            LeastSquaresProblem(residualCount: 2, parameterCount: 2, residuals: residuals),
        ]
        for problem in problems {
            let fit = LevenbergMarquardt().minimize(problem, from: [-1.2, 1])
            #expect(fit.status.isConverged, "\(problem.jacobianSource): \(fit.status)")
            #expect(abs(fit.parameters[0] - 1) < 1e-10 && abs(fit.parameters[1] - 1) < 1e-10,
                    "\(problem.jacobianSource): \(fit.parameters)")
            #expect(fit.cost < 1e-20)
            #expect(fit.evaluations < 100 && fit.iterations > 1)
            #expect(fit.covariance == nil)  // m = n: no degrees of freedom
        }
    }

    @Test("a residual that is NaN at the start stops at once, not converged")
    func nanAtStart() {
        let problem = LeastSquaresProblem(residualCount: 1, parameterCount: 1,
                                          residuals: { x in [x[0].squareRoot() - 2] },
                                          jacobian: { x in Matrix([[0.5 / x[0].squareRoot()]]) })
        let fit = LevenbergMarquardt().minimize(problem, from: [-1])
        #expect(fit.status == .nonfiniteResidual && !fit.status.isConverged)
        #expect(fit.evaluations == 1 && fit.parameters == [-1])
    }

    @Test("NaN beyond a boundary the minimum lies past: a clean stop, never 'converged'")
    func nanBeyondBoundary() {
        // r(x) = x − 3, but NaN for x > 1 (as √(1 − x) would be): the minimum is unreachable.
        let problem = LeastSquaresProblem(residualCount: 1, parameterCount: 1,
                                          residuals: { x in [x[0] > 1 ? .nan : x[0] - 3] },
                                          jacobian: { _ in Matrix([[1]]) })
        let fit = LevenbergMarquardt().minimize(problem, from: [0])
        #expect(fit.status == .nonfiniteResidual, "\(fit.status)")
        #expect(fit.parameters[0] <= 1 && fit.residuals.allSatisfy { $0.isFinite })
        // A residual that is NaN everywhere but the start.
        let everywhere = LeastSquaresProblem(residualCount: 2, parameterCount: 1,
                                             residuals: { x in x[0] == 5 ? [1, 2] : [.nan, 0] },
                                             jacobian: { _ in Matrix([[1], [1]]) })
        let stuck = LevenbergMarquardt().minimize(everywhere, from: [5])
        #expect(stuck.status == .nonfiniteResidual && stuck.parameters == [5])
    }

    @Test("a NaN Jacobian and an exhausted budget have their own status")
    func otherStops() {
        let nanJacobian = LeastSquaresProblem(residualCount: 2, parameterCount: 1,
                                              residuals: { x in [x[0], x[0] - 1] },
                                              jacobian: { _ in Matrix([[.nan], [1]]) })
        #expect(LevenbergMarquardt().minimize(nanJacobian, from: [3]).status == .nonfiniteJacobian)
        var options = LevenbergMarquardt.Options()
        options.maxEvaluations = 3
        let fit = LevenbergMarquardt(options: options).minimize(LeastSquaresProblem(model: Rosenbrock()), from: [-1.2, 1])
        #expect(fit.status == .maxEvaluations && fit.evaluations == 3)
        // An exact fit stops on the gradient test (r = 0).
        let exact = Self.linear(Matrix([[1, 0], [0, 2], [1, 1]]), [1, 4, 3])
        let solved = LevenbergMarquardt().minimize(exact, from: [1, 2])
        #expect(solved.status == .convergedGtol && solved.evaluations == 1)
    }

    @Test("mismatched dimensions are programmer errors with a clear message")
    func dimensionMismatch() async {
        let start = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LevenbergMarquardt().minimize(LeastSquaresProblem(model: Rosenbrock()), from: [1, 2, 3])
        }
        let startMessage = String(decoding: start?.standardErrorContent ?? [], as: UTF8.self)
        #expect(startMessage.contains("the start has 3 entries, the problem has 2 parameters"), "\(startMessage)")
        let residuals = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let wrong = LeastSquaresProblem(residualCount: 3, parameterCount: 1,
                                            residuals: { x in [x[0]] }, jacobian: { _ in Matrix([[1]]) })
            _ = LevenbergMarquardt().minimize(wrong, from: [1])
        }
        let residualMessage = String(decoding: residuals?.standardErrorContent ?? [], as: UTF8.self)
        #expect(residualMessage.contains("the residual function returned 1 values, the problem declares 3"), "\(residualMessage)")
    }
}

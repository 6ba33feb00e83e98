import Foundation
import LeastSquares
import Testing

@Suite("Finite differences and the derivative checker")
struct DerivativeCheckTests {
    /// r(x) = (x₀·e^(x₁·t) − y) for t = 0…4: a small exponential fit.
    struct Exponential: ResidualModel {
        var parameterCount: Int { 2 }
        var residualCount: Int { 5 }
        func residuals<T: Real>(_ x: [T]) -> [T] {
            (0..<5).map { t in x[0] * T.exp(x[1] * T(Double(t))) - T(Double(t) + 1) }
        }
    }

    @Test("central differences agree with automatic derivatives to about 10 digits")
    func centralDifferences() {
        let x = [1.5, -0.3]
        let exact = AutomaticJacobian.jacobian(Exponential(), at: x)
        let numeric = FiniteDifferences.centralJacobian(residualCount: 5, at: x) { Exponential().residuals($0) }
        for (a, f) in zip(exact.elements, numeric.elements) { #expect(abs(a - f) <= 1e-9 * max(1, abs(a))) }
    }

    @Test("the checker passes a correct Jacobian and catches a planted wrong entry")
    func plantedError() {
        let x = [1.5, -0.3]
        let residuals: ([Double]) -> [Double] = { Exponential().residuals($0) }
        let correct = AutomaticJacobian.jacobian(Exponential(), at: x)
        let good = DerivativeCheck(residuals: residuals, jacobian: correct, at: x)
        #expect(good.passed && good.worst!.error < 1e-9)

        var wrong = correct
        wrong[3, 1] *= 1.001  // a 0.1 % slip in ∂r₃/∂x₁
        let bad = DerivativeCheck(residuals: residuals, jacobian: wrong, at: x)
        #expect(!bad.passed)
        #expect(bad.mismatches.count == 1)
        #expect(bad.mismatches.first?.row == 3 && bad.mismatches.first?.column == 1)
        #expect(bad.worst?.row == 3 && abs(bad.worst!.error - 1e-3) < 1e-5)

        // Through a problem: a sign error in an analytic Jacobian.
        let problem = LeastSquaresProblem(residualCount: 2, parameterCount: 2,
                                          residuals: { x in [10 * (x[1] - x[0] * x[0]), 1 - x[0]] },
                                          jacobian: { x in Matrix([[20 * x[0], 10], [-1, 0]]) })
        let check = DerivativeCheck(problem, at: [-1.2, 1])
        #expect(check.mismatches.map { [$0.row, $0.column] } == [[0, 0]])
    }
}

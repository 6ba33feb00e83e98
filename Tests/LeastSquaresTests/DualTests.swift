import Foundation
import LeastSquares
import Testing

@Suite("Dual numbers")
struct DualTests {
    /// f′(x) by evaluating f at the dual x + ε.
    func derivative(_ f: (Dual) -> Dual, at x: Double) -> (value: Double, derivative: Double) {
        let y = f(.variable(x))
        return (y.value, y.derivative)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-15) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(b))
    }

    @Test("each rule against its closed-form derivative", arguments: [0.3, 1.0, 2.5, 7.25])
    func rules(x: Double) {
        #expect(close(derivative({ $0 * $0 * $0 }, at: x).derivative, 3 * x * x))
        #expect(close(derivative({ 1 / $0 }, at: x).derivative, -1 / (x * x)))
        #expect(close(derivative({ ($0 + 1) / ($0 - 3) }, at: x).derivative, -4 / ((x - 3) * (x - 3))))
        #expect(close(derivative({ Dual.exp(2 * $0) }, at: x).derivative, 2 * exp(2 * x)))
        #expect(close(derivative({ Dual.log($0) }, at: x).derivative, 1 / x))
        #expect(close(derivative({ Dual.sqrt($0) }, at: x).derivative, 0.5 / sqrt(x)))
        #expect(close(derivative({ Dual.sin($0) }, at: x).derivative, cos(x)))
        #expect(close(derivative({ Dual.cos($0) }, at: x).derivative, -sin(x)))
        #expect(close(derivative({ Dual.atan($0) }, at: x).derivative, 1 / (1 + x * x)))
        #expect(close(derivative({ Dual.pow($0, 2.5) }, at: x).derivative, 2.5 * pow(x, 1.5), 1e-14))
        #expect(close(derivative({ Dual.pow(3, $0) }, at: x).derivative, pow(3, x) * log(3.0), 1e-14))
        #expect(close(derivative({ Dual.pow($0, $0) }, at: x).derivative, pow(x, x) * (log(x) + 1), 1e-14))
        #expect(close(derivative({ -$0 - 2 }, at: x).derivative, -1))
        // The value part is bit-identical to the Double evaluation.
        #expect(derivative({ Dual.exp(-$0) * Dual.atan($0) }, at: x).value == exp(-x) * atan(x))
    }

    @Test("a constant exponent works for a negative base; constants carry no derivative")
    func edgeCases() {
        let cube = Dual.pow(Dual.variable(-2), 3)
        #expect(cube.value == -8 && cube.derivative == 12)
        let c: Dual = 4.5
        #expect(c.derivative == 0 && Dual(2).derivative == 0)
        // A generic function gives the same value in Double and in Dual.
        func f<T: Real>(_ x: T) -> T { T.exp(-x) * T.sin(x) / (1 + x * x) }
        #expect(f(Dual.variable(0.7)).value == f(0.7))
    }
}

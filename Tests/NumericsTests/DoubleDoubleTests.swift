import Testing
import _Numerics
import _TestSupport

@Suite("double-double arithmetic (106-bit sums of two doubles)")
struct DoubleDoubleTests {
    /// x − y for double-double values, as one double (exact enough to compare at 1e-32).
    func difference(_ x: DoubleDouble, _ y: DoubleDouble) -> Double { (x - y).value }

    @Test("TwoProduct by splitting equals the fused multiply-add's exact error term; TwoSum is exact")
    func errorFreeTransformations() {
        var rng = SplitMix64(seed: 106)
        for _ in 0..<20_000 {
            // Random signs, mantissas and exponents in ±2^±60.
            let a = rng.uniform(-1, 1) * Double(sign: .plus, exponent: Int(rng.next() % 120) - 60, significand: 1)
            let b = rng.uniform(-1, 1) * Double(sign: .plus, exponent: Int(rng.next() % 120) - 60, significand: 1)
            let p = DoubleDouble.twoProduct(a, b)
            #expect(p.hi == a * b && p.lo == (-(a * b)).addingProduct(a, b), "\(a) × \(b)")
            let s = DoubleDouble.twoSum(a, b)
            #expect(s.hi == a + b)
            // The rounding error of a sum is exact in double: s.lo = (a − s.hi) + b when |a| ≥ |b|.
            let (big, small) = abs(a) >= abs(b) ? (a, b) : (b, a)
            #expect(s.lo == (big - s.hi) + small, "\(a) + \(b)")
        }
    }

    @Test("sum, product, quotient and square root hold their identities to ≈ 1e-31")
    func arithmetic() {
        var rng = SplitMix64(seed: 32)
        for _ in 0..<5_000 {
            let x = DoubleDouble.twoSum(rng.uniform(-1, 1) * 10, rng.uniform(-1, 1) * 1e-17)
            let y = DoubleDouble.twoSum(rng.uniform(-1, 1) * 10 + 20, rng.uniform(-1, 1) * 1e-17)
            let scale = abs(x.hi) + abs(y.hi)
            #expect(abs(difference((x + y) - y, x)) <= 1e-31 * scale)
            #expect(abs(difference((x * y) / y, x)) <= 1e-30 * abs(x.hi))
            let d = rng.uniform(-1, 1) * 7 + 11
            #expect(abs(difference((x / d) * d, x)) <= 1e-30 * abs(x.hi))
            let r = y.squareRoot()
            #expect(abs(difference(r * r, y)) <= 1e-30 * y.hi)
        }
    }

    @Test("1/i! from the recurrence: i!·(1/i!) = 1 to 1e-30")
    func inverseFactorials() {
        var factorial = DoubleDouble(1)
        for (i, c) in DoubleDouble.inverseFactorials.enumerated() {
            if i > 0 { factorial = factorial * Double(i) }
            #expect(abs((factorial * c - 1).value) <= 4e-30, "1/\(i)!")
        }
    }
}

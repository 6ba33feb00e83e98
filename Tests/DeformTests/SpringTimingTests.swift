import Deform
import Foundation
import Testing

@Suite("damped spring timing")
struct SpringTimingTests {
    /// u = y − 1 and u′ by classical Runge–Kutta on u″ = −2ζωu′ − ω²u from (−1, v₀), step h —
    /// the slow twin of the closed forms.
    func integrate(_ s: SpringTiming, to t: Double, steps: Int) -> Double {
        let w = s.omega, z = s.zeta
        let h = t / Double(steps)
        var u = -1.0, v = s.initialVelocity
        func acc(_ u: Double, _ v: Double) -> Double { -2 * z * w * v - w * w * u }
        for _ in 0..<steps {
            let k1u = v, k1v = acc(u, v)
            let k2u = v + 0.5 * h * k1v, k2v = acc(u + 0.5 * h * k1u, v + 0.5 * h * k1v)
            let k3u = v + 0.5 * h * k2v, k3v = acc(u + 0.5 * h * k2u, v + 0.5 * h * k2v)
            let k4u = v + h * k3v, k4v = acc(u + h * k3u, v + h * k3v)
            u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return u
    }

    static let cases: [(Double, Double, Double)] = [
        (20, 0.3, 0), (20, 0.3, 5), (25, 0, 0), (15, 1, 0), (15, 1, -10), (15, 1, 40),
        (10, 2.5, 0), (10, 2.5, 30), (8, 0.999999, 0), (8, 1.000001, 3), (4, 40, 0),
    ]

    @Test("the closed forms agree with a Runge–Kutta integration of the oscillator to 1e-11")
    func closedForms() throws {
        for (w, z, v0) in Self.cases {
            let s = try SpringTiming(omega: w, zeta: z, initialVelocity: v0)
            #expect(s.value(at: 0) == 0)
            for t in [0.05, 0.2, 0.5, 1.0] {
                let reference = 1 + integrate(s, to: t, steps: 20_000)
                #expect(abs(s.value(at: t) - reference) < 1e-11, "ω \(w) ζ \(z) v₀ \(v0) t \(t)")
            }
        }
    }

    @Test("continuous through critical damping: ζ = 1 ∓ 1e-9 agree with ζ = 1")
    func continuityAtCritical() throws {
        for v0 in [0.0, 5, -5] {
            let c = try SpringTiming(omega: 12, zeta: 1, initialVelocity: v0)
            let under = try SpringTiming(omega: 12, zeta: 1 - 1e-9, initialVelocity: v0)
            let over = try SpringTiming(omega: 12, zeta: 1 + 1e-9, initialVelocity: v0)
            for t in stride(from: 0.0, through: 3, by: 0.01) {
                #expect(abs(under.value(at: t) - c.value(at: t)) < 1e-8)
                #expect(abs(over.value(at: t) - c.value(at: t)) < 1e-8)
            }
        }
        #expect(try SpringTiming(omega: 1, zeta: 0.5).regime == .underdamped)
        #expect(try SpringTiming(omega: 1, zeta: 1).regime == .criticallyDamped)
        #expect(try SpringTiming(omega: 1, zeta: 2).regime == .overdamped)
    }

    @Test("underdamped settling time is the last time |1 − y| = ε, at or below the envelope bound")
    func underdampedSettling() throws {
        let eps = 1e-3
        for (w, z, v0) in [(10.0, 0.3, 0.0), (10, 0.5, 20), (10, 0.7, -15), (30, 0.05, 3), (10, 0.1, 0), (8, 0.999, 0)] {
            let s = try SpringTiming(omega: w, zeta: z, initialVelocity: v0)
            let T = s.settlingTime(threshold: eps)
            let wd = w * (1 - z * z).squareRoot()
            let b = (v0 - z * w) / wd
            let envelope = log((1 + b * b).squareRoot() / eps) / (z * w)
            let period = Double.pi / wd
            #expect(T <= envelope * (1 + 1e-12) && T >= envelope - period, "ω \(w) ζ \(z) v₀ \(v0)")
            #expect(abs(abs(s.value(at: T) - 1) - eps) < 1e-9)
            #expect(abs(s.value(at: T * (1 - 1e-9)) - 1) > eps, "just before T it is still outside")
            // Never above ε after T.
            for i in 1...4000 {
                let t = T + Double(i) / 4000 * 20 * period
                #expect(abs(s.value(at: t) - 1) <= eps * (1 + 1e-9))
            }
        }
        #expect(try SpringTiming(omega: 10, zeta: 0).settlingTime() == .infinity)
    }

    @Test("critically and over-damped settling time is the last time |1 − y| = ε, overshoot or not")
    func nonOscillatingSettling() throws {
        let eps = 1e-3
        for (w, z, v0) in [(10.0, 1.0, 0.0), (10, 1, 10.01), (10, 1, 60), (10, 1, -20), (10, 1.5, 0),
                           (10, 1.5, 40), (10, 1.5, -30), (10, 6, 0), (10, 1.0000001, 25)] {
            let s = try SpringTiming(omega: w, zeta: z, initialVelocity: v0)
            let T = s.settlingTime(threshold: eps)
            #expect(abs(abs(s.value(at: T) - 1) - eps) < 1e-9, "ω \(w) ζ \(z) v₀ \(v0)")
            #expect(abs(s.value(at: T * (1 - 1e-6)) - 1) > eps, "just before T it is still outside")
            for i in 1...4000 {
                let t = T * (1 + Double(i) / 400)
                #expect(abs(s.value(at: t) - 1) <= eps * (1 + 1e-12))
            }
        }
    }

    @Test("invalid spring parameters are refused")
    func invalidParameters() {
        #expect(throws: TimingError.self) { try SpringTiming(omega: .nan, zeta: 1) }
        #expect(throws: TimingError.self) { try SpringTiming(omega: 1, zeta: -0.1) }
        #expect(throws: TimingError.self) { try SpringTiming(omega: 0, zeta: 1) }
        #expect(throws: TimingError.self) { try SpringTiming(omega: 1, zeta: 1, initialVelocity: .infinity) }
    }
}

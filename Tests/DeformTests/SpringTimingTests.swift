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

    @Test("underdamped settling time from the envelope: the closed form for v₀ = 0, a bound the response touches")
    func underdampedSettling() throws {
        let eps = 1e-3
        for z in [0.1, 0.3, 0.5, 0.8] {
            let s = try SpringTiming(omega: 10, zeta: z)
            let closedForm = log(1 / (eps * (1 - z * z).squareRoot())) / (z * 10)
            #expect(abs(s.settlingTime(threshold: eps) - closedForm) <= 1e-12 * closedForm)
        }
        for (w, z, v0) in [(10.0, 0.3, 0.0), (10, 0.5, 20), (10, 0.7, -15), (30, 0.05, 3)] {
            let s = try SpringTiming(omega: w, zeta: z, initialVelocity: v0)
            let T = s.settlingTime(threshold: eps)
            let period = Double.pi / (w * (1 - z * z).squareRoot())
            // Never above ε after T …
            for i in 0...4000 {
                let t = T + Double(i) / 4000 * 20 * period
                #expect(abs(s.value(at: t) - 1) <= eps * (1 + 1e-9))
            }
            // … and above ε somewhere in the half period before it.
            let touches = (0...2000).contains { i in
                abs(s.value(at: T - Double(i) / 2000 * period) - 1) > eps
            }
            #expect(touches, "ω \(w) ζ \(z) v₀ \(v0)")
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

    @Test("Core Animation's mass/stiffness/damping: ω = √(k/m), ζ = c/(2√(mk)), duration = settling time by default")
    func coreAnimationParameters() throws {
        let s = try SpringTiming(mass: 1, stiffness: 100, damping: 10)
        let settling = log(1 / (1e-3 * 0.75.squareRoot())) / 5
        #expect(abs(s.omega - 10 * settling) < 1e-12 && s.zeta == 0.5)
        #expect(abs(s.value(at: 1) - 1) <= 1e-3 + 1e-12)
        #expect(abs(s.settlingTime() - 1) < 1e-12, "progress 1 is the settling time")
        let timed = try SpringTiming(mass: 2, stiffness: 200, damping: 40, initialVelocity: 1.5, duration: 2)
        #expect(timed.omega == 20 && timed.zeta == 1 && timed.initialVelocity == 3)
        #expect(throws: TimingError.self) { try SpringTiming(stiffness: 100, damping: 0) }
        #expect(throws: TimingError.self) { try SpringTiming(mass: 0, stiffness: 100, damping: 1) }
        #expect(throws: TimingError.self) { try SpringTiming(omega: .nan, zeta: 1) }
        #expect(throws: TimingError.self) { try SpringTiming(omega: 1, zeta: -0.1) }
    }
}

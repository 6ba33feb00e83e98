import Deform
import Foundation
import Testing
import _TestSupport

@Suite("springs in Core Animation, SwiftUI and Android terms")
struct PlatformSpringTests {
    /// |a − b| ≤ tolerance·|b| (b ≠ 0), else |a| ≤ tolerance.
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
        b == 0 ? abs(a) <= tolerance : abs(a - b) <= tolerance * abs(b)
    }

    func same(_ a: SpringTiming, _ b: SpringTiming, _ tolerance: Double = 1e-12) -> Bool {
        close(a.omega, b.omega, tolerance) && close(a.zeta, b.zeta, tolerance)
            && close(a.initialVelocity, b.initialVelocity, tolerance)
    }

    /// A random spring per unit of progress in one of the three regimes, and a duration.
    func randomSpring(_ rng: inout SplitMix64, regime: Int) throws -> (SpringTiming, Double) {
        let zeta: Double
        switch regime {
        case 0: zeta = rng.uniform(0.01, 0.99)
        case 1: zeta = 1
        default: zeta = rng.uniform(1.01, 20)
        }
        let spring = try SpringTiming(omega: exp(rng.uniform(log(0.5), log(200))), zeta: zeta,
                                      initialVelocity: rng.uniform(-50, 50))
        return (spring, exp(rng.uniform(log(0.05), log(20))))
    }

    @Test("settling time against the 40-digit mpmath solution of the oscillator (Resources/spring-settling.csv) to 1e-12")
    func settlingAgainstMpmath() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/spring-settling.csv")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(rows.count == 22)
        var regimes = Set<SpringTiming.Regime>()
        for row in rows {
            let f = row.split(separator: ",").map { Double(String($0))! }
            let s = try SpringTiming(omega: f[0], zeta: f[1], initialVelocity: f[2])
            regimes.insert(s.regime)
            let t = s.settlingTime(threshold: f[3])
            #expect(close(t, f[4]), "ω \(f[0]) ζ \(f[1]) v₀ \(f[2]) ε \(f[3]): \(t) against \(f[4])")
            // In seconds, through Core Animation: the same time scaled by the duration.
            let ca = try CoreAnimationSpring(s, duration: 0.4)
            #expect(close(ca.settlingDuration(threshold: f[3]), 0.4 * f[4]))
        }
        #expect(regimes == [.underdamped, .criticallyDamped, .overdamped])
    }

    @Test("Apple's documented SwiftUI conversions: Spring(duration: 0.5, bounce: 0.3) is (1, 157.9, 17.6); (1, 100, 10) is (0.63, 0.5)")
    func swiftUIDocumentedExamples() throws {
        let a = try SwiftUISpring(duration: 0.5, bounce: 0.3)
        #expect(a.mass == 1)
        #expect(abs(a.stiffness - 157.9) < 0.05 && abs(a.damping - 17.6) < 0.05)
        let ca = try CoreAnimationSpring(mass: 1, stiffness: 100, damping: 10)
        let b = try SwiftUISpring(try ca.springTiming(duration: 1), duration: 1)
        #expect(abs(b.duration - 0.63) < 0.005 && abs(b.bounce - 0.5) < 1e-15)
        // Exactly: duration = 2π/√(k/m), bounce = 1 − ζ.
        #expect(close(b.duration, 2 * Double.pi / 10) && close(b.stiffness, 100) && close(b.damping, 10))
    }

    @Test("bounce ↔ damping ratio: 1 − ζ up to critical damping, 1/ζ − 1 beyond, continuous at 0")
    func bounce() throws {
        for (zeta, bounce) in [(0.0, 1.0), (0.25, 0.75), (1, 0), (2, -0.5), (4, -0.75)] {
            let s = try SwiftUISpring(response: 0.5, dampingRatio: zeta)
            #expect(s.bounce == bounce)
            #expect(try SwiftUISpring(duration: 0.5, bounce: bounce).dampingRatio == zeta)
        }
        #expect(throws: TimingError.self) { try SwiftUISpring(duration: 0.5, bounce: -1) }
        #expect(throws: TimingError.self) { try SwiftUISpring(duration: 0.5, bounce: 1.5) }
        #expect(throws: TimingError.self) { try SwiftUISpring(duration: .nan, bounce: 0) }
        var rng = SplitMix64(seed: 0x5EED_B0)
        for _ in 0..<500 {
            let zeta = rng.uniform(0.05, 20)
            let back = try SwiftUISpring(duration: 1, bounce: try SwiftUISpring(response: 1, dampingRatio: zeta).bounce)
            // 1 − (1 − ζ) loses up to one ulp of 1 in ζ: relative 2.2e-16/ζ.
            #expect(close(back.dampingRatio, zeta, 1e-12), "ζ \(zeta)")
        }
    }

    @Test("round trips CA ↔ (ω, ζ, v₀) ↔ SwiftUI ↔ Android to 1e-12, every regime (2400 seeded springs)")
    func roundTrips() throws {
        var rng = SplitMix64(seed: 24)
        for i in 0..<2400 {
            let (spring, duration) = try randomSpring(&rng, regime: i % 3)
            let mass = exp(rng.uniform(log(0.01), log(100)))
            let ca = try CoreAnimationSpring(spring, duration: duration, mass: mass)
            let swiftUI = try SwiftUISpring(spring, duration: duration)
            let android = try AndroidSpringForce(spring, duration: duration)
            #expect(same(try ca.springTiming(duration: duration), spring), "CA \(i)")
            #expect(same(try swiftUI.springTiming(duration: duration), spring), "SwiftUI \(i)")
            #expect(same(try android.springTiming(duration: duration), spring), "Android \(i)")
            // The chain CA → (ω, ζ, v₀) → SwiftUI → (ω, ζ, v₀) → Android → (ω, ζ, v₀) → CA.
            let viaSwiftUI = try SwiftUISpring(try ca.springTiming(duration: duration), duration: duration)
            let viaAndroid = try AndroidSpringForce(try viaSwiftUI.springTiming(duration: duration), duration: duration)
            let back = try CoreAnimationSpring(try viaAndroid.springTiming(duration: duration), duration: duration, mass: mass)
            #expect(close(back.mass, ca.mass) && close(back.stiffness, ca.stiffness, 1e-12)
                    && close(back.damping, ca.damping, 1e-12) && close(back.initialVelocity, ca.initialVelocity, 1e-12),
                    "chain \(i): \(ca) → \(back)")
            // The three agree on the physics: natural frequency and damping ratio per second.
            #expect(close(ca.naturalFrequency, swiftUI.naturalFrequency) && close(android.naturalFrequency, swiftUI.naturalFrequency))
            #expect(close(ca.dampingRatio, spring.zeta) && swiftUI.dampingRatio == spring.zeta && android.dampingRatio == spring.zeta)
            // SwiftUI's (mass 1) stiffness and damping are Android's stiffness and CA's at mass 1.
            #expect(close(swiftUI.stiffness, android.stiffness) && close(swiftUI.damping, ca.damping / mass))
        }
    }

    @Test("Core Animation's mass/stiffness/damping: ω = √(k/m)·D, ζ = c/(2√(mk)), duration = settling duration by default")
    func coreAnimationParameters() throws {
        let ca = try CoreAnimationSpring(mass: 1, stiffness: 100, damping: 10)
        #expect(ca.naturalFrequency == 10 && ca.dampingRatio == 0.5)
        let s = try ca.springTiming()
        #expect(close(s.omega, 10 * ca.settlingDuration()) && s.zeta == 0.5)
        #expect(abs(abs(s.value(at: 1) - 1) - 1e-3) < 1e-12, "at progress 1 the spring is just settled")
        #expect(close(s.settlingTime(), 1), "progress 1 is the settling time")
        let timed = try CoreAnimationSpring(mass: 2, stiffness: 200, damping: 40, initialVelocity: 1.5).springTiming(duration: 2)
        #expect(timed.omega == 20 && timed.zeta == 1 && timed.initialVelocity == 3)
        #expect(throws: TimingError.self) { try CoreAnimationSpring(stiffness: 100, damping: 0).springTiming() }
        #expect(throws: TimingError.self) { try CoreAnimationSpring(mass: 0, stiffness: 100, damping: 1) }
        #expect(throws: TimingError.self) { try CoreAnimationSpring(stiffness: .infinity, damping: 1) }
        #expect(throws: TimingError.self) { try CoreAnimationSpring(stiffness: 1, damping: -1) }
        #expect(throws: TimingError.self) { try CoreAnimationSpring(stiffness: 1, damping: 1).springTiming(duration: 0) }
        #expect(try CoreAnimationSpring(stiffness: 1, damping: 0).settlingDuration() == .infinity)
    }

    @Test("durations must be positive and finite; Android refuses what SpringForce refuses")
    func invalidInput() throws {
        let s = try SpringTiming(omega: 10, zeta: 0.5)
        for d in [0.0, -1, .nan, .infinity] {
            #expect(throws: TimingError.self) { try CoreAnimationSpring(s, duration: d) }
            #expect(throws: TimingError.self) { try SwiftUISpring(s, duration: d) }
            #expect(throws: TimingError.self) { try AndroidSpringForce(s, duration: d) }
        }
        #expect(throws: TimingError.self) { try AndroidSpringForce(stiffness: 0, dampingRatio: 1) }
        #expect(throws: TimingError.self) { try AndroidSpringForce(stiffness: 1500, dampingRatio: -0.5) }
        #expect(throws: TimingError.self) { try SwiftUISpring(response: 0, dampingRatio: 1) }
        // Android's medium stiffness 1500 and medium bouncy ratio 0.5, over 0.3 s.
        let android = try AndroidSpringForce(stiffness: 1500, dampingRatio: 0.5)
        let timing = try android.springTiming(duration: 0.3)
        #expect(close(timing.omega, 1500.0.squareRoot() * 0.3) && timing.zeta == 0.5)
    }
}

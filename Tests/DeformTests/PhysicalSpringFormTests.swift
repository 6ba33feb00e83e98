import Deform
import Foundation
import Testing

@Suite("ca-spring(…) and swiftui-spring(…): springs in seconds read by the timing parser")
struct PhysicalSpringFormTests {
    /// The position of a unit-mass oscillator x″ + 2ζω_s·x′ + ω_s²·(x − 1) = 0, x(0) = 0,
    /// x′(0) = v, in physical time t (seconds), written out here from the textbook solution
    /// (Thornton & Marion §3.5), independently of `SpringTiming`:
    /// - ζ < 1, ω_d = ω_s√(1 − ζ²): x = 1 − e^{−ζω_s t}(cos ω_d t + ((ζω_s − v)/ω_d)·sin ω_d t)
    /// - ζ = 1:                     x = 1 − e^{−ω_s t}(1 + (ω_s − v)·t)
    /// - ζ > 1, γ = ω_s√(ζ² − 1):   x = 1 − e^{−ζω_s t}(cosh γt + ((ζω_s − v)/γ)·sinh γt)
    /// (each has x(0) = 0 and x′(0) = ζω_s − (ζω_s − v) = v).
    func oscillator(omega w: Double, zeta z: Double, velocity v: Double, t: Double) -> Double {
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exp(-z * w * t) * (cos(wd * t) + (z * w - v) / wd * sin(wd * t))
        }
        if z == 1 { return 1 - exp(-w * t) * (1 + (w - v) * t) }
        let g = w * (z * z - 1).squareRoot()
        return 1 - exp(-z * w * t) * (cosh(g * t) + (z * w - v) / g * sinh(g * t))
    }

    /// y(x) of `timing` against the oscillator at t = x·D, for x in 0…1 (and a little past 1).
    func expectMatches(_ timing: TimingFunction, omega: Double, zeta: Double, velocity: Double,
                       duration: Double, _ label: String) {
        for i in 0...24 {
            let x = Double(i) / 20
            let expected = oscillator(omega: omega, zeta: zeta, velocity: velocity, t: x * duration)
            let got = timing.value(at: x)
            #expect(abs(got - expected) <= 1e-12, "\(label) at x = \(x): \(got) vs \(expected)")
        }
    }

    @Test("ca-spring: ω_s = √(k/m), ζ = c/(2√(mk)), velocity per second; under-, critically and over-damped, against the oscillator at t = x·D")
    func coreAnimation() throws {
        // (text, mass, stiffness, damping, velocity, duration)
        let rows: [(String, Double, Double, Double, Double, Double)] = [
            ("ca-spring(mass:1,stiffness:100,damping:10,velocity:0)", 1, 100, 10, 0, 0.8),           // ζ = 0.5
            ("ca-spring(stiffness:100,damping:10)", 1, 100, 10, 0, 0.3),                             // defaults
            ("ca-spring( mass: 2, stiffness: 50, damping: 20, velocity: 3 )", 2, 50, 20, 3, 1.7),   // ζ = 1
            ("ca-spring(mass:0.5,stiffness:200,damping:40,velocity:-2)", 0.5, 200, 40, -2, 1.2),     // ζ = 2
            ("ca-spring(mass:1,stiffness:300,damping:0)", 1, 300, 0, 0, 0.5),                        // undamped
        ]
        for (text, m, k, c, v, d) in rows {
            let timing = try TimingFunction(parsing: text, duration: d)
            let omega = (k / m).squareRoot(), zeta = c / (2 * (m * k).squareRoot())
            expectMatches(timing, omega: omega, zeta: zeta, velocity: v, duration: d, text)
            guard case .spring(let s) = timing else { Issue.record("\(text): not a spring"); continue }
            #expect(abs(s.omega - omega * d) <= 1e-14 * omega * d)
            #expect(s.zeta == zeta)
            #expect(abs(s.initialVelocity - v * d) <= 1e-14 * max(1, abs(v * d)))
        }
    }

    @Test("swiftui-spring: ω_s = 2π/response, ζ = dampingFraction (Apple's Spring documentation), against the oscillator at t = x·D")
    func swiftUI() throws {
        let rows: [(String, Double, Double, Double)] = [
            ("swiftui-spring(response:0.5,dampingFraction:0.825)", 0.5, 0.825, 0.3),
            ("swiftui-spring(response:0.55,dampingFraction:1)", 0.55, 1, 1),
            ("swiftui-spring( response: 0.4, dampingFraction: 1.5 )", 0.4, 1.5, 2.5),
            ("swiftui-spring(response:1,dampingFraction:0.2)", 1, 0.2, 0.9),
        ]
        for (text, response, fraction, d) in rows {
            let timing = try TimingFunction(parsing: text, duration: d)
            expectMatches(timing, omega: 2 * Double.pi / response, zeta: fraction, velocity: 0, duration: d, text)
        }
    }

    @Test("without a duration the springs in seconds play over 1 s; other forms ignore the duration")
    func defaultDuration() throws {
        #expect(TimingFunction.defaultSpringDuration == 1)
        for text in ["ca-spring(mass:1,stiffness:100,damping:10,velocity:0)", "swiftui-spring(response:0.5,dampingFraction:0.7)"] {
            #expect(try TimingFunction(parsing: text) == TimingFunction(parsing: text, duration: 1))
            #expect(try TimingFunction(parsing: text) != TimingFunction(parsing: text, duration: 2))
        }
        // ca-spring(stiffness:100,damping:10) over 1 s is spring(10,0.5,0).
        #expect(try TimingFunction(parsing: "ca-spring(stiffness:100,damping:10)") == .spring(try SpringTiming(omega: 10, zeta: 0.5)))
        // Forms without seconds read the same at any duration, even one a spring would refuse.
        for text in ["linear", "ease-in", "cubic-bezier(0.1,0.2,0.3,1)", "spring(20,0.5)", "steps(3,start)"] {
            #expect(try TimingFunction(parsing: text, duration: 0) == TimingFunction(parsing: text))
        }
        #expect(TimingFunction.validForms.contains("ca-spring([mass:M,]stiffness:K,damping:C[,velocity:V])"))
        #expect(TimingFunction.validForms.contains("swiftui-spring(response:R,dampingFraction:Z)"))
    }

    @Test("bad springs in seconds: one line naming the problem")
    func badInput() throws {
        let rows: [(text: String, duration: Double, message: String)] = [
            ("ca-spring(stiffness:100)", 1, "missing 'damping:'"),
            ("ca-spring()", 1, "missing 'stiffness:'"),
            ("ca-spring(100,10)", 1, "argument '100' has no label"),
            ("ca-spring(stiffness:100,damping:10,bounce:1)", 1, "unknown label 'bounce'"),
            ("ca-spring(stiffness:100,mass:1,damping:10)", 1, "label 'mass' must come before 'stiffness'"),
            ("ca-spring(stiffness:100,stiffness:90,damping:10)", 1, "label 'stiffness' given twice"),
            ("ca-spring(stiffness:,damping:10)", 1, "missing value after 'stiffness:'"),
            ("ca-spring(stiffness:100,damping:10,)", 1, "empty argument"),
            ("ca-spring(stiffness,damping:10)", 1, "argument 'stiffness' has no label"),
            ("ca-spring(stiffness:inf,damping:10)", 1, "invalid number 'inf' for 'stiffness'"),
            ("ca-spring(stiffness:100,damping:nan)", 1, "invalid number 'nan' for 'damping'"),
            ("ca-spring(stiffness:abc,damping:10)", 1, "invalid number 'abc'"),
            ("ca-spring(stiffness:-100,damping:10)", 1, "stiffness must be positive"),
            ("ca-spring(mass:0,stiffness:100,damping:10)", 1, "mass and stiffness must be positive"),
            ("ca-spring(stiffness:100,damping:-1)", 1, "spring damping must be a finite number ≥ 0"),
            ("ca-spring(stiffness:1e300,damping:1)", 1, "omega must be a positive finite number up to 1e100"),
            ("ca-spring(stiffness:100,damping:10)", 0, "spring duration must be a positive finite number of seconds"),
            ("ca-spring(stiffness:100,damping:10)", .infinity, "spring duration must be a positive finite number of seconds"),
            ("ca-spring(stiffness:100,damping:10)", -1, "spring duration must be a positive finite number of seconds"),
            ("swiftui-spring(response:0.5)", 1, "missing 'dampingFraction:'"),
            ("swiftui-spring(dampingFraction:0.5,response:0.5)", 1, "label 'response' must come before 'dampingFraction'"),
            ("swiftui-spring(response:0.5,dampingfraction:0.5)", 1, "unknown label 'dampingfraction'"),
            ("swiftui-spring(response:0,dampingFraction:0.5)", 1, "response must be a positive finite number of seconds"),
            ("swiftui-spring(response:0.5,dampingFraction:-0.1)", 1, "damping ratio must be a finite number ≥ 0"),
            ("swiftui-spring(response:0.5,dampingFraction:0.5,velocity:1)", 1, "unknown label 'velocity'"),
            ("CA-spring(stiffness:100,damping:10)", 1, "unknown timing function"),
        ]
        for row in rows {
            let error = #expect(throws: TimingError.self, "\(row.text)") {
                try TimingFunction(parsing: row.text, duration: row.duration)
            }
            #expect(error?.description.contains(row.message) == true, "\(row.text): \(error?.description ?? "no error")")
            #expect(error.map { !$0.description.contains("\n") } == true)
        }
    }
}

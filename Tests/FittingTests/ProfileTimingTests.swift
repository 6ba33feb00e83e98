import Deform
@testable import Fitting
import Foundation
import LeastSquares
import Testing
import _TestSupport

@Suite("Profile timings: values and exact gradients of the trajectory models")
struct ProfileTimingTests {
    /// Central differences of f at x with step h·max(1, |x|).
    func central(_ f: (Double) -> Double, _ x: Double, _ h: Double = 1e-6) -> Double {
        let step = h * Swift.max(1, abs(x))
        return (f(x + step) - f(x - step)) / (2 * step)
    }

    @Test("cubic-bezier: value as CubicBezierTiming, gradient (implicit differentiation) as central differences")
    func cubicBezierGradient() throws {
        let curves: [[Double]] = [[0.3, 0.1, 0.2, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.68, -0.6, 0.32, 1.6],
                                  [0.9, 0.2, 0.1, 0.8], [0.05, 1.3, 0.95, -0.2]]
        var worst = 0.0
        for c in curves {
            let timing = try CubicBezierTiming(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
            for x in stride(from: 0.0, through: 1.0, by: 1.0 / 16) {
                let (value, gradient) = timing.valueAndGradient(at: x)
                #expect(value == timing.value(at: x))
                for k in 0..<4 {
                    let numeric = central({ v in
                        var p = c
                        p[k] = v
                        return (try? CubicBezierTiming(x1: p[0], y1: p[1], x2: p[2], y2: p[3]))?.value(at: x) ?? .nan
                    }, c[k], 1e-6)
                    guard numeric.isFinite else { continue }  // a step left [0, 1] for x1 = 0 or x2 = 1
                    worst = Swift.max(worst, abs(numeric - gradient[k]))
                    #expect(abs(numeric - gradient[k]) <= 1e-7 * Swift.max(1, abs(gradient[k])), "\(c) x \(x) k \(k): \(gradient[k]) vs \(numeric)")
                }
            }
        }
        print("cubic-bezier gradient: worst |analytic − central difference| =", worst)
    }

    @Test("spring: the unified closed form matches SpringTiming in every regime; gradient as central differences")
    func springGradient() throws {
        let springs: [[Double]] = [[10, 0.4, 0], [10, 0.4, 3], [6, 1, 0], [6, 1 - 1e-9, -2], [6, 1 + 1e-9, 1],
                                   [8, 1.7, 0], [40, 6, 5], [3, 0, 0], [25, 0.05, -4], [500, 20, 0]]
        var worstValue = 0.0, worstGradient = 0.0
        for s in springs {
            let spring = try SpringTiming(omega: s[0], zeta: s[1], initialVelocity: s[2])
            for t in stride(from: 0.0, through: 1.0, by: 1.0 / 20) {
                let (value, gradient) = spring.valueAndGradient(at: t)
                let reference = spring.value(at: t)
                worstValue = Swift.max(worstValue, abs(value - reference))
                #expect(abs(value - reference) <= 1e-13, "\(s) t \(t): \(value) vs \(reference)")
                for k in 0..<3 {
                    guard !(k == 1 && s[1] == 0) else { continue }  // ζ = 0: no step below the bound
                    let numeric = central({ v in
                        var p = s
                        p[k] = v
                        return (try? SpringTiming(omega: p[0], zeta: p[1], initialVelocity: p[2]))?.valueAndGradient(at: t).value ?? .nan
                    }, s[k], 1e-6)
                    worstGradient = Swift.max(worstGradient, abs(numeric - gradient[k]) / Swift.max(1, abs(gradient[k])))
                    #expect(abs(numeric - gradient[k]) <= 1e-6 * Swift.max(1, abs(gradient[k])), "\(s) t \(t) k \(k): \(gradient[k]) vs \(numeric)")
                }
            }
        }
        print("spring: worst value difference", worstValue, "worst relative gradient difference", worstGradient)
    }

    @Test("trajectory gradient passes the derivative check; keyframes interpolate; unknowns are checked")
    func trajectory() throws {
        for (kind, θ) in [(ProfileTimingKind.cubicBezier, [1.0, 0.8, 0.3, 0.1, 0.2, 1.0]),
                          (.spring, [1.0, 0.6, 10, 0.4, 0.5]), (.linear, [2.0, -1.0])] {
            let xs = stride(from: 0.0, through: 1.0, by: 0.1).map { $0 }
            let jacobian = Matrix(rows: xs.count, columns: θ.count, columnMajor: (0..<θ.count).flatMap { k in
                xs.map { ParameterTrajectory.valueAndGradient(kind: kind, unknowns: θ, at: $0).gradient[k] }
            })
            let check = DerivativeCheck(residuals: { t in xs.map { ParameterTrajectory.valueAndGradient(kind: kind, unknowns: t, at: $0).value } },
                                        jacobian: jacobian, at: θ)
            #expect(check.passed, "\(kind): \(String(describing: check.worst))")
            let trajectory = try ParameterTrajectory(kind: kind, unknowns: θ)
            #expect(trajectory.value(at: 0) == θ[0])
            for x in xs { #expect(trajectory.value(at: x) == ParameterTrajectory.valueAndGradient(kind: kind, unknowns: θ, at: x).value) }
        }
        // A spring shows its end value at progress 1, as KeyframeTrack plays it.
        let spring = try ParameterTrajectory(kind: .spring, unknowns: [1, 0.6, 10, 0.4, 0])
        let track = KeyframeTrack(from: 1, to: 0.6, timing: spring.timingFunction!)
        #expect(spring.value(at: 1) == 0.6 && track.value(at: 1) == 0.6)
        for x in [0, 0.1, 0.5, 0.9, 0.999] { #expect(abs(spring.value(at: x) - track.value(at: x)) <= 1e-15) }
        #expect(ParameterTrajectory.valueAndGradient(kind: .spring, unknowns: spring.unknowns, at: 1).gradient == [0, 1, 0, 0, 0])
        let keyframes = try ParameterTrajectory(keyframes: [.init(time: 0.2, value: 1), .init(time: 0.6, value: 3)])
        #expect(keyframes.value(at: 0) == 1 && keyframes.value(at: 0.4) == 2 && keyframes.value(at: 1) == 3)
        #expect(throws: TimingError.self) { try ParameterTrajectory(kind: .cubicBezier, unknowns: [0, 1, 1.2, 0, 0.5, 1]) }
        #expect(throws: TimingError.self) { try ParameterTrajectory(kind: .spring, unknowns: [0, 1, 0, 0.5, 0]) }
        #expect(throws: TimingError.self) { try ParameterTrajectory(kind: .linear, unknowns: [0]) }
        #expect(ProfileTimingKind.cubicBezier.minimumKeyframes == 6 && ProfileTimingKind.spring.minimumKeyframes == 5)
        #expect(ProfileTimingKind.linear.minimumKeyframes == 2 && ProfileTimingKind.keyframes.minimumKeyframes == 2)
    }
}

import Deform
@testable import Fitting
import Foundation
import LeastSquares
import Testing
import _TestSupport

@Suite("Timing bounds and statuses of profile fits")
struct TimingBoundsTests {
    /// Progress 0, 0.1, …, 1.
    static let progress = (0...10).map { Double($0) / 10 }

    /// p(x) = start + (end − start)·y(x) through `timing` at ``progress``, σ = 1e-3 each.
    func values(_ timing: TimingFunction, start: Double = 1, end: Double = 0.8) -> [Double] {
        Self.progress.map { start + (end - start) * timing.value(at: $0) }
    }

    func expectInside(_ fit: TrajectoryFit, _ bounds: TimingBounds = TimingBounds(),
                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(fit.trajectory.unknowns.allSatisfy { $0.isFinite }, "\(fit.trajectory)", sourceLocation: sourceLocation)
        for (name, value) in zip(fit.trajectory.kind.timingParameterNames, fit.trajectory.timingValues) {
            let range = bounds.range(of: name)!
            #expect(range.contains(value), "\(name) = \(value) outside \(range)", sourceLocation: sourceLocation)
        }
        #expect(bounds.contains(fit.trajectory, progress: Self.progress), sourceLocation: sourceLocation)
    }

    @Test("a cubic-bezier overshoot beyond y = 3: y2 stops on its bound; widened by a range, the fit recovers it")
    func cubicBezierBound() throws {
        // y2 = 5 draws the trajectory exactly; no curve with y ≤ 3 does.
        let truth = try CubicBezierTiming(x1: 0.3, y1: 0, x2: 0.7, y2: 5)
        let v = values(.cubicBezier(truth)), sigma = [Double](repeating: 1e-3, count: v.count)
        let bounded = try TrajectoryFitter(kind: .cubicBezier)
            .fit(parameter: "p", progress: Self.progress, values: v, standardErrors: sigma)
        expectInside(bounded)
        #expect(bounded.trajectory.timingValues[3] == 3 && bounded.activeBounds[5] == .upper)
        #expect(bounded.rms > 1e-4)  // the bound costs fit: the unbounded optimum lies outside
        #expect(bounded.status != nil && bounded.converged)

        var wide = TimingBounds()
        try wide.setRange(of: "y2", lower: -2, upper: 10)
        let free = try TrajectoryFitter(kind: .cubicBezier, bounds: wide)
            .fit(parameter: "p", progress: Self.progress, values: v, standardErrors: sigma)
        expectInside(free, wide)
        #expect(free.converged && free.rms < 1e-9)
        for (a, b) in zip(free.trajectory.unknowns, [1, 0.8, 0.3, 0, 0.7, 5]) { #expect(abs(a - b) < 1e-6) }
    }

    @Test("a spring launched faster than v0 = 50 stops on the bound; a narrowed zeta range holds")
    func springBound() throws {
        let truth = try SpringTiming(omega: 12, zeta: 0.5, initialVelocity: 80)
        let v = values(.spring(truth)), sigma = [Double](repeating: 1e-3, count: v.count)
        let bounded = try TrajectoryFitter(kind: .spring)
            .fit(parameter: "p", progress: Self.progress, values: v, standardErrors: sigma)
        expectInside(bounded)
        #expect(bounded.trajectory.timingValues[2] == 50 && bounded.activeBounds[4] == .upper)
        #expect(bounded.status != nil)

        var wide = TimingBounds()
        try wide.setRange(of: "v0", lower: -100, upper: 100)
        let free = try TrajectoryFitter(kind: .spring, bounds: wide)
            .fit(parameter: "p", progress: Self.progress, values: v, standardErrors: sigma)
        // The valley along v₀ is long and flat (the solver stops on its step test ~0.2 short of
        // 80, rms 7e-4 against 3e-2 bounded), but the fit leaves the default range and draws the
        // keyframes far better.
        print("spring v0 = 80: bounded rms", bounded.rms, "widened", free.trajectory, "rms", free.rms)
        #expect(free.converged && free.rms < bounded.rms / 10)
        for (a, b) in zip(free.trajectory.timingValues, [12, 0.5, 80]) { #expect(abs(a - b) < 1e-2 * b) }

        var narrow = TimingBounds()
        try narrow.setRange(of: "zeta", lower: 0.8, upper: 2)
        let held = try TrajectoryFitter(kind: .spring, bounds: narrow)
            .fit(parameter: "p", progress: Self.progress, values: values(.spring(try SpringTiming(omega: 12, zeta: 0.3))),
                 standardErrors: sigma)
        expectInside(held, narrow)
    }

    /// A parameter that does not change: 0.5 plus a fixed ±1e-3 pattern.
    static let flat = [0.5, 0.501, 0.499, 0.5005, 0.4992, 0.5011, 0.4989, 0.5003, 0.4996, 0.5008, 0.4998]

    @Test("start ≈ end: every timing kind's two-stage fit is finite, in range and has a status")
    func flatTwoStage() throws {
        let sigma = [Double](repeating: 1e-3, count: Self.flat.count)
        for kind in ProfileTimingKind.allCases {
            let fit = try TrajectoryFitter(kind: kind)
                .fit(parameter: "k", progress: Self.progress, values: Self.flat, standardErrors: sigma)
            expectInside(fit)
            #expect(fit.status != nil, "\(kind)")
            #expect(abs(fit.trajectory.start - 0.5) < 0.01 && abs(fit.trajectory.end - 0.5) < 0.01, "\(kind): \(fit.trajectory)")
            #expect(ProfileFitter.timingUnresolved(fit) == (kind == .cubicBezier || kind == .spring), "\(kind)")
        }
    }

    @Test("keyframes trajectories have the zero-residual status converged_gtol")
    func keyframesStatus() throws {
        let fit = try TrajectoryFitter(kind: .keyframes)
            .fit(parameter: "p", progress: [0, 0.5, 1], values: [1, 0.7, 0.8], standardErrors: [0.01, 0.01, 0.01])
        #expect(fit.status == .convergedGtol && fit.converged)
    }

    @Test("a ball profile with a parameter that does not move: its joint timing is held at the two-stage one, the fit converges in range")
    func heldJointTiming() throws {
        // xFactor stays 1 while yFactor and topYFactor move.
        let source = BallKeyframes(timing: .cubicBezier(try CubicBezierTiming(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1)),
                                   progress: (0...6).map { Double($0) / 6 }, points: 48)
        let setup = try FitSetup(model: CatalogModel.ball, free: ["yFactor", "topYFactor", "xFactor"])
        let fit = try ProfileFitter(options: ProfileOptions(timing: .cubicBezier, joint: true))
            .fit(try source.keyframes(), setup: setup)
        let joint = try #require(fit.joint)
        #expect(joint.converged, "\(joint.status)")
        #expect(fit.warnings.isEmpty, "\(fit.warnings)")
        #expect(joint.trajectories.map(\.timingHeld) == [false, false, true])
        let x = joint.trajectories[2]
        #expect(x.trajectory.timingValues == fit.twoStage[2].trajectory.timingValues)
        #expect(abs(x.trajectory.start - 1) < 1e-6 && abs(x.trajectory.end - 1) < 1e-6)
        for t in fit.twoStage + joint.trajectories {
            #expect(t.converged, "\(t.parameter) \(t.method): \(String(describing: t.status))")
            #expect(TimingBounds().contains(t.trajectory, progress: source.progress) && t.trajectory.unknowns.allSatisfy { $0.isFinite })
        }
        #expect(x.standardErrors[2...].allSatisfy { $0.isNaN })
        for k in 0..<2 {
            for (a, b) in zip(joint.trajectories[k].trajectory.timingValues, [0.3, 0.1, 0.2, 1]) { #expect(abs(a - b) < 1e-6) }
        }
    }

    @Test("warnings: one line per failed fit, the joint once")
    func warnings() throws {
        let source = BallKeyframes(timing: .cubicBezier(try CubicBezierTiming(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1)),
                                   progress: (0...6).map { Double($0) / 6 }, points: 48)
        let setup = try FitSetup(model: CatalogModel.ball, free: BallKeyframes.names)
        var keyframe = FitOptions(computeComparison: false)
        keyframe.maxEvaluations = 2
        var trajectory = LevenbergMarquardt.Options()
        trajectory.maxEvaluations = 2
        let fit = try ProfileFitter(options: ProfileOptions(timing: .cubicBezier, joint: true, keyframe: keyframe,
                                                            trajectory: trajectory))
            .fit(try source.keyframes(), setup: setup)
        let failedKeyframes = fit.keyframeFits.count { !$0.converged }
        #expect(failedKeyframes > 0)
        #expect(fit.twoStage.allSatisfy { $0.status == .maxEvaluations && !$0.converged })
        #expect(fit.joint?.converged == false)
        #expect(fit.warnings.count == failedKeyframes + 2 + 1)
        #expect(fit.warnings.contains("the two-stage trajectory of yFactor did not converge (max_evaluations)"))
        #expect(fit.warnings.last == "the joint fit of yFactor, topYFactor did not converge (\(fit.joint!.status.rawValue))")
        #expect(fit.warnings.first?.hasPrefix("the fit of keyframe ") == true)
    }

    @Test("ranges: defaults, and the ones refused with one line naming the bound")
    func ranges() throws {
        let bounds = TimingBounds()
        #expect(bounds.range(of: "y1") == -2...3 && bounds.range(of: "x2") == 0...1 && bounds.range(of: "omega") == 0.5...1000)
        #expect(bounds.range(of: "zeta") == 0...10 && bounds.range(of: "v0") == -50...50 && bounds.range(of: "k") == nil)
        // ω's upper end is the Nyquist frequency when that is lower: π·10 for 11 keyframes over [0, 1].
        let box = bounds.box(kind: .spring, progress: Self.progress)
        #expect(box.lower == [0.5, 0, -50] && box.upper == [Double.pi * 10, 10, 50])
        var b = TimingBounds()
        try b.setRange(of: "x1", lower: 0.1, upper: 0.9)
        try b.setRange(of: "y2", lower: -.infinity, upper: .infinity)
        #expect(b.range(of: "x1") == 0.1...0.9 && b.range(of: "y2") == -Double.infinity...Double.infinity)
        let refused: [(String, Double, Double, String)] = [
            ("x1", -0.5, 1, "bound x1=-0.5:1: a cubic-bezier x must stay within [0, 1]"),
            ("x2", 0, 1.5, "bound x2=0:1.5: a cubic-bezier x must stay within [0, 1]"),
            ("omega", 0, 10, "bound omega=0:10: a spring's omega must be positive"),
            ("zeta", -1, 1, "bound zeta=-1:1: a spring's damping ratio zeta cannot be negative"),
            ("y1", 2, 1, "bound y1=2:1: not an interval LO ≤ HI"),
            ("v0", .nan, 1, "bound v0=nan:1: not an interval LO ≤ HI"),
            ("y1", .infinity, .infinity, "bound y1=inf:inf: not an interval LO ≤ HI"),
            ("tx", 0, 1, "bound tx=0:1: not a timing parameter (x1, y1, x2, y2, omega, zeta, v0)"),
        ]
        for (name, lo, hi, message) in refused {
            var c = TimingBounds()
            #expect(throws: ProfileError.self) { try c.setRange(of: name, lower: lo, upper: hi) }
            do throws(ProfileError) {
                try c.setRange(of: name, lower: lo, upper: hi)
            } catch {
                #expect(error.description == message)
                #expect(error.isUsageMistake)
            }
            #expect(c == TimingBounds())
        }
    }
}

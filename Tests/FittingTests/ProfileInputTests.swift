import Deform
@testable import Fitting
import Foundation
import Geometry
import LeastSquares
import Testing
import _TestSupport

@Suite("ProfileFitter: bad input, other timings, the joint Jacobian")
struct ProfileInputTests {
    func setup() throws -> FitSetup { try FitSetup(model: CatalogModel.ball, free: BallKeyframes.names) }

    func source(_ progress: [Double], points: Int = 40) throws -> [ProfileKeyframe] {
        try BallKeyframes(timing: .cubicBezier(try CubicBezierTiming(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1)),
                          progress: progress, points: points).keyframes()
    }

    /// The description of the ProfileError `body` throws (nil: none thrown; "other" for another error).
    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ProfileError {
            return error.description
        } catch {
            return "other: \(error)"
        }
    }

    @Test("one-line errors naming the keyframe: range, NaN, duplicates, too few, a keyframe that cannot be fitted")
    func badInput() throws {
        let fitter = ProfileFitter()
        var frames = try source([0, 0.2, 0.4, 0.6, 0.8, 1])
        let setup = try setup()
        frames[2].progress = 1.5
        frames[2].label = "keys.csv line 4 (c.svg)"
        #expect(message { _ = try fitter.fit(frames, setup: setup) } == "keys.csv line 4 (c.svg): progress 1.5 is outside [0, 1]")
        frames[2].progress = .nan
        #expect(message { _ = try fitter.fit(frames, setup: setup) } == "keys.csv line 4 (c.svg): progress nan is outside [0, 1]")
        frames[2].progress = 0.2
        #expect(message { _ = try fitter.fit(frames, setup: setup) }
                == "keys.csv line 4 (c.svg): progress 0.2 repeats that of keyframe 2; every keyframe needs its own progress")
        let five = Array(try source([0, 0.25, 0.5, 0.75, 1]))
        #expect(message { _ = try fitter.fit(five, setup: setup) }
                == "5 keyframes but the cubic-bezier timing has 6 unknowns per parameter (start, end, x1, y1, x2, y2): give at least 6 keyframes")
        let spring = ProfileFitter(options: ProfileOptions(timing: .spring))
        #expect(message { _ = try spring.fit(Array(five.prefix(4)), setup: setup) }?.contains("give at least 5 keyframes") == true)
        let keyframes = ProfileFitter(options: ProfileOptions(timing: .keyframes, joint: true))
        #expect(message { _ = try keyframes.fit(five, setup: setup) }?.contains("a joint fit needs a timing with unknowns") == true)
        // A keyframe drawn far from the ball (no free translation): FitError, named.
        var far = five
        far[3] = ProfileKeyframe(progress: 0.75, target: try TargetOutline(path: try circle(radius: 50, centre: Point(900, 900)), sampleCount: 40),
                                 label: "far.svg")
        let linear = ProfileFitter(options: ProfileOptions(timing: .linear))
        let text = message { _ = try linear.fit(far, setup: setup) }
        #expect(text?.hasPrefix("far.svg: the target") == true && text?.contains("\n") == false, "\(text ?? "")")
    }

    @Test("keyframes drawn away from the model share one pose, found on the first and held in the profile's setup")
    func poseFound() throws {
        let moved = try source([0, 0.2, 0.4, 0.6, 0.8, 1]).map { k in
            ProfileKeyframe(progress: k.progress, target: try TargetOutline(points: k.target.points.map { Point($0.x + 250, $0.y - 120) }))
        }
        let fitter = ProfileFitter(options: ProfileOptions(timing: .cubicBezier))
        let fit = try fitter.fit(moved, setup: setup())
        // yFactor and topYFactor free, the radius held: the scale is found too (1 here).
        #expect(fit.poseFound.map(\.name) == ["tx", "ty", "scale"])
        for (found, truth) in zip(fit.poseFound, [250.0, -120, 1]) { #expect(abs(found.value - truth) < 1e-8, "\(fit.poseFound)") }
        // Held, not free: every keyframe fit has the setup's free parameters only.
        #expect(fit.setup.freeNames == BallKeyframes.names && fit.setup.heldValues.map(\.name) == ["tx", "ty", "scale"])
        #expect(fit.keyframeFits.allSatisfy { $0.values.count == 2 && $0.poseFound.isEmpty && $0.rms < 1e-8 })
        let unmoved = try fitter.fit(try source([0, 0.2, 0.4, 0.6, 0.8, 1]), setup: setup())
        #expect(unmoved.poseFound.isEmpty)
        for (a, b) in zip(fit.twoStage, unmoved.twoStage) {
            for (x, y) in zip(a.trajectory.timingValues, b.trajectory.timingValues) { #expect(abs(x - y) < 1e-6) }
        }
    }

    @Test("linear and keyframes timings; any keyframe order; the profile's parameters at a progress")
    func otherTimings() throws {
        let progress = [1, 0, 0.5, 0.25, 0.75]  // not sorted on purpose
        let frames = try source(progress)
        let setup = try setup()
        let keyframes = try ProfileFitter(options: ProfileOptions(timing: .keyframes)).fit(frames, setup: setup)
        #expect(keyframes.keyframes.map(\.progress) == [0, 0.25, 0.5, 0.75, 1])
        #expect(keyframes.inputIndices == [1, 3, 2, 4, 0])
        for (k, fit) in keyframes.twoStage.enumerated() {
            #expect(fit.rms == 0 && fit.status == .convergedGtol && fit.trajectory.kind == .keyframes)
            for (j, kf) in keyframes.keyframeFits.enumerated() {
                #expect(fit.trajectory.value(at: keyframes.keyframes[j].progress) == kf.values[k])
            }
            #expect(fit.standardErrors == [keyframes.keyframeFits[0].standardErrors[k], keyframes.keyframeFits[4].standardErrors[k]])
        }
        #expect(keyframes.twoStageRMS < 1e-8)
        // Linear: the best straight line through curved trajectories leaves a residual.
        let linear = try ProfileFitter(options: ProfileOptions(timing: .linear, joint: true)).fit(frames, setup: setup)
        #expect(linear.twoStage.allSatisfy { $0.rms > 1e-3 && $0.trajectory.unknowns.count == 2 && $0.status!.isConverged })
        #expect(linear.joint!.trajectories.allSatisfy { $0.rms > 1e-3 })
        // The joint fit minimises the point distances, so it cannot be worse there than the two-stage profile.
        #expect(linear.joint!.rms <= linear.twoStageRMS * (1 + 1e-9))
        let p = linear.parameters(at: 0.5, method: .joint)
        #expect(p["yFactor"] == linear.joint!.trajectories[0].trajectory.value(at: 0.5))
        #expect(p["radius"] == 50)
        #expect(linear.path(at: 0.5).verbs == BallModel().verbs)
    }

    @Test("an unusable standard error makes the trajectory fit unweighted; exactly as many keyframes as unknowns has no standard errors")
    func weighting() throws {
        let x = [0, 0.2, 0.4, 0.6, 0.8, 1.0]
        let c = try CubicBezierTiming(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1)
        let values = x.map { 1 - 0.2 * c.value(at: $0) }
        let fitter = TrajectoryFitter(kind: .cubicBezier)
        let weighted = try fitter.fit(parameter: "p", progress: x, values: values, standardErrors: x.map { _ in 1e-3 })
        let unweighted = try fitter.fit(parameter: "p", progress: x, values: values, standardErrors: [1e-3, 1e-3, .nan, 1e-3, 1e-3, 1e-3])
        #expect(weighted.weighted && !unweighted.weighted)
        // Six keyframes, six unknowns: an exact fit, no degrees of freedom left.
        #expect(weighted.standardErrors.allSatisfy(\.isNaN) && weighted.reducedChiSquare == nil)
        for (a, b) in zip(weighted.trajectory.unknowns, [1, 0.8, 0.3, 0.1, 0.2, 1]) { #expect(abs(a - b) < 1e-6) }
    }

    @Test("a keyframe the model draws exactly (σ at the rounding level) pins the start without stalling the fit",
          arguments: [1e-17, 1e-30])
    func roundingLevelStandardError(tiny: Double) throws {
        // Six keyframes of a known cubic-bezier trajectory, six unknowns: the fit must reach it.
        let x = [0, 0.2, 0.4, 0.6, 0.8, 1.0]
        let c = try CubicBezierTiming(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1)
        let values = x.map { 1 - 0.2 * c.value(at: $0) }
        let fit = try TrajectoryFitter(kind: .cubicBezier).fit(parameter: "p", progress: x, values: values,
                                                               standardErrors: [tiny] + x.dropFirst().map { _ in 1e-3 })
        #expect(fit.weighted)
        #expect(fit.rms < 1e-9, "rms \(fit.rms): the solver stopped at \(fit.trajectory.unknowns)")
        for (a, b) in zip(fit.trajectory.unknowns, [1, 0.8, 0.3, 0.1, 0.2, 1]) { #expect(abs(a - b) < 1e-6) }
    }

    @Test("the joint residuals' Jacobian (chain rule through the trajectories) matches finite differences")
    func jointJacobian() throws {
        let frames = try source([0, 0.2, 0.4, 0.6, 0.8, 1], points: 24)
        let setup = try setup()
        for kind in [ProfileTimingKind.cubicBezier, .spring, .linear] {
            let residuals = JointProfileResiduals(setup: setup, keyframes: frames, kind: kind, parallel: false)
            let θ: [Double]
            switch kind {
            case .cubicBezier: θ = [1.01, 0.79, 0.35, 0.15, 0.25, 0.95, 0.98, 0.62, 0.3, 0.05, 0.2, 1.1]
            case .spring: θ = [1.01, 0.79, 9, 0.5, 0.3, 0.98, 0.62, 11, 0.35, -0.2]
            default: θ = [1.01, 0.79, 0.98, 0.62]
            }
            // Central differences, as the outline fit's Jacobian tests do.
            expectCentralDifferences(residuals.jacobian(θ), at: θ, "\(kind): ") { residuals.residuals($0) }
        }
    }
}

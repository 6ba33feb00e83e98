import Deform
import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport

@Suite("keyframes of the exports: within 1e-3 of the size at every time")
struct ShapeKeyframesTests {
    /// The largest distance between the export's and the model's stored points at `count` seeded
    /// random progress values (not the plan's own sample grid), jump intervals left out.
    func worstDeviation(_ animation: ShapeAnimation, _ plan: ShapeKeyframes, count: Int = 3000) -> Double {
        var rng = SplitMix64(seed: 0xE4_0F7)
        var worst = 0.0
        let jumps = plan.jumpIntervals.map { (plan.keyframes[$0].progress, plan.keyframes[$0 + 1].progress) }
        for _ in 0..<count {
            let p = rng.uniform(0, 1)
            if jumps.contains(where: { p >= $0.0 && p <= $0.1 }) { continue }
            worst = max(worst, pointDistance(plan.outline(at: p), animation.outline(at: p)))
        }
        return worst
    }

    @Test("one shared cubic-bezier on the squash factors keeps exactly the fitted keyframes, each interval the timing's own piece")
    func sharedCubicKeepsTheFittedKeyframes() throws {
        let a = ExportFixtures.sharedCubic
        let plan = try ShapeKeyframes(a)
        #expect(plan.keyframes.map(\.progress) == (0...8).map { Double($0) / 8 })
        let worst = worstDeviation(a, plan)
        #expect(worst < 1e-11 * a.size, "the sub-curve easings reproduce the shared timing exactly: \(worst)")
        // Each easing composes back to the shared timing on its interval.
        guard case .cubicBezier(let t) = a.sharedTiming else { Issue.record("no shared timing"); return }
        for (i, e) in plan.easings.enumerated() {
            let p0 = plan.keyframes[i].progress, p1 = plan.keyframes[i + 1].progress
            for u in stride(from: 0.05, to: 1, by: 0.1) {
                let composed = t.value(at: p0) + (t.value(at: p1) - t.value(at: p0)) * e.value(at: u)
                #expect(abs(composed - t.value(at: p0 + u * (p1 - p0))) < 1e-12)
            }
        }
    }

    @Test("per-parameter timings: dense enough to stay within 1e-3 of the size, checked between keyframes")
    func perParameterWithinTolerance() throws {
        for (name, a) in [("per-parameter", ExportFixtures.perParameter), ("posed-mixed", ExportFixtures.posedMixed),
                          ("shared-spring", ExportFixtures.sharedSpring)] {
            let plan = try ShapeKeyframes(a)
            let worst = worstDeviation(a, plan)
            #expect(plan.tolerance == 1e-3 * a.size)
            #expect(worst <= plan.tolerance, "\(name): \(worst) > \(plan.tolerance) with \(plan.keyframes.count) keyframes")
            #expect(plan.deviation <= plan.tolerance)
            // Every fitted keyframe is a keyframe of the export.
            let times = Set(plan.keyframes.map(\.progress))
            #expect(a.keyframeTimes.allSatisfy(times.contains), "\(name)")
            // A tenfold tighter tolerance needs more keyframes and keeps its promise too.
            let tight = try ShapeKeyframes(a, options: .init(relativeTolerance: 1e-4))
            #expect(tight.keyframes.count > plan.keyframes.count)
            #expect(worstDeviation(a, tight, count: 1000) <= tight.tolerance, "\(name) at 1e-4")
            print("keyframes \(name): \(plan.keyframes.count) at 1e-3 (measured \(worst / a.size) of the size), \(tight.keyframes.count) at 1e-4")
        }
    }

    @Test("a spring not settled at progress 1 jumps in a final sliver of 1e-6; SMIL easings stay in the unit square")
    func jumpsAndUnitSquare() throws {
        let a = ExportFixtures.sharedSpring
        let plan = try ShapeKeyframes(a)
        #expect(plan.jumpIntervals == [plan.keyframes.count - 2])
        #expect(abs(plan.keyframes[plan.keyframes.count - 2].progress - (1 - 1e-6)) < 1e-15)
        #expect(pointDistance(plan.outline(at: 1), a.outline(at: 1)) == 0)
        for fixture in [ExportFixtures.posedMixed, ExportFixtures.perParameter, a] {
            let smil = try ShapeKeyframes(fixture, options: .init(unitIntervalEasings: true))
            for e in smil.easings {
                #expect([e.x1, e.y1, e.x2, e.y2].allSatisfy { $0 >= 0 && $0 <= 1 })
            }
            #expect(worstDeviation(fixture, smil, count: 1000) <= smil.tolerance)
        }
    }

    @Test("a still shape is one keyframe; steps timings are refused with the parameter's name")
    func stillAndSteps() throws {
        let plan = try ShapeKeyframes(ExportFixtures.still)
        #expect(plan.keyframes.count == 1 && plan.easings.isEmpty)
        let steps = ProgressProfile(start: ExportFixtures.ball(), end: ExportFixtures.ball(["yFactor": 0.5]),
                                    timing: .steps(try StepsTiming(count: 4)))
        let a = try ShapeAnimation(model: CatalogModel.ball, profile: steps)
        #expect(throws: ExportError.self) { try ShapeKeyframes(a) }
        do { _ = try ShapeKeyframes(a) } catch { #expect(error.message.contains("yFactor")) }
    }

    @Test("the animation's inputs are checked: duration, keyframe times, the model of the profile")
    func invalidAnimations() throws {
        let profile = ExportFixtures.sharedCubic.profile
        for d in [0.0, -1, .nan, .infinity] {
            #expect(throws: ExportError.self) { try ShapeAnimation(model: CatalogModel.ball, profile: profile, duration: d) }
        }
        #expect(throws: ExportError.self) { try ShapeAnimation(model: CatalogModel.ball, profile: profile, keyframeTimes: [1.5]) }
        #expect(throws: ExportError.self) { try ShapeAnimation(model: CatalogModel.posed(.ball), profile: profile) }
        #expect(throws: ExportError.self) {
            try ShapeAnimation(model: CatalogModel.ball, profile: profile, standardErrors: [("nope", 1)])
        }
    }
}

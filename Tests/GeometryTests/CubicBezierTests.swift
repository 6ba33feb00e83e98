import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("CubicBezier")
struct CubicBezierTests {
    @Test("power basis and de Casteljau agree within 16·ε·max|Pᵢ|")
    func powerBasisAgreesWithDeCasteljau() {
        var rng = SplitMix64(seed: 1)
        var worst = 0.0
        for _ in 0..<20_000 {
            let c = rng.cubic(scale: Double.random(in: 1...1e6, using: &rng))
            let bound = 16 * Double.ulpOfOne * c.magnitude
            for _ in 0..<8 {
                let t = Double.random(in: 0...1, using: &rng)
                let d = maxDifference(c.powerBasisPoint(at: t), c.deCasteljauPoint(at: t))
                #expect(d <= bound, "t = \(t), curve \(c)")
                if c.magnitude > 0 { worst = max(worst, d / (Double.ulpOfOne * c.magnitude)) }
            }
        }
        #expect(worst > 0)  // the two methods really are different computations
    }

    @Test("a degenerate curve evaluates to its point exactly")
    func degenerateCurve() {
        let a = Point(-17.261453068003945, -5.666602583234663)
        let c = CubicBezier(a, a, a, a)
        for i in 0...100 { #expect(c.point(at: Double(i) / 100) == a) }
        #expect(c.boundingBox == Rect(point: a))
    }

    @Test("control points near ±1.8e308 of opposite signs: finite points, exact ends (b − a would overflow)")
    func extremeCoordinates() {
        // Found by fuzzing the flattening: lerp's b − a overflowed, so B(1) was NaN.
        let c = CubicBezier(Point(0, 0), Point(1e307, 2e307), Point(-1e307, 1e306), Point(1.7e308, -1.7e308))
        #expect(c.point(at: 0) == c.p0 && c.point(at: 1) == c.p3)
        for i in 0...64 {
            let t = Double(i) / 64, s = 1 - t
            let p = c.point(at: t)
            #expect(p.isFinite, "t = \(t)")
            // The Bernstein form, each term scaled down first so that nothing overflows.
            let k = 0x1p-4
            let b = ((s * s * s) * (k * c.p0) + (3 * s * s * t) * (k * c.p1) + (3 * s * t * t) * (k * c.p2)
                     + (t * t * t) * (k * c.p3)) / k
            #expect(maxDifference(b, p) <= 16 * Double.ulpOfOne * c.magnitude, "t = \(t)")
        }
    }

    @Test("ends are exact and evaluation matches the Bernstein form")
    func bernsteinForm() {
        var rng = SplitMix64(seed: 2)
        for _ in 0..<1000 {
            let c = rng.cubic()
            #expect(c.point(at: 0) == c.p0)
            #expect(c.point(at: 1) == c.p3)
            let t = Double.random(in: 0...1, using: &rng), s = 1 - t
            let b = (s * s * s) * c.p0 + (3 * s * s * t) * c.p1 + (3 * s * t * t) * c.p2 + (t * t * t) * c.p3
            #expect(maxDifference(b, c.point(at: t)) <= 16 * Double.ulpOfOne * c.magnitude)
        }
    }

    @Test("split and subsegment agree with evaluation")
    func splitAndSubsegment() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<5000 {
            let c = rng.cubic()
            let tol = 64 * Double.ulpOfOne * max(c.magnitude, 1)
            let t = Double.random(in: 0.01...0.99, using: &rng)
            let (left, right) = c.split(at: t)
            #expect(left.p3 == right.p0)
            #expect(maxDifference(left.p3, c.point(at: t)) <= tol)
            for _ in 0..<4 {
                let u = Double.random(in: 0...1, using: &rng)
                #expect(maxDifference(left.point(at: u), c.point(at: u * t)) <= tol)
                #expect(maxDifference(right.point(at: u), c.point(at: t + u * (1 - t))) <= tol)
            }
            let t0 = Double.random(in: 0...1, using: &rng), t1 = Double.random(in: 0...1, using: &rng)
            let piece = c.subsegment(from: t0, to: t1)
            for _ in 0..<4 {
                let u = Double.random(in: 0...1, using: &rng)
                #expect(maxDifference(piece.point(at: u), c.point(at: t0 + u * (t1 - t0))) <= tol)
            }
        }
    }

    @Test("derivatives agree with central differences")
    func derivativesMatchFiniteDifferences() {
        var rng = SplitMix64(seed: 4)
        let h = 1e-5
        for _ in 0..<5000 {
            let c = rng.cubic()
            let t = Double.random(in: h...(1 - h), using: &rng)
            let fd1 = (c.point(at: t + h) - c.point(at: t - h)) / (2 * h)
            let fd2 = (c.derivative(at: t + h) - c.derivative(at: t - h)) / (2 * h)
            let fd3 = (c.secondDerivative(at: t + h) - c.secondDerivative(at: t - h)) / (2 * h)
            // Central differences err by h²/6·|f‴| ≲ h²·8·max|P|; rounding by ε·max|P|/h.
            let scale = max(c.magnitude, 1)
            #expect(maxDifference(fd1, c.derivative(at: t)) <= 1e-7 * scale)
            #expect(maxDifference(fd2, c.secondDerivative(at: t)) <= 1e-7 * scale)
            #expect(maxDifference(fd3, c.thirdDerivative) <= 1e-7 * scale)
        }
    }

    @Test("bounding box contains dense samples and touches them on every side")
    func boundingBoxIsTight() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<2000 {
            let c = rng.cubic()
            let box = c.boundingBox
            // The box is exact up to the rounding of B(t) at the extremal t: a few ε·max|Pᵢ|.
            let rounding = 8 * Double.ulpOfOne * c.magnitude
            let grown = Rect(minX: box.minX - rounding, minY: box.minY - rounding,
                             maxX: box.maxX + rounding, maxY: box.maxY + rounding)
            var sampled = Rect(point: c.p0)
            for i in 0...2000 {
                let p = c.point(at: Double(i) / 2000)
                #expect(grown.contains(p), "sample \(p) outside \(box)")
                sampled.formUnion(with: p)
            }
            // Sampling can only miss an extremum by the curve's motion over half a step:
            // at most |B′|·Δt/2 + ... ≤ 8·max|P|·(1/4000)² (the extremum is a stationary point).
            let slack = 8 * max(c.magnitude, 1) * 1e-7
            #expect(sampled.minX - box.minX <= slack && box.maxX - sampled.maxX <= slack)
            #expect(sampled.minY - box.minY <= slack && box.maxY - sampled.maxY <= slack)
        }
    }

    @Test("the bounding box of a known curve is its closed form")
    func boundingBoxClosedForm() {
        // x(t) = 3t(1−t)²·1 + 3t²(1−t)·1 + ... for P = (0,0),(0,1),(1,1),(1,0): y = 3t(1−t), max 3/4.
        let c = CubicBezier(Point(0, 0), Point(0, 1), Point(1, 1), Point(1, 0))
        #expect(c.boundingBox == Rect(minX: 0, minY: 0, maxX: 1, maxY: 0.75))
    }

    @Test("curvature of a parabola at its vertex is 2a")
    func curvatureOfParabola() {
        // y = x² on [−1, 1] as a quadratic (P = (−1,1), (0,−1), (1,1)) elevated to a cubic:
        // κ(0) = 2, κ(x) = 2/(1 + 4x²)^{3/2}.
        let q = QuadraticBezier(Point(-1, 1), Point(0, -1), Point(1, 1))
        let c = q.elevated
        #expect(abs(c.curvature(at: 0.5) - 2) < 1e-14)
        #expect(abs(q.curvature(at: 0.5) - 2) < 1e-14)
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let x = c.point(at: t).x
            let exact = 2 / pow(1 + 4 * x * x, 1.5)
            #expect(abs(c.curvature(at: t) - exact) < 1e-13 * exact)
            #expect(abs(c.point(at: t).y - x * x) < 1e-15)
        }
        // Traversed the other way the parabola turns clockwise: κ = −2.
        #expect(abs(c.reversed.curvature(at: 0.5) + 2) < 1e-14)
    }
}

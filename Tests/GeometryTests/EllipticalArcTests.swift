import Foundation
import Geometry
import Testing
import _TestSupport

/// SVG 1.1 Appendix F.6 conversion and the cubic approximation of elliptical arcs.
@Suite("Elliptical arcs")
struct EllipticalArcTests {
    /// max(x² + y² − 1) of the midpoint-exact cubic for a unit-circle piece of sweep δ:
    /// 4/27·sin⁶(δ/4)/cos²(δ/4) (REFERENCES.md), attained at t = (3 ∓ √3)/6.
    static func midpointExactBound(_ delta: Double) -> Double {
        let s = sin(abs(delta) / 4), c = cos(abs(delta) / 4)
        return 4.0 / 27.0 * pow(s, 6) / (c * c)
    }

    @Test("The bound formula matches cairo's normalised error table")
    func boundTable() {
        // cairo-arc.c tabulates 2/27·sin⁶(θ/4)/cos²(θ/4), half of x² + y² − 1 (the radial error
        // to first order), to five significant figures.
        let table: [(Double, Double)] = [(.pi, 0.0185185), (.pi / 2, 2.7257e-4), (.pi / 3, 2.3865e-5),
                                         (.pi / 4, 4.2455e-6), (.pi / 6, 3.7266e-7), (.pi / 8, 6.6324e-8)]
        for (angle, radial) in table {
            let bound = Self.midpointExactBound(angle)
            #expect(abs(bound / 2 / radial - 1) < 2e-5, "\(angle)")
        }
    }

    @Test("Quarter circle worked by hand: M0 0 A1 1 0 0 1 1 1")
    func quarterCircle() throws {
        let arc = try #require(EllipticalArc(svgFrom: Point(0, 0), to: Point(1, 1), radiusX: 1, radiusY: 1,
                                             xAxisRotationDegrees: 0, largeArc: false, sweep: true))
        // x′ = (−½, −½), Λ = ½, radicand 1, sign + (fA ≠ fS): c′ = (−½, ½), c = (0, 1);
        // u₁ = (0, −1), u₂ = (1, 0): θ₁ = −π/2, Δθ = +π/2.
        #expect(arc.center == Point(0, 1))
        #expect(arc.startAngle == -Double.pi / 2 && arc.sweepAngle == Double.pi / 2)
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)
        let segments = EllipticalArc.svgArcSegments(from: Point(0, 0), to: Point(1, 1), radiusX: 1, radiusY: 1,
                                                    xAxisRotationDegrees: 0, largeArc: false, sweep: true)
        guard case .cubic(let c)? = segments.first, segments.count == 1 else {
            Issue.record("expected one cubic, got \(segments)")
            return
        }
        #expect(c.p0 == Point(0, 0) && c.p3 == Point(1, 1))
        #expect(abs(c.p1.x - k) < 1e-15 && abs(c.p1.y) < 1e-15)
        #expect(abs(c.p2.x - 1) < 1e-15 && abs(c.p2.y - (1 - k)) < 1e-15)

        // The other three flag combinations: the other centre (1, 0) and/or the long way round.
        for (large, sweep, center, sweepAngle) in [(false, false, Point(1, 0), -Double.pi / 2),
                                                    (true, false, Point(0, 1), -3 * Double.pi / 2),
                                                    (true, true, Point(1, 0), 3 * Double.pi / 2)] {
            let other = try #require(EllipticalArc(svgFrom: Point(0, 0), to: Point(1, 1), radiusX: 1, radiusY: 1,
                                                   xAxisRotationDegrees: 0, largeArc: large, sweep: sweep))
            #expect(other.center.distance(to: center) < 1e-15)
            #expect(abs(other.sweepAngle - sweepAngle) < 1e-15)
            #expect(other.cubicCount == (large ? 3 : 1))
        }
    }

    @Test("F.6.2: equal end points omit the arc; a zero radius draws a line")
    func degenerateCases() {
        let p = Point(3, 4), q = Point(-1, 2)
        #expect(EllipticalArc.svgArcSegments(from: p, to: p, radiusX: 5, radiusY: 5, xAxisRotationDegrees: 0,
                                             largeArc: true, sweep: true).isEmpty)
        #expect(EllipticalArc(svgFrom: p, to: p, radiusX: 5, radiusY: 5, xAxisRotationDegrees: 0,
                              largeArc: true, sweep: true) == nil)
        for (rx, ry) in [(0.0, 5.0), (5.0, 0.0), (-0.0, -0.0), (0, 0)] {
            let s = EllipticalArc.svgArcSegments(from: p, to: q, radiusX: rx, radiusY: ry, xAxisRotationDegrees: 30,
                                                 largeArc: false, sweep: true)
            #expect(s == [.line(LineSegment(p, q))])
        }
        // Radii so extreme that the centre form overflows also fall back to a line, without trapping.
        let far = EllipticalArc.svgArcSegments(from: Point(-1e300, 0), to: Point(1e300, 0), radiusX: .leastNonzeroMagnitude,
                                               radiusY: 1e308, xAxisRotationDegrees: 0, largeArc: true, sweep: true)
        #expect(far.count >= 1 && far.last?.end == Point(1e300, 0))
    }

    @Test("F.6.2 negative radii: the absolute value is used")
    func negativeRadii() {
        let a = EllipticalArc.svgArcSegments(from: Point(1, 2), to: Point(7, -3), radiusX: 8, radiusY: 12,
                                             xAxisRotationDegrees: 25, largeArc: true, sweep: false)
        let b = EllipticalArc.svgArcSegments(from: Point(1, 2), to: Point(7, -3), radiusX: -8, radiusY: -12,
                                             xAxisRotationDegrees: 25, largeArc: true, sweep: false)
        #expect(a == b && a.count >= 3)  // a large arc on an ellipse big enough not to be scaled
    }

    @Test("F.6.6 radii too small are scaled up: tiny radii give the semicircle on the chord")
    func scaledUpRadii() throws {
        for sweep in [false, true] {
            for large in [false, true] {
                let arc = try #require(EllipticalArc(svgFrom: Point(0, 0), to: Point(10, 0), radiusX: 1e-3,
                                                     radiusY: 1e-3, xAxisRotationDegrees: 17,
                                                     largeArc: large, sweep: sweep))
                #expect(arc.center.distance(to: Point(5, 0)) < 1e-14)
                #expect(abs(arc.radiusX - 5) < 1e-14 && abs(arc.radiusY - 5) < 1e-14)
                #expect(abs(abs(arc.sweepAngle) - .pi) < 1e-15 && (arc.sweepAngle > 0) == sweep)
                let cubics = arc.cubics()
                #expect(cubics.count == 2)
                // Positive angles turn from +x to +y: sweep = 1 from (0,0) passes through (5, −5).
                let middle = cubics[0].p3
                #expect(middle.distance(to: Point(5, sweep ? -5 : 5)) < 1e-14)
            }
        }
        // An ellipse scaled up keeps its aspect ratio: rx:ry = 1:2, rotated 90°, chord along y.
        let tall = try #require(EllipticalArc(svgFrom: Point(0, 0), to: Point(0, 4), radiusX: 0.1, radiusY: 0.2,
                                              xAxisRotationDegrees: 90, largeArc: false, sweep: true))
        #expect(abs(tall.radiusX - 2) < 1e-14 && abs(tall.radiusY - 4) < 1e-14)
    }

    @Test("Piece count: at most 90° per cubic, with a tiny tolerance for rounding")
    func pieceCount() {
        func arc(_ degrees: Double) -> EllipticalArc {
            EllipticalArc(center: .zero, radiusX: 2, radiusY: 1, startAngle: 0.3, sweepAngle: degrees * .pi / 180)
        }
        #expect(arc(0).cubics().isEmpty)
        #expect(arc(1).cubicCount == 1)
        #expect(arc(90).cubicCount == 1)
        #expect(arc(90.0000001).cubicCount == 1)
        #expect(arc(-90.0000001).cubicCount == 1)
        #expect(arc(90.001).cubicCount == 2)
        #expect(arc(180).cubicCount == 2)
        #expect(arc(180 * (1 + 1e-15)).cubicCount == 2)
        #expect(arc(270).cubicCount == 3)
        #expect(arc(359.9).cubicCount == 4)
        #expect(arc(-360).cubicCount == 4)
        #expect(arc(-360).cubics().count == 4)
    }

    @Test("The handle factor is pluggable")
    func customFactor() {
        let arc = EllipticalArc(center: Point(1, 1), radiusX: 2, radiusY: 2, startAngle: 0, sweepAngle: .pi / 2)
        let seen = ArcHandleFactor { sweep in sweep }  // k = δ, to see which δ is passed
        let c = arc.cubics(handleFactor: seen)[0]
        #expect(abs(c.p1.y - 1 - 2 * Double.pi / 2) < 1e-14)  // handle = k·r along +y from (3, 1)
        let fixed = arc.cubics(handleFactor: .constant(1 / 1.8))[0]
        #expect(abs(fixed.p1.y - 1 - 2 / 1.8) < 1e-14 && abs(fixed.p2.x - 1 - 2 / 1.8) < 1e-14)
        let negative = EllipticalArc(center: .zero, radiusX: 1, radiusY: 1, startAngle: 0, sweepAngle: -.pi / 2)
        let n = negative.cubics(handleFactor: seen)[0]  // δ passed as |δ|; handle points along −y
        #expect(abs(n.p1.y + Double.pi / 2) < 1e-15)
    }

    /// A random SVG arc with well-conditioned sizes: end points in [−100, 100]², chord ≥ 1,
    /// radii log-uniform in [0.5, 200] (often too small, then scaled up), any rotation.
    private func randomArc(_ rng: inout SplitMix64)
        -> (start: Point, end: Point, rx: Double, ry: Double, degrees: Double, large: Bool, sweep: Bool) {
        let start = Point(rng.uniform(-100, 100), rng.uniform(-100, 100))
        var end = start
        while end.distance(to: start) < 1 { end = Point(rng.uniform(-100, 100), rng.uniform(-100, 100)) }
        return (start, end, 0.5 * pow(400, rng.uniform(0, 1)), 0.5 * pow(400, rng.uniform(0, 1)),
                rng.uniform(-720, 720), Bool.random(using: &rng), Bool.random(using: &rng))
    }

    @Test("Random arcs: every cubic lies on the ellipse within the midpoint-exact error bound")
    func randomArcsOnEllipse() throws {
        var rng = SplitMix64(seed: 0xA7C0_0001)
        let tStar = (3 - 3.0.squareRoot()) / 6
        var worstRatio = 0.0
        for _ in 0..<2_000 {
            let (start, end, rx, ry, degrees, large, sweep) = randomArc(&rng)
            let arc = try #require(EllipticalArc(svgFrom: start, to: end, radiusX: rx, radiusY: ry,
                                                 xAxisRotationDegrees: degrees, largeArc: large, sweep: sweep))
            let segments = EllipticalArc.svgArcSegments(from: start, to: end, radiusX: rx, radiusY: ry,
                                                        xAxisRotationDegrees: degrees, largeArc: large, sweep: sweep)
            let cubics = segments.compactMap { if case .cubic(let c) = $0 { c } else { nil } }
            try #require(cubics.count == segments.count && !cubics.isEmpty)

            // Centre form: consistent with the end points and the flags.
            let scale = max(start.maxMagnitude, end.maxMagnitude, arc.radiusX, arc.radiusY)
            #expect(arc.startPoint.distance(to: start) <= 1e-13 * scale)
            #expect(arc.endPoint.distance(to: end) <= 1e-13 * scale)
            #expect((arc.sweepAngle > 0) == sweep)
            let scaledUp = arc.radiusX > rx * (1 + 1e-12)
            #expect(scaledUp ? abs(abs(arc.sweepAngle) - .pi) < 1e-12 : (abs(arc.sweepAngle) >= .pi) == large)
            #expect(abs(arc.radiusX / arc.radiusY - rx / ry) <= 1e-12 * rx / ry)

            // Pieces: ≤ 4, equal sweeps of at most 90°, exact end points, shared joints.
            #expect(cubics.count == arc.cubicCount && cubics.count <= 4)
            #expect(cubics.count == Int((abs(arc.sweepAngle) / (.pi / 2)).rounded(.up)))
            #expect(cubics.first!.p0 == start && cubics.last!.p3 == end)
            // The centre form alone starts and ends exactly at E(θ₁) and E(θ₁ + Δθ).
            let own = arc.cubics()
            #expect(own.first!.p0 == arc.startPoint && own.last!.p3 == arc.endPoint)
            for (a, b) in zip(cubics, cubics.dropFirst()) { #expect(a.p3 == b.p0) }

            // Back on the unit circle: samples within [0, bound], the bound attained at t*,
            // angles advancing monotonically through exactly Δθ.
            let inverse = try #require(arc.unitCircleTransform.inverted)
            let delta = arc.sweepAngle / Double(cubics.count)
            let bound = Self.midpointExactBound(delta)
            let slack = 1e-12
            var previousAngle = atan2(inverse.apply(to: start).y, inverse.apply(to: start).x)
            var travelled = 0.0
            for c in cubics {
                for i in 0...64 {
                    let u = inverse.apply(to: c.point(at: Double(i) / 64))
                    let e = u.lengthSquared - 1
                    #expect(e >= -slack && e <= bound + slack, "x²+y²−1 = \(e), bound \(bound)")
                    if bound > 1e-8 { worstRatio = max(worstRatio, e / bound) }  // above rounding noise
                    let angle = atan2(u.y, u.x)
                    var step = angle - previousAngle
                    step -= 2 * .pi * (step / (2 * .pi)).rounded()
                    #expect(step * arc.sweepAngle >= -1e-12 && abs(step) <= abs(delta) / 64 * 1.6 + 1e-12)
                    travelled += step
                    previousAngle = angle
                }
                let peak = inverse.apply(to: c.point(at: tStar)).lengthSquared - 1
                #expect(abs(peak - bound) <= slack + 1e-9 * bound, "peak \(peak) vs \(bound)")
            }
            #expect(abs(travelled - arc.sweepAngle) < 1e-11)
        }
        #expect(worstRatio > 0.99 && worstRatio <= 1 + 1e-6)
    }

    @Test("Half and full ellipses: piece counts and the semicircle through two points")
    func halfEllipse() throws {
        // A half ellipse (centre on the chord) is exactly two pieces.
        let half = EllipticalArc.svgArcSegments(from: Point(-3, 0), to: Point(3, 0), radiusX: 3, radiusY: 1,
                                                xAxisRotationDegrees: 0, largeArc: true, sweep: true)
        #expect(half.count == 2)
        #expect(half[0].end.distance(to: Point(0, -1)) < 1e-15)
        // Nearly full: four pieces, ending exactly where asked.
        let nearlyFull = EllipticalArc.svgArcSegments(from: Point(10, 0), to: Point(10, 1e-6), radiusX: 10,
                                                      radiusY: 10, xAxisRotationDegrees: 0, largeArc: true,
                                                      sweep: false)
        #expect(nearlyFull.count == 4 && nearlyFull.last?.end == Point(10, 1e-6))
    }

    @Test("φ = −0 gives the arc of 0, 720 and −720 (found by fuzzing, radii near 1e-308)")
    func negativeZeroRotation() {
        func arc(_ degrees: Double) -> [PathSegment] {
            EllipticalArc.svgArcSegments(from: Point(0, -0.0), to: Point(7.509624274728341e-308, 0),
                                         radiusX: 0x1.ff8733ce14p-1028 /* 6.9469475059166e-310 */, radiusY: 1.9580649954863372e-306,
                                         xAxisRotationDegrees: degrees, largeArc: false, sweep: true)
        }
        let reference = arc(0)
        #expect(!reference.isEmpty)
        for degrees in [-0.0, 720, -720, 360] { #expect(arc(degrees) == reference, "\(degrees)°") }
    }
}

import Foundation
import Geometry
import Testing
import _Numerics
import _TestSupport

@Suite("Lines, quadratics and transforms")
struct SegmentTests {
    @Test("quadratic: split, derivatives, bounding box, elevation")
    func quadraticProperties() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<3000 {
            let q = QuadraticBezier(rng.point(), rng.point(), rng.point())
            let tol = 64 * Double.ulpOfOne * 100
            let t = Double.random(in: 0.01...0.99, using: &rng)
            let (l, r) = q.split(at: t)
            let u = Double.random(in: 0...1, using: &rng)
            #expect(maxDifference(l.point(at: u), q.point(at: u * t)) <= tol)
            #expect(maxDifference(r.point(at: u), q.point(at: t + u * (1 - t))) <= tol)
            let s = q.subsegment(from: 0.8, to: 0.2)
            #expect(maxDifference(s.point(at: u), q.point(at: 0.8 - 0.6 * u)) <= tol)
            let h = 1e-5
            let fd = (q.point(at: t + h) - q.point(at: t - h)) / (2 * h)
            #expect(maxDifference(fd, q.derivative(at: t)) <= 1e-7 * 100)
            let e = q.elevated
            #expect(maxDifference(e.point(at: u), q.point(at: u)) <= tol)
            let box = q.boundingBox
            for i in 0...500 { #expect(box.contains(q.point(at: Double(i) / 500))) }
        }
    }

    @Test("line segment")
    func line() {
        let l = LineSegment(Point(1, 2), Point(4, 6))
        #expect(l.length == 5)
        #expect(l.point(at: 0.5) == Point(2.5, 4))
        #expect(l.boundingBox == Rect(minX: 1, minY: 2, maxX: 4, maxY: 6))
        #expect(l.curvature(at: 0.3) == 0)
        #expect(maxDifference(PathSegment.line(l).asCubic.point(at: 0.25), l.point(at: 0.25)) < 1e-15)
    }

    @Test("affine transforms compose and invert")
    func affine() {
        var rng = SplitMix64(seed: 13)
        for _ in 0..<1000 {
            let m = AffineTransform(a: rng.uniform(-2, 2), b: rng.uniform(-2, 2), c: rng.uniform(-2, 2),
                                    d: rng.uniform(-2, 2), e: rng.uniform(-9, 9), f: rng.uniform(-9, 9))
            let n = AffineTransform.rotation(radians: rng.uniform(-4, 4))
                .concatenating(.translation(x: rng.uniform(-5, 5), y: 1))
            let p = rng.point()
            #expect(maxDifference(m.concatenating(n).apply(to: p), n.apply(to: m.apply(to: p))) < 1e-12)
            guard abs(m.determinant) > 1e-3, let inverse = m.inverted else { continue }
            #expect(maxDifference(inverse.apply(to: m.apply(to: p)), p) < 1e-9)
        }
        let quarter = AffineTransform.rotation(radians: .pi / 2).apply(to: Point(1, 0))
        #expect(maxDifference(quarter, Point(0, 1)) < 1e-16)
        #expect(AffineTransform.scale(x: 1, y: 0).inverted == nil)
        #expect(AffineTransform.flipY.apply(to: Point(3, 4)) == Point(3, -4))
    }

    @Test("points: hypot does not overflow or underflow")
    func pointLength() {
        #expect(Point(3e300, 4e300).length == 5e300)
        let tiny = 0x1p-1030  // subnormal: x² + y² underflows to 0
        #expect(Point(3 * tiny, 4 * tiny).length == 5 * tiny)
        #expect(Point(.infinity, .nan).length.isNaN)
        #expect(Point(-.infinity, 1).length == .infinity)
        #expect(Point(3, 4).length == 5)
    }
}

@Suite("Signed area")
struct SignedAreaTests {
    @Test("polygons: exact shoelace areas, sign from orientation")
    func polygons() {
        let square = Path.polyline([Point(0, 0), Point(2, 0), Point(2, 2), Point(0, 2)], closed: true)
        #expect(SignedArea.of(square) == 4)
        #expect(SignedArea.of(square.reversed()) == -4)
        let open = Path.polyline([Point(0, 0), Point(3, 0), Point(0, 4)])
        #expect(SignedArea.of(open) == 6)  // closed by the straight line back to the start
    }

    @Test("the cubic closed form equals ½∫(x y′ − y x′) dt by Gauss–Legendre")
    func cubicClosedForm() {
        var rng = SplitMix64(seed: 41)
        let rule = GaussLegendre(points: 8)  // the integrand is a degree-5 polynomial: exact
        for _ in 0..<2000 {
            let c = CubicBezier(rng.point(), rng.point(), rng.point(), rng.point())
            let numeric = 0.5 * rule.integrate(from: 0, to: 1) { t in
                let p = c.point(at: t), d = c.derivative(at: t)
                return p.x * d.y - p.y * d.x
            }
            #expect(abs(SignedArea.of(c) - numeric) <= 1e-10 * max(1, abs(numeric)))
        }
    }
}

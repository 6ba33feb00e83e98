import Foundation
import Geometry
import Testing

/// The exact elliptical arc: lengths against closed forms, the inverse of the length, the
/// closed-form box against a dense sampling, and exact transforms.
@Suite("AffineEllipticalArc")
struct AffineEllipticalArcTests {
    @Test("a circle's arc: length r·|Δθ| to 1e-14 relative, and the angle at length s is θ₁ ± s/r")
    func circle() {
        for (r, start, sweep) in [(50.0, 0.3, 2.0), (1e-3, -1.0, -5.5), (7e5, 2.0, 4 * Double.pi)] {
            let arc = AffineEllipticalArc(EllipticalArc(center: Point(3, -4), radiusX: r, radiusY: r, rotation: 0.7,
                                                        startAngle: start, sweepAngle: sweep))
            let length = arc.arcLength(accuracy: 1e-13 * r).length
            #expect(abs(length - r * abs(sweep)) <= 1e-14 * r * abs(sweep))
            for f in [0.0, 0.1, 0.5, 0.77, 1.0] {
                let theta = arc.angle(atLength: f * length, length: length)
                #expect(abs(theta - (start + f * sweep)) <= 1e-12 * abs(sweep), "r \(r) f \(f)")
            }
        }
    }

    @Test("an eccentric ellipse's partial arcs: the length up to angle(atLength: s) is s; lengths add up")
    func inverse() {
        let arc = AffineEllipticalArc(map: AffineTransform(a: 300, b: 20, c: -4, d: 2, e: 1, f: 1), startAngle: 0.2, sweepAngle: 5)
        let length = arc.arcLength(accuracy: 1e-12).length
        for f in [0.05, 0.3, 0.5, 0.9] {
            let theta = arc.angle(atLength: f * length, length: length)
            let part = AffineEllipticalArc(map: arc.map, startAngle: 0.2, sweepAngle: theta - 0.2).arcLength(accuracy: 1e-12).length
            let rest = AffineEllipticalArc(map: arc.map, startAngle: theta, sweepAngle: 5.2 - theta).arcLength(accuracy: 1e-12).length
            #expect(abs(part - f * length) <= 1e-12 * length)
            #expect(abs(part + rest - length) <= 1e-12 * length)
        }
    }

    @Test("the box in closed form contains a dense sampling and is touched by it; transforms compose exactly")
    func box() {
        let arc = AffineEllipticalArc(map: AffineTransform(a: 0.8, b: 0.3, c: -0.5, d: 1.1, e: 7, f: -3), startAngle: -2, sweepAngle: 4.5)
        let box = arc.boundingBox
        var sampled = Rect(point: arc.startPoint)
        for k in 0...100_000 { sampled = sampled.union(Rect(point: arc.point(atAngle: -2 + 4.5 * Double(k) / 100_000))) }
        for (a, b) in [(box.minX, sampled.minX), (box.minY, sampled.minY), (box.maxX, sampled.maxX), (box.maxY, sampled.maxY)] {
            #expect(abs(a - b) <= 1e-8, "closed form \(a), sampled \(b)")
        }
        let m = AffineTransform.rotation(radians: 0.4).concatenating(.translation(x: 5, y: 6))
        let moved = arc.transformed(by: m)
        for t in [-2.0, 0, 1.3, 2.5] {
            #expect((moved.point(atAngle: t) - m.apply(to: arc.point(atAngle: t))).length <= 1e-14 * 10)
        }
    }

    @Test("an ExactPath from SVG path data keeps each A arc and its end; the drawn path is the usual quarter-turn cubics")
    func parsing() throws {
        let d = "M0 0 L10 0 A5 5 0 0 1 20 0 A5 8 30 1 0 0 0 Z"
        let (path, exact) = try ExactPath.parsing(svgPathData: d, arcs: .quarterTurns(.midpointExact))
        #expect(path == (try Path(svgPathData: d)))
        let pieces = try #require(exact.subpaths.first?.pieces)
        #expect(pieces.count == 3)
        guard case .arc(let half) = pieces[1], case .arc(let big) = pieces[2] else {
            Issue.record("arcs expected")
            return
        }
        #expect((half.endPoint - Point(20, 0)).length <= 1e-13 && (big.endPoint - Point(0, 0)).length <= 1e-13)
        #expect(abs(half.arcLength(accuracy: 1e-13).length - 5 * Double.pi) <= 1e-13)
    }
}

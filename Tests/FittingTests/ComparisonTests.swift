import Fitting
import Foundation
import Geometry
import Testing

@Suite("Outline comparison: area of the symmetric difference, Hausdorff distance")
struct ComparisonTests {
    let unitSquare = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]

    func shifted(_ p: [Point], _ d: Point) -> [Point] { p.map { $0 + d } }

    @Test("squares: overlapping, identical, nested, disjoint, touching; either orientation")
    func squares() {
        #expect(SymmetricDifference.area(unitSquare, shifted(unitSquare, Point(0.5, 0.25))) == 2 - 2 * 0.5 * 0.75)
        #expect(SymmetricDifference.area(unitSquare, unitSquare) == 0)
        #expect(SymmetricDifference.area(unitSquare, unitSquare.reversed()) == 0)
        let big = [Point(-1, -1), Point(3, -1), Point(3, 3), Point(-1, 3)]
        #expect(SymmetricDifference.area(big, unitSquare) == 15)
        #expect(SymmetricDifference.area(unitSquare, shifted(unitSquare, Point(5, 7))) == 2)
        #expect(SymmetricDifference.area(unitSquare, shifted(unitSquare, Point(1, 0))) == 2)
        #expect(SymmetricDifference.area(unitSquare, []) == 1)
    }

    @Test("crossing edges inside a slab: a square and a diamond")
    func diamond() {
        let diamond = [Point(0.5, -0.2), Point(1.2, 0.5), Point(0.5, 1.2), Point(-0.2, 0.5)]
        // Diamond area 0.98; overlap: the square minus four corner triangles of legs 0.3 (area 0.045 each).
        let overlap = 1 - 4 * 0.045
        let expected = 1 + 0.98 - 2 * overlap
        #expect(abs(SymmetricDifference.area(unitSquare, diamond) - expected) < 1e-14)
    }

    @Test("two circles: the lens formula, within the flattening bound")
    func circles() throws {
        let r = 10.0, d = 6.0
        let a = try circle(radius: r), b = try circle(radius: r, centre: Point(d, 0))
        let lens = 2 * r * r * acos(d / (2 * r)) - 0.5 * d * (4 * r * r - d * d).squareRoot()
        let exact = 2 * (Double.pi * r * r - lens)
        let (area, bound) = SymmetricDifference.area(a, b, tolerance: 1e-6)
        // The paths are cubic arcs (radial error ≤ 2.8e-4·r): compare with that slack too.
        #expect(abs(area - exact) <= bound + 2 * 2 * Double.pi * r * 2.8e-4 * r)
        #expect(bound < 1e-3)
    }

    @Test("Hausdorff: concentric circles and a shifted square, certified to the tolerance")
    func hausdorff() throws {
        // Concentric: f is flat at its maximum everywhere (the control-point bound handles it).
        let a = try circle(radius: 10), b = try circle(radius: 12)
        let h = HausdorffDistance.between(a, b, tolerance: 1e-9)
        #expect(abs(h.value - 2) < 1e-2 && h.upperBound - h.value <= 1e-9, "\(h)")
        // Offset by 1: H = 2 + 1 along the centre line (the arcs are cubics: radial error ≤ 2.8e-4·r).
        let c = try circle(radius: 12, centre: Point(1, 0))
        let hc = HausdorffDistance.between(a, c, tolerance: 1e-9)
        #expect(abs(hc.value - 3) < 1e-2 && hc.upperBound - hc.value <= 1e-9, "\(hc)")
        let s1 = Path.polyline(unitSquare, closed: true), s2 = Path.polyline(shifted(unitSquare, Point(0.3, 0)), closed: true)
        let hs = HausdorffDistance.between(s1, s2, tolerance: 1e-12)
        #expect(abs(hs.value - 0.3) < 1e-12 && hs.upperBound >= hs.value)
        // Directed parts differ: a small square inside a big one.
        let big = Path.polyline([Point(-2, -2), Point(3, -2), Point(3, 3), Point(-2, 3)], closed: true)
        let inner = HausdorffDistance.directed(from: PreparedPath(s1), to: PreparedPath(big), tolerance: 1e-12)
        #expect(abs(inner.value - 2) < 1e-12)
        let outer = HausdorffDistance.directed(from: PreparedPath(big), to: PreparedPath(s1), tolerance: 1e-12)
        #expect(abs(outer.value - 2 * 2.0.squareRoot()) < 1e-12)
    }

    @Test("a model on its own outline: zero figures")
    func identical() throws {
        let path = try ballPath()
        let c = OutlineComparison(model: path, target: path, tolerance: 1e-6)
        #expect(c.hausdorff < 1e-12 && c.hausdorffUpperBound <= 1e-6, "\(c)")
        #expect(c.areaDifference <= c.areaDifferenceBound, "\(c)")
    }
}

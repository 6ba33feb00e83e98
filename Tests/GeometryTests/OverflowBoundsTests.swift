import Geometry
import Testing

/// Bounding boxes of curves with coordinates near the largest Double: finite for finite control
/// points (``OverflowSafeBounds``), and the ordinary exact box below 2¹⁰⁰⁰.
@Suite("bounds near the overflow threshold")
struct OverflowBoundsTests {
    /// The crash input of FuzzSVGPathData (Fuzz/): the box came out [−inf, 8] in y.
    @Test("the fuzzer's path: a finite box")
    func fuzzCrash() throws {
        let path = try Path(svgPathData: "M0 0 A5 5 1 0 102 1M0 8 C1e300 0 -1e300 1e308 0e300 -1e308")
        #expect(path.isFinite)
        let box = try #require(path.boundingBox)
        #expect([box.minX, box.minY, box.maxX, box.maxY].allSatisfy { $0.isFinite }, "\(box)")
    }

    @Test("cubics and quadratics with coordinates up to the largest Double: finite, inside the hull",
          arguments: [1e300, 1e307, 1e308, Double.greatestFiniteMagnitude])
    func huge(scale: Double) {
        let cubic = CubicBezier(Point(-scale, 0), Point(scale, scale), Point(-scale, -scale), Point(scale, 0))
        let quad = QuadraticBezier(Point(-scale, -scale), Point(scale, scale), Point(-scale, scale))
        for (box, hull) in [(cubic.boundingBox, Rect(enclosing: cubic.controlPoints)),
                            (quad.boundingBox, Rect(enclosing: [quad.p0, quad.p1, quad.p2]))] {
            #expect([box.minX, box.minY, box.maxX, box.maxY].allSatisfy { $0.isFinite }, "\(box)")
            if let hull {
                #expect(box.minX >= hull.minX && box.maxX <= hull.maxX && box.minY >= hull.minY && box.maxY <= hull.maxY)
            }
        }
    }

    @Test("scaling by 2⁻⁶⁴ gives the same box (to rounding) as the unscaled computation")
    func sameBox() {
        // The same curve at 1 and at 2^1010: the box scales exactly by the power of two.
        let unit = CubicBezier(Point(0, 0), Point(1, 3), Point(2, -3), Point(3, 0.5))
        let big = CubicBezier(0x1p1010 * unit.p0, 0x1p1010 * unit.p1, 0x1p1010 * unit.p2, 0x1p1010 * unit.p3)
        let a = unit.boundingBox, b = big.boundingBox
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.maxX, b.maxX), (a.maxY, b.maxY)] {
            #expect(abs(x * 0x1p1010 - y) <= 1e-15 * 0x1p1010 * 3, "\(a) vs \(b)")
        }
    }

    @Test("degenerate curves: all points equal, a cusp — exact, finite boxes")
    func degenerate() {
        let p = Point(1e300, -1e300)
        #expect(CubicBezier(p, p, p, p).boundingBox == Rect(point: p))
        let cusp = CubicBezier(Point(0, 0), Point(1, 1), Point(0, 1), Point(1, 0))
        let box = cusp.boundingBox
        #expect(box.minX == 0 && box.maxX == 1 && box.minY == 0 && abs(box.maxY - 0.75) < 1e-15)
    }
}

import Geometry
import _TestSupport

/// Random cubics for property tests: ordinary ones in a box, plus the awkward families
/// (loops, cusps, collinear and coincident control points, mixed magnitudes).
extension SplitMix64 {
    mutating func point(in range: ClosedRange<Double> = -100...100) -> Point {
        Point(Double.random(in: range, using: &self), Double.random(in: range, using: &self))
    }

    mutating func cubic(scale: Double = 100) -> CubicBezier {
        let family = Int.random(in: 0..<8, using: &self)
        let r = -scale...scale
        switch family {
        case 0:  // collinear control points, in random order along the line
            let a = point(in: r), b = point(in: r)
            let ts = (0..<4).map { _ in Double.random(in: -0.5...1.5, using: &self) }
            return CubicBezier(a.lerp(to: b, ts[0]), a.lerp(to: b, ts[1]), a.lerp(to: b, ts[2]), a.lerp(to: b, ts[3]))
        case 1:  // all four points equal
            let a = point(in: r)
            return CubicBezier(a, a, a, a)
        case 2:  // a cusp: P1 − P0 and P3 − P2 crossing so the hodograph passes through 0
            let a = point(in: r)
            return CubicBezier(a, a + Point(scale, scale), a + Point(0, scale), a + Point(scale, 0))
        case 3:  // a loop
            let a = point(in: r)
            return CubicBezier(a, a + Point(2 * scale, scale), a + Point(-scale, scale), a + Point(scale, 0))
        case 4:  // coincident handles
            let a = point(in: r), b = point(in: r)
            return CubicBezier(a, a, b, b)
        default:
            return CubicBezier(point(in: r), point(in: r), point(in: r), point(in: r))
        }
    }
}

/// |a − b| in the ∞-norm.
func maxDifference(_ a: Point, _ b: Point) -> Double { max(abs(a.x - b.x), abs(a.y - b.y)) }

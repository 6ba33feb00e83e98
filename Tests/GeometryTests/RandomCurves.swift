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

/// `n` random cubics in [0, 100)², the benchmark's distribution, from `seed`.
func boxCurves(_ n: Int, seed: UInt64) -> [CubicBezier] {
    var rng = SplitMix64(seed: seed)
    return (0..<n).map { _ in
        CubicBezier(Point(rng.uniform(0, 100), rng.uniform(0, 100)), Point(rng.uniform(0, 100), rng.uniform(0, 100)),
                    Point(rng.uniform(0, 100), rng.uniform(0, 100)), Point(rng.uniform(0, 100), rng.uniform(0, 100)))
    }
}

extension SplitMix64 {
    /// Draws a random number of segments (`segments`) onto `path`: each a line, a quadratic or a
    /// cubic, equally likely, or with `closes` one of four choices a close, every point from
    /// `point`.
    mutating func drawSegments(on path: inout Path, _ segments: ClosedRange<Int>, closes: Bool = false,
                               point: (inout SplitMix64) -> Point) {
        for _ in 0..<Int.random(in: segments, using: &self) {
            switch Int.random(in: 0..<(closes ? 4 : 3), using: &self) {
            case 0: path.line(to: point(&self))
            case 1: path.quadratic(to: point(&self), control: point(&self))
            case 2: path.cubic(to: point(&self), control1: point(&self), control2: point(&self))
            default: path.close()
            }
        }
    }
}

/// The polygon through `points`: a move to the first, lines to the others, closed.
func polygon(_ points: Point...) -> Path {
    var p = Path()
    p.move(to: points[0])
    for q in points.dropFirst() { p.line(to: q) }
    p.close()
    return p
}

/// |a − b| in the ∞-norm.
func maxDifference(_ a: Point, _ b: Point) -> Double { max(abs(a.x - b.x), abs(a.y - b.y)) }

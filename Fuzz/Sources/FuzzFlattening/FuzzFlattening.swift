import FuzzSupport
import Geometry

/// Flattening (`path-info --flatten`, every path a user gives): `Flattening.flatten` of single
/// cubics, the batch kernel (`forEachFlattened`) and whole paths (`flatten(_: Path)`,
/// `pointCount(of:)`), on control points decoded from the bytes.
///
/// Input: byte 0 picks the tolerance 10^(3 − b mod 20) (1e3 … 1e-16), byte 1 the decoding — raw
/// IEEE bit patterns (NaN, ±∞, subnormals, 1e308 all reachable) or a signed 32-bit mantissa
/// times 2^(exponent byte − 128) — then up to eight cubics of eight coordinates each.
///
/// Invariants: never traps and terminates (at most 4,096 segments per curve); the batch kernel
/// gives exactly the single-curve polyline, status and bound; a non-finite curve is its chord; a
/// finite one runs from P₀ to P₃ exactly through strictly increasing parameters from 0 to 1,
/// one point per parameter, with at most `maxSegments` segments (exactly that many when
/// `.segmentLimited`) and a bound within the tolerance when `.guaranteed`; every piece's
/// midpoint B(t) lies within the piece's bound of its chord (plus rounding); a path of these
/// cubics flattens to the sum of their segments, and `pointCount(of:)` agrees with it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    guard bytes.count >= 2 else { return 0 }
    let tolerance = pow10(3 - Int(bytes[0] % 20))
    let raw = bytes[1] & 1 == 0
    let coordinates = FuzzInput.doubles(bytes, from: 2, count: 64, raw: raw)
    let curves = stride(from: 0, to: coordinates.count - 7, by: 8).map { j in
        CubicBezier(Point(coordinates[j], coordinates[j + 1]), Point(coordinates[j + 2], coordinates[j + 3]),
                    Point(coordinates[j + 4], coordinates[j + 5]), Point(coordinates[j + 6], coordinates[j + 7]))
    }
    guard !curves.isEmpty else { return 0 }
    let maxSegments = 4096
    let f = Flattening(tolerance: tolerance, maxSegments: maxSegments)

    var singles: [FlattenedCurve] = []
    for c in curves {
        let r = f.flatten(c)
        singles.append(r)
        check(r, of: c, tolerance: tolerance, maxSegments: maxSegments)
    }
    var seen = [Bool](repeating: false, count: curves.count)
    f.forEachFlattened(curves, withParameters: true) { v in
        let s = singles[v.index]
        fuzzCheck(!seen[v.index], "curve \(v.index) delivered twice")
        seen[v.index] = true
        fuzzCheck(identical(Array(v.points), s.points) && Array(v.parameters) == s.parameters && v.status == s.status,
                  "batch differs from single for \(curves[v.index]) at \(tolerance)")
        fuzzCheck(v.deviationBound == s.deviationBound || (v.deviationBound.isNaN && s.deviationBound.isNaN),
                  "batch bound \(v.deviationBound) != single \(s.deviationBound)")
    }
    fuzzCheck(seen.allSatisfy { $0 }, "a curve was not delivered")

    // Each cubic's first three points as a quadratic, flattened through its elevation.
    for c in curves {
        let q = QuadraticBezier(c.p0, c.p1, c.p2)
        let r = f.flatten(PathSegment.quadratic(q))
        check(r, of: q.elevated, tolerance: tolerance, maxSegments: maxSegments, vertices: q.point(at:))
    }

    // One open subpath through the curves (each starting where the previous ended).
    guard curves.allSatisfy({ $0.p0.isFinite && $0.p1.isFinite && $0.p2.isFinite && $0.p3.isFinite }) else { return 0 }
    var path = Path()
    path.move(to: curves[0].p0)
    var segments = 0
    for c in curves {
        let start = path.currentPoint ?? c.p0
        let joined = CubicBezier(start, c.p1, c.p2, c.p3)
        path.cubic(to: joined.p3, control1: joined.p1, control2: joined.p2)
        segments += f.flatten(joined).segmentCount
    }
    let flat = f.flatten(path)
    let count = f.pointCount(of: path)
    fuzzCheck(flat.pointCount == segments + 1, "path points \(flat.pointCount) != 1 + \(segments) segments")
    fuzzCheck(count.pointCount == flat.pointCount && count.status == flat.status,
              "pointCount \(count) disagrees with flatten (\(flat.pointCount), \(flat.status))")
    return 0
}

/// Equal bit for bit (NaN coordinates included).
func identical(_ a: [Point], _ b: [Point]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy {
        $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern
    }
}

/// The single-curve invariants; `vertices` is how the polyline's vertices are evaluated (the
/// cubic's own B(t), or the original quadratic's for an elevated one).
func check(_ r: FlattenedCurve, of c: CubicBezier, tolerance: Double, maxSegments: Int,
           vertices: ((Double) -> Point)? = nil) {
    fuzzCheck(r.points.count == r.parameters.count, "\(r.points.count) points, \(r.parameters.count) parameters")
    let finite = c.p0.isFinite && c.p1.isFinite && c.p2.isFinite && c.p3.isFinite
    guard finite else {
        fuzzCheck(r.status == .nonFinite && r.points.count == 2, "non-finite curve: \(r.status), \(r.points.count) points")
        return
    }
    fuzzCheck(r.status != .nonFinite, "finite curve reported non-finite: \(c)")
    fuzzCheck(r.points.first == c.p0 && r.points.last == c.p3, "ends are not P0 and P3 exactly for \(c)")
    if let vertices {
        fuzzCheck(identical(r.points, r.parameters.map(vertices)), "quadratic's vertices are not its own points")
    }
    fuzzCheck(r.parameters.first == 0 && r.parameters.last == 1, "parameters do not run from 0 to 1")
    fuzzCheck(zip(r.parameters, r.parameters.dropFirst()).allSatisfy { $0 < $1 }, "parameters not increasing for \(c)")
    let n = r.segmentCount
    fuzzCheck(n >= 1 && n <= maxSegments, "\(n) segments (limit \(maxSegments))")
    if r.status == .segmentLimited { fuzzCheck(n == maxSegments, "segment-limited with \(n) segments") }
    if r.status == .guaranteed { fuzzCheck(r.deviationBound <= tolerance, "bound \(r.deviationBound) > \(tolerance)") }
    // Each piece's midpoint against its chord: within the certified bound, up to the rounding of
    // B(t) by de Casteljau (a few ε·max|Pᵢ|).
    // (Compared in units of the power of two s at or below max|Pᵢ|, exactly scaled, so that
    // neither overflow near 1e308 nor underflow near 1e-308 enters the check.)
    guard r.status == .guaranteed || r.status == .roundingLimited else { return }
    let m = c.magnitude
    let s = m.isNormal ? Double(sign: .plus, exponent: m.exponent, significand: 1) : 1
    let slack = 64 * Double.ulpOfOne * (m / s) + 64 * Double.leastNonzeroMagnitude
    for k in 0..<n {
        let t = 0.5 * (r.parameters[k] + r.parameters[k + 1])
        let d = distance(c.point(at: t) / s, r.points[k] / s, r.points[k + 1] / s)
        fuzzCheck(d <= (r.deviationBound / s) * (1 + 1e-9) + slack,
                  "piece \(k) midpoint \(d)·s from its chord, bound \(r.deviationBound), s \(s), curve \(c)")
    }
}

/// Distance from `p` to the segment [a, b] (lengths by `Point.length`, which neither
/// overflows nor underflows).
func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let ab = b - a, ap = p - a
    let length = ab.length
    guard length > 0 && length.isFinite else { return ap.length }
    let u = ab / length
    let along = Swift.min(length, Swift.max(0, ap.dot(u)))
    return (ap - along * u).length
}

func pow10(_ e: Int) -> Double {
    var r = 1.0
    if e >= 0 { for _ in 0..<e { r *= 10 } } else { for _ in 0..<(-e) { r /= 10 } }
    return r
}


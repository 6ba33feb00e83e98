import FuzzSupport
import Geometry

/// The numerics every command applies to a parsed curve — evaluation, splitting, the bounding
/// box, the nearest point (global and warm-started) and the arc length — on one cubic and a query
/// point decoded from the bytes, so that values no text path reaches easily (subnormals,
/// ±1.8e308, exact cusps) are tried.
///
/// Input: byte 0 picks the decoding — raw IEEE bit patterns, or a signed 32-bit mantissa times
/// 2^(exponent byte − 128) — then eight coordinates of the cubic, two of the query point q and two
/// numbers mapped into [0, 1] (the split parameter and the warm-start hint).
///
/// Invariants: never traps and terminates; for a finite cubic B(0) = P₀ and B(1) = P₃ exactly,
/// B(t) is finite, the bounding box is finite, contains P₀, P₃ and B(t); splitting at t gives
/// halves meeting at a point within rounding of B(t) and keeping P₀, P₃; the nearest point has
/// t ∈ [0, 1], a distance no larger than to either end and equal to |B(t) − q| within rounding,
/// and the warm-started answer is no farther than the global one; a converged arc length lies
/// between the chord and the control polygon (within its error bound). A non-finite cubic gives
/// status `.nonFinite` for the nearest point and the arc length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    guard bytes.count >= 1 else { return 0 }
    let raw = bytes[0] & 1 == 0
    let values = FuzzInput.doubles(bytes, from: 1, count: 12, raw: raw)
    guard values.count == 12 else { return 0 }
    let c = CubicBezier(Point(values[0], values[1]), Point(values[2], values[3]),
                        Point(values[4], values[5]), Point(values[6], values[7]))
    let q = Point(values[8], values[9])
    let t = unit(values[10]), hint = unit(values[11])
    let finite = [c.p0, c.p1, c.p2, c.p3].allSatisfy { $0.x.isFinite && $0.y.isFinite }

    guard finite else {
        if q.x.isFinite && q.y.isFinite {
            fuzzCheck(c.nearestPoint(to: q).status == .nonFinite, "nearest point of a non-finite curve not .nonFinite")
        }
        fuzzCheck(c.arcLength(accuracy: 1e-6).status == .nonFinite, "arc length of a non-finite curve not .nonFinite")
        return 0
    }
    let magnitude = c.magnitude
    let rounding = 64 * Double.ulpOfOne * magnitude + 64 * Double.leastNonzeroMagnitude

    // Evaluation and splitting.
    fuzzCheck(c.point(at: 0) == c.p0 && c.point(at: 1) == c.p3, "ends not exact for \(c)")
    let b = c.point(at: t)
    fuzzCheck(b.x.isFinite && b.y.isFinite, "B(\(t)) = \(b) not finite for \(c)")
    let (left, right) = c.split(at: t)
    fuzzCheck(left.p0 == c.p0 && right.p3 == c.p3 && left.p3 == right.p0, "split at \(t) broke the ends of \(c)")
    fuzzCheck(maxDistance(left.p3, b) <= rounding, "split point \(left.p3) vs B(t) \(b) for \(c)")

    // The bounding box.
    let box = c.boundingBox
    fuzzCheck(box.minX.isFinite && box.maxX.isFinite && box.minY.isFinite && box.maxY.isFinite, "box \(box) not finite for \(c)")
    for p in [c.p0, c.p3, b] {
        fuzzCheck(p.x >= box.minX - rounding && p.x <= box.maxX + rounding && p.y >= box.minY - rounding && p.y <= box.maxY + rounding,
                  "\(p) outside the box \(box) of \(c)")
    }

    // The nearest point (distances compared in units of a power of two of the scene's size, so
    // that neither overflow nor underflow enters the check).
    if q.x.isFinite && q.y.isFinite {
        let scene = Swift.max(magnitude, Swift.max(abs(q.x), abs(q.y)))
        let s = scene.isNormal ? Double(sign: .plus, exponent: scene.exponent, significand: 1) : 1
        let slack = 256 * Double.ulpOfOne * (scene / s) + 64 * Double.leastNonzeroMagnitude
        let global = c.nearestPoint(to: q)
        fuzzCheck(global.t >= 0 && global.t <= 1, "nearest t \(global.t) for \(c), q \(q)")
        let d = (global.point / s - q / s).length
        let d0 = (c.p0 / s - q / s).length, d3 = (c.p3 / s - q / s).length
        fuzzCheck(d <= Swift.min(d0, d3) * (1 + 1e-12) + slack,
                  "nearest distance \(d)·s beyond the ends (\(d0), \(d3))·s for \(c), q \(q)")
        if global.distance.isFinite {
            fuzzCheck(abs(global.distance / s - d) <= 1e-12 * d + slack, "distance \(global.distance) != |B(t) − q| for \(c), q \(q)")
        }
        let warm = c.nearestPoint(to: q, near: hint)
        let dw = (warm.point / s - q / s).length
        fuzzCheck(dw <= d * (1 + 1e-9) + slack, "warm start \(dw)·s farther than global \(d)·s for \(c), q \(q), hint \(hint)")
    }

    // The arc length, to a relative accuracy.
    let accuracy = Swift.max(1e-9 * magnitude, Double.leastNormalMagnitude)
    let length = c.arcLength(accuracy: accuracy)
    if length.converged && length.length.isFinite {
        let s = magnitude.isNormal ? Double(sign: .plus, exponent: magnitude.exponent, significand: 1) : 1
        let chord = (c.p3 / s - c.p0 / s).length
        let polygon = (c.p1 / s - c.p0 / s).length + (c.p2 / s - c.p1 / s).length + (c.p3 / s - c.p2 / s).length
        let l = length.length / s, e = length.errorEstimate / s + 64 * Double.ulpOfOne * (magnitude / s)
        fuzzCheck(l >= chord * (1 - 1e-12) - e && l <= polygon * (1 + 1e-12) + e,
                  "length \(length.length) outside [chord, polygon] = [\(chord), \(polygon)]·\(s) for \(c)")
    }
    return 0
}

/// x mapped into [0, 1]: its fractional magnitude, 0 for non-finite.
func unit(_ x: Double) -> Double {
    guard x.isFinite else { return 0 }
    let f = abs(x).truncatingRemainder(dividingBy: 1)
    return f
}

func maxDistance(_ a: Point, _ b: Point) -> Double { Swift.max(abs(a.x - b.x), abs(a.y - b.y)) }

import FuzzSupport
import Geometry

/// SVG's arc command (`A rx ry φ fA fS x y` in `--path` data and SVG files) by its numbers rather
/// than its text: `EllipticalArc.svgArcSegments` on a start, an end, radii and a rotation decoded
/// from the bytes, so that extreme radii and coordinates (subnormal, ±1.8e308) are tried directly.
///
/// Input: byte 0 — bit 0 the decoding (raw IEEE bit patterns or scaled integers, see
/// `FuzzInput.doubles`), bit 1 the large-arc flag, bit 2 the sweep flag — then x₁, y₁, x₂, y₂,
/// rx, ry, φ.
///
/// Invariants (SVG 1.1 F.6.2 as documented): never traps; equal ends give no segment; otherwise
/// one line from start to end, or one to four cubics, the first starting exactly at the start,
/// the last ending exactly at the end, consecutive ones sharing their joint; the cubics' control
/// points are finite when the ends and radii are at most 1e300; a rotation by a multiple of 360°
/// gives the same segments.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    guard bytes.count >= 1 else { return 0 }
    let v = FuzzInput.doubles(bytes, from: 1, count: 7, raw: bytes[0] & 1 == 0)
    guard v.count == 7 else { return 0 }
    let start = Point(v[0], v[1]), end = Point(v[2], v[3])
    let largeArc = bytes[0] & 2 != 0, sweep = bytes[0] & 4 != 0
    let segments = EllipticalArc.svgArcSegments(from: start, to: end, radiusX: v[4], radiusY: v[5],
                                                xAxisRotationDegrees: v[6], largeArc: largeArc, sweep: sweep)
    if start == end {
        fuzzCheck(segments.isEmpty, "equal ends gave \(segments.count) segments")
        return 0
    }
    fuzzCheck(!segments.isEmpty && segments.count <= 4, "\(segments.count) segments")
    var cubics: [CubicBezier] = []
    for s in segments {
        switch s {
        case .line(let l):
            fuzzCheck(segments.count == 1 && same(l.p0, start) && same(l.p1, end), "a line that is not the whole arc: \(segments)")
        case .cubic(let c):
            cubics.append(c)
        case .quadratic:
            fuzzCheck(false, "a quadratic in an arc")
        }
    }
    guard !cubics.isEmpty else { return 0 }
    fuzzCheck(cubics.count == segments.count, "lines mixed with cubics")
    fuzzCheck(same(cubics[0].p0, start) && same(cubics[cubics.count - 1].p3, end), "arc ends are not exact")
    for (a, b) in zip(cubics, cubics.dropFirst()) { fuzzCheck(same(a.p3, b.p0), "pieces do not share their joint") }
    // (An ellipse whose extent exceeds the largest double draws through ±∞ — callers check
    // `isFinite` — so finiteness is required only when every input is at most 1e300.)
    let moderate = [v[0], v[1], v[2], v[3], v[4], v[5]].allSatisfy { abs($0) <= 1e300 }
    if moderate {
        fuzzCheck(cubics.allSatisfy { $0.p1.isFinite && $0.p2.isFinite && $0.p3.isFinite },
                  "non-finite control point for finite input: \(cubics)")
    }
    if moderate && v[6].isFinite && abs(v[6]) < 1e6 {
        let turned = EllipticalArc.svgArcSegments(from: start, to: end, radiusX: v[4], radiusY: v[5],
                                                  xAxisRotationDegrees: v[6] + 720, largeArc: largeArc, sweep: sweep)
        // (φ + 720 rounds differently from φ unless both are exact; compare only exact cases.)
        if (v[6] + 720) - 720 == v[6] && v[6].truncatingRemainder(dividingBy: 360) == (v[6] + 720).truncatingRemainder(dividingBy: 360) {
            fuzzCheck(turned == segments, "rotation \(v[6]) and \(v[6] + 720) differ")
        }
    }
    return 0
}

/// Equal bit for bit (NaN included).
func same(_ a: Point, _ b: Point) -> Bool { a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern }

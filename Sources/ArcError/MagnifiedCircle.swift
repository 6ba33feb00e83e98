import _CLibc
import Geometry

/// The Bézier circle with its radial error exaggerated, for the error magnifier: every point at
/// polar angle φ is moved to radius 1 + F·e(φ), where e = |B|/r − 1 is the radial error and F the
/// magnification. At F = 200 the 0.17 % lobes of k = 1/1.8 become a visible 35 % bulge.
public enum MagnifiedCircle {
    /// Points around the whole circle of `segments` equal arcs with handle factor `handle`
    /// (unit radius, centred at the origin), `samplesPerSegment` ≥ 2 per arc, the closing point
    /// repeating the first.
    public static func outline(segments n: Int, handle k: Double, factor: Double, samplesPerSegment m: Int = 64) -> [Point] {
        precondition(n >= 2 && m >= 2, "MagnifiedCircle: at least 2 segments and 2 samples per segment")
        let arc = CircularArc(segments: n, handle: k)
        var points: [Point] = []
        points.reserveCapacity(n * (m - 1) + 1)
        for j in 0..<n {
            let offset = Double(j) * arc.angle
            for i in 0..<(m - 1) {
                let t = Double(i) / Double(m - 1)
                let phi = offset + (i == 0 ? 0 : arc.polarAngle(at: t))
                let radius = 1 + factor * arc.radialError(at: t)
                points.append(Point(radius * cos(phi), radius * sin(phi)))
            }
        }
        points.append(points[0])
        return points
    }
}

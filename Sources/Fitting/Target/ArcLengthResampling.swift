import Geometry

/// Points spaced uniformly by arc length along a closed outline.
///
/// For a closed curve of length L, sample k (k = 0 … n − 1) is the point at arc length
/// sₖ = k·L/n from the start, so consecutive samples are L/n apart along the curve and the last
/// one is L/n before the start (which is not repeated). Segment lengths come from
/// ``AdaptiveArcLength`` (proven error bound) and the parameter at a length from its inverse,
/// ``AdaptiveArcLength/parameter(atLength:of:)``, both to `accuracy` (default 1e-10·L): every
/// sample lies on the curve (it is B(t) for the t found) and its arc-length position is within
/// about that accuracy of sₖ. Lines are exact; quadratics are handled as their exact cubic
/// elevation (same curve, same parameter).
public enum ArcLengthResampling {
    /// `count` ≥ 1 points along the closed subpath (with the straight closing segment back to
    /// its start when its end differs), or an empty array when it has no length or a coordinate
    /// is not finite.
    public static func points(alongClosed subpath: Path.Subpath, count: Int,
                              relativeAccuracy: Double = 1e-10) -> [Point] {
        precondition(count >= 1, "ArcLengthResampling: count must be at least 1")
        var segments = subpath.segments
        if let end = segments.last?.end, end != subpath.start {
            segments.append(.line(LineSegment(end, subpath.start)))
        }
        let rough = segments.reduce(0.0) { $0 + AdaptiveArcLength(accuracy: 1e-6, relativeAccuracy: 1e-6).length(of: $1).length }
        guard rough.isFinite, rough > 0 else { return [] }
        let integrator = AdaptiveArcLength(accuracy: relativeAccuracy * rough)
        let lengths = segments.map { integrator.length(of: $0).length }
        let total = lengths.reduce(0, +)
        guard total.isFinite, total > 0 else { return [] }
        var out: [Point] = []
        out.reserveCapacity(count)
        var index = 0
        var before = 0.0  // arc length before segment `index`
        for k in 0..<count {
            let s = total * Double(k) / Double(count)
            while index < segments.count - 1 && before + lengths[index] <= s {
                before += lengths[index]
                index += 1
            }
            let local = Swift.min(Swift.max(0, s - before), lengths[index])
            out.append(point(on: segments[index], atLength: local, segmentLength: lengths[index],
                             integrator: integrator))
        }
        return out
    }

    /// `count` ≥ 1 points along the closed subpath of an `ExactPath`, as
    /// `points(alongClosed:count:relativeAccuracy:)` places them on a `Path`'s, its arcs taken
    /// exactly: an arc's length is `AffineEllipticalArc.arcLength` (to 1e-13 of the outline's
    /// length) and the sample at a length on it is E(θ) for θ = `angle(atLength:length:)`, so it
    /// lies on the ellipse up to the rounding of evaluating E. A subpath without arcs gives the
    /// same points, bit for bit, as its `Path.Subpath`.
    public static func points(alongClosed subpath: ExactPath.Subpath, count: Int,
                              relativeAccuracy: Double = 1e-10) -> [Point] {
        precondition(count >= 1, "ArcLengthResampling: count must be at least 1")
        var plain: [PathSegment] = []
        for piece in subpath.pieces {
            guard case .segment(let s) = piece else { plain = []; break }
            plain.append(s)
        }
        if plain.count == subpath.pieces.count {
            return points(alongClosed: Path.Subpath(start: subpath.start, segments: plain, closed: true), count: count,
                          relativeAccuracy: relativeAccuracy)
        }
        let pieces = ExactPath.Subpath(start: subpath.start, pieces: subpath.pieces, closed: true).closedPieces
        let rough = pieces.reduce(0.0) { sum, piece in
            let box = piece.boundingBox
            return sum + piece.arcLength(accuracy: 1e-6 * Swift.max(1e-300, Point(box.width, box.height).length)).length
        }
        guard rough.isFinite, rough > 0 else { return [] }
        let integrator = AdaptiveArcLength(accuracy: relativeAccuracy * rough)
        let lengths = pieces.map { piece -> Double in
            switch piece {
            case .segment(let s): integrator.length(of: s).length
            case .arc(let a): a.arcLength(accuracy: 1e-13 * rough).length
            }
        }
        let total = lengths.reduce(0, +)
        guard total.isFinite, total > 0 else { return [] }
        var out: [Point] = []
        out.reserveCapacity(count)
        var index = 0
        var before = 0.0
        for k in 0..<count {
            let s = total * Double(k) / Double(count)
            while index < pieces.count - 1 && before + lengths[index] <= s {
                before += lengths[index]
                index += 1
            }
            let local = Swift.min(Swift.max(0, s - before), lengths[index])
            switch pieces[index] {
            case .segment(let segment):
                out.append(point(on: segment, atLength: local, segmentLength: lengths[index], integrator: integrator))
            case .arc(let arc):
                out.append(arc.point(atAngle: arc.angle(atLength: local, length: lengths[index])))
            }
        }
        return out
    }

    /// `count` ≥ 1 points along the closed polygon through `vertices` (the edge from the last
    /// vertex back to the first included), by exact linear interpolation; empty when the polygon
    /// has no length.
    public static func points(alongClosedPolygon vertices: [Point], count: Int) -> [Point] {
        precondition(count >= 1, "ArcLengthResampling: count must be at least 1")
        guard vertices.count >= 2 else { return [] }
        let n = vertices.count
        var lengths = [Double](repeating: 0, count: n)
        for i in 0..<n { lengths[i] = vertices[i].distance(to: vertices[(i + 1) % n]) }
        let total = lengths.reduce(0, +)
        guard total.isFinite, total > 0 else { return [] }
        var out: [Point] = []
        out.reserveCapacity(count)
        var index = 0
        var before = 0.0
        for k in 0..<count {
            let s = total * Double(k) / Double(count)
            while index < n - 1 && before + lengths[index] <= s {
                before += lengths[index]
                index += 1
            }
            let l = lengths[index]
            let t = l > 0 ? Swift.min(1, Swift.max(0, (s - before) / l)) : 0
            out.append(vertices[index].lerp(to: vertices[(index + 1) % n], t))
        }
        return out
    }

    static func point(on segment: PathSegment, atLength s: Double, segmentLength: Double,
                      integrator: AdaptiveArcLength) -> Point {
        switch segment {
        case .line(let l):
            return l.point(at: segmentLength > 0 ? s / segmentLength : 0)
        case .quadratic(let q):
            return q.point(at: integrator.parameter(atLength: s, of: q.elevated).t)
        case .cubic(let c):
            return c.point(at: integrator.parameter(atLength: s, of: c).t)
        }
    }
}

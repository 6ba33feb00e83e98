import Geometry

/// Which stored points of a `Path` (indices into `xs`/`ys`) each drawing segment is made of, in
/// `Path.segments` order — what turns the derivatives of a model's stored points
/// (`ControlPointJacobian`) into the derivative of a point on a segment:
///
///     B(t) = Σⱼ wⱼ(t)·X_{iⱼ},   ∂B(t)/∂p = Σⱼ wⱼ(t)·∂X_{iⱼ}/∂p,
///
/// with the Bernstein weights of the segment's degree: line (1 − t, t), quadratic
/// ((1 − t)², 2t(1 − t), t²), cubic ((1 − t)³, 3t(1 − t)², 3t²(1 − t), t³). A subpath's closing
/// line joins its last stored point to its first; like `Path.segments`, it exists only when those
/// two points differ, so the structure depends on the coordinates (``init(verbs:xs:ys:)``).
struct SegmentPoints: Sendable, Equatable {
    /// For each segment: its degree (1, 2 or 3) and the indices of its degree + 1 points.
    var degrees: [Int]
    var indices: [(Int, Int, Int, Int)]

    static func == (a: SegmentPoints, b: SegmentPoints) -> Bool {
        a.degrees == b.degrees && a.indices.elementsEqual(b.indices) { $0 == $1 }
    }

    /// The structure of the path with these verbs and stored points.
    init(verbs: [Path.Verb], xs: [Double], ys: [Double]) {
        degrees = []
        indices = []
        var k = 0
        var current = -1
        var start = -1
        for verb in verbs {
            switch verb {
            case .move:
                current = k
                start = k
            case .line:
                degrees.append(1); indices.append((current, k, -1, -1)); current = k
            case .quadratic:
                degrees.append(2); indices.append((current, k, k + 1, -1)); current = k + 1
            case .cubic:
                degrees.append(3); indices.append((current, k, k + 1, k + 2)); current = k + 2
            case .close:
                if current >= 0 && start >= 0 && (xs[current] != xs[start] || ys[current] != ys[start]) {
                    degrees.append(1); indices.append((current, start, -1, -1))
                }
                current = start
            }
            k += verb.pointCount
        }
    }

    var count: Int { degrees.count }

    /// The segments themselves, from the stored points.
    func segments(xs: [Double], ys: [Double]) -> [PathSegment] {
        (0..<count).map { s in
            let (a, b, c, d) = indices[s]
            switch degrees[s] {
            case 1: return .line(LineSegment(Point(xs[a], ys[a]), Point(xs[b], ys[b])))
            case 2: return .quadratic(QuadraticBezier(Point(xs[a], ys[a]), Point(xs[b], ys[b]), Point(xs[c], ys[c])))
            default:
                return .cubic(CubicBezier(Point(xs[a], ys[a]), Point(xs[b], ys[b]),
                                          Point(xs[c], ys[c]), Point(xs[d], ys[d])))
            }
        }
    }

    /// The Bernstein weights of segment `s` at t, for its points in order (unused ones 0).
    @inline(__always)
    func weights(segment s: Int, t: Double) -> (Double, Double, Double, Double) {
        let u = 1 - t
        switch degrees[s] {
        case 1: return (u, t, 0, 0)
        case 2: return (u * u, 2 * t * u, t * t, 0)
        default: return (u * u * u, 3 * t * u * u, 3 * t * t * u, t * t * t)
        }
    }
}

import Geometry

/// The signed orthogonal distance from a point q to a curve, and its derivative with respect to
/// anything that moves the curve.
///
/// With B = B(t*) the nearest point (``PreparedPath``, certified), d = |q − B| and T the curve's
/// tangent at t*, the signed distance is
///
///     r = s·d,   s = +1 when q lies on the left of T (cross(T, q − B) ≥ 0), else −1,
///
/// so for a counter-clockwise outline (positive area, y-up) r > 0 inside and r < 0 outside, and
/// r changes sign smoothly as q crosses the curve. ``normal`` is n = s·(q − B)/d, the unit vector
/// with r = n·(q − B); when d = 0 it is the left unit normal of T.
///
/// Derivative (envelope theorem): d² = |q − B(t)|² is stationary in t at an interior t*
/// ((q − B)·∂B/∂t = 0), so moving the curve by a parameter p changes d only through B at fixed t*:
///
///     ∂r/∂p = −n · ∂B(t*)/∂p.
///
/// At an end point t* ∈ {0, 1} the same formula is the derivative of |q − B(t*)| at that fixed
/// end (exact for a corner; at a smooth junction n is the normal, as inside). When q sits exactly
/// on the curve n is the curve normal, the limit of both sides. The tangent of a degenerate end
/// (B′ = 0, a handle on its anchor) is taken from the second derivative, and from the chord as a
/// last resort.
public struct OrthogonalDistance: Sendable, Equatable {
    /// r = s·d.
    public var signed: Double
    /// d = |q − B| ≥ 0.
    public var distance: Double
    /// n, a unit vector with r = n·(q − B); ∂r/∂p = −n·∂B/∂p.
    public var normal: Point

    public init(signed: Double, distance: Double, normal: Point) {
        (self.signed, self.distance, self.normal) = (signed, distance, normal)
    }

    /// The signed distance of `q` from `segment`, whose nearest point to q is `nearest`.
    public init(from q: Point, to segment: PathSegment, nearest: NearestPoint) {
        self.init(from: q, point: nearest.point, tangent: Self.tangent(segment, at: nearest.t))
    }

    /// The signed distance of `q` from a curve whose nearest point to q is `b`, where its tangent
    /// is `tangent` (non-zero for a meaningful sign).
    @inline(__always)
    init(from q: Point, point b: Point, tangent: Point) {
        self.init(from: q, point: b, tangent: tangent, distance: (q - b).length)
    }

    /// The same, given d = |q − b| (computed by the caller, bit for bit the same value).
    @inline(__always)
    init(from q: Point, point b: Point, tangent: Point, distance d: Double) {
        let offset = q - b
        let side: Double = tangent.cross(offset) >= 0 ? 1 : -1
        if d > 0 && d.isFinite {
            normal = (side / d) * offset
        } else {
            let length = tangent.length
            normal = length > 0 ? Point(-tangent.y / length, tangent.x / length) : Point(0, 0)
        }
        distance = d
        signed = side * d
    }

    /// A non-zero tangent direction of `segment` at t (B′, else ±B″ at a degenerate end, else
    /// the chord), or zero for a segment that is a single point.
    static func tangent(_ segment: PathSegment, at t: Double) -> Point {
        let d1 = segment.derivative(at: t)
        if d1.x != 0 || d1.y != 0 { return d1 }
        // B′(t₀) = 0: near t₀, B′(t) ≈ (t − t₀)·B″(t₀), so the direction of travel through t₀ is B″.
        let d2 = segment.secondDerivative(at: t)
        if d2.x != 0 || d2.y != 0 { return d2 }
        return segment.end - segment.start
    }
}

/// The point of a curve or path nearest to a query point q: the parameter, the point and the
/// Euclidean distance, plus how the answer was obtained.
///
/// Ties (several parameters at the same distance, e.g. q on the axis of a symmetric arc, or a
/// degenerate curve that is a single point) resolve to the smallest segment index, then the
/// smallest t, among the candidates compared; a path's junction point therefore reports the
/// earlier segment at t = 1.
public struct NearestPoint: Sendable, Equatable {
    /// How the answer was obtained.
    public enum Method: Sendable, Equatable {
        /// The global method: every root of (B(t) − q)·B′(t) in [0, 1] isolated by Bernstein
        /// subdivision, plus the end points.
        case global
        /// Newton's method warm-started from a previous answer, accepted only with a certificate
        /// that no other parameter is closer (see `CubicBezier.nearestPoint(to:near:)`).
        case certifiedWarmStart
    }

    /// How complete the search was.
    public enum Status: Sendable, Equatable {
        /// All critical points were isolated and refined: the answer is the global minimum up to
        /// floating-point rounding.
        case exact
        /// Some cluster of critical points was narrower than the subdivision limit and is
        /// represented by the midpoint of an interval of width ≤ 2^−48: the distance is within
        /// rounding of the minimum unless the minimum sits in that cluster, where the parameter is
        /// off by at most that width.
        case depthLimited
        /// A coordinate of the curve or of the query point is NaN or infinite; `distance` is NaN.
        case nonFinite
    }

    /// The index of the segment in `Path.segments` order (0 for a single curve).
    public var segment: Int
    /// The curve parameter of the nearest point, in [0, 1].
    public var t: Double
    /// B(t).
    public var point: Point
    /// |B(t) − q|.
    public var distance: Double
    public var method: Method
    public var status: Status

    public init(segment: Int, t: Double, point: Point, distance: Double,
                method: Method, status: Status) {
        self.segment = segment
        self.t = t
        self.point = point
        self.distance = distance
        self.method = method
        self.status = status
    }
}

/// A curve that can find its point nearest to a query point (kurbo's `ParamCurveNearest`).
public protocol NearestPointQueryable {
    /// The globally nearest point to `q`.
    func nearestPoint(to q: Point) -> NearestPoint
    /// The globally nearest point to `q`, trying Newton's method from the parameter `hint`
    /// first and accepting its answer only when certified; otherwise the global method.
    func nearestPoint(to q: Point, near hint: Double) -> NearestPoint
}

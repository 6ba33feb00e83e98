/// A plane curve B(t) parameterised over t ∈ [0, 1] (kurbo's `ParamCurve` family, as protocols).
///
/// Adopted by `LineSegment`, `QuadraticBezier`, `CubicBezier` and `PathSegment`.
public protocol ParametricCurve: Sendable {
    /// B(0), exactly.
    var start: Point { get }
    /// B(1), exactly.
    var end: Point { get }
    /// The point B(t).
    func point(at t: Double) -> Point
    /// The first derivative B′(t).
    func derivative(at t: Double) -> Point
    /// The second derivative B″(t).
    func secondDerivative(at t: Double) -> Point
    /// The two halves of the curve split at t: B restricted to [0, t] and to [t, 1], each
    /// reparameterised over [0, 1]. They share the point B(t) exactly.
    func split(at t: Double) -> (Self, Self)
    /// B restricted to [t0, t1] and reparameterised over [0, 1]; t0 > t1 gives the reversed piece.
    func subsegment(from t0: Double, to t1: Double) -> Self
    /// The exact axis-aligned bounding box of the curve over [0, 1] (not of its control polygon).
    var boundingBox: Rect { get }
    /// The same curve traversed backwards: B(1 − t).
    var reversed: Self { get }
    /// The image of the curve under an affine map (exact for polynomial curves: maps control points).
    func transformed(by transform: AffineTransform) -> Self
}

extension ParametricCurve {
    /// Signed curvature κ(t) = (B′ × B″)/|B′|³, positive when the curve turns counter-clockwise
    /// in a y-up frame. Where B′(t) = 0 (a cusp or a degenerate curve) the result is ±∞ or NaN.
    public func curvature(at t: Double) -> Double {
        let d1 = derivative(at: t), d2 = secondDerivative(at: t)
        let speed = d1.length
        return d1.cross(d2) / (speed * speed * speed)
    }

    /// The unit tangent B′(t)/|B′(t)|, or nil where the derivative vanishes.
    public func unitTangent(at t: Double) -> Point? {
        let d = derivative(at: t)
        let l = d.length
        guard l > 0, l.isFinite else { return nil }
        return d / l
    }
}

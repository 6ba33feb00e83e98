/// One piece of an `ExactPath`: a drawing segment of a `Path` (line, quadratic, cubic) kept as
/// it is, or an elliptical arc kept exactly (`AffineEllipticalArc`) where the drawn path has
/// its cubic approximation.
public enum ExactSegment: Hashable, Sendable {
    case segment(PathSegment)
    case arc(AffineEllipticalArc)

    /// The piece's image under an affine map (exact for both kinds).
    public func transformed(by m: AffineTransform) -> ExactSegment {
        switch self {
        case .segment(let s): .segment(s.transformed(by: m))
        case .arc(let a): .arc(a.transformed(by: m))
        }
    }

    /// The exact bounding box (a segment's, or the arc's in closed form).
    public var boundingBox: Rect {
        switch self {
        case .segment(let s): s.boundingBox
        case .arc(let a): a.boundingBox
        }
    }

    /// The piece's end point (an arc's E(θ₁ + Δθ)).
    public var end: Point {
        switch self {
        case .segment(let s): s.end
        case .arc(let a): a.endPoint
        }
    }

    /// The arc length to `accuracy` (a segment by `AdaptiveArcLength`, with its proven bound;
    /// an arc by `AffineEllipticalArc.arcLength(accuracy:)`).
    public func arcLength(accuracy: Double) -> ArcLengthResult {
        switch self {
        case .segment(let s): s.arcLength(accuracy: accuracy)
        case .arc(let a): a.arcLength(accuracy: accuracy)
        }
    }
}

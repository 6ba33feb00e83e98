import _CLibc

/// A 2-D affine map in the SVG `matrix(a b c d e f)` convention:
///
///     x′ = a·x + c·y + e
///     y′ = b·x + d·y + f
///
/// (SVG 1.1 §7.4, "The transform attribute"). Composition `t1.concatenating(t2)` applies `t1`
/// first, then `t2`.
@frozen
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, e, f: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// Translation by (tx, ty).
    public static func translation(x tx: Double, y ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty)
    }

    /// Scaling about the origin by sx along x and sy along y.
    public static func scale(x sx: Double, y sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0)
    }

    /// Rotation about the origin by `angle` radians, counter-clockwise in a y-up frame:
    /// a = cos φ, b = sin φ, c = −sin φ, d = cos φ.
    public static func rotation(radians angle: Double) -> AffineTransform {
        let (s, co) = (sin(angle), cos(angle))
        return AffineTransform(a: co, b: s, c: -s, d: co, e: 0, f: 0)
    }

    /// The reflection y ↦ −y that maps y-down screen/SVG space to BezierTune's y-up model space
    /// (and back: it is its own inverse).
    public static let flipY = AffineTransform(a: 1, b: 0, c: 0, d: -1, e: 0, f: 0)

    /// The image of a point, (a·x + c·y + e, b·x + d·y + f).
    @inlinable
    public func apply(to p: Point) -> Point {
        Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }

    /// The image of a displacement vector (the linear part only, no translation).
    @inlinable
    public func applyLinear(to v: Point) -> Point {
        Point(a * v.x + c * v.y, b * v.x + d * v.y)
    }

    /// The transform that applies `self` first and then `next`: next ∘ self.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: next.a * a + next.c * b,
            b: next.b * a + next.d * b,
            c: next.a * c + next.c * d,
            d: next.b * c + next.d * d,
            e: next.a * e + next.c * f + next.e,
            f: next.b * e + next.d * f + next.f)
    }

    /// The determinant a·d − b·c of the linear part (negative for reflections).
    public var determinant: Double { a * d - b * c }

    /// The inverse map, or nil when the linear part is singular (determinant 0 or not finite).
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               e: -(ia * e + ic * f), f: -(ib * e + id * f))
    }
}

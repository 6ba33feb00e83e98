import Geometry

/// lottie-web's ellipse (`el`): four cubics through the top, right, bottom and left points of
/// the ellipse with centre p = (p₀, p₁) and size s (radii s₀/2, s₁/2), handles 0.5519 of the
/// radius long — `roundCorner = 0.5519` in `player/js/utils/common.js`, used by
/// `EllShapeProperty.convertEllToPath` in `player/js/utils/shapes/ShapeProperty.js`. (The
/// midpoint-exact quarter-circle factor is 0.55228; python-lottie draws `el` with
/// (√7 − 1)/3 ≈ 0.5486 starting at the right point, so it is not the reference here.)
///
/// With r₀ = s₀/2, r₁ = s₁/2, c = 0.5519, clockwise unless `d` = 3 (on screen, y down), the
/// vertices are top (p₀, p₁ − r₁), right (p₀ + r₀, p₁), bottom (p₀, p₁ + r₁), left
/// (p₀ − r₀, p₁), each with its handles ±c·r along the tangent; counter-clockwise mirrors x about
/// p₀ (top, left, bottom, right).
enum LottieEllipse {
    /// lottie-web's `roundCorner` (`PlayerHandleConstant.lottieWeb`).
    static let handleFactor = PlayerHandleConstant.lottieWeb.value

    static func bezier(position p: [Double], size s: [Double], clockwise cw: Bool) -> LottieBezier {
        let (p0, p1) = (p[0], p[1])
        let (s0, s1) = (s[0] / 2, s[1] / 2)
        let c = handleFactor
        // In lottie-web's terms: _v.v, _v.i, _v.o for the four vertices.
        let v = [Point(p0, p1 - s1), Point(cw ? p0 + s0 : p0 - s0, p1), Point(p0, p1 + s1), Point(cw ? p0 - s0 : p0 + s0, p1)]
        let i = [Point(cw ? p0 - s0 * c : p0 + s0 * c, p1 - s1), Point(cw ? p0 + s0 : p0 - s0, p1 - s1 * c),
                 Point(cw ? p0 + s0 * c : p0 - s0 * c, p1 + s1), Point(cw ? p0 - s0 : p0 + s0, p1 + s1 * c)]
        let o = [Point(cw ? p0 + s0 * c : p0 - s0 * c, p1 - s1), Point(cw ? p0 + s0 : p0 - s0, p1 + s1 * c),
                 Point(cw ? p0 - s0 * c : p0 + s0 * c, p1 + s1), Point(cw ? p0 - s0 : p0 + s0, p1 - s1 * c)]
        return LottieBezier(vertices: v, inPoints: i, outPoints: o, closed: true)
    }

    /// The exact ellipse `bezier` approximates, from the same top point in the same direction:
    /// E(θ) = (p₀ + r₀·cos θ, p₁ + r₁·sin θ) from θ = −π/2 (top) in four quarter turns, θ
    /// increasing when clockwise on screen (top, right, bottom, left), decreasing otherwise —
    /// each mapped by `transform`.
    static func exact(position p: [Double], size s: [Double], clockwise cw: Bool,
                      transform: AffineTransform) -> ExactPath.Subpath {
        let unit = AffineTransform(a: s[0] / 2, b: 0, c: 0, d: s[1] / 2, e: p[0], f: p[1])
        let map = unit.concatenating(transform)
        let quarter = (cw ? 1.0 : -1.0) * Double.pi / 2
        let pieces = (0..<4).map { k in
            ExactSegment.arc(AffineEllipticalArc(map: map, startAngle: -Double.pi / 2 + Double(k) * quarter, sweepAngle: quarter))
        }
        return ExactPath.Subpath(start: transform.apply(to: Point(p[0], p[1] - s[1] / 2)), pieces: pieces, closed: true)
    }
}

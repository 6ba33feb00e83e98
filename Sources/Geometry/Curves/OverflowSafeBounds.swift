/// Exact bounds of curves whose coordinates come near the largest Double.
///
/// The extrema of a Bézier curve come from its derivative's coefficients, which are sums of up to
/// eight control coordinates (c₂ = 3(P₂ − 2P₁ + P₀) for a cubic), and from de Casteljau
/// differences of two; with coordinates above about 2¹⁰²⁰ ≈ 1.1e307 they overflow to ±∞ (or NaN)
/// although every control point is finite, and the box came out infinite. So:
/// 1. when the largest coordinate magnitude exceeds 2¹⁰⁰⁰ (≈ 1.1e301), the extrema are found on
///    the curve scaled by 2⁻⁶⁴ — a power of two, so the scaling is exact wherever it does not
///    underflow, i.e. for every coordinate that matters at that magnitude — and scaled back;
/// 2. each interior extremum is clamped to the box of the control points, which holds the whole
///    curve (convex-hull property), so rounding in the scaled-back value cannot leave it either.
/// For a curve with finite control points the box is therefore finite, and unchanged for every
/// curve whose coordinates stay below 2¹⁰⁰⁰.
enum OverflowSafeBounds {
    /// The largest coordinate magnitude handled without scaling.
    static let threshold = 0x1p1000
    /// The factor applied above `threshold`.
    static let scale = 0x1p-64

    /// `scale` when a coordinate of `points` is beyond `threshold`, else 1.
    static func factor(_ points: Point...) -> Double {
        for p in points where Swift.max(p.x.magnitude, p.y.magnitude) > threshold { return scale }
        return 1
    }

    /// `p` (a point of the curve scaled by `factor`) scaled back and clamped into `hull`.
    static func unscaled(_ p: Point, factor: Double, clampedTo hull: Rect) -> Point {
        let q = factor == 1 ? p : Point(p.x / factor, p.y / factor)
        // NaN (from an overflowed scaled evaluation, which cannot happen below the threshold)
        // clamps to the hull's lower side rather than poisoning the box.
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v >= lo ? Swift.min(v, hi) : lo }
        return Point(clamp(q.x, hull.minX, hull.maxX), clamp(q.y, hull.minY, hull.maxY))
    }
}

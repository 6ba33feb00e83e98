import Deform

extension CubicBezierTiming {
    /// y(x) and its exact gradient with respect to the control points (x1, y1, x2, y2), for
    /// x ∈ [0, 1], by implicit differentiation of the solve x(t) = x (CSS Easing Functions
    /// Level 1 §2.2; the curve's formulas are in ``CubicBezierTiming``).
    ///
    /// With t the curve parameter where x(t) = x (``parameter(forX:)``), the Bernstein weights
    /// b₁ = 3(1−t)²t and b₂ = 3(1−t)t² of the inner control points, and the derivatives
    /// x′(t) = 3(1−t)²x1 + 6(1−t)t(x2 − x1) + 3t²(1 − x2), y′(t) likewise:
    ///
    ///     ∂t/∂x1 = −b₁/x′(t),   ∂t/∂x2 = −b₂/x′(t)        (from ∂x(t)/∂xᵢ + x′(t)·∂t/∂xᵢ = 0)
    ///     ∂y/∂x1 = −y′(t)·b₁/x′(t),   ∂y/∂x2 = −y′(t)·b₂/x′(t),   ∂y/∂y1 = b₁,   ∂y/∂y2 = b₂.
    ///
    /// At x = 0 and x = 1 the value is 0 and 1 whatever the control points: the gradient is 0.
    /// Where x′ vanishes at an end (x1 = 0 at t → 0, x2 = 1 at t → 1) b/x′ stays finite (both
    /// vanish to the same order); only the degenerate curves with an interior vertical tangent
    /// (x2 − x1 = −√(x1(1 − x2)), e.g. (1, ·, 0, ·)) make ∂y/∂x1, ∂y/∂x2 unbounded there, and
    /// those entries are then ±∞ or NaN. The value is that of ``value(at:)`` for x in [0, 1].
    public func valueAndGradient(at x: Double) -> (value: Double, gradient: [Double]) {
        precondition(x >= 0 && x <= 1, "valueAndGradient(at:) needs x in [0, 1]")
        if x == 0 { return (0, [0, 0, 0, 0]) }
        if x == 1 { return (1, [0, 0, 0, 0]) }
        let t = parameter(forX: x)
        let s = 1 - t
        let b1 = 3 * s * s * t, b2 = 3 * s * t * t
        let slopeX = xDerivative(at: t)
        let slopeY = 3 * (s * s * y1 + 2 * s * t * (y2 - y1) + t * t * (1 - y2))
        let ratio = slopeY / slopeX
        return (y(at: t), [-ratio * b1, b1, -ratio * b2, b2])
    }
}

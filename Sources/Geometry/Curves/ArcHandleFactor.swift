import _CLibc

/// The handle-length factor k(δ) used to approximate a circular arc of sweep δ by one cubic.
///
/// For the unit-circle arc from angle θ to θ + δ the cubic has control points
///
///     P₀ = (cos θ, sin θ),             P₁ = P₀ + k·(−sin θ, cos θ),
///     P₃ = (cos(θ+δ), sin(θ+δ)),       P₂ = P₃ − k·(−sin(θ+δ), cos(θ+δ)),
///
/// i.e. both handles are tangent to the circle and k·r long (before any ellipse map). The
/// wrapped function receives the piece's sweep |δ| in radians (positive, at most about π/2
/// when used by `EllipticalArc.cubics(handleFactor:)`) and returns k. Other factors (minimax,
/// curvature-matching, a tuned constant) can be plugged in by wrapping their formula.
public struct ArcHandleFactor: Sendable {
    /// k as a function of the piece's sweep angle in radians (positive).
    public let factor: @Sendable (Double) -> Double

    public init(_ factor: @escaping @Sendable (Double) -> Double) {
        self.factor = factor
    }

    /// k(δ) for a piece of sweep `sweep` radians (positive).
    @inlinable
    public func callAsFunction(_ sweep: Double) -> Double { factor(sweep) }

    /// The midpoint-exact factor k = 4/3·tan(δ/4): the cubic passes through the arc's midpoint
    /// and lies outside the circle elsewhere, with max(x² + y² − 1) = 4/27·sin⁶(δ/4)/cos²(δ/4)
    /// at t = (3 ∓ √3)/6 (Goldapp, "Approximation of circular arcs by cubic polynomials",
    /// CAGD 8 (1991) 227–238; cairo `cairo-arc.c`). Quarter circle: 4/3(√2 − 1) ≈ 0.5522847498.
    public static let midpointExact = ArcHandleFactor { sweep in 4.0 / 3.0 * tan(sweep / 4) }

    /// The same factor k for every sweep (e.g. `1/1.8`, as in the iOS tutorial the project
    /// measures); only meaningful for a fixed piece sweep.
    public static func constant(_ k: Double) -> ArcHandleFactor {
        ArcHandleFactor { _ in k }
    }
}

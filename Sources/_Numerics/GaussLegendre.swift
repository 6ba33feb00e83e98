import _CLibc

/// Gauss–Legendre quadrature on [−1, 1]: ∫ f ≈ Σ wᵢ f(xᵢ), exact for polynomials of degree
/// ≤ 2n − 1 (Abramowitz & Stegun 25.4.29).
///
/// The nodes are the roots of the Legendre polynomial Pₙ, found by Newton's method from
/// Tricomi's initial guess xᵢ ≈ cos(π(i − ¼)/(n + ½)), with Pₙ and Pₙ′ from the three-term
/// recurrence (k+1)P_{k+1} = (2k+1)x·P_k − k·P_{k−1}; weights wᵢ = 2/((1 − xᵢ²)·Pₙ′(xᵢ)²).
/// Computing them here, instead of copying a printed table, is checked in the tests against
/// the closed forms for small n and against exact polynomial integrals.
///
/// `public` and `@inlinable`, not `package`, only so that the kernels of other targets inline
/// it: Swift inlines only public code across modules. `_Numerics` is in no product.
public struct GaussLegendre: Sendable {
    public let nodes: [Double]
    public let weights: [Double]

    /// The n-point rule, n ≥ 1.
    public init(points n: Int) {
        precondition(n >= 1, "GaussLegendre needs at least one point")
        var nodes = [Double](repeating: 0, count: n)
        var weights = [Double](repeating: 0, count: n)
        for i in 0..<(n + 1) / 2 {
            var x = cos(Double.pi * (Double(i) + 0.75) / (Double(n) + 0.5))
            for _ in 0..<100 {
                let (p, dp) = GaussLegendre.legendre(n, at: x)
                let dx = p / dp
                x -= dx
                if abs(dx) <= 1e-16 { break }
            }
            let dp = GaussLegendre.legendre(n, at: x).derivative
            let w = 2 / ((1 - x * x) * dp * dp)
            (nodes[i], nodes[n - 1 - i]) = (-x, x)
            (weights[i], weights[n - 1 - i]) = (w, w)
        }
        if n % 2 == 1 { nodes[n / 2] = 0 }
        self.nodes = nodes
        self.weights = weights
    }

    /// The 16-point rule, exact to degree 31; shared by the adaptive integrators.
    public static let sixteenPoint = GaussLegendre(points: 16)

    /// Pₙ(x) and Pₙ′(x) by the three-term recurrence, with Pₙ′ = n(x·Pₙ − Pₙ₋₁)/(x² − 1)
    /// (valid for |x| < 1, where every node lies).
    static func legendre(_ n: Int, at x: Double) -> (value: Double, derivative: Double) {
        var previous = 1.0, current = x
        if n == 1 { return (x, 1) }
        for k in 1..<n {
            let next = (Double(2 * k + 1) * x * current - Double(k) * previous) / Double(k + 1)
            previous = current
            current = next
        }
        return (current, Double(n) * (x * current - previous) / (x * x - 1))
    }

    /// ∫ₐᵇ f(t) dt by this rule mapped affinely onto [a, b].
    @inlinable
    public func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let half = 0.5 * (b - a), mid = 0.5 * (a + b)
        var sum = 0.0
        for i in nodes.indices { sum += weights[i] * f(mid + half * nodes[i]) }
        return half * sum
    }
}

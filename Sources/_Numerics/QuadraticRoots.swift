/// Real roots of a·t² + b·t + c = 0.
///
/// Uses the cancellation-free pair q = −(b + sign(b)·√(b² − 4ac))/2, t₁ = q/a, t₂ = c/q
/// (Press et al., *Numerical Recipes*, §5.6), which stays accurate when a is tiny relative to b
/// (the second root is then the linear root −c/b). The coefficients are first scaled by their
/// largest magnitude, so b² − 4ac neither overflows nor underflows for any finite input.
/// A double root reports the same value twice; no real root reports `count == 0`. When a = b = 0
/// there is no isolated root (`count == 0`, whatever c is).
///
/// `public` and `@inlinable`, not `package`, only so that the kernels of other targets inline
/// it: Swift inlines only public code across modules. `_Numerics` is in no product.
public struct QuadraticRoots: Sendable, Equatable {
    /// Number of real roots found (0, 1 or 2).
    public let count: Int
    /// The roots in ascending order; entries at index ≥ count are NaN.
    public let first: Double
    public let second: Double

    @inlinable
    public init(a: Double, b: Double, c: Double) {
        let scale = Swift.max(abs(a), abs(b), abs(c))
        guard scale > 0, scale.isFinite else {
            (count, first, second) = (0, .nan, .nan)
            return
        }
        let (a, b, c) = (a / scale, b / scale, c / scale)
        if a == 0 {
            if b == 0 { (count, first, second) = (0, .nan, .nan) } else {
                (count, first, second) = (1, -c / b, .nan)
            }
            return
        }
        let discriminant = b * b - 4 * a * c
        if discriminant < 0 {
            (count, first, second) = (0, .nan, .nan)
            return
        }
        let root = discriminant.squareRoot()
        let q = -0.5 * (b + (b < 0 ? -root : root))
        if q == 0 {  // b = 0 and c = 0: double root at 0
            (count, first, second) = (2, 0, 0)
            return
        }
        let r1 = q / a, r2 = c / q
        (count, first, second) = (2, Swift.min(r1, r2), Swift.max(r1, r2))
    }

    /// The roots as an array, ascending.
    public var values: [Double] {
        switch count {
        case 0: return []
        case 1: return [first]
        default: return [first, second]
        }
    }
}

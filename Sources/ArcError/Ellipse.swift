import _CLibc
import Geometry

/// The signed orthogonal distance from a point to the ellipse x²/A² + y²/B² = 1 (positive
/// outside), by Eberly's robust bisection ("Distance from a point to an ellipse, an ellipsoid,
/// or a hyperellipsoid", Geometric Tools, 2013, §2.9).
///
/// By symmetry the point is folded into the first quadrant and the axes ordered so that
/// e₀ ≥ e₁. With z = (y₀/e₀, y₁/e₁) and r₀ = (e₀/e₁)², the foot point is
/// x = (r₀y₀/(s + r₀), y₁/(s + 1)) where s is the unique root in (−1, ∞) of
///
///     F(s) = (r₀z₀/(s + r₀))² + (z₁/(s + 1))² − 1,
///
/// decreasing in s. Two changes keep full relative precision when the point is close to the
/// ellipse (the squashed circles are 1e-4 away or less): F is evaluated as
/// g − s·[z₀²(2r₀ + s)/(s + r₀)² + z₁²(2 + s)/(s + 1)²] with g = z₀² + z₁² − 1 supplied by the
/// caller when it knows it more accurately, and the distance is
/// |s|·√((y₀/(s + r₀))² + (y₁/(s + 1))²) (y − x without subtraction). The root is bracketed by
/// Eberly's bounds [z₁ − 1, 0] (inside) or [0, √(r₀²z₀² + z₁²) − 1] (outside) and bisected to
/// adjacent doubles in t = s + 1, which near a flat ellipse's major axis keeps the precision s
/// loses next to −1. The degenerate case y₁ = 0 inside (foot off the axis when
/// y₀ < (e₀² − e₁²)/e₀) is handled as in the paper.
public struct Ellipse: Sendable, Equatable {
    public var semiAxisX: Double
    public var semiAxisY: Double

    public init(semiAxisX: Double, semiAxisY: Double) {
        precondition(semiAxisX > 0 && semiAxisY > 0, "Ellipse: semi-axes must be positive")
        self.semiAxisX = semiAxisX
        self.semiAxisY = semiAxisY
    }

    /// Signed distance (positive outside) from `point`; `excess`, when given, is
    /// (x/A)² + (y/B)² − 1 computed more accurately by the caller.
    public func signedDistance(to point: Point, excess: Double? = nil) -> Double {
        var y0 = abs(point.x), y1 = abs(point.y)
        var e0 = semiAxisX, e1 = semiAxisY
        if e0 < e1 { swap(&e0, &e1); swap(&y0, &y1) }
        let z0 = y0 / e0, z1 = y1 / e1
        let g = excess ?? (z0 * z0 + z1 * z1 - 1)
        if g == 0 { return 0 }
        let r0 = (e0 / e1) * (e0 / e1)
        if y1 == 0 {
            // On the major axis: inside, the foot may leave the axis (Eberly §2.9, y₁ = 0 case).
            let numerator = e0 * y0, denominator = e0 * e0 - e1 * e1
            if g < 0 && numerator < denominator {
                let x0d = numerator / denominator
                let x0 = e0 * x0d, x1 = e1 * (1 - x0d * x0d).squareRoot()
                return -((x0 - y0) * (x0 - y0) + x1 * x1).squareRoot()
            }
            return y0 - e0  // sign already right; exact when near
        }
        // Bisection runs on t = s + 1 rather than s: for a point inside a flat ellipse next to
        // the major axis the root lies at s + 1 ≈ y₁/x₁, far below the ulp of s ≈ −1 (1e-17 for
        // a squash of 0.002 × 3, whose distance then came out 2.4e-8 relative too large), while
        // t keeps its relative precision there. With s = t − 1:
        // s + r₀ = t + (r₀ − 1), 2r₀ + s = t + (2r₀ − 1), 2 + s = 1 + t.
        let r0m1 = r0 - 1, twoR0m1 = 2 * r0 - 1
        func f(_ t: Double) -> Double {
            let a = t + r0m1
            return g - (t - 1) * (z0 * z0 * (t + twoR0m1) / (a * a) + z1 * z1 * (1 + t) / (t * t))
        }
        var lo: Double, hi: Double
        if g > 0 {
            lo = 1
            hi = 1 + Swift.max((r0 * r0 * z0 * z0 + z1 * z1).squareRoot() - 1, 0)
        } else {
            lo = z1
            hi = 1
        }
        // F(lo) ≥ 0 ≥ F(hi): bisect to adjacent doubles.
        var t = 0.5 * (lo + hi)
        for _ in 0..<2200 {
            t = 0.5 * (lo + hi)
            if t == lo || t == hi { break }
            let v = f(t)
            if v > 0 { lo = t } else if v < 0 { hi = t } else { break }
        }
        let u = y0 / (t + r0m1), w = y1 / t
        let distance = abs(t - 1) * (u * u + w * w).squareRoot()
        return g > 0 ? distance : -distance
    }
}

import Foundation
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
/// adjacent doubles. The degenerate case y₁ = 0 inside (foot off the axis when
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
        func f(_ s: Double) -> Double {
            let a = s + r0, b = s + 1
            return g - s * (z0 * z0 * (2 * r0 + s) / (a * a) + z1 * z1 * (2 + s) / (b * b))
        }
        var lo: Double, hi: Double
        if g > 0 {
            lo = 0
            hi = Swift.max((r0 * r0 * z0 * z0 + z1 * z1).squareRoot() - 1, 0)
        } else {
            lo = z1 - 1
            hi = 0
        }
        // F(lo) ≥ 0 ≥ F(hi): bisect to adjacent doubles.
        var s = 0.5 * (lo + hi)
        for _ in 0..<2200 {
            s = 0.5 * (lo + hi)
            if s == lo || s == hi { break }
            let v = f(s)
            if v > 0 { lo = s } else if v < 0 { hi = s } else { break }
        }
        let u = y0 / (s + r0), w = y1 / (s + 1)
        let distance = abs(s) * (u * u + w * w).squareRoot()
        return g > 0 ? distance : -distance
    }
}

/// A rectangle border drawn up to a stroke end, as a fixed-structure open polyline — the five
/// points of `M L L L L` — with the derivatives of every point.
///
/// The border of the W × H rectangle centred at the origin runs, as the loading seed draws it
/// (UIKit's bottom-left → top-left → top-right → bottom-right → bottom-left, flipped to y-up),
/// from corner 0 = (−W/2, −H/2) up to (−W/2, H/2), right to (W/2, H/2), down to (W/2, −H/2) and
/// back left to the start: perimeter P = 2W + 2H, corners at arc lengths s₀ = 0, s₁ = H,
/// s₂ = H + W, s₃ = 2H + W, s₄ = P. With stroke end e ∈ [0, 1], σ = e·P, stored point j is
///
///     Qⱼ = corner j            when j = 0 or sⱼ < σ,
///     Qⱼ = B(σ)                otherwise (the end of the drawn part),
///
/// where B(σ) is the border point at arc length σ: (−W/2, −H/2 + σ) on the left edge,
/// (−W/2 + σ − H, H/2) on the top, (W/2, 3H/2 + W − σ) on the right and (3W/2 + 2H − σ, −H/2)
/// on the bottom. Segments past the stroke end have zero length, so stroking the polyline draws
/// exactly the border from its start to σ (Core Animation's `strokeEnd` on the closed border).
///
/// Every coordinate is linear in W and H for fixed e, so each point is kept as value plus
/// ∂/∂W, ∂/∂H, ∂/∂e. The points are piecewise linear in e with kinks where σ reaches a corner;
/// there the edge before the corner is used (the derivative from the left — at e = 1 the one a
/// fitter can follow), except at σ = 0, where only the first edge exists.
struct RectangleStroke {
    /// One coordinate with its derivatives.
    struct Coordinate {
        var value: Double
        var dW: Double
        var dH: Double
        var de: Double
    }

    var width: Double
    var height: Double
    var end: Double

    /// The corner j's (x, y) coefficients of (W, H): corner j = (cxW·W, cyH·H).
    static let cornerSigns: [(x: Double, y: Double)] = [(-0.5, -0.5), (-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)]

    /// Arc length of corner j.
    func cornerLength(_ j: Int) -> Double {
        switch j {
        case 0: 0
        case 1: height
        case 2: height + width
        case 3: 2 * height + width
        default: 2 * height + 2 * width
        }
    }

    /// Stored point j (0 … 4) with derivatives.
    func point(_ j: Int) -> (x: Coordinate, y: Coordinate) {
        let w = width, h = height, e = end
        let perimeter = 2 * w + 2 * h
        let sigma = e * perimeter
        if j == 0 || cornerLength(j) < sigma {
            let c = Self.cornerSigns[j]
            return (Coordinate(value: c.x * w, dW: c.x, dH: 0, de: 0), Coordinate(value: c.y * h, dW: 0, dH: c.y, de: 0))
        }
        // σ lies before corner j or on it: on the first edge whose end is at or past σ.
        if sigma <= h {
            return (Coordinate(value: -w / 2, dW: -0.5, dH: 0, de: 0),
                    Coordinate(value: -h / 2 + sigma, dW: 2 * e, dH: -0.5 + 2 * e, de: perimeter))
        } else if sigma <= h + w {
            return (Coordinate(value: -w / 2 + sigma - h, dW: -0.5 + 2 * e, dH: 2 * e - 1, de: perimeter),
                    Coordinate(value: h / 2, dW: 0, dH: 0.5, de: 0))
        } else if sigma <= 2 * h + w {
            return (Coordinate(value: w / 2, dW: 0.5, dH: 0, de: 0),
                    Coordinate(value: 1.5 * h + w - sigma, dW: 1 - 2 * e, dH: 1.5 - 2 * e, de: -perimeter))
        } else {
            return (Coordinate(value: 1.5 * w + 2 * h - sigma, dW: 1.5 - 2 * e, dH: 2 - 2 * e, de: -perimeter),
                    Coordinate(value: -h / 2, dW: 0, dH: -0.5, de: 0))
        }
    }
}

import _CLibc

extension EllipticalArc {
    /// The centre form of SVG's endpoint-parameterised arc `A rx ry φ fA fS x₂ y₂` drawn from
    /// x₁ = `start` to x₂ = `end`, by SVG 1.1 Appendix F.6.5 with the out-of-range handling
    /// of F.6.2 and F.6.6. Returns nil when F.6.2 says there is no arc to draw: the endpoints are
    /// equal (omit the segment), rx = 0 or ry = 0 (draw a straight line), or some input or
    /// result is not finite (also drawn as a line by `svgArcSegments`).
    ///
    /// With x′ = R(φ)ᵀ·(x₁ − x₂)/2 (F.6.5.1) and the radii made positive (F.6.6.1), the problem
    /// is solved on the unit circle, in the coordinates X = x₁′/rx, Y = y₁′/ry:
    /// - Λ = X² + Y² (F.6.6.2). If Λ > 1 the ellipse is too small and rx, ry are scaled by √Λ
    ///   (F.6.6.3); the centre is then the chord's midpoint (one solution, a half ellipse).
    /// - Otherwise the centre c′ = ±√((1 − Λ)/Λ)·(rx·Y, −ry·X), + when fA ≠ fS (F.6.5.2; the
    ///   radicand rx²ry² − rx²y₁′² − ry²x₁′² over rx²y₁′² + ry²x₁′² is (1 − Λ)/Λ, which cannot
    ///   overflow; a slightly negative value from rounding is taken as 0).
    /// - c = R(φ)·c′ + (x₁ + x₂)/2 (F.6.5.3).
    /// - θ₁ = ∠((1, 0), u₁), Δθ = ∠(u₁, u₂) with u₁ = (X − c′ₓ/rx, Y − c′_y/ry) and
    ///   u₂ = (−X − c′ₓ/rx, −Y − c′_y/ry) (F.6.5.5–6), the angles by atan2 of cross and dot
    ///   products; then Δθ −= 2π if fS = 0 and Δθ > 0, Δθ += 2π if fS = 1 and Δθ < 0.
    ///
    /// - Parameter xAxisRotationDegrees: φ in degrees, taken mod 360 into [0, 360) (F.6.2).
    public init?(svgFrom start: Point, to end: Point, radiusX: Double, radiusY: Double,
                 xAxisRotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        guard start != end, start.isFinite, end.isFinite, xAxisRotationDegrees.isFinite else { return nil }
        var rx = abs(radiusX), ry = abs(radiusY)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return nil }
        // φ mod 360 in [0, 360) (fmod is exact), so that e.g. −330° and 390° give the same arc;
        // + 0 turns −0 into +0, which 0°, 720° and −720° give (sin(−0) = −0 changed the arc's
        // last bits for radii near 1e-308: found by fuzzing).
        var degrees = xAxisRotationDegrees.truncatingRemainder(dividingBy: 360) + 0
        if degrees < 0 { degrees += 360 }
        let phi = degrees * (Double.pi / 180)
        let (s, c) = (sin(phi), cos(phi))

        // F.6.5.1 (halves taken first so that x₁ − x₂ cannot overflow).
        let dx = 0.5 * start.x - 0.5 * end.x, dy = 0.5 * start.y - 0.5 * end.y
        let x1p = c * dx + s * dy
        let y1p = -s * dx + c * dy

        // F.6.6.2–3 and F.6.5.2 on the unit circle.
        var bigX = x1p / rx, bigY = y1p / ry
        let rootLambda = Point(bigX, bigY).length
        let radicand: Double
        if rootLambda > 1 {
            rx *= rootLambda
            ry *= rootLambda
            bigX /= rootLambda
            bigY /= rootLambda
            radicand = 0
        } else {
            let lambda = bigX * bigX + bigY * bigY
            radicand = Swift.max(0, (1 - lambda) / lambda)
        }
        let coefficient = (largeArc != sweep ? 1.0 : -1.0) * radicand.squareRoot()
        let unitCenter = Point(coefficient * bigY, -coefficient * bigX)  // c′ / (rx, ry)

        // F.6.5.3.
        let cxp = rx * unitCenter.x, cyp = ry * unitCenter.y
        let center = Point(c * cxp - s * cyp + (0.5 * start.x + 0.5 * end.x),
                           s * cxp + c * cyp + (0.5 * start.y + 0.5 * end.y))

        // F.6.5.5–6.
        let u1 = Point(bigX - unitCenter.x, bigY - unitCenter.y)
        let u2 = Point(-bigX - unitCenter.x, -bigY - unitCenter.y)
        let theta1 = atan2(u1.y, u1.x)
        var deltaTheta = atan2(u1.cross(u2), u1.dot(u2))
        if !sweep && deltaTheta > 0 {
            deltaTheta -= 2 * Double.pi
        } else if sweep && deltaTheta < 0 {
            deltaTheta += 2 * Double.pi
        }
        guard center.isFinite, rx.isFinite, ry.isFinite, theta1.isFinite, deltaTheta.isFinite,
              deltaTheta != 0 else { return nil }
        self.init(center: center, radiusX: rx, radiusY: ry, rotation: phi,
                  startAngle: theta1, sweepAngle: deltaTheta)
    }

    /// The drawing segments of SVG's arc command from `start` to `end`, following F.6.2:
    /// - no segments when `start == end` (the arc is omitted);
    /// - one straight line when rx = 0 or ry = 0, or when the centre form is not representable
    ///   in Double (an overflowing or underflowing intermediate, e.g. radii 1e-320 across 1e300);
    /// - otherwise the cubics of `EllipticalArc(svgFrom:…)` that `approximation` asks for (at most
    ///   four of at most 90° each by default), with the first starting exactly at `start` and
    ///   the last ending exactly at `end` (the computed E(θ₁), E(θ₁ + Δθ) differ from them by
    ///   rounding only).
    public static func svgArcSegments(from start: Point, to end: Point,
                                      radiusX: Double, radiusY: Double,
                                      xAxisRotationDegrees: Double, largeArc: Bool, sweep: Bool,
                                      handleFactor: ArcHandleFactor = .midpointExact) -> [PathSegment] {
        svgArcSegments(from: start, to: end, radiusX: radiusX, radiusY: radiusY,
                       xAxisRotationDegrees: xAxisRotationDegrees, largeArc: largeArc, sweep: sweep,
                       approximation: .quarterTurns(handleFactor))
    }

    /// `svgArcSegments(from:to:…)` with the cubics chosen by `approximation`.
    public static func svgArcSegments(from start: Point, to end: Point,
                                      radiusX: Double, radiusY: Double,
                                      xAxisRotationDegrees: Double, largeArc: Bool, sweep: Bool,
                                      approximation: SVGArcApproximation) -> [PathSegment] {
        if start == end { return [] }
        guard let arc = EllipticalArc(svgFrom: start, to: end, radiusX: radiusX, radiusY: radiusY,
                                      xAxisRotationDegrees: xAxisRotationDegrees,
                                      largeArc: largeArc, sweep: sweep) else {
            return [.line(LineSegment(start, end))]
        }
        var pieces = arc.cubics(approximation)
        guard !pieces.isEmpty else { return [.line(LineSegment(start, end))] }
        pieces[0].p0 = start
        pieces[pieces.count - 1].p3 = end
        return pieces.map { .cubic($0) }
    }

    /// The arc's cubics as `approximation` asks: `cubics(handleFactor:)` for `.quarterTurns`,
    /// `cubics(count: cubicCount(tolerance:))` with the midpoint-exact factor for `.tolerance`.
    public func cubics(_ approximation: SVGArcApproximation) -> [CubicBezier] {
        switch approximation {
        case .quarterTurns(let factor): cubics(handleFactor: factor)
        case .tolerance(let tolerance): cubics(count: cubicCount(tolerance: tolerance))
        }
    }
}

/// How an elliptical arc (SVG's `A` command, a circle, an ellipse, a rounded corner) becomes
/// cubic Béziers.
public enum SVGArcApproximation: Sendable {
    /// ⌈|Δθ|/(π/2)⌉ equal pieces (at most a quarter turn each) with the given handle factor:
    /// the midpoint-exact factor is off by up to 2.7e-4 of the radius on a quarter turn.
    case quarterTurns(ArcHandleFactor)
    /// The fewest equal midpoint-exact pieces (never more than a quarter turn each) whose
    /// distance from the exact arc is at most this many units, by
    /// `EllipticalArc.midpointExactDeviationBound(count:)` (so 48 pieces for a full circle
    /// within 1e-10 of its radius). Must be positive.
    case tolerance(Double)
}

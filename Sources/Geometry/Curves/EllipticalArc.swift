import _CLibc

/// An arc of an ellipse in centre parameterisation (SVG 1.1 Appendix F.6.3–F.6.4):
///
///     E(θ) = c + R(φ)·(rx·cos θ, ry·sin θ),   R(φ) = [cos φ  −sin φ]
///                                                    [sin φ   cos φ],
///
/// traced from θ₁ = `startAngle` to θ₁ + Δθ, Δθ = `sweepAngle` (positive: increasing θ, SVG's
/// sweep-flag = 1). Angles are in radians; θ is the parametric ("eccentric") angle, not the polar
/// angle of E(θ) − c. `init?(svgFrom:to:…)` converts from SVG's endpoint parameterisation.
public struct EllipticalArc: Hashable, Sendable {
    public var center: Point
    /// The semi-axis along the rotated x-axis, rx ≥ 0.
    public var radiusX: Double
    /// The semi-axis along the rotated y-axis, ry ≥ 0.
    public var radiusY: Double
    /// φ, the rotation of the ellipse's x-axis from the coordinate x-axis, in radians.
    public var rotation: Double
    /// θ₁ in radians.
    public var startAngle: Double
    /// Δθ in radians; |Δθ| > 2π traces the ellipse more than once.
    public var sweepAngle: Double

    public init(center: Point, radiusX: Double, radiusY: Double, rotation: Double = 0,
                startAngle: Double, sweepAngle: Double) {
        self.center = center
        self.radiusX = radiusX
        self.radiusY = radiusY
        self.rotation = rotation
        self.startAngle = startAngle
        self.sweepAngle = sweepAngle
    }

    /// The affine map u ↦ c + R(φ)·diag(rx, ry)·u taking the unit circle onto the ellipse
    /// (u = (cos θ, sin θ) ↦ E(θ)). Its inverse maps the arc back onto the unit circle.
    public var unitCircleTransform: AffineTransform {
        let (s, co) = (sin(rotation), cos(rotation))
        return AffineTransform(a: co * radiusX, b: s * radiusX, c: -s * radiusY, d: co * radiusY,
                               e: center.x, f: center.y)
    }

    /// E(θ).
    public func point(atAngle theta: Double) -> Point {
        unitCircleTransform.apply(to: Point(cos(theta), sin(theta)))
    }

    /// E(θ₁).
    public var startPoint: Point { point(atAngle: startAngle) }

    /// E(θ₁ + Δθ).
    public var endPoint: Point { point(atAngle: startAngle + sweepAngle) }

    /// Relative slack allowed above a quarter turn per piece, so that a sweep of π/2 carrying
    /// rounding error (or a 90.0000001° arc, 1.1e-9 over) still gives one cubic, not two.
    public static let pieceSweepTolerance = 1e-8

    /// n = ⌈|Δθ|/(π/2)·(1 − 1e-8)⌉: the number of cubics `cubics(handleFactor:)` returns, so each
    /// piece sweeps at most π/2·(1 + 1e-8) (see `pieceSweepTolerance`). 0 when Δθ = 0.
    /// Precondition: Δθ is finite and |Δθ| ≤ 1e12 (a programmer error otherwise).
    public var cubicCount: Int {
        precondition(sweepAngle.isFinite && abs(sweepAngle) <= 1e12,
                     "EllipticalArc needs a finite sweep angle of at most 1e12 radians")
        let quarterTurns = abs(sweepAngle) / (Double.pi / 2) * (1 - Self.pieceSweepTolerance)
        return Int(quarterTurns.rounded(.up))
    }

    /// The arc as n = `cubicCount` cubic Béziers of equal sweep δ = Δθ/n: `cubics(count:handleFactor:)`
    /// with at most a quarter turn per piece.
    public func cubics(handleFactor: ArcHandleFactor = .midpointExact) -> [CubicBezier] {
        cubics(count: cubicCount, handleFactor: handleFactor)
    }

    /// The arc as `count` cubic Béziers of equal sweep δ = Δθ/n.
    ///
    /// Each piece is built on the unit circle with tangent handles of length k(|δ|) (see
    /// `ArcHandleFactor`) and mapped onto the ellipse by `unitCircleTransform`; an affine map
    /// keeps a cubic a cubic, so the ellipse error is the circle error pulled through the map.
    /// With `.midpointExact` the radial error on the unit circle is at most
    /// 4/27·sin⁶(δ/4)/cos²(δ/4) in x² + y² − 1 (Goldapp 1991). Consecutive pieces share their
    /// joint exactly; the last piece ends at E(θ₁ + Δθ) computed from θ₁ + Δθ directly (not by
    /// accumulating δ). A zero sweep or a zero count gives no cubics.
    ///
    /// Precondition: `count` ≥ 0.
    public func cubics(count n: Int, handleFactor: ArcHandleFactor = .midpointExact) -> [CubicBezier] {
        precondition(n >= 0, "EllipticalArc.cubics(count:) needs a count of at least 0")
        guard n > 0, sweepAngle != 0 else { return [] }
        let delta = sweepAngle / Double(n)
        let k = handleFactor(abs(delta)) * (delta < 0 ? -1 : 1)
        let map = unitCircleTransform
        var result: [CubicBezier] = []
        result.reserveCapacity(n)
        var u0 = Point(cos(startAngle), sin(startAngle))
        var p0 = map.apply(to: u0)
        for i in 1...n {
            let theta = i == n ? startAngle + sweepAngle : startAngle + Double(i) * delta
            let u3 = Point(cos(theta), sin(theta))
            let u1 = u0 + k * Point(-u0.y, u0.x)
            let u2 = u3 - k * Point(-u3.y, u3.x)
            let p3 = map.apply(to: u3)
            result.append(CubicBezier(p0, map.apply(to: u1), map.apply(to: u2), p3))
            (u0, p0) = (u3, p3)
        }
        return result
    }

    // MARK: Pieces for a tolerance

    /// The largest number of pieces `cubicCount(tolerance:)` adds for a tolerance.
    public static let maximumCubicCount = 4096

    /// An upper bound on the distance (in the arc's units, both ways: every point of either curve
    /// is within it of the other) between the arc and its `n` midpoint-exact cubics
    /// (`cubics(count: n)`), rounding aside:
    ///
    ///     max(rx, ry) · (2/27) · sin⁶(δ/4) / cos²(δ/4),   δ = |Δθ|/n ≤ π.
    ///
    /// On the unit circle the midpoint-exact cubic of sweep δ lies outside the circle with
    /// |B(t)|² − 1 ≤ 4/27·sin⁶(δ/4)/cos²(δ/4) (Goldapp, CAGD 8 (1991); REFERENCES.md), so its
    /// distance |B| − 1 = (|B|² − 1)/(|B| + 1) from the circle is at most half of that, and each
    /// ray from the centre within the piece meets the cubic once, so the arc is as close to the
    /// cubic. `unitCircleTransform` stretches distances by at most its largest singular value,
    /// max(rx, ry). Infinite when δ > π (a piece of more than half a turn) or n = 0 with Δθ ≠ 0.
    public func midpointExactDeviationBound(count n: Int) -> Double {
        if sweepAngle == 0 { return 0 }
        guard n > 0 else { return .infinity }
        let delta = abs(sweepAngle) / Double(n)
        guard delta <= Double.pi else { return .infinity }
        let s = sin(delta / 4), c = cos(delta / 4)
        let s3 = s * s * s
        return Swift.max(radiusX, radiusY) * (2.0 / 27.0) * (s3 * s3) / (c * c)
    }

    /// The fewest pieces n ≥ `cubicCount` (so never more than a quarter turn each) whose
    /// `midpointExactDeviationBound(count: n)` is at most `tolerance`, but at most
    /// max(`cubicCount`, `maximumCubicCount`) (check the bound when that matters: a full turn
    /// within less than about 2e-22·max(rx, ry) needs more). 0 when Δθ = 0.
    ///
    /// n starts from δ ≈ 4·(13.5·tolerance/max(rx, ry))^(1/6) (the bound with sin x ≈ x,
    /// cos x ≈ 1) and is corrected by one piece at a time against the bound itself.
    /// Preconditions: `tolerance` > 0 (∞ allowed), and as for `cubicCount`.
    public func cubicCount(tolerance: Double) -> Int {
        precondition(tolerance > 0, "EllipticalArc.cubicCount(tolerance:) needs a positive tolerance")
        let least = cubicCount
        guard least > 0 else { return 0 }
        let cap = Self.maximumCubicCount
        guard least < cap else { return least }
        let radius = Swift.max(radiusX, radiusY)
        guard radius.isFinite, radius > 0, midpointExactDeviationBound(count: least) > tolerance else { return least }
        let sixth = _CLibc.pow(13.5 * tolerance / radius, 1.0 / 6.0)
        let guess = abs(sweepAngle) / (4 * sixth)
        var n = guess.isFinite && guess < Double(cap) ? Swift.max(least, Int(guess.rounded(.up))) : cap
        while n < cap && midpointExactDeviationBound(count: n) > tolerance { n += 1 }
        while n > least && midpointExactDeviationBound(count: n - 1) <= tolerance { n -= 1 }
        return n
    }
}

import _CLibc

/// An arc of an ellipse kept exactly, as the affine image of an arc of the unit circle:
///
///     E(θ) = M·(cos θ, sin θ),   θ from θ₁ = `startAngle` to θ₁ + Δθ, Δθ = `sweepAngle`,
///
/// with M = `map` (`AffineTransform`: x′ = a·x + c·y + e, y′ = b·x + d·y + f). An affine image of
/// an ellipse arc is an ellipse arc, so transforming one keeps it exact: `transformed(by:)`
/// composes the map and keeps the angles (no re-approximation, no change of parameter). An
/// `EllipticalArc` (centre form) is the case M = its `unitCircleTransform`.
///
/// This is how the readers keep the circles, ellipses, rounded corners and elliptical arcs a
/// designer drew beside the cubics they are drawn with (`ExactPath`): targets are sampled on it
/// and `path-info` measures it. Closed forms:
///
/// - E′(θ) = M_lin·(−sin θ, cos θ) (the linear part of M), so the speed
///   |E′(θ)|² = P·sin²θ + Q·cos²θ − 2S·sin θ·cos θ with P = a² + b², Q = c² + d², S = ac + bd.
/// - Bounds: x(θ) = a·cos θ + c·sin θ + e is extreme where −a·sin θ + c·cos θ = 0, i.e. at
///   θ = atan2(c, a) + kπ; y(θ) at θ = atan2(d, b) + kπ. The box is that of the ends and of
///   those angles inside the arc's range.
/// - Length: see `AffineEllipticalArc+ArcLength.swift`.
public struct AffineEllipticalArc: Hashable, Sendable {
    /// M: the unit circle onto the arc's ellipse.
    public var map: AffineTransform
    /// θ₁ in radians.
    public var startAngle: Double
    /// Δθ in radians (negative: decreasing θ); |Δθ| > 2π traces the ellipse more than once.
    public var sweepAngle: Double

    public init(map: AffineTransform, startAngle: Double, sweepAngle: Double) {
        self.map = map
        self.startAngle = startAngle
        self.sweepAngle = sweepAngle
    }

    /// The centre-form arc as an affine image of the unit circle (M = `unitCircleTransform`).
    public init(_ arc: EllipticalArc) {
        self.init(map: arc.unitCircleTransform, startAngle: arc.startAngle, sweepAngle: arc.sweepAngle)
    }

    /// The arc's image under `m`: the map m ∘ M, the same angles.
    public func transformed(by m: AffineTransform) -> AffineEllipticalArc {
        AffineEllipticalArc(map: map.concatenating(m), startAngle: startAngle, sweepAngle: sweepAngle)
    }

    /// E(θ) = M·(cos θ, sin θ).
    @inlinable
    public func point(atAngle theta: Double) -> Point {
        map.apply(to: Point(cos(theta), sin(theta)))
    }

    /// E′(θ) = M_lin·(−sin θ, cos θ).
    @inlinable
    public func derivative(atAngle theta: Double) -> Point {
        map.applyLinear(to: Point(-sin(theta), cos(theta)))
    }

    /// |E′(θ)|.
    @inlinable
    public func speed(atAngle theta: Double) -> Double {
        let v = derivative(atAngle: theta)
        return (v.x * v.x + v.y * v.y).squareRoot()
    }

    /// E(θ₁).
    public var startPoint: Point { point(atAngle: startAngle) }
    /// E(θ₁ + Δθ).
    public var endPoint: Point { point(atAngle: startAngle + sweepAngle) }

    /// The angle range [lo, hi] the arc covers, lo ≤ hi.
    var angleRange: (lo: Double, hi: Double) {
        sweepAngle >= 0 ? (startAngle, startAngle + sweepAngle) : (startAngle + sweepAngle, startAngle)
    }

    /// Every angle φ₀ + kπ (k an integer) inside [lo, hi].
    static func angles(_ phi0: Double, period: Double, in lo: Double, _ hi: Double) -> [Double] {
        guard period > 0, (hi - lo) / period < 1e6 else { return [] }
        var k = ((lo - phi0) / period).rounded(.up)
        var out: [Double] = []
        while true {
            let theta = phi0 + k * period
            if theta > hi { break }
            if theta >= lo { out.append(theta) }
            k += 1
        }
        return out
    }

    /// The exact bounding box: the ends and the points where dx/dθ = 0 (θ = atan2(c, a) + kπ)
    /// or dy/dθ = 0 (θ = atan2(d, b) + kπ) inside the arc's range.
    public var boundingBox: Rect {
        var box = Rect(point: startPoint).union(Rect(point: endPoint))
        let (lo, hi) = angleRange
        for phi0 in [atan2(map.c, map.a), atan2(map.d, map.b)] {
            for theta in Self.angles(phi0, period: Double.pi, in: lo, hi) {
                box = box.union(Rect(point: point(atAngle: theta)))
            }
        }
        return box
    }

    /// The largest singular value of M's linear part, (‖(a + d, b − c)‖ + ‖(a − d, b + c)‖)/2:
    /// the ellipse's semi-major axis.
    public var semiMajorAxis: Double {
        (Point(map.a + map.d, map.b - map.c).length + Point(map.a - map.d, map.b + map.c).length) / 2
    }

    /// The smallest singular value, |‖(a + d, b − c)‖ − ‖(a − d, b + c)‖|/2: the semi-minor axis.
    public var semiMinorAxis: Double {
        abs(Point(map.a + map.d, map.b - map.c).length - Point(map.a - map.d, map.b + map.c).length) / 2
    }

    // MARK: Cubics

    /// The arc as `count` midpoint-exact cubics of equal sweep, built on the unit circle and
    /// mapped by M exactly as `EllipticalArc.cubics(count:)` does (an affine map keeps a cubic a
    /// cubic). Precondition: `count` ≥ 0.
    public func cubics(count n: Int) -> [CubicBezier] {
        precondition(n >= 0, "AffineEllipticalArc.cubics(count:) needs a count of at least 0")
        guard n > 0, sweepAngle != 0 else { return [] }
        let delta = sweepAngle / Double(n)
        let k = ArcHandleFactor.midpointExact(abs(delta)) * (delta < 0 ? -1 : 1)
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

    /// The fewest pieces (at least ⌈|Δθ|/(π/2)⌉, at most max(that, 4096)) whose midpoint-exact
    /// cubics are within `tolerance` of the arc: `EllipticalArc.midpointExactDeviationBound`'s
    /// unit-circle bound (2/27)·sin⁶(δ/4)/cos²(δ/4) stretched by M's largest singular value.
    /// Precondition: `tolerance` > 0.
    public func cubicCount(tolerance: Double) -> Int {
        let equivalent = EllipticalArc(center: .zero, radiusX: semiMajorAxis, radiusY: semiMajorAxis,
                                       startAngle: startAngle, sweepAngle: sweepAngle)
        return equivalent.cubicCount(tolerance: tolerance)
    }
}

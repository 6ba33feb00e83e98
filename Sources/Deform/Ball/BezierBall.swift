import Geometry

/// The Bézier ball as a value: a circle of radius ``radius`` (bottom point at the origin, model
/// space y-up) drawn as four cubics with handle factor ``k``, squashed about the bottom point.
///
/// Per-anchor factors are optional overrides: an anchor without one uses ``xFactor`` /
/// ``yFactor``, so `yFactor = 0.8` alone squashes the whole ball, and `yOverrides[.top] = 0.6`
/// squashes the top anchor and its handles by 0.6 *instead of* `yFactor`. Handle length factors
/// default to 1. The geometry is ``BallModel``'s; ``parameters`` and ``init(_:)`` convert to and
/// from its ``ParameterVector``.
public struct BezierBall: Hashable, Sendable {
    public var radius: Double
    public var k: Double
    public var xFactor: Double
    public var yFactor: Double
    /// Per-anchor x factors; a missing anchor follows ``xFactor``.
    public var xOverrides: [BallAnchor: Double]
    /// Per-anchor y factors; a missing anchor follows ``yFactor``.
    public var yOverrides: [BallAnchor: Double]
    /// Per-handle length factors; a missing handle has factor 1.
    public var handleFactors: [BallHandle: Double]

    public init(radius: Double = 50, k: Double = BallModel.midpointExactK,
                xFactor: Double = 1, yFactor: Double = 1,
                xOverrides: [BallAnchor: Double] = [:], yOverrides: [BallAnchor: Double] = [:],
                handleFactors: [BallHandle: Double] = [:]) {
        (self.radius, self.k, self.xFactor, self.yFactor) = (radius, k, xFactor, yFactor)
        (self.xOverrides, self.yOverrides, self.handleFactors) = (xOverrides, yOverrides, handleFactors)
    }

    /// The seed article's handle factor: handles r/1.8 long ("offset = width/3.6").
    public static let seedK = 1.0 / 1.8
    /// The minimax quarter-circle factor (radial error ±1.9608e-4; Mortensen; kurbo `circle.rs`).
    public static let minimaxK = 0.5519150244935106

    /// The rest shape with the toolkit's defaults: radius 50, k = 4/3(√2 − 1).
    public static let circle = BezierBall()
    /// The seed article's ball: radius 50, k = 1/1.8 (the shape in `examples/seed-ball.path`,
    /// there drawn clockwise from the top in SVG space).
    public static let seed = BezierBall(k: seedK)
    /// The seed's squash end pose: x by 1.2, y by 0.8 about the bottom point, on the seed ball.
    public static let seedSquash = BezierBall(k: seedK, xFactor: 1.2, yFactor: 0.8)

    /// The x factor anchor `a` uses.
    public func xFactor(for a: BallAnchor) -> Double { xOverrides[a] ?? xFactor }
    /// The y factor anchor `a` uses.
    public func yFactor(for a: BallAnchor) -> Double { yOverrides[a] ?? yFactor }

    /// The ball as ``BallModel`` parameters (overrides set exactly where this ball has them).
    public var parameters: ParameterVector {
        var p = BallModel().defaultParameters
        p.setValue(radius, at: BallModel.radiusIndex)
        p.setValue(k, at: BallModel.kIndex)
        p.setValue(xFactor, at: BallModel.xFactorIndex)
        p.setValue(yFactor, at: BallModel.yFactorIndex)
        for (a, v) in xOverrides { p.setValue(v, at: BallModel.xOverrideIndex(a)) }
        for (a, v) in yOverrides { p.setValue(v, at: BallModel.yOverrideIndex(a)) }
        for (h, v) in handleFactors { p.setValue(v, at: BallModel.handleIndex(h)) }
        return p
    }

    /// The ball described by ``BallModel`` parameters.
    public init(_ p: ParameterVector) {
        precondition(p.specs == BallModel.specs, "not a ball parameter vector")
        self.init(radius: p.value(at: BallModel.radiusIndex), k: p.value(at: BallModel.kIndex),
                  xFactor: p.value(at: BallModel.xFactorIndex), yFactor: p.value(at: BallModel.yFactorIndex))
        for a in BallAnchor.allCases {
            if p.isSet(at: BallModel.xOverrideIndex(a)) { xOverrides[a] = p.value(at: BallModel.xOverrideIndex(a)) }
            if p.isSet(at: BallModel.yOverrideIndex(a)) { yOverrides[a] = p.value(at: BallModel.yOverrideIndex(a)) }
        }
        for h in BallHandle.allCases where p.value(at: BallModel.handleIndex(h)) != 1 {
            handleFactors[h] = p.value(at: BallModel.handleIndex(h))
        }
    }

    /// The ball's path: move to the bottom, four cubics counter-clockwise (bottom → right → top
    /// → left → bottom), close.
    public var path: Path {
        var sx = SIMD4<Double>(), sy = SIMD4<Double>(), f = SIMD8<Double>(repeating: 1)
        for a in BallAnchor.allCases {
            sx[a.rawValue] = xFactor(for: a)
            sy[a.rawValue] = yFactor(for: a)
        }
        for (h, v) in handleFactors { f[h.rawValue] = v }
        let g = BallGeometry(radius: radius, k: k, sx: sx, sy: sy, f: f)
        var xs = [Double](repeating: 0, count: BallGeometry.pointCount), ys = xs
        g.fill(xs: &xs, ys: &ys)
        return Path(verbs: BallGeometry.verbs, xs: xs, ys: ys)
    }

    /// The position of anchor `a` on the squashed ball.
    public func anchor(_ a: BallAnchor) -> Point {
        let u = a.unitPosition
        return Point(xFactor(for: a) * (radius * u.x), yFactor(for: a) * (radius * u.y))
    }
}

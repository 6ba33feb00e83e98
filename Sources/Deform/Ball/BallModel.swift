import Geometry

/// The squash model of the Bézier ball as a ``DeformModel``: a circle of radius `radius` drawn
/// as four cubics with handle factor `k`, squashed about its bottom point (the origin) by global
/// and per-anchor factors, with a length factor per handle. The formula is in ``BallGeometry``'s
/// terms:
///
///     anchor a:             P = (sxₐ·r·Âₐ.x,                    syₐ·r·Âₐ.y)
///     handle h of anchor a: P = (sxₐ·(r·Âₐ.x + fₕ·k·r·ôₕ.x),  syₐ·(r·Âₐ.y + fₕ·k·r·ôₕ.y))
///
/// where sxₐ is `<anchor>XFactor` when set and `xFactor` otherwise (likewise y), so
/// `yFactor = 0.8` alone squashes the whole ball and `topYFactor` squashes the top anchor and
/// its two handles *instead of* `yFactor`.
///
/// Parameters, in Jacobian-column order (indices in brackets):
/// - [0] `radius` — default 50 (the seed's ball), bounds [0, ∞); 0 draws a point (a mask
///   growing from nothing).
/// - [1] `k` — handle factor, default 4/3·(√2 − 1) ≈ 0.5522847 (midpoint-exact, the factor SVG
///   arcs are converted with, so an arc-drawn circle is matched exactly); bounds [0, 2]. The seed
///   uses 1/1.8 ≈ 0.5556 (``BezierBall/seed``); the minimax factor is ≈ 0.5519150.
/// - [2] `xFactor`, [3] `yFactor` — default 1, bounds [0, 10].
/// - [4…7] `bottomXFactor`, `rightXFactor`, `topXFactor`, `leftXFactor` — overrides of `xFactor`.
/// - [8…11] `bottomYFactor`, `rightYFactor`, `topYFactor`, `leftYFactor` — overrides of
///   `yFactor` (`bottomYFactor` has no effect: the bottom lies on the squash centre line y = 0).
/// - [12…19] `<handle>HandleFactor` for the handles in ``BallHandle`` order — default 1, bounds
///   [0, 10], multiplies that handle's length.
///
/// Identifiability (``nonIdentifiableSets(at:)``): every coordinate is r times a function of the
/// rest, and each handle length is fₕ·k·r, so
/// - `radius` with every squash factor in use (`xFactor`, `yFactor` and the set overrides) is a
///   free uniform scale;
/// - `k` with all eight handle factors is a free product;
/// - a set `topXFactor` (or `bottomXFactor`) with that anchor's two handle factors: the anchor
///   lies on x = 0, so the factor only scales its handles' x, as their length factors do;
/// - `bottomYFactor` moves nothing, nor does `xFactor` (`yFactor`) once every anchor that it
///   could move overrides it.
public struct BallModel: DeformModel {
    public init() {}

    public var name: String { "ball" }
    public var summary: String {
        "Bézier ball: four cubics with handle factor k, squashed about the bottom point"
    }

    /// A squash profile's parameters: the global squash factors, the top anchor's own y factor
    /// and the handle factor; the radius is the drawing's size, known from the target or given.
    public var defaultFree: [String]? { ["xFactor", "yFactor", "topYFactor", "k"] }

    /// Column indices.
    public static let radiusIndex = 0
    public static let kIndex = 1
    public static let xFactorIndex = 2
    public static let yFactorIndex = 3
    public static func xOverrideIndex(_ a: BallAnchor) -> Int { 4 + a.rawValue }
    public static func yOverrideIndex(_ a: BallAnchor) -> Int { 8 + a.rawValue }
    public static func handleIndex(_ h: BallHandle) -> Int { 12 + h.rawValue }

    /// 4/3·(√2 − 1), the midpoint-exact quarter-circle factor (Goldapp 1991): the default `k`.
    public static let midpointExactK = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    public static let specs: [ParameterSpec] = {
        var s: [ParameterSpec] = [
            ParameterSpec(name: "radius", defaultValue: 50, lower: 0, upper: .infinity,
                          doc: "circle radius in model units (the seed's 50); 0 draws a point"),
            ParameterSpec(name: "k", defaultValue: midpointExactK, lower: 0, upper: 2,
                          doc: "handle factor: handles are k·radius long on the circle (4/3(√2−1); seed 1/1.8)"),
            ParameterSpec(name: "xFactor", defaultValue: 1, lower: 0, upper: 10,
                          doc: "multiplies every control point's x, about the bottom point"),
            ParameterSpec(name: "yFactor", defaultValue: 1, lower: 0, upper: 10,
                          doc: "multiplies every control point's y, about the bottom point"),
        ]
        for a in BallAnchor.allCases {
            s.append(ParameterSpec(
                name: "\(a)XFactor", defaultValue: 1, lower: 0, upper: 10, inherits: "xFactor",
                doc: "x factor of the \(a) anchor and its two handles, instead of xFactor"))
        }
        for a in BallAnchor.allCases {
            let note = a == .bottom ? " (no effect: the bottom lies on y = 0)" : ""
            s.append(ParameterSpec(
                name: "\(a)YFactor", defaultValue: 1, lower: 0, upper: 10, inherits: "yFactor",
                doc: "y factor of the \(a) anchor and its two handles, instead of yFactor" + note))
        }
        for h in BallHandle.allCases {
            s.append(ParameterSpec(
                name: "\(h)HandleFactor", defaultValue: 1, lower: 0, upper: 10,
                doc: "multiplies the length of the \(h.anchor) anchor's \(h.description.dropFirst(h.anchor.description.count).lowercased()) handle"))
        }
        return s
    }()

    public var parameters: [ParameterSpec] { Self.specs }
    public var verbs: [Path.Verb] { BallGeometry.verbs }

    /// The column holding anchor a's effective x factor: its override when set, else `xFactor`.
    @inline(__always)
    static func xColumn(_ a: Int, _ p: ParameterVector) -> Int {
        p.isSet(at: 4 + a) ? 4 + a : xFactorIndex
    }

    @inline(__always)
    static func yColumn(_ a: Int, _ p: ParameterVector) -> Int {
        p.isSet(at: 8 + a) ? 8 + a : yFactorIndex
    }

    /// The effective values as the geometry kernel takes them.
    static func geometry(_ p: ParameterVector) -> BallGeometry {
        precondition(p.count == specs.count, "not a ball parameter vector")
        var sx = SIMD4<Double>(), sy = SIMD4<Double>()
        for a in 0..<4 {
            sx[a] = p.value(at: 4 + a)
            sy[a] = p.value(at: 8 + a)
        }
        var f = SIMD8<Double>()
        for h in 0..<8 { f[h] = p.value(at: 12 + h) }
        return BallGeometry(radius: p.value(at: radiusIndex), k: p.value(at: kIndex), sx: sx, sy: sy, f: f)
    }

    public func fillControlPoints(parameters: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        Self.geometry(parameters).fill(xs: &xs, ys: &ys)
    }

    /// The analytic Jacobian (every coordinate is linear in each parameter separately). With
    /// (x, y) = ``BallGeometry/unsquashed(point:)`` of a point of anchor a:
    ///
    ///     ∂P/∂r   = (sxₐ·x/r, syₐ·y/r)            = (sxₐ·(Âₐ.x + fₕk·ôₕ.x), syₐ·(Âₐ.y + fₕk·ôₕ.y))
    ///     ∂P/∂k   = (sxₐ·fₕ·r·ôₕ.x, syₐ·fₕ·r·ôₕ.y)   (handles only)
    ///     ∂P/∂fₕ  = (sxₐ·k·r·ôₕ.x,  syₐ·k·r·ôₕ.y)    (handle h only)
    ///     ∂P/∂sxₐ = (x, 0),   ∂P/∂syₐ = (0, y)
    ///
    /// where ∂/∂sxₐ goes to the column of `<anchor>XFactor` when it is set and to `xFactor`
    /// otherwise (likewise y).
    public func fillJacobian(parameters p: ParameterVector, into j: inout ControlPointJacobian) {
        precondition(j.pointCount == BallGeometry.pointCount && j.parameterCount >= Self.specs.count,
                     "the ball's Jacobian is 13 points by at least 20 columns")
        let g = Self.geometry(p)
        let rows = j.rows
        for c in 0..<Self.specs.count {
            for r in 0..<rows { j[r, c] = 0 }
        }
        for i in 0..<BallGeometry.pointCount {
            let a = BallGeometry.pointAnchor[i], hi = BallGeometry.pointHandle[i]
            // Audit: BallGeometry.pointAnchor/pointHandle are constant tables of valid raw values (handle −1 = none,
            // checked before use), so these rawValue lookups cannot fail; no user input reaches the index.
            let unit = BallAnchor(rawValue: a)!.unitPosition
            let (x, y) = g.unsquashed(point: i)
            let sx = g.sx[a], sy = g.sy[a]
            var ux = unit.x, uy = unit.y
            if hi >= 0 {
                let o = BallHandle(rawValue: hi)!.unitDirection
                ux += g.f[hi] * g.k * o.x
                uy += g.f[hi] * g.k * o.y
                j[2 * i, Self.kIndex] = sx * g.f[hi] * g.radius * o.x
                j[2 * i + 1, Self.kIndex] = sy * g.f[hi] * g.radius * o.y
                j[2 * i, 12 + hi] = sx * g.k * g.radius * o.x
                j[2 * i + 1, 12 + hi] = sy * g.k * g.radius * o.y
            }
            j[2 * i, Self.radiusIndex] = sx * ux
            j[2 * i + 1, Self.radiusIndex] = sy * uy
            j[2 * i, Self.xColumn(a, p)] = x
            j[2 * i + 1, Self.yColumn(a, p)] = y
        }
    }

    /// The squash factors in use at `p`: `xFactor` when some anchor follows it, the set x
    /// overrides, then the same for y (the bottom's y factor moves nothing and is left out).
    static func squashFactorsInUse(_ p: ParameterVector) -> [String] {
        var names: [String] = []
        let anchors = BallAnchor.allCases
        if anchors.contains(where: { !p.isSet(at: xOverrideIndex($0)) }) { names.append("xFactor") }
        for a in anchors where p.isSet(at: xOverrideIndex(a)) { names.append(specs[xOverrideIndex(a)].name) }
        let movingY = anchors.filter { $0 != .bottom }
        if movingY.contains(where: { !p.isSet(at: yOverrideIndex($0)) }) { names.append("yFactor") }
        for a in movingY where p.isSet(at: yOverrideIndex(a)) { names.append(specs[yOverrideIndex(a)].name) }
        return names
    }

    public func uniformScaleSets(at p: ParameterVector) -> [[String]] {
        [["radius"], Self.squashFactorsInUse(p)]
    }

    public func nonIdentifiableSets(at p: ParameterVector) -> [NonIdentifiableSet] {
        var sets: [NonIdentifiableSet] = []
        sets.append(NonIdentifiableSet(
            names: ["radius"] + Self.squashFactorsInUse(p),
            reason: "multiplying radius by c and every squash factor in use by 1/c leaves every point in place"))
        sets.append(NonIdentifiableSet(
            names: ["k"] + BallHandle.allCases.map { Self.specs[Self.handleIndex($0)].name },
            reason: "every handle is (its factor)·k·radius long: k·c with every handle factor /c is the same shape"))
        for a in [BallAnchor.bottom, .top] where p.isSet(at: Self.xOverrideIndex(a)) {
            let handles = BallHandle.allCases.filter { $0.anchor == a }.map { Self.specs[Self.handleIndex($0)].name }
            sets.append(NonIdentifiableSet(
                names: [Self.specs[Self.xOverrideIndex(a)].name] + handles,
                reason: "the \(a) anchor lies on x = 0, so its x factor only scales its handles' x, as their length factors do"))
        }
        sets.append(NonIdentifiableSet(
            names: ["bottomYFactor"],
            reason: "it moves nothing: the bottom anchor and its handles lie on y = 0, the centre of the squash"))
        if BallAnchor.allCases.allSatisfy({ p.isSet(at: Self.xOverrideIndex($0)) }) {
            sets.append(NonIdentifiableSet(
                names: ["xFactor"], reason: "it moves nothing: every anchor's x factor is overridden"))
        }
        if [BallAnchor.right, .top, .left].allSatisfy({ p.isSet(at: Self.yOverrideIndex($0)) }) {
            sets.append(NonIdentifiableSet(
                names: ["yFactor"], reason: "it moves nothing: the right, top and left y factors are overridden"))
        }
        return sets
    }
}

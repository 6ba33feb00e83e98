import Geometry

/// The ball hit by a falling line, as a ``SceneModel``: a thin vertical line above the Bézier
/// ball sinks into the ball's top, the ball is squashed about its bottom point, and a thick line
/// appears inside the ball from its top down to the undeformed centre.
///
/// Model space is the ball's (y-up, bottom point at the origin, undeformed centre (0, r)). With
/// r = `radius`, s = `squash`, L = `lineLength`, w = `thickLineWidth`:
///
/// - **ball** (subpath 0, filled): the circle of radius r drawn as four cubics with handle factor
///   `k` (``BallGeometry``, from the bottom counter-clockwise), every y multiplied by s about the
///   bottom anchor, so its top is at y = 2r·s. The seed writes the same top in UIKit's y-down
///   space as `cy − r + 2r(1 − s)` (centre cy, y growing downwards); flipping about the bottom
///   point cy + r gives (cy + r) − (cy − r + 2r(1 − s)) = 2r·s.
/// - **thin line** (subpath 1, stroked; `M L`): the line from the ball's top (0, 2rs), fraction
///   0, up to (0, 2rs + L), fraction 1, drawn from its stroke start a to its stroke end b:
///   from (0, 2rs + a·L) to (0, 2rs + b·L). The seed lets it "fall into the ball" by running
///   the stroke end down to 0, the ball's top.
/// - **thick line** (subpath 2, filled; `M L L L Z`): the line from the top (0, 2rs), fraction 0,
///   down to the undeformed centre (0, r), fraction 1, at y(f) = 2rs + f·(r − 2rs), drawn as the
///   outline of a stroke of width w with butt caps between its stroke start a and end b: the
///   rectangle (−w/2, y(a)) → (−w/2, y(b)) → (w/2, y(b)) → (w/2, y(a)), counter-clockwise for
///   a < b. (A rectangle rather than a stroked line, so that its width is in model units and
///   survives fitting and rendering at any scale.)
///
/// Parameters, in Jacobian-column order (the seed's target in brackets where it animates one):
/// - [0] `radius` r — 50, bounds [0, ∞).
/// - [1] `k` — handle factor, 4/3·(√2 − 1), bounds [0, 2].
/// - [2] `squash` s — 1, bounds [0, 10] (→ 0.8).
/// - [3] `lineLength` L — 100 (2r), bounds [0, ∞).
/// - [4] `thinStrokeStart`, [5] `thinStrokeEnd` — 0 and 1, bounds [0, 1] (end → 0).
/// - [6] `thickStrokeStart`, [7] `thickStrokeEnd` — 0 and 0, bounds [0, 1] (end → 1).
/// - [8] `thickLineWidth` w — 10, bounds [0, ∞).
///
/// The seed's timeline (``seedProfile(targets:)``), three tracks with their own timing, as the
/// seed decomposes the animation:
/// 1. *the line falls*: `thinStrokeEnd` 1 → target over progress 0 … 0.4, ease-in (it speeds up);
/// 2. *the ball is hit*: `squash` 1 → target over 0.4 … 0.6, ease-out (it gives way, then stops);
/// 3. *the line goes into the ball*: `thickStrokeEnd` 0 → target over 0.5 … 1, ease-out.
///
/// Identifiability: no structural set (every parameter moves some point its own way; at special
/// values — a stroke start equal to its end, r = 0 — columns vanish). `radius`, `lineLength` and
/// `thickLineWidth` together scale the scene uniformly about the bottom point.
public struct FallingLineModel: SceneModel {
    public init() {}

    public var name: String { "fallingLine" }
    public var summary: String {
        "ball hit by a falling line: the line sinks into the ball's top, the ball squashes about its bottom, a thick line appears inside"
    }

    public static let radiusIndex = 0
    public static let kIndex = 1
    public static let squashIndex = 2
    public static let lineLengthIndex = 3
    public static let thinStrokeStartIndex = 4
    public static let thinStrokeEndIndex = 5
    public static let thickStrokeStartIndex = 6
    public static let thickStrokeEndIndex = 7
    public static let thickLineWidthIndex = 8

    public static let specs: [ParameterSpec] = [
        ParameterSpec(name: "radius", defaultValue: 50, lower: 0, upper: .infinity,
                      doc: "ball radius in model units; the bottom point is the origin"),
        ParameterSpec(name: "k", defaultValue: BallModel.midpointExactK, lower: 0, upper: 2,
                      doc: "the ball's handle factor: handles are k·radius long (4/3(√2−1))"),
        ParameterSpec(name: "squash", defaultValue: 1, lower: 0, upper: 10,
                      doc: "the ball's y factor about its bottom point; top at 2·radius·squash (seed: 1 → 0.8 over 0.4…0.6, ease-out)"),
        ParameterSpec(name: "lineLength", defaultValue: 100, lower: 0, upper: .infinity,
                      doc: "length of the thin line standing on the ball's top, model units"),
        ParameterSpec(name: "thinStrokeStart", defaultValue: 0, lower: 0, upper: 1,
                      doc: "thin line's stroke start: fraction from the ball's top (0) up to the line's top (1)"),
        ParameterSpec(name: "thinStrokeEnd", defaultValue: 1, lower: 0, upper: 1,
                      doc: "thin line's stroke end, same fractions (seed: 1 → 0 over 0…0.4, ease-in: the line falls)"),
        ParameterSpec(name: "thickStrokeStart", defaultValue: 0, lower: 0, upper: 1,
                      doc: "thick line's stroke start: fraction from the ball's top (0) down to the undeformed centre (1)"),
        ParameterSpec(name: "thickStrokeEnd", defaultValue: 0, lower: 0, upper: 1,
                      doc: "thick line's stroke end, same fractions (seed: 0 → 1 over 0.5…1, ease-out)"),
        ParameterSpec(name: "thickLineWidth", defaultValue: 10, lower: 0, upper: .infinity,
                      doc: "thick line's width in model units (drawn as a rectangle with butt ends)"),
    ]

    public var parameters: [ParameterSpec] { Self.specs }

    /// Ball `M C C C C Z` (13 points), thin line `M L` (2), thick line `M L L L Z` (4).
    public static let verbs: [Path.Verb] = BallGeometry.verbs + [.move, .line] + [.move, .line, .line, .line, .close]
    public var verbs: [Path.Verb] { Self.verbs }
    public var subpathPaints: [SubpathPaint] { [.filled, .stroked, .filled] }

    /// Index of the thin line's first point, and of the thick line's.
    static let thinPoint = 13
    static let thickPoint = 15

    // MARK: Geometry

    struct Values {
        var r, k, s, length, thinA, thinB, thickA, thickB, width: Double

        init(_ p: ParameterVector) {
            precondition(p.count == FallingLineModel.specs.count, "not a fallingLine parameter vector")
            (r, k, s, length) = (p.value(at: 0), p.value(at: 1), p.value(at: 2), p.value(at: 3))
            (thinA, thinB, thickA, thickB, width) = (p.value(at: 4), p.value(at: 5), p.value(at: 6), p.value(at: 7), p.value(at: 8))
        }

        /// The ball's top, 2rs.
        var top: Double { 2 * r * s }
        /// The thick line's point at fraction f: 2rs + f(r − 2rs).
        func thickY(_ f: Double) -> Double { top + f * (r - top) }
    }

    public func fillControlPoints(parameters p: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        checkPointBuffers(xs, ys)
        let v = Values(p)
        let ball = BallGeometry(radius: v.r, k: v.k, sx: SIMD4(repeating: 1), sy: SIMD4(repeating: v.s),
                                f: SIMD8(repeating: 1))
        for i in 0..<BallGeometry.pointCount {
            let (x, y) = ball.unsquashed(point: i)
            xs[i] = x
            ys[i] = v.s * y
        }
        let t = Self.thinPoint
        (xs[t], ys[t]) = (0, v.top + v.thinA * v.length)
        (xs[t + 1], ys[t + 1]) = (0, v.top + v.thinB * v.length)
        let ya = v.thickY(v.thickA), yb = v.thickY(v.thickB), half = v.width / 2
        let c = Self.thickPoint
        (xs[c], ys[c]) = (-half, ya)
        (xs[c + 1], ys[c + 1]) = (-half, yb)
        (xs[c + 2], ys[c + 2]) = (half, yb)
        (xs[c + 3], ys[c + 3]) = (half, ya)
    }

    /// The analytic Jacobian. Ball point i with unit offsets (uₓ, u_y) = Âₐ + k·ôₕ (handles) or
    /// Âₐ (anchors) and (x, y) = r·(uₓ, u_y):
    ///
    ///     ∂P/∂r = (uₓ, s·u_y),  ∂P/∂k = (r·ôₕ.x, s·r·ôₕ.y) (handles),  ∂P/∂s = (0, y).
    ///
    /// Thin line point at fraction f ∈ {a, b}, y = 2rs + f·L: ∂y/∂r = 2s, ∂y/∂s = 2r, ∂y/∂L = f,
    /// ∂y/∂f = L. Thick line point at fraction f, y = 2rs + f(r − 2rs), x = ±w/2:
    /// ∂y/∂r = 2s(1 − f) + f, ∂y/∂s = 2r(1 − f), ∂y/∂f = r − 2rs, ∂x/∂w = ±½.
    public func fillJacobian(parameters p: ParameterVector, into j: inout ControlPointJacobian) {
        checkJacobian(&j, zeroingColumns: true)
        let v = Values(p)
        for i in 0..<BallGeometry.pointCount {
            // Audit: BallGeometry.pointAnchor/pointHandle are constant tables of valid raw values (handle −1 = none,
            // checked before use), so these rawValue lookups cannot fail; no user input reaches the index.
            let a = BallAnchor(rawValue: BallGeometry.pointAnchor[i])!.unitPosition
            var ux = a.x, uy = a.y
            let h = BallGeometry.pointHandle[i]
            if h >= 0 {
                let o = BallHandle(rawValue: h)!.unitDirection
                ux += v.k * o.x
                uy += v.k * o.y
                j[2 * i, Self.kIndex] = v.r * o.x
                j[2 * i + 1, Self.kIndex] = v.s * v.r * o.y
            }
            j[2 * i, Self.radiusIndex] = ux
            j[2 * i + 1, Self.radiusIndex] = v.s * uy
            j[2 * i + 1, Self.squashIndex] = v.r * uy
        }
        for n in 0..<2 {
            let row = 2 * (Self.thinPoint + n) + 1
            j[row, Self.radiusIndex] = 2 * v.s
            j[row, Self.squashIndex] = 2 * v.r
            j[row, Self.lineLengthIndex] = n == 0 ? v.thinA : v.thinB
            j[row, n == 0 ? Self.thinStrokeStartIndex : Self.thinStrokeEndIndex] = v.length
        }
        for (n, corner) in Self.thickCorners.enumerated() {
            let i = Self.thickPoint + n
            let f = corner.atEnd ? v.thickB : v.thickA
            j[2 * i, Self.thickLineWidthIndex] = corner.side / 2
            j[2 * i + 1, Self.radiusIndex] = 2 * v.s * (1 - f) + f
            j[2 * i + 1, Self.squashIndex] = 2 * v.r * (1 - f)
            j[2 * i + 1, corner.atEnd ? Self.thickStrokeEndIndex : Self.thickStrokeStartIndex] = v.r - v.top
        }
    }

    /// The thick line's corners in drawing order: (side of the centre line, at the stroke end
    /// rather than the start) — (−, a), (−, b), (+, b), (+, a).
    static let thickCorners: [(side: Double, atEnd: Bool)] = [(-1, false), (-1, true), (1, true), (1, false)]

    public func nonIdentifiableSets(at parameters: ParameterVector) -> [NonIdentifiableSet] { [] }

    public func uniformScaleSets(at parameters: ParameterVector) -> [[String]] {
        [["radius", "lineLength", "thickLineWidth"]]
    }

    // MARK: The seed's animation

    /// The seed's three tracks (see the type's documentation).
    static let tracks: [SceneTrack] = [
        SceneTrack("thinStrokeEnd", [(0, .start), (0.4, .target)], timing: .easeIn),
        SceneTrack("squash", [(0.4, .start), (0.6, .target)], timing: .easeOut),
        SceneTrack("thickStrokeEnd", [(0.5, .start), (1, .target)], timing: .easeOut),
    ]

    /// `squash` → 0.8, `thinStrokeEnd` → 0, `thickStrokeEnd` → 1.
    public var seedTargets: ParameterVector {
        SceneTrack.targets(["squash": 0.8, "thinStrokeEnd": 0, "thickStrokeEnd": 1], defaults: defaultParameters)
    }

    public func seedProfile(targets: ParameterVector) throws(ModelInputError) -> ProgressProfile {
        try SceneTrack.profile(Self.tracks, defaults: defaultParameters, targets: targets)
    }
}

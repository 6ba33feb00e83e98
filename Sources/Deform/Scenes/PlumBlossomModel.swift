import _CLibc
import Geometry

/// The "plum blossom" transition as a ``SceneModel``: a shape layer's path morphs from a small
/// outline of three bumps on the bottom edge of a w × h frame to a large one that covers the
/// frame, as Core Animation animates a `path` — every stored point on a straight line.
///
/// The seed builds both outlines with UIKit in y-down screen space (the frame is (0, 0)–(w, h)):
///
/// - **start**: move to (0, h); arcs of radius w/4 centred at (w/4, h) from π to 3π/2,
///   (w/2, h − w/4) from π to 2π and (3w/4, h) from 3π/2 to 2π, all clockwise; close.
/// - **end**: move to (−w, h); arcs centred at (0, h) of radius h from π to 3π/2, at (w/2, 0)
///   of radius w/2 from π to 2π, and at (w, h) of radius h from 3π/2 to 2π, all clockwise;
///   close.
///
/// Each `addArc` first draws a straight line from the current point to the arc's start (as
/// Core Graphics documents); the model keeps that line for every arc, even where it has zero
/// length, so that both outlines have one structure, `M L C L C C L C Z` (an arc of π/2 is one
/// cubic, of π two; ``EllipticalArc/cubics(handleFactor:)`` with the midpoint-exact factor).
/// In the end outline the first line runs from (−w, h) to (−h, h).
///
/// Model space is y-up with the origin at the frame's bottom-left corner: y′ = h − y, so arc
/// angles are negated (``ScreenArc/modelArc(flippingAt:)``). Both outlines keep UIKit's
/// direction — clockwise on screen and in the upright model picture, negative signed area —
/// and every arc bends the same way in both, so ``PathMorph/compatibility(_:_:checkingOrientation:checkingSegmentTurning:)``
/// accepts the pair with every check on (``morphProblem(start:end:)``); drawing one arc the
/// other way is reported with its element.
///
/// The model (subpath 0, filled): with S(w, h) and E(w, h) the two outlines' stored points and
/// t = `morph`, P = S + t·(E − S) (``ParameterVector``'s exact-at-both-ends form). Every point
/// of either outline is linear in (w, h): S = w·S₁ + h·S₂, E = w·E₁ + h·E₂ with
/// S₁ = S(1, 0), S₂ = S(0, 1) (likewise E), so
///
///     ∂P/∂w = (1 − t)·S₁ + t·E₁,   ∂P/∂h = (1 − t)·S₂ + t·E₂,   ∂P/∂t = E − S.
///
/// Parameters, in Jacobian-column order (first frame; the seed's target in brackets):
/// - [0] `width` w — 320, [0, ∞); [1] `height` h — 568, [0, ∞) (an iPhone screen in points).
/// - [2] `morph` t — 0, [0, 1] (→ 1).
///
/// The seed's timeline, one step — *the blossom opens*: `morph` 0 → target over the whole
/// progress, linear (a `CABasicAnimation` without a timing function).
///
/// Identifiability: no structural set; `width` and `height` together scale the outlines
/// uniformly about the frame's bottom-left corner.
public struct PlumBlossomModel: SceneModel {
    public init() {}

    public var name: String { "plumBlossom" }
    public var summary: String {
        "plum blossom: three bumps on the frame's bottom edge morph into three large arcs that cover the frame"
    }

    public static let widthIndex = 0
    public static let heightIndex = 1
    public static let morphIndex = 2

    public static let specs: [ParameterSpec] = [
        ParameterSpec(name: "width", defaultValue: 320, lower: 0, upper: .infinity,
                      doc: "frame width w, model units; the origin is the frame's bottom-left corner"),
        ParameterSpec(name: "height", defaultValue: 568, lower: 0, upper: .infinity,
                      doc: "frame height h, model units"),
        ParameterSpec(name: "morph", defaultValue: 0, lower: 0, upper: 1,
                      doc: "fraction of the way from the start outline (0) to the end outline (1) (seed: 0 → 1, linear)"),
    ]

    public var parameters: [ParameterSpec] { Self.specs }

    /// `M L C L C C L C Z`: 16 stored points.
    public static let verbs: [Path.Verb] = [.move, .line, .cubic, .line, .cubic, .cubic, .line, .cubic, .close]
    public var verbs: [Path.Verb] { Self.verbs }
    public var subpathPaints: [SubpathPaint] { [.filled] }

    // MARK: The outlines

    /// The start outline's move-to and arcs, screen space (see the type's documentation).
    public static func startArcs(width w: Double, height h: Double) -> (move: Point, arcs: [ScreenArc]) {
        (Point(0, h), [
            ScreenArc(center: Point(w / 4, h), radius: w / 4, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true),
            ScreenArc(center: Point(w / 2, h - w / 4), radius: w / 4, startAngle: .pi, endAngle: 2 * .pi, clockwise: true),
            ScreenArc(center: Point(3 * w / 4, h), radius: w / 4, startAngle: 3 * .pi / 2, endAngle: 2 * .pi, clockwise: true),
        ])
    }

    /// The end outline's move-to and arcs, screen space.
    public static func endArcs(width w: Double, height h: Double) -> (move: Point, arcs: [ScreenArc]) {
        (Point(-w, h), [
            ScreenArc(center: Point(0, h), radius: h, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true),
            ScreenArc(center: Point(w / 2, 0), radius: w / 2, startAngle: .pi, endAngle: 2 * .pi, clockwise: true),
            ScreenArc(center: Point(w, h), radius: h, startAngle: 3 * .pi / 2, endAngle: 2 * .pi, clockwise: true),
        ])
    }

    /// A closed outline as UIKit builds it, in y-up model space flipped about y = `height`:
    /// move to `move`, then per arc a line to its start and its cubics, then close.
    public static func outline(move: Point, arcs: [ScreenArc], height: Double) -> Path {
        var path = Path()
        path.move(to: Point(move.x, height - move.y))
        for arc in arcs {
            let modelArc = arc.modelArc(flippingAt: height)
            path.line(to: modelArc.startPoint)
            for c in modelArc.cubics() { path.cubic(to: c.p3, control1: c.p1, control2: c.p2) }
        }
        path.close()
        return path
    }

    /// The start outline in model space.
    public static func startOutline(width: Double, height: Double) -> Path {
        let (move, arcs) = startArcs(width: width, height: height)
        return outline(move: move, arcs: arcs, height: height)
    }

    /// The end outline in model space.
    public static func endOutline(width: Double, height: Double) -> Path {
        let (move, arcs) = endArcs(width: width, height: height)
        return outline(move: move, arcs: arcs, height: height)
    }

    /// Why `start` cannot be morphed into `end` as a blossom opens — the first problem
    /// ``PathMorph/compatibility(_:_:checkingOrientation:checkingSegmentTurning:)`` finds with
    /// every check on (structure, orientation, and each arc bending the same way) — or nil.
    public static func morphProblem(start: Path, end: Path) -> MorphIncompatibility? {
        PathMorph.compatibility(start, end, checkingOrientation: true, checkingSegmentTurning: true)
    }

    /// S₁, S₂, E₁, E₂: the outlines' points per unit width and per unit height.
    static let basis: (s1: Path, s2: Path, e1: Path, e2: Path) = {
        let b = (startOutline(width: 1, height: 0), startOutline(width: 0, height: 1),
                 endOutline(width: 1, height: 0), endOutline(width: 0, height: 1))
        precondition([b.0, b.1, b.2, b.3].allSatisfy { $0.verbs == verbs }, "plum blossom outlines changed structure")
        return b
    }()

    // MARK: Geometry

    public func fillControlPoints(parameters p: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        precondition(p.count == Self.specs.count, "not a plumBlossom parameter vector")
        checkPointBuffers(xs, ys)
        let (w, h, t) = (p.value(at: 0), p.value(at: 1), p.value(at: 2))
        let b = Self.basis
        for i in 0..<pointCount {
            let sx = w * b.s1.xs[i] + h * b.s2.xs[i], sy = w * b.s1.ys[i] + h * b.s2.ys[i]
            let ex = w * b.e1.xs[i] + h * b.e2.xs[i], ey = w * b.e1.ys[i] + h * b.e2.ys[i]
            xs[i] = ParameterVector.lerp(sx, ex, t)
            ys[i] = ParameterVector.lerp(sy, ey, t)
        }
    }

    public func fillJacobian(parameters p: ParameterVector, into j: inout ControlPointJacobian) {
        checkJacobian(&j)
        let (w, h, t) = (p.value(at: 0), p.value(at: 1), p.value(at: 2))
        let b = Self.basis
        for i in 0..<pointCount {
            j[2 * i, 0] = (1 - t) * b.s1.xs[i] + t * b.e1.xs[i]
            j[2 * i + 1, 0] = (1 - t) * b.s1.ys[i] + t * b.e1.ys[i]
            j[2 * i, 1] = (1 - t) * b.s2.xs[i] + t * b.e2.xs[i]
            j[2 * i + 1, 1] = (1 - t) * b.s2.ys[i] + t * b.e2.ys[i]
            j[2 * i, 2] = (w * b.e1.xs[i] + h * b.e2.xs[i]) - (w * b.s1.xs[i] + h * b.s2.xs[i])
            j[2 * i + 1, 2] = (w * b.e1.ys[i] + h * b.e2.ys[i]) - (w * b.s1.ys[i] + h * b.s2.ys[i])
        }
    }

    public func nonIdentifiableSets(at parameters: ParameterVector) -> [NonIdentifiableSet] { [] }

    public func uniformScaleSets(at parameters: ParameterVector) -> [[String]] { [["width", "height"]] }

    // MARK: The seed's animation

    static let tracks = [SceneTrack("morph", [(0, .start), (1, .target)])]

    /// `morph` → 1.
    public var seedTargets: ParameterVector {
        SceneTrack.targets(["morph": 1], defaults: defaultParameters)
    }

    public func seedProfile(targets: ParameterVector) throws(ModelInputError) -> ProgressProfile {
        try SceneTrack.profile(Self.tracks, defaults: defaultParameters, targets: targets)
    }
}

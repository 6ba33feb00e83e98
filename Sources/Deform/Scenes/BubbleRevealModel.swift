import Geometry

/// The bubble reveal as a ``SceneModel``: a circular mask grows from the oval inscribed in a
/// small rectangle (a button's frame) to the oval inscribed in that rectangle inset by −1000 on
/// every side, uncovering the next screen.
///
/// The seed animates a mask layer's `path` from `UIBezierPath(ovalIn: rect)` to
/// `UIBezierPath(ovalIn: rect.insetBy(dx: −1000, dy: −1000))`. Both ovals are four cubics whose
/// control points are linear in the rectangle's size, so Core Animation's straight
/// interpolation of the control points at fraction t is exactly the oval inscribed in the
/// rectangle grown by t·1000 on each side — the model's `outset`.
///
/// Model space is y-up with the origin at the rectangle's centre. With w = `width`,
/// h = `height`, d = `outset`, the mask (subpath 0, filled; `M C C C C Z`) is the oval of
/// semi-axes a = w/2 + d, b = h/2 + d: (a·uₓ, b·u_y) for the unit circle's points u
/// (``UnitCircle``, from the bottom counter-clockwise, k = 4/3(√2 − 1) as Core Graphics draws
/// ovals). For a square rectangle it is a circle of radius w/2 + d.
///
/// Parameters, in Jacobian-column order (first frame; the seed's target in brackets):
/// - [0] `width`, [1] `height` — 50 model units, [0, ∞).
/// - [2] `outset` — 0 model units, [0, ∞) (→ 1000).
///
/// The seed's timeline, one step — *the mask grows*: `outset` 0 → target over the whole
/// progress, linear (a `CABasicAnimation` without a timing function).
///
/// Identifiability: `width`, `height` and `outset` only act through a and b, so the three
/// cannot be fitted together (d + c with w − 2c and h − 2c is the same oval); together they
/// scale the mask uniformly about its centre.
public struct BubbleRevealModel: SceneModel {
    public init() {}

    public var name: String { "bubbleReveal" }
    public var summary: String {
        "bubble reveal: a circular mask grows from the oval in a small rectangle to the oval in that rectangle inset by -1000"
    }

    public static let widthIndex = 0
    public static let heightIndex = 1
    public static let outsetIndex = 2

    public static let specs: [ParameterSpec] = [
        ParameterSpec(name: "width", defaultValue: 50, lower: 0, upper: .infinity,
                      doc: "width of the small rectangle the mask starts inscribed in, model units"),
        ParameterSpec(name: "height", defaultValue: 50, lower: 0, upper: .infinity,
                      doc: "height of the small rectangle, model units"),
        ParameterSpec(name: "outset", defaultValue: 0, lower: 0, upper: .infinity,
                      doc: "how far the rectangle is grown on every side (inset by -outset), model units (seed: 0 → 1000, linear)"),
    ]

    public var parameters: [ParameterSpec] { Self.specs }
    public var verbs: [Path.Verb] { UnitCircle.verbs }
    public var subpathPaints: [SubpathPaint] { [.filled] }

    public func fillControlPoints(parameters p: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        precondition(p.count == Self.specs.count, "not a bubbleReveal parameter vector")
        checkPointBuffers(xs, ys)
        let d = p.value(at: Self.outsetIndex)
        let a = p.value(at: Self.widthIndex) / 2 + d, b = p.value(at: Self.heightIndex) / 2 + d
        for i in 0..<UnitCircle.pointCount {
            let u = UnitCircle.midpointExact[i]
            xs[i] = a * u.x
            ys[i] = b * u.y
        }
    }

    /// ∂P/∂w = (uₓ/2, 0), ∂P/∂h = (0, u_y/2), ∂P/∂d = (uₓ, u_y).
    public func fillJacobian(parameters p: ParameterVector, into j: inout ControlPointJacobian) {
        checkJacobian(&j)
        for i in 0..<UnitCircle.pointCount {
            let u = UnitCircle.midpointExact[i]
            (j[2 * i, 0], j[2 * i + 1, 0]) = (u.x / 2, 0)
            (j[2 * i, 1], j[2 * i + 1, 1]) = (0, u.y / 2)
            (j[2 * i, 2], j[2 * i + 1, 2]) = (u.x, u.y)
        }
    }

    public func nonIdentifiableSets(at parameters: ParameterVector) -> [NonIdentifiableSet] {
        [NonIdentifiableSet(names: ["width", "height", "outset"],
                            reason: "the semi-axes are width/2 + outset and height/2 + outset: outset + c with width and height − 2c is the same oval")]
    }

    public func uniformScaleSets(at parameters: ParameterVector) -> [[String]] {
        [["width", "height", "outset"]]
    }

    // MARK: The seed's animation

    static let tracks = [SceneTrack("outset", [(0, .start), (1, .target)])]

    /// `outset` → 1000.
    public var seedTargets: ParameterVector {
        SceneTrack.targets(["outset": 1000], defaults: defaultParameters)
    }

    public func seedProfile(targets: ParameterVector) throws(ModelInputError) -> ProgressProfile {
        try SceneTrack.profile(Self.tracks, defaults: defaultParameters, targets: targets)
    }
}

import Deform
import _CLibc
import Geometry
import _Support

/// The `lottie` export: a Lottie (Bodymovin) animation, as the Lottie specification
/// (lottie-specs, https://lottiefiles.github.io/lottie-docs/) and its players define it, with
/// one shape layer (`ty` 4) holding one group: the outline as a path shape (`sh`) per subpath, a
/// black fill (`fl`) and the group transform (`tr`).
///
/// - `fr` = ``ExportOptions/framesPerSecond``, `ip` = 0, `op` = n = round(fps × duration)
///   (``ExportOptions/frameIntervals(duration:)``; the animation lasts op/fr seconds), progress p
///   at frame p·op; `w`, `h` the `svg` export's view box rounded up to whole pixels.
/// - The path's vertices are the exports' user coordinates (y down, ``ShapeAnimation/outline(at:)``)
///   less the pose's translation, when the model is posed with a constant one (tx, −ty in user
///   coordinates, ``poseTranslation(_:)``): the shape's own coordinates, as a designer's file
///   keeps them under its layer's position. The layer's position adds that translation back and
///   moves the view box's corner to the canvas origin (anchor 0, scale 100 %, no rotation), so a
///   player shows it on the canvas.
/// - Animated (`a` 1) path keyframes at the keyframes of ``ShapeKeyframes``, keyframe k at
///   frame pₖ·op with its outline (`s`: one shape `{c, v, i, o}`, tangents relative to their
///   vertex, quadratics raised to cubics) and the easing Eₖ of the interval to keyframe k + 1 as
///   its `o` (x1, y1) and `i` (x2, y2) handles — the players' rule (lottie-web's
///   `getValueAtTime`: the current keyframe's `o` and `i` are the cubic-bezier of the frame).
///   A still shape is a static path (`a` 0).
public struct LottieExport: Sendable {
    /// The JSON text.
    public let text: String
    /// The keyframes it carries.
    public let plan: ShapeKeyframes
    /// `op`: the frame at progress 1.
    public let outFrame: Int
    /// The layer's position: what a player adds to the vertices (shape coordinates → canvas).
    public let offset: Point
    /// The pose's translation taken out of the vertices (``poseTranslation(_:)``): a vertex is
    /// the user coordinate less it, and user coordinates reach the canvas by `offset − translation`.
    public let translation: Point

    public init(_ animation: ShapeAnimation, options: ExportOptions = ExportOptions()) throws(ExportError) {
        let plan = try ShapeKeyframes(animation, options: options.keyframes)
        let op = try options.frameIntervals(duration: animation.duration)
        let box = SVGViewBox(animation)
        let width = max(1, Int(box.width.rounded(.up))), height = max(1, Int(box.height.rounded(.up)))
        let translation = Self.poseTranslation(animation)
        let offset = Point(-box.minX, -box.minY) + translation
        let local = AffineTransform.translation(x: -translation.x, y: -translation.y)
        let fps = options.framesPerSecond
        let subpathCount = plan.keyframes[0].outline.subpaths.count
        var shapes: [JSONValue] = []
        for sub in 0..<subpathCount {
            let value: JSONValue
            if plan.keyframes.count == 1 {
                value = .members([("a", .number(0)), ("k", Self.shape(plan.keyframes[0].outline.transformed(by: local).subpaths[sub]))])
            } else {
                var keys: [JSONValue] = []
                for (k, keyframe) in plan.keyframes.enumerated() {
                    var members: [(String, JSONValue)] = [
                        ("t", .number(keyframe.progress * Double(op))),
                        ("s", .array([Self.shape(keyframe.outline.transformed(by: local).subpaths[sub])])),
                    ]
                    if k < plan.easings.count {
                        let e = plan.easings[k]
                        members.append(("o", .members([("x", .numbers([e.x1])), ("y", .numbers([e.y1]))])))
                        members.append(("i", .members([("x", .numbers([e.x2])), ("y", .numbers([e.y2]))])))
                    }
                    keys.append(.members(members))
                }
                value = .members([("a", .number(1)), ("k", .array(keys))])
            }
            shapes.append(.members([("ty", .string("sh")), ("nm", .string("outline \(sub + 1)")), ("ks", value)]))
        }
        let still = { (v: JSONValue) in JSONValue.members([("a", .number(0)), ("k", v)]) }
        shapes.append(.members([
            ("ty", .string("fl")), ("nm", .string("fill")),
            ("c", still(.numbers([0, 0, 0, 1]))), ("o", still(.number(100))), ("r", .number(1)),
        ]))
        shapes.append(.members([
            ("ty", .string("tr")), ("nm", .string("transform")),
            ("p", still(.numbers([0, 0]))), ("a", still(.numbers([0, 0]))), ("s", still(.numbers([100, 100]))),
            ("r", still(.number(0))), ("o", still(.number(100))), ("sk", still(.number(0))), ("sa", still(.number(0))),
        ]))
        let layer = JSONValue.members([
            ("ddd", .number(0)), ("ind", .number(1)), ("ty", .number(4)), ("nm", .string(animation.model.name)),
            ("sr", .number(1)),
            ("ks", .members([
                ("o", still(.number(100))), ("r", still(.number(0))),
                ("p", still(.numbers([offset.x, offset.y, 0]))), ("a", still(.numbers([0, 0, 0]))),
                ("s", still(.numbers([100, 100, 100]))),
            ])),
            ("ao", .number(0)), ("ip", .number(0)), ("op", .number(Double(op))), ("st", .number(0)), ("bm", .number(0)),
            ("shapes", .array([.members([
                ("ty", .string("gr")), ("nm", .string(animation.model.name)), ("it", .array(shapes)),
            ])])),
        ])
        let document = JSONValue.members([
            ("v", .string("5.7.0")), ("fr", .number(fps)), ("ip", .number(0)), ("op", .number(Double(op))),
            ("w", .number(Double(width))), ("h", .number(Double(height))),
            ("nm", .string("BezierTune \(animation.model.name): \(plan.keyframes.count) keyframes within \(ShortestDecimal.format(plan.tolerance))")),
            ("ddd", .number(0)), ("assets", .array([])), ("layers", .array([layer])),
        ])
        text = document.exportText() + "\n"
        self.plan = plan
        outFrame = op
        self.offset = offset
        self.translation = translation
    }

    /// The pose's translation in user coordinates, (tx, −ty), when the model is posed and neither
    /// is animated; zero otherwise.
    static func poseTranslation(_ animation: ShapeAnimation) -> Point {
        let names = animation.model.parameters.map({ $0.name })
        guard let x = names.firstIndex(of: "poseX"), let y = names.firstIndex(of: "poseY"),
              animation.profile.tracks[x] == nil, animation.profile.tracks[y] == nil else { return .zero }
        let t = Point(animation.profile.base.value(at: x), -animation.profile.base.value(at: y))
        return t.x.isFinite && t.y.isFinite ? t : .zero
    }

    /// A Lottie shape `{c, v, i, o}` of one subpath: a vertex at the start and at every
    /// segment's end (a closed subpath's last vertex dropped when it repeats the first), the
    /// tangents relative to their vertex (cubic: o = P₁ − P₀ at the start vertex, i = P₂ − P₃ at the
    /// end; a quadratic by its cubic elevation; a line 0).
    static func shape(_ sub: Path.Subpath) -> JSONValue {
        var v: [Point] = [sub.start], i: [Point] = [.zero], o: [Point] = []
        for s in sub.segments {
            let c: CubicBezier
            switch s {
            case .line(let l): c = CubicBezier(l.p0, l.p0, l.p1, l.p1)
            case .quadratic(let q): c = q.elevated
            case .cubic(let b): c = b
            }
            o.append(c.p1 - c.p0)
            v.append(c.p3)
            i.append(c.p2 - c.p3)
        }
        o.append(.zero)
        if sub.closed, v.count > 1, v[v.count - 1] == v[0] {
            i[0] = i[i.count - 1]
            v.removeLast()
            i.removeLast()
            o.removeLast()
        }
        let points = { (ps: [Point]) in JSONValue.array(ps.map { JSONValue.numbers([$0.x, $0.y]) }) }
        return .members([("c", .bool(sub.closed)), ("v", points(v)), ("i", points(i)), ("o", points(o))])
    }
}

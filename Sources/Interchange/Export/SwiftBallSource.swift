import Deform
import Geometry
import _Support

/// The Swift source both Swift exports share: the ball's outline with the fitted constants and
/// timing curves inlined, as the seed article draws its ball by hand.
///
/// The generated code evaluates exactly what the library does, in the same order of
/// operations, so that it reproduces ``ShapeAnimation/outline(at:)`` to the last bits:
/// - every parameter's value: a literal; an unset override takes its parent's value; an
///   animated one its ``KeyframeTrack`` (`keyframeValue`, the track's binary search and its
///   interpolation rule a + s(b − a) for s < ½, b − (1 − s)(b − a) otherwise), with each
///   interval's timing function (`Timing.value(at:)`: `CubicBezierTiming`'s safeguarded Newton
///   solve, `SpringTiming`'s closed forms, `StepsTiming`'s rule — only the kinds used are written);
/// - every stored point: ``BallModel``'s formula, anchor (sx·r·Â.x, sy·r·Â.y), handle
///   (sx·(r·Â.x + f·(k·r)·ô.x), sy·(r·Â.y + f·(k·r)·ô.y)) — then the pose
///   (tx + s·(cos θ·x − sin θ·y), ty + s·(sin θ·x + cos θ·y)) when the model is posed — then
///   y ↦ −y, the user coordinates (y down) of every export.
///
/// Only the ball (``BallModel``, or ``PosedModel`` of it) is written as Swift; another model is
/// refused with one line.
struct SwiftBallSource {
    let animation: ShapeAnimation
    let isPosed: Bool
    let names: [String]
    /// The generated type's name: ``ExportOptions/typeName``, or the model's name in type-name
    /// form with the format's suffix (`BallShape`, `BallPosedAnimation`).
    let typeName: String

    init(_ animation: ShapeAnimation, format: ExportFormat, options: ExportOptions, typeSuffix: String) throws(ExportError) {
        switch animation.model {
        case .ball:
            isPosed = false
        case .posed(.ball):
            isPosed = true
        default:
            throw ExportError("the \(format) export writes the ball model as Swift code; model \(animation.model.name) is not supported (use svg, svg-animated, css, lottie or json)")
        }
        self.animation = animation
        names = animation.model.parameters.map({ $0.name })
        typeName = options.typeName ?? Self.typeName(animation.model.name, suffix: typeSuffix)
    }

    /// A Double literal: the shortest decimal that reads back to the same Double.
    static func literal(_ d: Double) -> String {
        let s = ShortestDecimal.format(d)
        return s.contains(where: { $0 == "." || $0 == "e" }) ? s : s + ".0"
    }

    /// A name's type-name form: `ball-posed` → `BallPosed`.
    static func typeName(_ model: String, suffix: String) -> String {
        model.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + suffix
    }

    /// `let name = …` for every parameter, in model order (parents before their overrides).
    /// `progress`: the variable holding p (tracks are functions of it); `fraction`: with a
    /// shared timing, the variable holding s, each animated parameter then lerp(start, end, s).
    func parameterDeclarations(indent: String, progress: String?, fraction: String?, qualifier q: String = "") -> String {
        let p = animation.profile.base
        var out = ""
        // xFactor and yFactor reach the drawing only through the overrides that follow them.
        let referenced = Set(p.specs.indices.compactMap { i in
            animation.profile.tracks[i] == nil && !p.isSet(at: i) ? p.specs[i].inherits : nil
        })
        for (i, spec) in p.specs.enumerated() {
            if ["xFactor", "yFactor"].contains(spec.name) && !referenced.contains(spec.name) { continue }
            let value: String
            if let track = animation.profile.tracks[i] {
                if let s = fraction {
                    value = "\(q)lerp(\(Self.literal(track.keyframes[0].value)), \(Self.literal(track.keyframes[track.keyframes.count - 1].value)), \(s))"
                } else {
                    value = "\(q)\(names[i])Value(at: \(progress ?? "0"))"
                }
            } else if p.isSet(at: i) {
                value = Self.literal(p.value(at: i))
            } else {
                value = spec.inherits ?? "0"
            }
            out += "\(indent)let \(names[i]) = \(value)\n"
        }
        return out
    }

    /// The statements that draw the outline through `pathVariable` with the given API:
    /// `moveTo`, `curveTo` (`to:control1:control2:`) and `close` spellings, points built by
    /// `point` from an (x, y) of user coordinates.
    func drawingStatements(indent: String, path: String, offset: (String, String)? = nil, qualifier q: String = "") -> String {
        var out = ""
        if isPosed {
            out += "\(indent)let (c, sn) = (cos(poseRotation), sin(poseRotation))\n"
        }
        // The 13 stored points: anchors at 0, 3, 6, 9, 12 (bottom, right, top, left, bottom), handles between.
        var handleAt: [Int: BallHandle] = [:]
        for h in BallHandle.allCases { handleAt[h.pointIndex] = h }
        let anchorsInOrder: [BallAnchor] = [.bottom, .right, .top, .left, .bottom]
        for i in 0..<13 {
            let expression: String
            if let h = handleAt[i] {
                let a = h.anchor.unitPosition, o = h.unitDirection
                expression = "\(q)handle(radius, k, \(h.anchor)XFactor, \(h.anchor)YFactor, \(Self.literal(a.x)), \(Self.literal(a.y)), \(h)HandleFactor, \(Self.literal(o.x)), \(Self.literal(o.y)))"
            } else {
                let anchor = anchorsInOrder[i / 3], a = anchor.unitPosition
                expression = "\(q)anchor(radius, \(anchor)XFactor, \(anchor)YFactor, \(Self.literal(a.x)), \(Self.literal(a.y)))"
            }
            let placed = isPosed
                ? "\(q)place(\(expression), poseX, poseY, poseScale, c, sn)"
                : "\(q)flip(\(expression))"
            out += "\(indent)let p\(i) = \(placed)\n"
        }
        let pt: (Int) -> String = { i in
            if let (dx, dy) = offset { return "CGPoint(x: p\(i).x + \(dx), y: p\(i).y + \(dy))" }
            return "CGPoint(x: p\(i).x, y: p\(i).y)"
        }
        out += "\(indent)\(path).move(to: \(pt(0)))\n"
        for s in 0..<4 {
            out += "\(indent)\(path).addCurve(to: \(pt(3 * s + 3)), control1: \(pt(3 * s + 1)), control2: \(pt(3 * s + 2)))\n"
        }
        out += "\(indent)\(path).closeSubpath()\n"
        return out
    }

    /// The helpers the drawing uses: anchor, handle, flip or place, and lerp when `fraction`.
    func geometryHelpers(indent: String, lerp: Bool) -> String {
        var out = """
        \(indent)/// An anchor of the ball: (sx·r·ax, sy·r·ay) (BezierTune's BallModel).
        \(indent)static func anchor(_ r: Double, _ sx: Double, _ sy: Double, _ ax: Double, _ ay: Double) -> (x: Double, y: Double) {
        \(indent)    (sx * (r * ax), sy * (r * ay))
        \(indent)}

        \(indent)/// A handle of the ball: (sx·(r·ax + f·(k·r)·ox), sy·(r·ay + f·(k·r)·oy)).
        \(indent)static func handle(_ r: Double, _ k: Double, _ sx: Double, _ sy: Double, _ ax: Double, _ ay: Double,
        \(indent)                   _ f: Double, _ ox: Double, _ oy: Double) -> (x: Double, y: Double) {
        \(indent)    let length = f * (k * r)
        \(indent)    return (sx * (r * ax + length * ox), sy * (r * ay + length * oy))
        \(indent)}


        """
        if isPosed {
            out += """
            \(indent)/// The pose, then y down: (tx + s·(c·x − sn·y), −(ty + s·(sn·x + c·y))).
            \(indent)static func place(_ q: (x: Double, y: Double), _ tx: Double, _ ty: Double, _ s: Double,
            \(indent)                  _ c: Double, _ sn: Double) -> (x: Double, y: Double) {
            \(indent)    (tx + s * (c * q.x - sn * q.y), -(ty + s * (sn * q.x + c * q.y)))
            \(indent)}


            """
        } else {
            out += """
            \(indent)/// Model space (y up) to user coordinates (y down).
            \(indent)static func flip(_ q: (x: Double, y: Double)) -> (x: Double, y: Double) { (q.x, -q.y) }


            """
        }
        if lerp {
            out += """
            \(indent)/// a + s(b − a) for s < ½, b − (1 − s)(b − a) otherwise (exact at both ends).
            \(indent)static func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double {
            \(indent)    if a == b { return a }
            \(indent)    return s < 0.5 ? a + s * (b - a) : b - (1 - s) * (b - a)
            \(indent)}


            """
        }
        return out
    }

    /// One function per animated parameter, `nameValue(at:)`, and the keyframe and timing code they
    /// use; empty for a still shape.
    func trackFunctions(indent: String) -> String {
        var out = ""
        var kinds = Set<String>()
        for (i, track) in animation.profile.tracks.enumerated() {
            guard let track else { continue }
            let timings = track.timings.map { t -> String in
                switch t {
                case .linear: kinds.insert("linear"); return ".linear"
                case .cubicBezier(let c):
                    kinds.insert("cubicBezier")
                    return ".cubicBezier(\([c.x1, c.y1, c.x2, c.y2].map(Self.literal).joined(separator: ", ")))"
                case .spring(let s):
                    kinds.insert("spring")
                    return ".spring(omega: \(Self.literal(s.omega)), zeta: \(Self.literal(s.zeta)), v0: \(Self.literal(s.initialVelocity)))"
                case .steps(let s):
                    kinds.insert("steps")
                    return ".steps(\(s.count), .\(Self.stepCase(s.position)))"
                }
            }
            out += "\(indent)/// \(names[i]) over progress: \(track.keyframes.count) keyframes, timing \(track.timings.map({ $0.description }).joined(separator: ", ")).\n"
            out += "\(indent)static func \(names[i])Value(at p: Double) -> Double {\n"
            out += "\(indent)    keyframeValue(p, times: [\(track.keyframes.map { Self.literal($0.time) }.joined(separator: ", "))],\n"
            out += "\(indent)                  values: [\(track.keyframes.map { Self.literal($0.value) }.joined(separator: ", "))],\n"
            out += "\(indent)                  timings: [\(timings.joined(separator: ", "))])\n"
            out += "\(indent)}\n\n"
        }
        guard !kinds.isEmpty else { return "" }
        out += Self.keyframeSupport(indent: indent, kinds: kinds)
        return out
    }

    static func stepCase(_ p: StepsTiming.Position) -> String {
        switch p {
        case .jumpStart: "jumpStart"
        case .jumpEnd: "jumpEnd"
        case .jumpNone: "jumpNone"
        case .jumpBoth: "jumpBoth"
        }
    }

    /// The track and timing evaluation, as BezierTune's KeyframeTrack and TimingFunction.
    static func keyframeSupport(indent i: String, kinds: Set<String>) -> String {
        var cases: [String] = []
        var values: [String] = []
        if kinds.contains("linear") {
            cases.append("\(i)    case linear")
            values.append("\(i)        case .linear: return x")
        }
        if kinds.contains("cubicBezier") {
            cases.append("\(i)    /// cubic-bezier(x1, y1, x2, y2), x1 and x2 in [0, 1].")
            cases.append("\(i)    case cubicBezier(Double, Double, Double, Double)")
            values.append("\(i)        case .cubicBezier(let x1, let y1, let x2, let y2): return Self.cubicBezier(x, x1, y1, x2, y2)")
        }
        if kinds.contains("spring") {
            cases.append("\(i)    /// A damped spring: natural frequency (rad per unit of progress), damping ratio, initial velocity.")
            cases.append("\(i)    case spring(omega: Double, zeta: Double, v0: Double)")
            values.append("\(i)        case .spring(let w, let zeta, let v0): return Self.spring(x, w, zeta, v0)")
        }
        if kinds.contains("steps") {
            cases.append("\(i)    enum StepPosition { case jumpStart, jumpEnd, jumpNone, jumpBoth }")
            cases.append("\(i)    case steps(Int, StepPosition)")
            values.append("\(i)        case .steps(let count, let position): return Self.steps(x, count, position)")
        }
        var out = """
        \(i)/// A track's value at progress p: held before the first and after the last key time, else
        \(i)/// vᵢ + (vᵢ₊₁ − vᵢ)·Tᵢ((p − pᵢ)/(pᵢ₊₁ − pᵢ)) (BezierTune's KeyframeTrack).
        \(i)static func keyframeValue(_ p: Double, times: [Double], values: [Double], timings: [Timing]) -> Double {
        \(i)    if p <= times[0] { return values[0] }
        \(i)    if p >= times[times.count - 1] { return values[values.count - 1] }
        \(i)    var lo = 0, hi = times.count - 1
        \(i)    while hi - lo > 1 {
        \(i)        let mid = (lo + hi) / 2
        \(i)        if times[mid] <= p { lo = mid } else { hi = mid }
        \(i)    }
        \(i)    let s = timings[lo].value(at: (p - times[lo]) / (times[hi] - times[lo]))
        \(i)    let a = values[lo], b = values[hi]
        \(i)    if a == b { return a }
        \(i)    return s < 0.5 ? a + s * (b - a) : b - (1 - s) * (b - a)
        \(i)}

        \(i)/// A timing function y(x) of progress (BezierTune's TimingFunction).
        \(i)enum Timing {
        \(cases.joined(separator: "\n"))

        \(i)    func value(at x: Double) -> Double {
        \(i)        switch self {
        \(values.joined(separator: "\n"))
        \(i)        }
        \(i)    }

        """
        if kinds.contains("cubicBezier") {
            out += """

            \(i)    /// y(x) of the CSS cubic-bezier curve: x(t) = x solved by Newton's method from t = x,
            \(i)    /// safeguarded by bisection, to 1e-15 in t; CSS's end tangents outside [0, 1].
            \(i)    static func cubicBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
            \(i)        if x.isNaN { return x }
            \(i)        if x < 0 {
            \(i)            if x1 > 0 { return y1 / x1 * x }
            \(i)            if x2 > 0 { return y2 / x2 * x }
            \(i)            return 0
            \(i)        }
            \(i)        if x > 1 {
            \(i)            if x2 < 1 { return 1 + (y2 - 1) / (x2 - 1) * (x - 1) }
            \(i)            if x1 < 1 { return 1 + (y1 - 1) / (x1 - 1) * (x - 1) }
            \(i)            return 1
            \(i)        }
            \(i)        if x == 0 { return 0 }
            \(i)        if x == 1 { return 1 }
            \(i)        func xAt(_ t: Double) -> Double { let s = 1 - t; return 3 * s * t * (s * x1 + t * x2) + t * t * t }
            \(i)        func xComplement(_ t: Double) -> Double { let s = 1 - t; return s * s * s + 3 * s * t * (s * (1 - x1) + t * (1 - x2)) }
            \(i)        func residual(_ t: Double) -> Double { x <= 0.5 ? xAt(t) - x : (1 - x) - xComplement(t) }
            \(i)        func slope(_ t: Double) -> Double { let s = 1 - t; return 3 * (s * s * x1 + 2 * s * t * (x2 - x1) + t * t * (1 - x2)) }
            \(i)        func yAt(_ t: Double) -> Double { let s = 1 - t; return 3 * s * t * (s * y1 + t * y2) + t * t * t }
            \(i)        var lo = 0.0, hi = 1.0, t = x
            \(i)        for _ in 0..<200 {
            \(i)            let fx = residual(t)
            \(i)            if fx == 0 { return yAt(t) }
            \(i)            if fx < 0 { lo = t } else { hi = t }
            \(i)            let d = slope(t)
            \(i)            var next = t - fx / d
            \(i)            if !(d > 0) || !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            \(i)            if abs(next - t) <= 1e-15 || hi - lo <= 1e-15 { return yAt(next) }
            \(i)            t = next
            \(i)        }
            \(i)        return yAt(t)
            \(i)    }

            """
        }
        if kinds.contains("spring") {
            out += """

            \(i)    /// y = 1 + u of the spring released at 0 towards 1: u″ + 2ζωu′ + ω²u = 0, u(0) = −1,
            \(i)    /// u′(0) = v₀, in closed form (sin(x)/x and sinh(x)/x kept accurate near 0).
            \(i)    static func spring(_ t: Double, _ w: Double, _ zeta: Double, _ v0: Double) -> Double {
            \(i)        if t.isNaN { return t }
            \(i)        if t <= 0 { return 0 }
            \(i)        func sinc(_ x: Double) -> Double { abs(x) < 1e-4 ? 1 - x * x / 6 : sin(x) / x }
            \(i)        func sinhc(_ x: Double) -> Double { abs(x) < 1e-4 ? 1 + x * x / 6 : sinh(x) / x }
            \(i)        let g = w * abs(1 - zeta).squareRoot() * (1 + zeta).squareRoot()
            \(i)        let u: Double
            \(i)        if zeta < 1 {
            \(i)            u = exp(-zeta * w * t) * (-cos(g * t) + (v0 - zeta * w) * t * sinc(g * t))
            \(i)        } else if zeta == 1 {
            \(i)            u = exp(-w * t) * (-1 + (v0 - w) * t)
            \(i)        } else if g * t <= 1 {
            \(i)            u = exp(-zeta * w * t) * (-cosh(g * t) + (v0 - zeta * w) * t * sinhc(g * t))
            \(i)        } else {
            \(i)            let r1 = -w * w / (zeta * w + g), r2 = -zeta * w - g
            \(i)            let c1 = (v0 + r2) / (2 * g), c2 = -(v0 + r1) / (2 * g)
            \(i)            u = c1 * exp(r1 * t) + c2 * exp(r2 * t)
            \(i)        }
            \(i)        return 1 + u
            \(i)    }

            """
        }
        if kinds.contains("steps") {
            out += """

            \(i)    /// CSS steps(count, position).
            \(i)    static func steps(_ x: Double, _ count: Int, _ position: StepPosition) -> Double {
            \(i)        if x.isNaN { return x }
            \(i)        let n = Double(count)
            \(i)        var step = (x * n).rounded(.down)
            \(i)        if position == .jumpStart || position == .jumpBoth { step += 1 }
            \(i)        if x >= 0 && step < 0 { step = 0 }
            \(i)        let jumps: Double
            \(i)        switch position {
            \(i)        case .jumpStart, .jumpEnd: jumps = n
            \(i)        case .jumpNone: jumps = n - 1
            \(i)        case .jumpBoth: jumps = n + 1
            \(i)        }
            \(i)        if x <= 1 && step > jumps { step = jumps }
            \(i)        return step / jumps
            \(i)    }

            """
        }
        out += "\(i)}\n\n"
        return out
    }

    /// The animation's bounding box as a `CGRect` literal.
    var boundsLiteral: String {
        let b = animation.boundingBox
        return "CGRect(x: \(Self.literal(b.minX)), y: \(Self.literal(b.minY)), width: \(Self.literal(b.width)), height: \(Self.literal(b.height)))"
    }
}

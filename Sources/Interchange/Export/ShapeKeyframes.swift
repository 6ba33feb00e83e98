import Deform
import Geometry

/// An animation as the keyframe formats carry it (SMIL `values`/`keyTimes`/`keySplines`, CSS
/// `@keyframes`, Lottie path keyframes, `CAKeyframeAnimation`): outlines at key progress values
/// p₀ = 0 < p₁ < … < pₙ = 1 and one cubic-bezier easing Eᵢ per interval; every player draws,
/// for p in [pᵢ, pᵢ₊₁] and u = (p − pᵢ)/(pᵢ₊₁ − pᵢ),
///
///     P(p) = Pᵢ + (Pᵢ₊₁ − Pᵢ)·Eᵢ(u)        (each stored point of the outline)
///
/// The keyframes start at the animation's ``ShapeAnimation/keyframeTimes`` (the fitted
/// keyframes, every track's key times, 0 and 1) and each interval gets its easing:
/// - one shared cubic-bezier timing T (``ShapeAnimation/sharedTiming``): Eᵢ is T restricted to
///   [pᵢ, pᵢ₊₁] — the piece of its curve between the parameters where x = pᵢ and x = pᵢ₊₁
///   (de Casteljau), scaled to the unit square — so the easing is exact and, for a model whose
///   points are affine in the fraction (the ball's squash factors), so is P(p);
/// - a shared `linear` timing: linear;
/// - anything else (per-parameter timings, a shared spring): a cubic Hermite easing of the
///   fraction f(u) = ⟨P(p) − Pᵢ, Pᵢ₊₁ − Pᵢ⟩/|Pᵢ₊₁ − Pᵢ|² along the chord, matching f at the
///   ends and its slopes m₀ = f′(0⁺), m₁ = f′(1⁻) (one-sided differences from inside the
///   interval): control points (⅓, m₀/3), (⅔, 1 − m₁/3), for which x(t) = t.
///
/// - a keyed interval (``ShapeAnimation/keyedEasing(from:to:)``: every track keyed at both ends
///   with one shared cubic-bezier, a `per-interval` profile): that easing, and the interval is
///   kept as the designer keyed it — never split; its deviation is measured and reported like
///   the others' but may exceed the tolerance where the model is not affine in its parameters
///   (the players interpolate the stored points, the profile the parameters).
///
/// Then every other interval is checked at ``Options/samplesPerInterval`` progress values strictly
/// inside it: the largest distance between a stored point of P(p) and the model's is the
/// deviation, and an interval whose deviation exceeds the tolerance — ``Options/relativeTolerance``
/// times ``ShapeAnimation/size`` — is split at its midpoint, until every interval passes. Since
/// the outline is a convex combination of its stored points (Bernstein weights), the distance
/// between the exported and the model's outline at equal curve parameters is at most that
/// deviation. The keyframe count is the result (``keyframes``); a shared cubic-bezier timing on
/// the ball's squash factors keeps exactly the fitted keyframes.
///
/// Jumps: a spring timing that has not settled at the end of its interval jumps there to the
/// keyframe's value (``KeyframeTrack``, as Core Animation shows the end value). An interval
/// cannot carry a jump, so a keyframe is placed ``jumpWidth`` of progress before it (the left
/// limit, to within that width) and the jump happens, linearly, inside that last sliver
/// (``jumpIntervals``, not measured). Steps timings, all jumps, are refused.
///
/// SMIL restricts `keySplines` to [0, 1] (SVG 1.1 §19.2.9): with
/// ``Options/unitIntervalEasings`` an exact sub-curve that leaves the square is replaced by the
/// Hermite easing with slopes clamped to [0, 3], and splitting continues until the tolerance
/// holds.
public struct ShapeKeyframes: Sendable {
    public struct Options: Sendable {
        /// The largest deviation, as a fraction of the animation's size (default 1e-3).
        public var relativeTolerance: Double
        /// Easing control points within [0, 1] on both axes (SMIL's `keySplines`).
        public var unitIntervalEasings: Bool
        /// Progress values checked inside each interval (default 32, evenly spaced).
        public var samplesPerInterval: Int
        /// The most keyframes an export may need before it is refused (default 20,000).
        public var maximumKeyframes: Int

        public init(relativeTolerance: Double = 1e-3, unitIntervalEasings: Bool = false,
                    samplesPerInterval: Int = 32, maximumKeyframes: Int = 20_000) {
            self.relativeTolerance = relativeTolerance
            self.unitIntervalEasings = unitIntervalEasings
            self.samplesPerInterval = samplesPerInterval
            self.maximumKeyframes = maximumKeyframes
        }
    }

    public struct Keyframe: Sendable {
        /// The key progress pᵢ.
        public let progress: Double
        /// The model's outline there, user coordinates (``ShapeAnimation/outline(at:)``).
        public let outline: Path
    }

    /// The progress width of the interval that carries a jump: 1e-6.
    public static let jumpWidth = 1e-6

    /// The keyframes, p₀ = 0 … pₙ = 1 (a still shape has the single keyframe 0).
    public let keyframes: [Keyframe]
    /// The easing of each interval (keyframes.count − 1 of them).
    public let easings: [CubicBezierTiming]
    /// The indices of the intervals that carry a jump (see the type's documentation).
    public let jumpIntervals: [Int]
    /// The absolute tolerance, model units: relativeTolerance × size.
    public let tolerance: Double
    /// The largest deviation measured over every interval but the jumps' (≤ ``tolerance``
    /// except on keyed intervals).
    public let deviation: Double

    /// Plans the keyframes of `animation` (see the type's documentation).
    public init(_ animation: ShapeAnimation, options: Options = Options()) throws(ExportError) {
        precondition(options.relativeTolerance > 0 && options.samplesPerInterval >= 1, "ShapeKeyframes: bad options")
        let tolerance = options.relativeTolerance * animation.size
        self.tolerance = tolerance
        if animation.isStill {
            keyframes = [Keyframe(progress: 0, outline: animation.outline(at: 0))]
            (easings, jumpIntervals, deviation) = ([], [], 0)
            return
        }
        let names = animation.model.parameters.map({ $0.name })
        var jumpTimes = Set<Double>()
        for (i, track) in animation.profile.tracks.enumerated() {
            guard let track else { continue }
            for (k, timing) in track.timings.enumerated() {
                if case .steps = timing {
                    throw ExportError("parameter \(names[i]) has a steps timing, which jumps: keyframe exports interpolate and cannot show it")
                }
                if case .spring = timing, timing.value(at: 1) != 1, track.keyframes[k].value != track.keyframes[k + 1].value {
                    jumpTimes.insert(track.keyframes[k + 1].time)
                }
            }
        }
        let shared = animation.sharedTiming
        var times = Set(animation.keyframeTimes)
        // Every keyed time is a keyframe of the export: more than it writes is refused before any
        // interval is measured (a million keys would take minutes to refuse later).
        guard times.count <= options.maximumKeyframes else {
            throw ExportError("the animation has \(times.count) keyframe times, more than an export writes (\(options.maximumKeyframes))")
        }
        var jumps = Set<Double>()  // the start of each jump interval
        for t in jumpTimes where t > Self.jumpWidth {
            // A jump smaller than a tenth of the tolerance is interpolated like anything else.
            let before = animation.outline(at: t - Self.jumpWidth), after = animation.outline(at: t)
            if Self.distance(before, after) > tolerance / 10 {
                times.insert(t - Self.jumpWidth)
                jumps.insert(t - Self.jumpWidth)
            }
        }
        // Work list of intervals, processed from the right end so the result comes out in order.
        var pending = times.sorted()
        // Each entry with the easing of the interval that ends there (and whether it is a jump).
        var done: [(progress: Double, outline: Path, easing: CubicBezierTiming, isJump: Bool)] = []
        var outlines: [Double: Path] = [:]
        func outline(_ p: Double) -> Path {
            if let o = outlines[p] { return o }
            let o = animation.outline(at: p)
            outlines[p] = o
            return o
        }
        var worst = 0.0
        while pending.count >= 2 {
            let a = pending[pending.count - 2], b = pending[pending.count - 1]
            if jumps.contains(a) {
                done.append((b, outline(b), .linear01, true))
                pending.removeLast()
                continue
            }
            let pa = outline(a), pb = outline(b)
            if let keyed = Self.keyedEasing(animation, from: a, to: b, unitInterval: options.unitIntervalEasings) {
                // The designer's interval, carried as drawn (see the type's documentation).
                worst = max(worst, Self.deviation(animation, from: a, to: b, pa, pb, keyed, samples: options.samplesPerInterval))
                done.append((b, pb, keyed, false))
                pending.removeLast()
                continue
            }
            let easing = Self.easing(animation, shared: shared, from: a, to: b, pa, pb, unitInterval: options.unitIntervalEasings)
            let d = Self.deviation(animation, from: a, to: b, pa, pb, easing, samples: options.samplesPerInterval)
            if d > tolerance {
                let mid = 0.5 * (a + b)
                guard mid > a, mid < b, b - a > 1e-12 else {
                    throw ExportError("cannot keep the export within \(ExportError.number(tolerance)) of the model near progress \(ExportError.number(a)) (the motion is not continuous there)")
                }
                guard pending.count + done.count < options.maximumKeyframes else {
                    throw ExportError("the export would need more than \(options.maximumKeyframes) keyframes to stay within \(ExportError.number(tolerance)) of the model")
                }
                pending.insert(mid, at: pending.count - 1)
                continue
            }
            worst = max(worst, d)
            done.append((b, pb, easing, false))
            pending.removeLast()
        }
        done.append((pending[0], outline(pending[0]), .linear01, false))
        done.reverse()
        // Interval i runs from done[i] to done[i + 1]; its easing was stored with done[i + 1].
        keyframes = done.map { Keyframe(progress: $0.progress, outline: $0.outline) }
        easings = (1..<done.count).map { done[$0].easing }
        jumpIntervals = (1..<done.count).filter { done[$0].isJump }.map { $0 - 1 }
        deviation = worst
    }

    /// The largest distance between corresponding stored points of two outlines.
    static func distance(_ a: Path, _ b: Path) -> Double {
        var d = 0.0
        for i in a.xs.indices {
            let dx = a.xs[i] - b.xs[i], dy = a.ys[i] - b.ys[i]
            d = max(d, (dx * dx + dy * dy).squareRoot())
        }
        return d
    }

    /// A keyed interval's own easing (``ShapeAnimation/keyedEasing(from:to:)``) as a cubic-bezier,
    /// or nil when [a, b] is not one — or, for SMIL (`unitInterval`), when its control points
    /// leave the unit square.
    static func keyedEasing(_ animation: ShapeAnimation, from a: Double, to b: Double, unitInterval: Bool) -> CubicBezierTiming? {
        switch animation.keyedEasing(from: a, to: b) {
        case .linear?: return .linear01
        case .cubicBezier(let c)? where !unitInterval: return c
        case .cubicBezier(let c)?:
            // A control value a rounding error outside [0, 1] (a fitted 0 or 1) is that bound.
            func unit(_ y: Double) -> Double? { y >= -1e-12 && y <= 1 + 1e-12 ? Swift.min(1, Swift.max(0, y)) : nil }
            guard let y1 = unit(c.y1), let y2 = unit(c.y2) else { return nil }
            return try? CubicBezierTiming(x1: c.x1, y1: y1, x2: c.x2, y2: y2)
        default: return nil
        }
    }

    /// The easing of the interval [a, b] (see the type's documentation).
    static func easing(_ animation: ShapeAnimation, shared: TimingFunction?, from a: Double, to b: Double,
                       _ pa: Path, _ pb: Path, unitInterval: Bool) -> CubicBezierTiming {
        switch shared {
        case .linear?:
            return .linear01
        case .cubicBezier(let c)?:
            if let sub = subcurve(c, from: a, to: b),
               !unitInterval || [sub.y1, sub.y2].allSatisfy({ $0 >= 0 && $0 <= 1 }) {
                return sub
            }
        default:
            break
        }
        return hermite(animation, from: a, to: b, pa, pb, unitInterval: unitInterval)
    }

    /// The cubic-bezier timing `c` restricted to x ∈ [a, b] and scaled to the unit square, or nil
    /// when its y range is too small to scale (a flat piece) .
    static func subcurve(_ c: CubicBezierTiming, from a: Double, to b: Double) -> CubicBezierTiming? {
        let curve = CubicBezier(Point(0, 0), Point(c.x1, c.y1), Point(c.x2, c.y2), Point(1, 1))
        let piece = curve.subsegment(from: c.parameter(forX: a), to: c.parameter(forX: b))
        let dx = piece.p3.x - piece.p0.x, dy = piece.p3.y - piece.p0.y
        guard dx > 0, abs(dy) > 1e-9 * max(1, abs(piece.p0.y)) else { return nil }
        let clamp = { (x: Double) in min(1, max(0, x)) }
        return try? CubicBezierTiming(x1: clamp((piece.p1.x - piece.p0.x) / dx), y1: (piece.p1.y - piece.p0.y) / dy,
                                      x2: clamp((piece.p2.x - piece.p0.x) / dx), y2: (piece.p2.y - piece.p0.y) / dy)
    }

    /// The cubic Hermite easing of the fraction along the chord (see the type's documentation).
    static func hermite(_ animation: ShapeAnimation, from a: Double, to b: Double, _ pa: Path, _ pb: Path,
                        unitInterval: Bool) -> CubicBezierTiming {
        var chord2 = 0.0
        for i in pa.xs.indices {
            let dx = pb.xs[i] - pa.xs[i], dy = pb.ys[i] - pa.ys[i]
            chord2 += dx * dx + dy * dy
        }
        guard chord2 > 0 else { return .linear01 }
        func fraction(_ p: Double) -> Double {
            let o = animation.outline(at: p)
            var dot = 0.0
            for i in pa.xs.indices {
                dot += (o.xs[i] - pa.xs[i]) * (pb.xs[i] - pa.xs[i]) + (o.ys[i] - pa.ys[i]) * (pb.ys[i] - pa.ys[i])
            }
            return dot / chord2
        }
        // One-sided differences from inside the interval, so that a jump at an end (the left
        // limit differs from the keyframe) does not enter the slope.
        let h = 1e-7
        var m0 = (fraction(a + 2 * h * (b - a)) - fraction(a + h * (b - a))) / h
        var m1 = (fraction(b - h * (b - a)) - fraction(b - 2 * h * (b - a))) / h
        if !m0.isFinite { m0 = 1 }
        if !m1.isFinite { m1 = 1 }
        if unitInterval {
            m0 = min(3, max(0, m0))
            m1 = min(3, max(0, m1))
        }
        // Cannot fail: x1 = 1/3 and x2 = 2/3, y finite.
        return (try? CubicBezierTiming(x1: 1.0 / 3, y1: m0 / 3, x2: 2.0 / 3, y2: 1 - m1 / 3)) ?? .linear01
    }

    /// The largest distance between the exported and the model's stored points at `samples`
    /// evenly spaced progress values strictly inside [a, b].
    static func deviation(_ animation: ShapeAnimation, from a: Double, to b: Double, _ pa: Path, _ pb: Path,
                          _ easing: CubicBezierTiming, samples: Int) -> Double {
        var worst = 0.0
        for j in 1...samples {
            let u = Double(j) / Double(samples + 1)
            let model = animation.outline(at: a + u * (b - a))
            let e = easing.value(at: u)
            for i in pa.xs.indices {
                let x = pa.xs[i] + (pb.xs[i] - pa.xs[i]) * e, y = pa.ys[i] + (pb.ys[i] - pa.ys[i]) * e
                let dx = x - model.xs[i], dy = y - model.ys[i]
                worst = max(worst, (dx * dx + dy * dy).squareRoot())
            }
        }
        return worst
    }

    /// The exported outline at progress p: the interpolation every player draws (see the type's
    /// documentation), for checks.
    public func outline(at p: Double) -> Path {
        guard keyframes.count > 1 else { return keyframes[0].outline }
        let p = min(1, max(0, p))
        var i = 0
        while i < keyframes.count - 2 && keyframes[i + 1].progress <= p { i += 1 }
        let a = keyframes[i], b = keyframes[i + 1]
        let e = easings[i].value(at: (p - a.progress) / (b.progress - a.progress))
        var xs = a.outline.xs, ys = a.outline.ys
        for k in xs.indices {
            xs[k] += (b.outline.xs[k] - a.outline.xs[k]) * e
            ys[k] += (b.outline.ys[k] - a.outline.ys[k]) * e
        }
        return Path(verbs: a.outline.verbs, xs: xs, ys: ys)
    }
}

extension CubicBezierTiming {
    /// cubic-bezier(0, 0, 1, 1): y = x.
    static let linear01: CubicBezierTiming = {
        // Cannot fail: the control points are in the unit square.
        guard let c = try? CubicBezierTiming(x1: 0, y1: 0, x2: 1, y2: 1) else { preconditionFailure("linear cubic-bezier") }
        return c
    }()
}

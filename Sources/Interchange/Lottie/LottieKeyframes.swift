import Geometry

/// An animatable Lottie property — a number, a vector, or a shape flattened to its numbers —
/// as its value at any frame, by the players' rules.
///
/// A property is `{"k": value}` (static) or `{"k": [keyframe, …]}` (animated, lottie-web's test:
/// `k` is an array whose first element is an object), each keyframe
/// `{"t": time, "s": value, "h": 1?, "o": handle, "i": handle, "to": […], "ti": […], "e": …}`.
/// A property with an expression (`"x": "…"`, a string) is refused: its value is code.
///
/// Evaluation at frame f (lottie-web `PropertyFactory.js` `interpolateValue`, and
/// `ShapeProperty.js` `interpolateShape` for shapes; lottie-ios `KeyframeInterpolator` agrees):
/// - before the first keyframe, its value; at or after the last, the last value (the last
///   keyframe's `s`, or in files of the older format, which give each keyframe an end value
///   `e` and the last one only a time, the previous keyframe's `e`);
/// - in between, the segment k with tₖ ≤ f < tₖ₊₁ (of equal times the later one), from
///   vₖ = `s` to the next keyframe's `s` (else this keyframe's `e`): a hold keyframe (`h` = 1)
///   keeps vₖ until tₖ₊₁; otherwise each number moves by p = ease((f − tₖ)/(tₖ₊₁ − tₖ))
///   (``LottieEasing``), v = vₖ + (vₖ₊₁ − vₖ)·p (exactly vₖ at p = 0 and vₖ₊₁ at p = 1);
/// - a segment with spatial tangents (`to` on keyframe k, `ti` its in tangent at k + 1) moves
///   along the cubic Bézier vₖ, vₖ + to, vₖ₊₁ + ti, vₖ₊₁ by arc length: the point at distance
///   p·L from vₖ, L the curve's length, p the first dimension's easing (lottie-web
///   `bez.buildBezierData` samples the curve at 150 points and walks the polyline — this is
///   that construction's exact limit, to 1e-12 of L). As lottie-web does when it loads a file,
///   tangents are dropped (plain interpolation) when both control points lie on the line
///   through vₖ and vₖ₊₁ — its `bez.pointOnLine2D` test, |det| < 0.001 of the 3 × 3
///   determinant of (x, y, 1) rows — or when vₖ = vₖ₊₁ and both tangents are zero.
///
/// Keyframe times must not decrease (equal times are a jump, as the players treat them).
struct LottieKeyframes: Sendable {
    struct Segment: Sendable {
        var end: [Double]
        var hold: Bool
        /// One easing per number, or one for all.
        var easing: [LottieEasing]
        /// The absolute control points of the spatial Bézier, when the segment moves along one.
        var spatial: (Point, Point)?
        var path: String
    }

    let dimension: Int
    let times: [Double]
    /// The value at each keyframe.
    let values: [[Double]]
    /// The segment from keyframe k to k + 1 (count: keyframes − 1).
    let segments: [Segment]
    /// Where the property is, for messages at evaluation time.
    let node: LottieNode

    /// The keyframe times, when the property is animated (empty when static).
    var keyframeTimes: [Double] { times.count > 1 ? times : [] }

    /// How the value of one keyframe (`s` or `e`) is read.
    typealias ValueReader = (LottieNode) throws(LottieError) -> [Double]

    /// The property at `node` (an object with `k`). `read` turns a static value or a keyframe's
    /// `s` into numbers; `sharedEasing` eases all numbers by one easing (shapes);
    /// `spatialAllowed` lets `to`/`ti` move a 2-D value along a curve.
    init(_ node: LottieNode, what: String, sharedEasing: Bool, spatialAllowed: Bool,
         describeCount: (Int) -> String = { "\($0) numbers" },
         read: ValueReader) throws(LottieError) {
        self.node = node
        _ = try node.requireObject(what)
        if let x = node.member("x"), x.value.string != nil {
            throw x.fail(.unsupported, "expressions are not supported (\(what) is computed by an After Effects expression)")
        }
        if let sid = node.member("sid"), sid.value.string != nil {
            throw sid.fail(.unsupported, "slots are not supported (\(what) is filled in by the player)")
        }
        let k = try node.require("k", "the value of \(what)")
        let keyframeNodes: [LottieNode]
        if let a = k.value.array, let first = a.first, first.object != nil {
            keyframeNodes = try k.elements("keyframes")
        } else {
            let v = try read(k)
            dimension = v.count
            times = [0]
            values = [v]
            segments = []
            return
        }
        var times: [Double] = [], starts: [[Double]?] = [], ends: [[Double]?] = []
        for (i, kf) in keyframeNodes.enumerated() {
            _ = try kf.requireObject("a keyframe")
            let t = try kf.require("t", "the keyframe's frame").number("keyframe time t")
            if let previous = times.last, t < previous {
                throw kf.fail("keyframes out of order: keyframe \(i) is at frame \(LottieNode.format(t)), before keyframe \(i - 1) at \(LottieNode.format(previous))")
            }
            times.append(t)
            starts.append(try kf.member("s").map { (s) throws(LottieError) in try read(s) })
            ends.append(try kf.member("e").map { (e) throws(LottieError) in try read(e) })
        }
        // Values at keyframes: s, or for the last keyframe of the older format the previous e.
        var values: [[Double]] = []
        for i in keyframeNodes.indices {
            if let s = starts[i] {
                values.append(s)
            } else if i == keyframeNodes.count - 1, i > 0, let e = ends[i - 1] {
                values.append(e)
            } else {
                throw keyframeNodes[i].fail("missing \"s\" (the keyframe's value)")
            }
        }
        let dimension = values[0].count
        for (i, v) in values.enumerated() where v.count != dimension {
            throw keyframeNodes[i].fail("the keyframe's value has \(describeCount(v.count)), keyframe 0 has \(describeCount(dimension)) (every keyframe needs the same)")
        }
        var segments: [Segment] = []
        for i in 0..<max(0, keyframeNodes.count - 1) {
            let kf = keyframeNodes[i]
            let hold = try kf.member("h").map { (h) throws(LottieError) in try h.flag("the hold flag h") } ?? false
            // The segment ends at the next keyframe's s, else at this keyframe's e.
            guard let end = starts[i + 1] ?? ends[i] else {
                throw keyframeNodes[i + 1].fail("missing \"s\" (the keyframe's value)")
            }
            guard end.count == dimension else {
                throw kf.fail("the keyframe's end value has \(describeCount(end.count)), its start has \(describeCount(dimension))")
            }
            var easing: [LottieEasing] = []
            if !hold {
                guard let o = kf.member("o"), let inHandle = kf.member("i") else {
                    throw kf.fail("missing easing handles \"o\" and \"i\" (a keyframe that is not the last and not a hold needs both)")
                }
                let components = max(LottieEasing.componentCount(o), LottieEasing.componentCount(inHandle))
                for d in 0..<(sharedEasing ? max(1, components) : dimension) {
                    easing.append(try LottieEasing.parse(out: o, in: inHandle, dimension: d))
                }
                if sharedEasing, easing.contains(where: { $0 != easing[0] }) {
                    throw o.fail(.unsupported, "\(what) takes one easing, but its handles give a different one per component")
                }
                if sharedEasing { easing = [easing[0]] }
            }
            var spatial: (Point, Point)?
            if let to = kf.member("to") {
                guard spatialAllowed, dimension >= 2 else {
                    throw to.fail(.unsupported, "spatial tangents on \(what) are not supported")
                }
                guard let ti = kf.member("ti") else { throw kf.fail("\"to\" without \"ti\" (a spatial segment needs both tangents)") }
                let outTangent = try to.numbers("the spatial out tangent to", minimum: 2)
                let inTangent = try ti.numbers("the spatial in tangent ti", minimum: 2)
                let start = values[i]
                for (v, n) in [(start, kf), (end, kf), (outTangent, to), (inTangent, ti)] where v.count > 2 && v[2] != 0 {
                    throw n.fail(.unsupported, "a spatial segment with a z component (3-D motion) is not supported")
                }
                if !hold {
                    spatial = LottieKeyframes.spatialControls(start: start, end: end, out: outTangent, in: inTangent)
                }
            }
            if spatial != nil, easing.count > 1 {
                // One easing moves the point along the curve (lottie-web takes the handles as one).
                let e0 = easing[0]
                if easing.contains(where: { $0 != e0 }) {
                    throw kf.fail(.unsupported, "a spatial segment takes one easing, but its handles give a different one per component")
                }
            }
            segments.append(Segment(end: end, hold: hold, easing: easing, spatial: spatial, path: kf.path))
        }
        self.dimension = dimension
        self.times = times
        self.values = values
        self.segments = segments
    }

    /// The control points of a spatial segment, or nil when lottie-web drops its tangents.
    static func spatialControls(start s: [Double], end e: [Double], out to: [Double], in ti: [Double]) -> (Point, Point)? {
        let c1 = Point(s[0] + to[0], s[1] + to[1]), c2 = Point(e[0] + ti[0], e[1] + ti[1])
        let sameEnds = s[0] == e[0] && s[1] == e[1]
        if !sameEnds, onLine(s[0], s[1], e[0], e[1], c1.x, c1.y), onLine(s[0], s[1], e[0], e[1], c2.x, c2.y) {
            return nil
        }
        if sameEnds, to[0] == 0, to[1] == 0, ti[0] == 0, ti[1] == 0 { return nil }
        return (c1, c2)
    }

    /// lottie-web `bez.pointOnLine2D`: the determinant of the rows (x₁, y₁, 1), (x₂, y₂, 1),
    /// (x₃, y₃, 1), in its order of terms, within ±0.001.
    static func onLine(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) -> Bool {
        let det = (x1 * y2) + (y1 * x3) + (x2 * y3) - (x3 * y2) - (y3 * x1) - (x2 * y1)
        return det > -0.001 && det < 0.001
    }

    /// The value at `frame` (finite).
    func value(at frame: Double) throws(LottieError) -> [Double] {
        let n = times.count
        if n == 1 || frame < times[0] { return values[0] }
        if frame >= times[n - 1] { return values[n - 1] }
        // The last keyframe at or before the frame (binary search; times do not decrease).
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= frame { lo = mid } else { hi = mid }
        }
        let seg = segments[lo]
        let start = values[lo]
        if seg.hold { return start }
        let x = (frame - times[lo]) / (times[lo + 1] - times[lo])
        if let (c1, c2) = seg.spatial {
            let p = seg.easing[0].progress(x)
            guard p >= 0, p <= 1 else {
                throw LottieError(.unsupported, source: node.source, path: seg.path, layer: node.layer,
                                  "at frame \(LottieNode.format(frame)) the easing of a spatial segment overshoots (\(LottieNode.format(p)) of its length, outside [0, 1]); the players disagree on where such a point is")
            }
            let curve = CubicBezier(Point(start[0], start[1]), c1, c2, Point(seg.end[0], seg.end[1]))
            var v = start
            let point = LottieKeyframes.point(on: curve, atLengthFraction: p)
            v[0] = point.x
            v[1] = point.y
            for d in 2..<max(2, v.count) { v[d] = LottieKeyframes.lerp(start[d], seg.end[d], p) }
            return v
        }
        var v = start
        for d in 0..<v.count {
            let p = seg.easing[seg.easing.count == 1 ? 0 : d].progress(x)
            v[d] = LottieKeyframes.lerp(start[d], seg.end[d], p)
        }
        return v
    }

    /// a + (b − a)·p, exactly a at p = 0 and b at p = 1 (lottie-web's formula, whose rounding
    /// at p = 1 can miss b by an ulp).
    static func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double {
        if p == 0 { return a }
        if p == 1 { return b }
        return a + (b - a) * p
    }

    /// The point at arc length p·L from the curve's start, L its length, to 1e-12·L.
    static func point(on curve: CubicBezier, atLengthFraction p: Double) -> Point {
        if p == 0 { return curve.p0 }
        if p == 1 { return curve.p3 }
        let rough = AdaptiveArcLength(accuracy: 1e-300, relativeAccuracy: 1e-13).length(of: curve)
        let total = rough.length
        guard total.isFinite, total > 0 else { return curve.p0 }
        let accuracy = max(total * 1e-13, Double.leastNormalMagnitude)
        let t = AdaptiveArcLength(accuracy: accuracy).parameter(atLength: p * total, of: curve).t
        guard t.isFinite else { return curve.p0 }
        return curve.point(at: t)
    }
}

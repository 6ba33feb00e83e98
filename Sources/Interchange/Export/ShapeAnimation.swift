import Deform
import Geometry

/// What an exporter writes: a model's outline as a function of progress p ∈ [0, 1] over
/// `duration` seconds, in the user coordinates of SVG, CSS, Lottie and UIKit (y down: the
/// model's y-up space flipped, x unchanged, the pose applied when the model is posed — the
/// inverse of the flip every reader applies).
///
/// Three inputs make one (the `beztune export` inputs):
/// - a still shape (a model with values and pose, or a fit result with standard errors):
///   ``init(model:parameters:standardErrors:)``, every progress the same outline;
/// - a fitted profile with per-parameter timings (two-stage or joint): ``init(model:profile:duration:keyframeTimes:standardErrors:)``
///   with one ``KeyframeTrack`` per animated parameter in the ``ProgressProfile`` and the
///   progress values of the keyframes it was fitted to;
/// - any ``ProgressProfile`` built by hand the same way.
///
/// The outline at p is the model's path for ``parameters(at:)`` — the profile's values —
/// flipped: ``outline(at:)``. Nothing is clamped (a spring's overshoot is kept).
public struct ShapeAnimation: Sendable {
    /// The model (``PosedModel`` of a base model when the pose is part of the shape).
    public let model: CatalogModel
    /// The parameters over progress; no tracks for a still shape.
    public let profile: ProgressProfile
    /// The length of progress 0 → 1, seconds.
    public let duration: Double
    /// The keyframes' progress values: the fitted keyframes' (when given), every track's key
    /// times, 0 and 1; sorted, each once.
    public let keyframeTimes: [Double]
    /// Standard errors of fitted parameters, by name, in the order given (for the `json`
    /// document).
    public let standardErrors: [(name: String, value: Double)]

    /// A still shape: `parameters` belong to `model`; `standardErrors` name parameters of it.
    public init(model: CatalogModel, parameters: ParameterVector,
                standardErrors: [(name: String, value: Double)] = []) throws(ExportError) {
        let profile: ProgressProfile
        do throws(ModelInputError) {
            profile = try ProgressProfile(base: parameters, tracks: [:])
        } catch {
            throw ExportError(error.description)
        }
        try self.init(model: model, profile: profile, duration: 1, keyframeTimes: [], standardErrors: standardErrors)
    }

    /// An animation of `duration` seconds (positive and finite); `keyframeTimes` are the
    /// fitted keyframes' progress values (each in [0, 1]).
    public init(model: CatalogModel, profile: ProgressProfile, duration: Double = 1,
                keyframeTimes: [Double] = [], standardErrors: [(name: String, value: Double)] = []) throws(ExportError) {
        guard profile.base.specs == model.parameters else {
            throw ExportError("the profile's parameters (\(profile.base.modelName)) are not model \(model.name)'s")
        }
        if let violation = profile.base.boundsViolation { throw ExportError(violation.description) }
        try Self.validate(duration: duration)
        for p in keyframeTimes where !(p >= 0 && p <= 1) {
            throw ExportError("keyframe progress \(ExportError.number(p)) is outside [0, 1]")
        }
        let names = model.parameters.map({ $0.name })
        for (name, value) in standardErrors {
            guard names.contains(name) else {
                throw ExportError(ModelInputError.unknownParameter(name: name, model: model.name, valid: names).description)
            }
            guard value.isFinite || value.isNaN, value.isNaN || value >= 0 else {
                throw ExportError("standard error of \(name) = \(ExportError.number(value)) is not a number ≥ 0")
            }
        }
        var times = Set(keyframeTimes + [0, 1])
        for track in profile.tracks.compactMap({ $0 }) {
            for k in track.keyframes { times.insert(k.time) }
        }
        self.model = model
        self.profile = profile
        self.duration = duration
        self.keyframeTimes = times.sorted()
        self.standardErrors = standardErrors
        let still = profile.tracks.allSatisfy { track in
            track.map { t in t.keyframes.allSatisfy { $0.value == t.keyframes[0].value } } ?? true
        }
        let (box, overflow) = Self.boundingBox(model: model, profile: profile, keyframeTimes: self.keyframeTimes, still: still)
        if let overflow {
            throw ExportError("the outline at progress \(ExportError.number(overflow.progress)) has a coordinate \(ExportError.number(overflow.value)): the export formats hold finite coordinates up to \(ExportError.number(Self.maximumCoordinate)) in magnitude (SVG, CSS and Lottie numbers, Lottie's whole-pixel size, Swift literals)")
        }
        boundingBox = box
    }

    /// The largest coordinate magnitude an export writes, model units: 1e15, below which every
    /// coordinate, size and whole-pixel canvas (an `Int`) is exact in double precision and every
    /// format's numbers hold it.
    public static let maximumCoordinate = 1e15

    /// Checks an animation duration (`--duration`): a positive finite number of seconds.
    public static func validate(duration d: Double) throws(ExportError) {
        guard d.isFinite, d > 0 else {
            throw ExportError(option: "duration must be a positive finite number of seconds (got \(ExportError.number(d)))")
        }
    }

    /// True when no parameter changes: every track (if any) holds one value throughout, so
    /// every progress draws the same outline.
    public var isStill: Bool {
        profile.tracks.allSatisfy { track in
            track.map { t in t.keyframes.allSatisfy { $0.value == t.keyframes[0].value } } ?? true
        }
    }

    /// The parameters at progress p (clamped to [0, 1]; NaN is a programmer error).
    public func parameters(at p: Double) -> ParameterVector {
        precondition(!p.isNaN, "ShapeAnimation: progress is NaN")
        let p = min(1, max(0, p))
        var out = profile.base
        for (i, track) in profile.tracks.enumerated() {
            if let track { out.setValue(track.value(at: p), at: i) }
        }
        return out
    }

    /// The model's path at progress p, model space (y up).
    public func modelPath(at p: Double) -> Path { model.path(parameters: parameters(at: p)) }

    /// The outline at progress p in user coordinates (y down): ``modelPath(at:)`` flipped.
    public func outline(at p: Double) -> Path { modelPath(at: p).transformed(by: .flipY) }

    /// The one timing every animated parameter follows from its start at progress 0 to its end
    /// at 1, when there is one: every track has exactly the two keyframes 0 and 1 and all use
    /// the same timing function. Then the outline is G(T(p)), G(s) the model at the parameters
    /// a fraction s of the way from start to end (``outline(fraction:)``), and an exporter may
    /// leave T out of the shape (SwiftUI's `.timingCurve`, `.spring`) or give it to every
    /// keyframe interval. Nil for a still shape.
    public var sharedTiming: TimingFunction? {
        let tracks = profile.tracks.compactMap { $0 }
        guard let first = tracks.first?.timings.first else { return nil }
        for t in tracks {
            guard t.keyframes.count == 2, t.keyframes[0].time == 0, t.keyframes[1].time == 1, t.timings == [first] else {
                return nil
            }
        }
        return first
    }

    /// The easing of the keyed interval [a, b], when every track has consecutive keys exactly at
    /// a and b and eases between them with one and the same cubic-bezier (or linear) timing — a
    /// `per-interval` profile, the designer's keys: the keyframe formats carry that interval as
    /// it is. Nil otherwise.
    public func keyedEasing(from a: Double, to b: Double) -> TimingFunction? {
        let tracks = profile.tracks.compactMap { $0 }
        var shared: TimingFunction?
        for t in tracks {
            guard let i = Self.keyframeIndex(at: a, in: t.keyframes), i + 1 < t.keyframes.count,
                  t.keyframes[i + 1].time == b else { return nil }
            let timing = t.timings[i]
            switch timing {
            case .cubicBezier, .linear: break
            default: return nil
            }
            if let shared, shared != timing { return nil }
            shared = timing
        }
        return shared
    }

    /// The index of the keyframe at exactly time `a`, by binary search (a track's times
    /// increase strictly, ``KeyframeTrack/init(keyframes:timings:)``), so asking for every
    /// interval of a long track costs log n each, not n; nil when no keyframe is at `a`.
    static func keyframeIndex(at a: Double, in keyframes: [KeyframeTrack.Keyframe]) -> Int? {
        var lo = 0, hi = keyframes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyframes[mid].time < a { lo = mid + 1 } else { hi = mid }
        }
        return lo < keyframes.count && keyframes[lo].time == a ? lo : nil
    }

    /// With a ``sharedTiming``, the parameters a fraction s of the way from every track's start
    /// to its end (``ParameterVector/interpolating(from:to:fraction:)``'s rule, the rule the
    /// track applies to T(p)); s may leave [0, 1]. Without one, the parameters at progress s.
    public func parameters(fraction s: Double) -> ParameterVector {
        guard sharedTiming != nil else { return parameters(at: s) }
        var out = profile.base
        for (i, track) in profile.tracks.enumerated() {
            if let track {
                let a = track.keyframes[0].value, b = track.keyframes[1].value
                out.setValue(a == b ? a : (s < 0.5 ? a + s * (b - a) : b - (1 - s) * (b - a)), at: i)
            }
        }
        return out
    }

    /// The outline a fraction s of the way (see ``parameters(fraction:)``), user coordinates.
    public func outline(fraction s: Double) -> Path {
        model.path(parameters: parameters(fraction: s)).transformed(by: .flipY)
    }

    /// The bounding box of the outlines at 129 evenly spaced progress values and at every
    /// keyframe time, user coordinates (an overshoot between samples may reach a little beyond).
    public let boundingBox: Rect

    /// The size tolerances are relative to: the larger side of ``boundingBox``, or 1 when the
    /// animation draws a single point.
    public var size: Double {
        let s = max(boundingBox.width, boundingBox.height)
        return s > 0 && s.isFinite ? s : 1
    }

    /// The box, and the first sample with a coordinate that is not finite or exceeds
    /// ``maximumCoordinate`` in magnitude (nil when none does).
    static func boundingBox(model: CatalogModel, profile: ProgressProfile, keyframeTimes: [Double],
                            still: Bool) -> (Rect, overflow: (progress: Double, value: Double)?) {
        var box: Rect?
        let samples = still ? [0] : (0...128).map { Double($0) / 128 } + keyframeTimes
        for p in samples {
            var parameters = profile.base
            for (i, track) in profile.tracks.enumerated() {
                if let track { parameters.setValue(track.value(at: p), at: i) }
            }
            let path = model.path(parameters: parameters).transformed(by: .flipY)
            if let bad = (path.xs + path.ys).first(where: { !(abs($0) <= maximumCoordinate) }) {
                return (box ?? Rect(point: .zero), (p, bad))
            }
            if let b = path.boundingBox {
                box = box.map { $0.union(b) } ?? b
            }
        }
        return (box ?? Rect(minX: 0, minY: 0, maxX: 0, maxY: 0), nil)
    }
}

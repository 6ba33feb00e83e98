import Deform

/// One model parameter as a function of progress: the timing model a profile fit finds for it
/// (see ``ProfileTimingKind`` for the kinds and their unknowns).
///
/// Parametric kinds: p(x) = start + (end − start)·y(x), y the easing of the kind at its timing
/// parameters, exactly as the toolkit plays a two-keyframe track from start to end
/// (``KeyframeTrack/init(from:to:timing:)``, ``ProgressProfile``): in particular a spring's
/// value at progress 1 is `end` — the animation is over and shows its final value, as Core
/// Animation does — even where the spring has not settled (y(1) ≠ 1); before that it is where
/// the spring is. ``value(at:)`` continues the curve outside [0, 1] as
/// ``TimingFunction/value(at:)`` does (a spring holds `end` after 1). `keyframes`: the
/// piecewise-linear interpolation of ``keyframes`` (held before the first and after the last).
/// `per-interval`: ``keyframes`` are the keys, eased by ``intervalEasings`` between them
/// (``KeyframeTrack`` with one timing per interval).
public struct ParameterTrajectory: Hashable, Sendable, CustomStringConvertible {
    public let kind: ProfileTimingKind
    /// The value at progress 0 (parametric kinds), or the first keyframe's value.
    public let start: Double
    /// The value at progress 1 (a spring's rest value, which it approaches before and shows at
    /// progress 1), or the last keyframe's value.
    public let end: Double
    /// The timing parameters in ``ProfileTimingKind/timingParameterNames`` order: (x1, y1, x2, y2)
    /// or (ω, ζ, v₀); empty for linear and keyframes.
    public let timingValues: [Double]
    /// The keyframes a `keyframes` trajectory passes through, or a `per-interval` trajectory's
    /// keys (progress increasing); empty otherwise.
    public let keyframes: [KeyframeTrack.Keyframe]
    /// A `per-interval` trajectory's easing of each interval between its keys (cubic-bezier or
    /// linear); empty otherwise.
    public let intervalEasings: [TimingFunction]

    /// A parametric trajectory from its unknowns θ = (start, end, timing parameters…). Checks
    /// the count, that every value is finite and that the timing parameters are valid (x1, x2 in
    /// [0, 1]; ω > 0, ζ ≥ 0).
    public init(kind: ProfileTimingKind, unknowns: [Double]) throws(TimingError) {
        precondition(kind.isParametric, "ParameterTrajectory(kind:unknowns:) is for parametric kinds; use init(keyframes:)")
        guard unknowns.count == kind.unknownCount else {
            throw TimingError("\(kind) takes \(kind.unknownCount) unknowns (\(kind.unknownNames.joined(separator: ", "))), got \(unknowns.count)")
        }
        guard unknowns[0].isFinite, unknowns[1].isFinite else {
            throw TimingError("start and end must be finite numbers")
        }
        let timing = Array(unknowns.dropFirst(2))
        _ = try Self.timingFunction(kind, timing)
        self.kind = kind
        self.start = unknowns[0]
        self.end = unknowns[1]
        self.timingValues = timing
        self.keyframes = []
        self.intervalEasings = []
    }

    /// The `per-interval` trajectory through `keys` (at least two; as ``init(keyframes:)``
    /// checks them) with `easings`, one per interval.
    public init(keys: [KeyframeTrack.Keyframe], easings: [TimingFunction]) throws(TimingError) {
        guard keys.count >= 2 else { throw TimingError("a per-interval trajectory needs at least two keys") }
        guard easings.count == keys.count - 1 else {
            throw TimingError("\(keys.count) keys need \(keys.count - 1) easings, got \(easings.count)")
        }
        _ = try KeyframeTrack(keyframes: keys, timings: easings)
        self.kind = .perInterval
        self.start = keys[0].value
        self.end = keys[keys.count - 1].value
        self.timingValues = []
        self.keyframes = keys
        self.intervalEasings = easings
    }

    /// The piecewise-linear trajectory through `keyframes` (at least one; progress in [0, 1],
    /// strictly increasing; finite values).
    public init(keyframes: [KeyframeTrack.Keyframe]) throws(TimingError) {
        _ = try KeyframeTrack(keyframes: keyframes)
        self.kind = .keyframes
        self.start = keyframes[0].value
        self.end = keyframes[keyframes.count - 1].value
        self.timingValues = []
        self.keyframes = keyframes
        self.intervalEasings = []
    }

    /// Without checks, for results the solver produced inside the box.
    init(unchecked kind: ProfileTimingKind, unknowns: [Double], keyframes: [KeyframeTrack.Keyframe] = []) {
        self.kind = kind
        if kind.isParametric {
            self.start = unknowns[0]
            self.end = unknowns[1]
            self.timingValues = Array(unknowns.dropFirst(2))
        } else {
            self.start = keyframes.first?.value ?? .nan
            self.end = keyframes.last?.value ?? .nan
            self.timingValues = []
        }
        self.keyframes = keyframes
        self.intervalEasings = []
    }

    /// The unknowns θ = (start, end, timing parameters…); empty for `keyframes`.
    public var unknowns: [Double] { kind.isParametric ? [start, end] + timingValues : [] }

    /// The easing as a ``TimingFunction`` (nil for `keyframes`).
    public var timingFunction: TimingFunction? {
        kind.isParametric ? try? Self.timingFunction(kind, timingValues) : nil
    }

    static func timingFunction(_ kind: ProfileTimingKind, _ v: [Double]) throws(TimingError) -> TimingFunction {
        switch kind {
        case .cubicBezier: return .cubicBezier(try CubicBezierTiming(x1: v[0], y1: v[1], x2: v[2], y2: v[3]))
        case .spring: return .spring(try SpringTiming(omega: v[0], zeta: v[1], initialVelocity: v[2]))
        case .linear: return .linear
        case .keyframes, .perInterval: throw TimingError("\(kind) has no single timing function")
        }
    }

    /// p(x).
    public func value(at x: Double) -> Double {
        switch kind {
        case .keyframes:
            // Cannot fail: checked by the initialiser.
            return (try? KeyframeTrack(keyframes: keyframes))?.value(at: x) ?? .nan
        case .perInterval:
            return (try? KeyframeTrack(keyframes: keyframes, timings: intervalEasings))?.value(at: x) ?? .nan
        case .cubicBezier, .linear:
            return start + (end - start) * (timingFunction?.value(at: x) ?? .nan)
        case .spring:
            guard let f = timingFunction, case .spring(let spring) = f else { return .nan }
            return x >= 1 ? end : start + (end - start) * spring.valueAndGradient(at: x).value
        }
    }

    /// p(x) and ∂p/∂θ for x ∈ [0, 1] (parametric kinds):
    ///
    ///     ∂p/∂start = 1 − y,   ∂p/∂end = y,   ∂p/∂τ = (end − start)·∂y/∂τ,
    ///
    /// (a spring at x = 1: y = 1 and ∂y/∂τ = 0, see the type's documentation),
    /// with ∂y/∂τ from ``CubicBezierTiming/valueAndGradient(at:)`` or
    /// ``SpringTiming/valueAndGradient(at:)``.
    func valueAndGradient(at x: Double) -> (value: Double, gradient: [Double]) {
        Self.valueAndGradient(kind: kind, unknowns: unknowns, at: x)
    }

    /// ``valueAndGradient(at:)`` for unknowns θ that may not make a valid trajectory (the
    /// solver's trial points always do: they lie in the box): NaN then.
    static func valueAndGradient(kind: ProfileTimingKind, unknowns θ: [Double], at x: Double)
        -> (value: Double, gradient: [Double]) {
        let start = θ[0], end = θ[1], delta = end - start
        let y: Double
        var gradient = [Double](repeating: 0, count: θ.count)
        switch kind {
        case .linear:
            y = x
        case .cubicBezier:
            guard let c = try? CubicBezierTiming(x1: θ[2], y1: θ[3], x2: θ[4], y2: θ[5]) else {
                return (.nan, [Double](repeating: .nan, count: θ.count))
            }
            let (v, g) = c.valueAndGradient(at: x)
            y = v
            for k in 0..<4 { gradient[2 + k] = delta * g[k] }
        case .spring:
            guard let s = try? SpringTiming(omega: θ[2], zeta: θ[3], initialVelocity: θ[4]) else {
                return (.nan, [Double](repeating: .nan, count: θ.count))
            }
            if x >= 1 {
                y = 1  // the animation has ended: the end value, whatever the spring's position
            } else {
                let (v, g) = s.valueAndGradient(at: x)
                y = v
                for k in 0..<3 { gradient[2 + k] = delta * g[k] }
            }
        case .keyframes, .perInterval:
            preconditionFailure("\(kind) trajectories have no per-parameter unknowns")
        }
        gradient[0] = 1 - y
        gradient[1] = y
        return (start + delta * y, gradient)
    }

    /// `cubic-bezier(x1,y1,x2,y2) from START to END`, `spring(ω,ζ,v₀) …`, `linear …`, or
    /// `keyframes (N)`.
    public var description: String {
        switch kind {
        case .keyframes: "keyframes (\(keyframes.count))"
        case .perInterval: "per-interval (\(keyframes.count) keys)"
        default: "\(timingFunction?.description ?? kind.rawValue) from \(start) to \(end)"
        }
    }
}

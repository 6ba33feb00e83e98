import _Support

/// One parameter's values at key times of an animation, with a timing function per interval —
/// `CAKeyframeAnimation`'s `keyTimes`, `values` and `timingFunctions`.
///
/// Between keyframes i and i + 1 the value is
///
///     v(p) = vᵢ + (vᵢ₊₁ − vᵢ)·Tᵢ((p − pᵢ)/(pᵢ₊₁ − pᵢ))
///
/// (written exactly at both ends, as ``ParameterVector/interpolating(from:to:fraction:)``
/// does); before the first key time it holds the first value, after the last the last value.
public struct KeyframeTrack: Hashable, Sendable {
    public struct Keyframe: Hashable, Sendable {
        /// The key time, a progress in [0, 1].
        public var time: Double
        public var value: Double

        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    public let keyframes: [Keyframe]
    /// The timing function of each interval (count = keyframes − 1).
    public let timings: [TimingFunction]

    /// Checks the keyframes: at least one; times finite, in [0, 1], strictly increasing; values
    /// finite. `timings` has one function per interval, or a single one shared by all intervals.
    public init(keyframes: [Keyframe], timings: [TimingFunction] = [.linear]) throws(TimingError) {
        guard !keyframes.isEmpty else { throw TimingError("a keyframe track needs at least one keyframe") }
        for (i, k) in keyframes.enumerated() {
            guard k.time.isFinite, k.time >= 0, k.time <= 1 else {
                throw TimingError("keyframe \(i): time \(TimingError.number(k.time)) is outside [0, 1]")
            }
            guard k.value.isFinite else { throw TimingError("keyframe \(i): value \(TimingError.number(k.value)) is not finite") }
            if i > 0, !(k.time > keyframes[i - 1].time) {
                throw TimingError("keyframe \(i): time \(TimingError.number(k.time)) does not follow \(TimingError.number(keyframes[i - 1].time)) (times must increase)")
            }
        }
        let intervals = keyframes.count - 1
        if timings.count == 1 {
            self.timings = Array(repeating: timings[0], count: intervals)
        } else {
            guard timings.count == intervals else {
                throw TimingError("\(keyframes.count) keyframes need \(intervals) timing functions (or one for all), got \(timings.count)")
            }
            self.timings = timings
        }
        self.keyframes = keyframes
    }

    /// The two-keyframe track from `start` at progress 0 to `end` at progress 1.
    public init(from start: Double, to end: Double, timing: TimingFunction) {
        precondition(start.isFinite && end.isFinite, "keyframe values must be finite")
        keyframes = [Keyframe(time: 0, value: start), Keyframe(time: 1, value: end)]
        timings = [timing]
    }

    /// The value at progress `p`.
    public func value(at p: Double) -> Double {
        PiecewiseLookup.evaluate(keyframes, at: p, position: { $0.time }, value: { $0.value }) { lo, hi in
            let a = keyframes[lo], b = keyframes[hi]
            let s = timings[lo].value(at: (p - a.time) / (b.time - a.time))
            return ParameterVector.lerp(a.value, b.value, s)
        }
    }
}

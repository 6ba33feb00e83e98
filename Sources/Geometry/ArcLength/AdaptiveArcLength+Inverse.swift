/// The parameter found for a requested arc length, with a bound on how far its arc length is from
/// the request.
public struct ArcLengthParameter: Sendable, Equatable {
    /// The parameter t ∈ [0, 1].
    public var t: Double
    /// A bound on |s(t) − target| where s(t) = ∫₀ᵗ |B′| and the target is the requested length
    /// clamped to [0, s(1)].
    public var lengthError: Double
    /// `.converged` when lengthError ≤ the requested accuracy; otherwise why not.
    public var status: ArcLengthResult.Status
}

extension AdaptiveArcLength {
    /// The inverse of the arc length: the parameter t with s(t) = `target`, where
    /// s(t) = ∫₀ᵗ |B′(u)| du, to within `accuracy` in length (|s(t) − target| ≤ accuracy, proven
    /// by the integrator's error bounds). `target` ≤ 0 gives t = 0 and `target` ≥ the total
    /// length gives t = 1. `relativeAccuracy` is not used here.
    ///
    /// s is continuous and non-decreasing (strictly increasing except along a degenerate stretch
    /// where B′ ≡ 0, which only happens for a point-curve), so the root is bracketed by [lo, hi]
    /// with s(lo) < target < s(hi) throughout. Each step is Newton's, t ← t − (s(t) − target)/|B′(t)|,
    /// replaced by regula falsi on the bracket and then bisection when it would leave the bracket
    /// (e.g. at a cusp, |B′| = 0). s(t) is integrated (to accuracy/8) from the nearer bracket end
    /// whose value is known, carrying that end's error bound; once the carried bound exceeds
    /// accuracy/2 it is recomputed from 0. Stops when |s(t) − target| + error ≤ accuracy, after 64
    /// steps (status `.limitReached`) or when the bracket is within rounding of a single t
    /// (status `.roundingLimited`: the accuracy is finer than one ulp of t moves the length).
    public func parameter(atLength target: Double, of curve: CubicBezier) -> ArcLengthParameter {
        guard target.isFinite else { return ArcLengthParameter(t: .nan, lengthError: .nan, status: .nonFinite) }
        let piece = AdaptiveArcLength(accuracy: accuracy / 8, maxDepth: maxDepth, maxIntervals: maxIntervals)
        let total = piece.length(of: curve)
        guard total.status != .nonFinite else {
            return ArcLengthParameter(t: .nan, lengthError: .nan, status: .nonFinite)
        }
        if target <= 0 || total.length == 0 { return ArcLengthParameter(t: 0, lengthError: 0, status: .converged) }
        if target >= total.length {
            return ArcLengthParameter(t: 1, lengthError: total.errorEstimate, status: total.status)
        }
        var (lo, sLo, eLo) = (0.0, 0.0, 0.0)
        var (hi, sHi, eHi) = (1.0, total.length, total.errorEstimate)
        var t = target / total.length
        var best = ArcLengthParameter(t: t, lengthError: .infinity, status: .limitReached)
        for _ in 0..<64 {
            var s: Double, e: Double
            var worst = ArcLengthResult.Status.converged
            if t - lo <= hi - t {
                let r = piece.length(of: curve, from: lo, to: t)
                (s, e, worst) = (sLo + r.length, eLo + r.errorEstimate, r.status)
            } else {
                let r = piece.length(of: curve, from: t, to: hi)
                (s, e, worst) = (sHi - r.length, eHi + r.errorEstimate, r.status)
            }
            if e > 0.5 * accuracy {
                let r = piece.length(of: curve, from: 0, to: t)
                (s, e, worst) = (r.length, r.errorEstimate, r.status)
            }
            let error = abs(s - target) + e
            if error < best.lengthError {
                best = ArcLengthParameter(t: t, lengthError: error,
                                          status: worst == .converged ? .limitReached : worst)
            }
            if error <= accuracy {
                best.status = .converged
                return best
            }
            if s < target { (lo, sLo, eLo) = (t, s, e) } else { (hi, sHi, eHi) = (t, s, e) }
            let v = curve.derivative(at: t).length
            var next = t - (s - target) / v
            if !(next > lo && next < hi) {
                next = lo + (target - sLo) / (sHi - sLo) * (hi - lo)
            }
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if next <= lo || next >= hi || hi - lo <= 4 * Double.ulpOfOne {
                if best.status == .limitReached { best.status = .roundingLimited }
                return best
            }
            t = next
        }
        return best
    }
}

extension CubicBezier {
    /// The parameter at arc length `length` from the start, to `accuracy` in length units; see
    /// `AdaptiveArcLength.parameter(atLength:of:)`.
    public func parameter(atArcLength length: Double, accuracy: Double = 1e-9) -> ArcLengthParameter {
        AdaptiveArcLength(accuracy: accuracy).parameter(atLength: length, of: self)
    }
}

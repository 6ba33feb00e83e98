/// A ``ProgressProfile`` played under a group timing function, as a `CAAnimationGroup`'s
/// `timingFunction` warps the time its children see: the parameters at progress p are the
/// profile's at
///
///     p′ = clamp(T(p), 0, 1),
///
/// so every track keeps its own timing inside the warped time. Clamping is what a group does
/// with its children filled forwards and backwards: an overshooting T (a spring) holds the first
/// or last frame instead of extrapolating. With `.linear`, p′ = p and this is the profile itself.
public struct TimedProfile: Hashable, Sendable {
    public let profile: ProgressProfile
    /// T, the group timing function.
    public let timing: TimingFunction

    public init(_ profile: ProgressProfile, timing: TimingFunction = .linear) {
        self.profile = profile
        self.timing = timing
    }

    /// The values of parameters without a track (see ``ProgressProfile/base``).
    public var base: ParameterVector { profile.base }

    /// The warped progress p′ for p.
    public func warpedProgress(_ p: Double) -> Double {
        let t = timing.value(at: p)
        return t.isNaN ? t : min(1, max(0, t))
    }

    /// The parameters at progress `p`; an error for p outside [0, 1] or NaN.
    public func parameters(at p: Double) throws(ModelInputError) -> ParameterVector {
        guard p >= 0 && p <= 1 else { throw .progressOutOfRange(p) }
        return try profile.parameters(at: warpedProgress(p))
    }
}

/// A spring in Android's terms (`androidx.dynamicanimation.animation.SpringForce`, driven by a
/// `SpringAnimation`): stiffness and damping ratio, with the animation's start velocity.
///
/// Android's documentation of `SpringForce`: "Stiffness corresponds to the spring constant",
/// and the damping ratio is the usual ζ (> 1 over-damped, 1 critical, < 1 under-damped, 0
/// oscillates forever). The mass is 1: `SpringForce.setStiffness(k)` sets the natural frequency
/// to √k (AOSP, `SpringForce.java`: `mNaturalFreq = Math.sqrt(stiffness)`), with time in seconds.
/// `SpringAnimation.setStartVelocity` takes pixels (the animated property's units) per second;
/// ``startVelocity`` is in progress (fractions of the animated distance) per second, so multiply
/// it by the distance. Against ``SpringTiming``'s (ω, ζ, v₀) per unit of progress for an
/// animation of D seconds:
///
///     ω_s = √stiffness,  ω = ω_s·D,  v₀ = v·D;   stiffness = (ω/D)²,  v = v₀/D.
public struct AndroidSpringForce: Hashable, Sendable {
    /// `stiffness` (> 0).
    public let stiffness: Double
    /// `dampingRatio` ζ (≥ 0).
    public let dampingRatio: Double
    /// The start velocity in progress per second (× the distance for `setStartVelocity`).
    public let startVelocity: Double

    /// Checks the ranges Android enforces (stiffness > 0, damping ratio ≥ 0) and finiteness.
    public init(stiffness: Double, dampingRatio: Double, startVelocity: Double = 0) throws(TimingError) {
        try TimingError.checkPositive(stiffness, "Android spring stiffness")
        try TimingError.checkNonNegative(dampingRatio, "Android spring damping ratio")
        try TimingError.checkFinite(startVelocity, "Android spring start velocity")
        (self.stiffness, self.dampingRatio, self.startVelocity) = (stiffness, dampingRatio, startVelocity)
    }

    /// The `SpringForce` that plays `spring` over `duration` seconds: stiffness (ω/D)², ζ,
    /// start velocity v₀/D.
    public init(_ spring: SpringTiming, duration: Double) throws(TimingError) {
        try SpringTiming.checkDuration(duration)
        let omegaSeconds = spring.omega / duration
        try self.init(stiffness: omegaSeconds * omegaSeconds, dampingRatio: spring.zeta,
                      startVelocity: spring.initialVelocity / duration)
    }

    /// ω_s = √stiffness, radians per second.
    public var naturalFrequency: Double { stiffness.squareRoot() }

    /// The spring per unit of progress when progress 1 is `duration` seconds.
    public func springTiming(duration: Double) throws(TimingError) -> SpringTiming {
        try SpringTiming.checkDuration(duration)
        return try SpringTiming(omega: naturalFrequency * duration, zeta: dampingRatio,
                                initialVelocity: startVelocity * duration)
    }
}

/// A spring in Core Animation's terms (`CASpringAnimation`, QuartzCore): the mass m, stiffness
/// k and damping c of a damped harmonic oscillator m·x″ + c·x′ + k·(x − 1) = 0 with time in
/// seconds, and the initial velocity v in progress (fractions of the animated distance) per
/// second, positive towards the end value. Apple's documentation of `CASpringAnimation` names
/// the four properties (mass, default 1, > 0; stiffness, default 100, > 0; damping, default 10,
/// ≥ 0; initialVelocity, default 0, positive "towards the spring attachment point") and its
/// read-only `settlingDuration`, "the estimated duration required for the spring system to be
/// considered at rest", without saying which rest threshold it uses: ``settlingDuration(threshold:)``
/// is ours, with the threshold stated.
///
/// Against ``SpringTiming``'s (ω, ζ, v₀) per unit of progress, for an animation of D seconds
/// (the oscillator's textbook parameters, e.g. Thornton & Marion, *Classical Dynamics*, §3.5):
///
///     ω_s = √(k/m),  ζ = c/(2√(m·k)),  ω = ω_s·D,  v₀ = v·D
///     k = m·ω_s²,    c = 2ζ·m·ω_s,     v = v₀/D,   ω_s = ω/D
///
/// The mass is a free choice in the second direction (default 1): every m with k and c scaled
/// by it draws the same motion.
public struct CoreAnimationSpring: Hashable, Sendable {
    /// `mass` (> 0).
    public let mass: Double
    /// `stiffness` k (> 0), force per unit displacement.
    public let stiffness: Double
    /// `damping` c (≥ 0), force per unit velocity.
    public let damping: Double
    /// `initialVelocity`, progress per second (positive towards the end value).
    public let initialVelocity: Double

    /// Checks that mass and stiffness are positive and finite, damping finite and ≥ 0, and the
    /// velocity finite (the ranges Apple documents).
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) throws(TimingError) {
        guard mass.isFinite, mass > 0, stiffness.isFinite, stiffness > 0 else {
            throw TimingError("spring mass and stiffness must be positive finite numbers (got mass \(TimingError.number(mass)), stiffness \(TimingError.number(stiffness)))")
        }
        try TimingError.checkNonNegative(damping, "spring damping")
        try TimingError.checkFinite(initialVelocity, "spring initial velocity")
        (self.mass, self.stiffness, self.damping, self.initialVelocity) = (mass, stiffness, damping, initialVelocity)
    }

    /// The Core Animation spring that plays `spring` over `duration` seconds, with mass `mass`:
    /// k = m·(ω/D)², c = 2ζ·m·(ω/D), v = v₀/D.
    public init(_ spring: SpringTiming, duration: Double, mass: Double = 1) throws(TimingError) {
        try SpringTiming.checkDuration(duration)
        let omegaSeconds = spring.omega / duration
        try self.init(mass: mass, stiffness: mass * omegaSeconds * omegaSeconds,
                      damping: 2 * spring.zeta * mass * omegaSeconds,
                      initialVelocity: spring.initialVelocity / duration)
    }

    /// ω_s = √(k/m), radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c/(2√(m·k)).
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The spring per unit of progress when progress 1 is `duration` seconds: ω = ω_s·D,
    /// ζ = c/(2√(mk)), v₀ = v·D. Without a duration, D is the spring's own
    /// ``settlingDuration(threshold:)`` at 1e-3 (as one sets `duration = settlingDuration` in
    /// Core Animation), which needs c > 0.
    public func springTiming(duration: Double? = nil) throws(TimingError) -> SpringTiming {
        let d = duration ?? settlingDuration()
        try SpringTiming.checkDuration(d, undampedHint: duration == nil)
        return try SpringTiming(omega: naturalFrequency * d, zeta: dampingRatio, initialVelocity: initialVelocity * d)
    }

    /// Our settling duration, in seconds: the last time the spring released at 0 with
    /// `initialVelocity` towards 1 is at distance `threshold` (a fraction of the animated
    /// distance, default 1e-3 — the epsilon Apple documents for SwiftUI's
    /// `Spring.settlingDuration`) from 1, after which it stays nearer (``SpringTiming/settlingTime(threshold:)``
    /// of the spring per second). +∞ without damping; NaN when the parameters overflow the
    /// closed forms (beyond ``SpringTiming/parameterLimit``).
    public func settlingDuration(threshold: Double = 1e-3) -> Double {
        guard let perSecond = try? SpringTiming(omega: naturalFrequency, zeta: dampingRatio, initialVelocity: initialVelocity) else {
            return .nan
        }
        return perSecond.settlingTime(threshold: threshold)
    }
}

extension SpringTiming {
    /// Checks an animation duration in seconds: positive and finite.
    static func checkDuration(_ d: Double, undampedHint: Bool = false) throws(TimingError) {
        try TimingError.checkPositive(d, "spring duration", unit: " of seconds",
                                      hint: undampedHint ? "; an undamped spring never settles" : "")
    }
}

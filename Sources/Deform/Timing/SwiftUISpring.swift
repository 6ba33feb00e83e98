import _CLibc

/// A spring in SwiftUI's terms (`Spring`, `Animation.spring(response:dampingFraction:blendDuration:)`,
/// `Animation.interpolatingSpring(duration:bounce:initialVelocity:)`): the response and damping
/// fraction, or equivalently the duration and bounce, with an initial velocity in progress
/// (fractions of the animated distance) per second.
///
/// Apple's documentation of `Spring` defines the response as "the stiffness of the spring,
/// defined as an approximate duration in seconds", the damping ratio as "the amount of drag
/// applied as a fraction of the amount needed to produce critical damping", and bounce 0 as
/// critical damping, up to 1 undamped, down to −1 for overdamped springs; its overview converts
/// `Spring(duration: 0.5, bounce: 0.3)` to mass 1, stiffness 157.9, damping 17.6, and
/// `Spring(mass: 1, stiffness: 100, damping: 10)` to duration 0.63, bounce 0.5. Those are the
/// closed forms, with mass 1 and ω_s the natural frequency in radians per second:
///
///     response = duration = 2π/ω_s,      stiffness = (2π/response)²,
///     dampingRatio = ζ,                  damping = 4π·ζ/response  (= 2ζ·√stiffness),
///     bounce = 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1;   ζ = 1 − bounce for bounce ≥ 0, 1/(1 + bounce) below.
///
/// (2π/0.5 = 12.566, squared 157.91, 2·0.7·12.566 = 17.59; 2π/10 = 0.628, 1 − 10/20 = 0.5.) The
/// overdamped branch of bounce is not spelled out by Apple; Flutter's
/// `SpringDescription.withDurationAndBounce`, documented as producing "the same result as
/// SwiftUI's spring(duration:bounce:blendDuration:)", uses ζ = 1/(bounce + 1) for bounce ≤ 0.
/// The initial velocity is `interpolatingSpring`'s, "a value … representing the magnitude of the
/// value being animated" per second. Against ``SpringTiming``'s (ω, ζ, v₀) per unit of progress
/// for an animation of D seconds: ω = ω_s·D, v₀ = v·D.
public struct SwiftUISpring: Hashable, Sendable {
    /// `response`, seconds (> 0): 2π/ω_s.
    public let response: Double
    /// `dampingRatio` (SwiftUI's `dampingFraction`), ζ ≥ 0.
    public let dampingRatio: Double
    /// The initial velocity, progress per second.
    public let initialVelocity: Double

    public init(response: Double, dampingRatio: Double, initialVelocity: Double = 0) throws(TimingError) {
        try TimingError.checkPositive(response, "SwiftUI spring response", unit: " of seconds")
        try TimingError.checkNonNegative(dampingRatio, "SwiftUI spring damping ratio")
        try TimingError.checkFinite(initialVelocity, "SwiftUI spring initial velocity")
        (self.response, self.dampingRatio, self.initialVelocity) = (response, dampingRatio, initialVelocity)
    }

    /// `Spring(duration:bounce:)`: response = duration, ζ = 1 − bounce for bounce ≥ 0 and
    /// 1/(1 + bounce) for bounce < 0; bounce must lie in (−1, 1] (−1 would be infinite damping).
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) throws(TimingError) {
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw TimingError("SwiftUI spring bounce must lie in (-1, 1] (got \(TimingError.number(bounce)))")
        }
        try self.init(response: duration, dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce),
                      initialVelocity: initialVelocity)
    }

    /// The SwiftUI spring that plays `spring` over `duration` seconds: response = 2πD/ω,
    /// ζ unchanged, velocity v₀/D.
    public init(_ spring: SpringTiming, duration: Double) throws(TimingError) {
        try SpringTiming.checkDuration(duration)
        try self.init(response: 2 * Double.pi * duration / spring.omega, dampingRatio: spring.zeta,
                      initialVelocity: spring.initialVelocity / duration)
    }

    /// `duration`, the perceptual duration: the response, seconds.
    public var duration: Double { response }

    /// `bounce`: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1 (in (−1, 1]).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// `mass`: 1.
    public var mass: Double { 1 }

    /// `stiffness`: (2π/response)².
    public var stiffness: Double {
        let w = naturalFrequency
        return w * w
    }

    /// `damping`: 2ζ·(2π/response).
    public var damping: Double { 2 * dampingRatio * naturalFrequency }

    /// ω_s = 2π/response, radians per second.
    public var naturalFrequency: Double { 2 * Double.pi / response }

    /// The spring per unit of progress when progress 1 is `duration` seconds: ω = 2πD/response,
    /// ζ, v₀ = v·D.
    public func springTiming(duration: Double) throws(TimingError) -> SpringTiming {
        try SpringTiming.checkDuration(duration)
        return try SpringTiming(omega: naturalFrequency * duration, zeta: dampingRatio,
                                initialVelocity: initialVelocity * duration)
    }
}

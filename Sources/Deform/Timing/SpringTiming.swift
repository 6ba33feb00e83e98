import _CLibc

/// A damped spring as a timing function: the position y(t) of a unit mass released at 0 with
/// velocity v₀ towards a rest point at 1,
///
///     y″ + 2ζω·y′ + ω²·(y − 1) = 0,   y(0) = 0,   y′(0) = v₀,
///
/// with natural frequency ω (radians per unit of progress), damping ratio ζ ≥ 0 and initial
/// velocity v₀ (progress units per unit of progress; positive moves towards 1). Progress is
/// the time: an animation of D seconds with a spring of ω_s rad/s has ω = ω_s·D and
/// v₀ = v₀_s·D. The platforms' own terms, both ways, for a duration D in seconds:
/// ``CoreAnimationSpring`` (`CASpringAnimation`), ``SwiftUISpring`` (SwiftUI `Spring`) and
/// ``AndroidSpringForce`` (`SpringForce`).
///
/// Closed forms of u = y − 1 (u(0) = −1, u′(0) = v₀), any textbook on the damped harmonic
/// oscillator (e.g. Thornton & Marion, *Classical Dynamics*, §3.5):
/// - underdamped ζ < 1, ω_d = ω√(1 − ζ²):  u = e^{−ζωt}·(−cos ω_d t + (v₀ − ζω)·sin(ω_d t)/ω_d)
/// - critically damped ζ = 1:              u = e^{−ωt}·(−1 + (v₀ − ω)·t)
/// - overdamped ζ > 1, γ = ω√(ζ² − 1), r₁,₂ = −ζω ± γ:
///   u = C₁e^{r₁t} + C₂e^{r₂t},  C₁ = (v₀ + r₂)/(2γ),  C₂ = −(v₀ + r₁)/(2γ)
///
/// Numerics: sin(ω_d t)/ω_d is evaluated as t·sinc(ω_d t) and, for γt ≤ 1, the overdamped form
/// as e^{−ζωt}(−cosh γt + (v₀ − ζω)·t·sinhc γt), so both are continuous through ζ = 1 with no
/// cancellation; r₁ = −ω²/(ζω + γ) avoids cancelling −ζω + γ for large ζ.
public struct SpringTiming: Hashable, Sendable, CustomStringConvertible {
    /// Natural frequency ω, radians per unit of progress (> 0).
    public let omega: Double
    /// Damping ratio ζ (≥ 0; < 1 oscillates, 1 is critical, > 1 creeps).
    public let zeta: Double
    /// Initial velocity v₀, progress units per unit of progress.
    public let initialVelocity: Double

    public enum Regime: Hashable, Sendable { case underdamped, criticallyDamped, overdamped }

    /// The largest ω, ζ and |v₀| accepted, 1e100: the closed forms square ω and multiply ζω by
    /// v₀-sized terms, so far beyond this they overflow (ω = 4, ζ = 1.2e224 gave NaN); no
    /// animation needs a spring within a factor 1e100 of that.
    public static let parameterLimit = 1e100

    public init(omega: Double, zeta: Double, initialVelocity: Double = 0) throws(TimingError) {
        guard omega.isFinite, omega > 0, omega <= Self.parameterLimit else {
            throw TimingError("spring natural frequency omega must be a positive finite number up to 1e100 (got \(TimingError.number(omega)))")
        }
        guard zeta.isFinite, zeta >= 0, zeta <= Self.parameterLimit else {
            throw TimingError("spring damping ratio zeta must be a finite number in [0, 1e100] (got \(TimingError.number(zeta)))")
        }
        guard initialVelocity.isFinite, initialVelocity.magnitude <= Self.parameterLimit else {
            throw TimingError("spring initial velocity must be a finite number in [-1e100, 1e100] (got \(TimingError.number(initialVelocity)))")
        }
        (self.omega, self.zeta, self.initialVelocity) = (omega, zeta, initialVelocity)
    }

    public var description: String { "spring(\([omega, zeta, initialVelocity].map(TimingError.number).joined(separator: ",")))" }

    public var regime: Regime {
        zeta < 1 ? .underdamped : (zeta == 1 ? .criticallyDamped : .overdamped)
    }

    /// sin(x)/x, accurate near 0.
    @inline(__always)
    static func sinc(_ x: Double) -> Double {
        abs(x) < 1e-4 ? 1 - x * x / 6 : sin(x) / x
    }

    /// sinh(x)/x, accurate near 0.
    @inline(__always)
    static func sinhc(_ x: Double) -> Double {
        abs(x) < 1e-4 ? 1 + x * x / 6 : sinh(x) / x
    }

    /// ω_d = ω√(1 − ζ²) for ζ < 1, γ = ω√(ζ² − 1) for ζ > 1 (as √|1 − ζ|·√(1 + ζ), without
    /// cancellation near ζ = 1 and without overflowing ζ² for large ζ).
    var dampedFrequency: Double { omega * abs(1 - zeta).squareRoot() * (1 + zeta).squareRoot() }

    /// The overdamped exponents r₁ (slow) and r₂ (fast).
    var overdampedRates: (r1: Double, r2: Double) {
        let g = dampedFrequency
        return (-omega * omega / (zeta * omega + g), -zeta * omega - g)
    }

    /// u(t) = y(t) − 1, the displacement from rest, for t ≥ 0 (see the type's closed forms).
    public func displacement(at t: Double) -> Double {
        let v0 = initialVelocity, w = omega
        switch regime {
        case .underdamped:
            let wd = dampedFrequency
            return exp(-zeta * w * t) * (-cos(wd * t) + (v0 - zeta * w) * t * Self.sinc(wd * t))
        case .criticallyDamped:
            return exp(-w * t) * (-1 + (v0 - w) * t)
        case .overdamped:
            let g = dampedFrequency
            if g * t <= 1 {
                return exp(-zeta * w * t) * (-cosh(g * t) + (v0 - zeta * w) * t * Self.sinhc(g * t))
            }
            let (r1, r2) = overdampedRates
            let c1 = (v0 + r2) / (2 * g), c2 = -(v0 + r1) / (2 * g)
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// y(t) = 1 + u(t); 0 for t ≤ 0. Not clamped: an underdamped spring overshoots 1.
    public func value(at t: Double) -> Double {
        if t.isNaN { return t }
        if t <= 0 { return 0 }
        return 1 + displacement(at: t)
    }

    /// The settling time for `threshold` ε ∈ (0, 1): the last time T at which |1 − y(T)| = ε,
    /// so that |1 − y(t)| ≤ ε for every t ≥ T and not for t just before T, in units of progress
    /// (0 when |1 − y| never exceeds ε, which cannot happen: |1 − y(0)| = 1).
    ///
    /// - Underdamped: u = e^{−ζωt}(−cos ω_d t + B·sin ω_d t), B = (v₀ − ζω)/ω_d, has
    ///   u′ = e^{−ζωt}(v₀·cos ω_d t + (ω(ω − ζv₀)/ω_d)·sin ω_d t), so its extrema sit at
    ///   t_k = (α + kπ)/ω_d, α = atan2(−v₀ω_d, ω(ω − ζv₀)) mod π, with |u(t_k)| =
    ///   M·√(1 − ζ²)·e^{−ζωt_k}, M = √(1 + B²) (there cos(ω_d t − φ) = ±√(1 − ζ²)). The peaks
    ///   decrease, so the last one above ε is the largest k with t_k below
    ///   ln(M√(1 − ζ²)/ε)/(ζω) (checked by evaluating u there, one step either way for
    ///   rounding); between it and the next extremum |u| falls through ε once and stays below
    ///   it, and bisection finds that crossing. With no peak above ε the crossing lies before the
    ///   first extremum, where u is monotone. ζ = 0 never settles: +∞. (The envelope time
    ///   ln(M/ε)/(ζω) is an upper bound, up to half a period later.)
    /// - Critically and over-damped: u has at most one extremum for t > 0, at
    ///   t* = v₀/(ω(v₀ − ω)) (critical) or t* = log1p(−2γv₀/(r₁(v₀ + r₂)))/(2γ) (overdamped),
    ///   so |u| is monotone on [0, t*] and decreasing on [t*, ∞); the crossing is bracketed on
    ///   one of them and found by bisection.
    ///
    /// Bisection stops at 1e-15 relative in t; the result is checked against a 50-digit mpmath
    /// solution of the oscillator (Tests/DeformTests/Resources/spring_settling.py) to 1e-12.
    public func settlingTime(threshold epsilon: Double = 1e-3) -> Double {
        precondition(epsilon > 0 && epsilon < 1, "settling threshold must lie in (0, 1)")
        let v0 = initialVelocity, w = omega
        let excess = { (t: Double) in abs(self.displacement(at: t)) - epsilon }
        switch regime {
        case .underdamped:
            if zeta == 0 { return .infinity }
            let wd = dampedFrequency
            var alpha = atan2(-v0 * wd, w * (w - zeta * v0))
            if alpha < 0 { alpha += Double.pi }
            let extremum = { (k: Double) in (alpha + k * Double.pi) / wd }
            let b = (v0 - zeta * w) / wd
            let amplitude = (1 + b * b).squareRoot() * (abs(1 - zeta).squareRoot() * (1 + zeta).squareRoot())
            let lastPeakTime = log(amplitude / epsilon) / (zeta * w)
            var k = (lastPeakTime * wd - alpha) / Double.pi
            k = k.isFinite ? max(-1, k.rounded(.down)) : -1
            while k >= 0 && excess(extremum(k)) <= 0 { k -= 1 }
            while excess(extremum(k + 1)) > 0 { k += 1 }
            let (lo, hi) = k < 0 ? (0.0, extremum(0)) : (extremum(k), extremum(k + 1))
            return Self.bisect(excess, lo, hi)
        case .criticallyDamped, .overdamped:
            break
        }
        // The extremum time t* > 0, if any.
        var extremum = 0.0
        var upper: Double
        if regime == .criticallyDamped {
            let b = v0 - w
            if b != 0 { extremum = max(0, v0 / (w * b)) }
            // (1 + |b|t)e^{−ωt} bounds |u|; double until it is below ε.
            upper = max(extremum, 1 / w)
            while (1 + abs(b) * upper) * exp(-w * upper) > epsilon { upper *= 2 }
        } else {
            let g = dampedFrequency
            let (r1, r2) = overdampedRates
            let ratioMinusOne = -2 * g * v0 / (r1 * (v0 + r2))
            if v0 + r2 != 0, ratioMinusOne > -1 {
                let t = log1p(ratioMinusOne) / (2 * g)
                if t.isFinite { extremum = max(0, t) }
            }
            let c1 = (v0 + r2) / (2 * g), c2 = -(v0 + r1) / (2 * g)
            upper = max(extremum, log((abs(c1) + abs(c2)) / epsilon) / -r1)
            if !upper.isFinite || upper <= 0 {  // γ so small that C₁, C₂ overflow: use the critical bound
                upper = max(extremum, 1 / w)
                while (1 + abs(v0 - zeta * w) * upper) * exp(-zeta * w * upper) * cosh(g * upper) > epsilon { upper *= 2 }
            }
        }
        return excess(extremum) > 0 ? Self.bisect(excess, extremum, upper) : Self.bisect(excess, 0, extremum)
    }

    /// The crossing of f in [lo, hi] with f(lo) > 0 ≥ f(hi), by bisection to 1e-15 relative.
    static func bisect(_ f: (Double) -> Double, _ lo: Double, _ hi: Double) -> Double {
        var (lo, hi) = (lo, hi)
        for _ in 0..<200 where hi - lo > 1e-15 * hi {
            let m = 0.5 * (lo + hi)
            if f(m) > 0 { lo = m } else { hi = m }
        }
        return hi
    }
}

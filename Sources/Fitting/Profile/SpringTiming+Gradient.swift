import Deform
import _CLibc

extension SpringTiming {
    /// y(t) and its exact gradient with respect to (ω, ζ, v₀), for progress t ≥ 0, from one closed
    /// form valid in every damping regime.
    ///
    /// With a = ζω, s = ω²(1 − ζ²) (= ω_d² when underdamped, −γ² when overdamped, 0 at critical
    /// damping) and b = v₀ − a, the displacement u = y − 1 of ``SpringTiming`` is
    ///
    ///     u(t) = e^{−at}·(−C(s, t) + b·S(s, t)),
    ///     C = cos(√s·t),  S = sin(√s·t)/√s            (s > 0)
    ///     C = cosh(√−s·t), S = sinh(√−s·t)/√−s        (s < 0)
    ///     C = Σ (−z)ᵏ/(2k)!,  S = t·Σ (−z)ᵏ/(2k+1)!,  z = s·t²   (both, and the only form for s = 0)
    ///
    /// — the damped harmonic oscillator's solutions (e.g. Thornton & Marion, *Classical Dynamics*,
    /// §3.5) written as even functions of √s, so they are analytic in s through critical damping.
    /// The derivatives, ∂C/∂s = −(t/2)·S and D = ∂S/∂s = (t·C − S)/(2s) (series
    /// −t³·Σ_{k≥1} (−z)^{k−1}·k/(2k+1)! near s = 0), give
    ///
    ///     ∂u/∂a = −t·u,   ∂u/∂s = e^{−at}·((t/2)·S + b·D),   ∂u/∂b = e^{−at}·S,
    ///     ∂u/∂ω = ζ·∂u/∂a + 2ω(1 − ζ²)·∂u/∂s − ζ·∂u/∂b,
    ///     ∂u/∂ζ = ω·∂u/∂a − 2ω²ζ·∂u/∂s − ω·∂u/∂b,
    ///     ∂u/∂v₀ = e^{−at}·S.
    ///
    /// Numerics: the series (12 terms, |z| ≤ 1, truncation below 1e-24) where |s|t² ≤ 1; the
    /// overdamped e^{−at}cosh and e^{−at}sinh as ½(e^{r₁t} ± e^{−(a+γ)t}) with r₁ = γ − a computed
    /// as −ω²/(a + γ), so nothing overflows and nothing cancels for large ζ. For t ≤ 0, y = 0 with
    /// a zero gradient. The value agrees with ``value(at:)`` to rounding.
    public func valueAndGradient(at t: Double) -> (value: Double, gradient: [Double]) {
        if !(t > 0) { return (t.isNaN ? t : 0, [0, 0, 0]) }
        let w = omega, z0 = zeta, v0 = initialVelocity
        let a = z0 * w
        let s = w * w * ((1 - z0) * (1 + z0))
        let b = v0 - a
        let (c, sn, d) = Self.dampedBasis(s: s, a: a, omega: w, t: t)
        let u = -c + b * sn
        let dA = -t * u
        let dS = 0.5 * t * sn + b * d
        let dB = sn
        let dOmega = z0 * dA + 2 * w * ((1 - z0) * (1 + z0)) * dS - z0 * dB
        let dZeta = w * dA - 2 * w * w * z0 * dS - w * dB
        return (1 + u, [dOmega, dZeta, sn])
    }

    /// (e^{−at}·C, e^{−at}·S, e^{−at}·D) of ``valueAndGradient(at:)`` for t > 0.
    static func dampedBasis(s: Double, a: Double, omega: Double, t: Double) -> (Double, Double, Double) {
        let z = s * t * t
        let decay = exp(-a * t)
        if abs(z) <= 1 {
            // Σ (−z)ᵏ/(2k)!, Σ (−z)ᵏ/(2k+1)!, Σ_{k≥1} (−z)^{k−1}·k/(2k+1)!, by recurrences.
            var termC = 1.0, termS = 1.0, sumC = 1.0, sumS = 1.0, sumD = 0.0
            var power = 1.0  // (−z)^{k−1}
            var factorial = 1.0  // (2k+1)!
            for k in 1...12 {
                let twoK = Double(2 * k)
                termC *= -z / ((twoK - 1) * twoK)
                termS *= -z / (twoK * (twoK + 1))
                sumC += termC
                sumS += termS
                factorial *= twoK * (twoK + 1)
                sumD += power * Double(k) / factorial
                power *= -z
            }
            return (decay * sumC, decay * t * sumS, -decay * t * t * t * sumD)
        }
        var ec: Double, es: Double
        if s > 0 {
            let wd = s.squareRoot()
            ec = decay * cos(wd * t)
            es = decay * sin(wd * t) / wd
        } else {
            let g = (-s).squareRoot()
            // a > γ here (ζ > 1): r₁ = γ − a = −ω²/(a + γ) < 0, without cancellation.
            let slow = exp(-omega * omega / (a + g) * t), fast = exp(-(a + g) * t)
            ec = 0.5 * (slow + fast)
            es = 0.5 * (slow - fast) / g
        }
        return (ec, es, (t * ec - es) / (2 * s))
    }
}

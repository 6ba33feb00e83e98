/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA
/// 2014): a small, fast, seedable generator, so that every seeded computation (a fit's
/// multi-start perturbations, a benchmark's workload, a property test) gives the same numbers on
/// every run and every machine. Not for cryptography.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    /// The next 64 bits: state += 0x9E3779B97F4A7C15, then the finaliser
    /// z = (z ⊕ z≫30)·0xBF58476D1CE4E5B9, z = (z ⊕ z≫27)·0x94D049BB133111EB, z ⊕ z≫31.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform Double in [0, 1): the top 53 bits of ``next()`` times 2⁻⁵³.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform Double in [lower, upper) (the standard library's `Double.random(in:using:)`).
    package mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        Double.random(in: lower..<upper, using: &self)
    }
}

import _Support

/// The multi-start perturbations are drawn from SplitMix64 (`_Support`), seeded by the fit's
/// options, so that a fit with several starts gives the same answer on every run and machine.
extension SplitMix64 {
    /// A uniform Double in [−1, 1), from the top 53 bits.
    mutating func symmetricUnit() -> Double {
        Double(next() >> 11) * 0x1p-52 - 1
    }
}

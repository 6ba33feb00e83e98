import _Support

/// The package's one seeded generator (`_Support`), so every randomised test is reproducible.
package typealias SplitMix64 = _Support.SplitMix64

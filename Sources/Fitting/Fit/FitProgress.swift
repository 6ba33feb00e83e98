/// How far a long fit has got: its stage and the fraction of that stage done, for a progress
/// display. ``OutlineFitter/fit(_:setup:progress:)`` reports it now and then (per residual
/// evaluation while solving; per few thousand queries or slabs while comparing the outlines) —
/// the parts whose cost grows with the target's points. A library never prints it; the caller
/// decides whether and how often to show it.
public struct FitProgress: Sendable, Equatable {
    public enum Stage: String, Sendable, Equatable {
        /// The least-squares solve: `fraction` is the residual evaluations made over the budget
        /// of every start (an upper bound on the work: a converging fit stops sooner).
        case solving
        /// The Hausdorff distance's first pass (``HausdorffDistance``).
        case hausdorff
        /// The area of the symmetric difference's sweep (``SymmetricDifference``).
        case area
    }

    public var stage: Stage
    /// In [0, 1].
    public var fraction: Double

    public init(stage: Stage, fraction: Double) {
        self.stage = stage
        self.fraction = Swift.min(1, Swift.max(0, fraction))
    }
}

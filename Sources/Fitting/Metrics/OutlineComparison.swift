import Geometry

/// How far a fitted model outline is from the target outline, as two figures with certified
/// accuracy:
///
/// - the Hausdorff distance H(model, target) (``HausdorffDistance``): the largest distance from a
///   point of either outline to the other, to within `tolerance` (length units);
/// - the area of the symmetric difference |M △ T| (``SymmetricDifference``): the area inside
///   exactly one of the two outlines, with both flattened within `tolerance`, so within
///   ``areaDifferenceBound`` = 2·tolerance·(perimeter of both) of the exact value.
///
/// The target outline is the target's path (SVG), or the closed polygon through its points (CSV):
/// ``TargetOutline/outline``.
public struct OutlineComparison: Sendable, Equatable {
    /// H: a distance attained (lower bound on the exact value).
    public let hausdorff: Double
    /// An upper bound on the exact H (≤ hausdorff + tolerance unless the budget ran out).
    public let hausdorffUpperBound: Double
    /// |M △ T|, in square model units.
    public let areaDifference: Double
    /// A bound on |areaDifference − exact|.
    public let areaDifferenceBound: Double
    /// The tolerance both figures were computed to, in model units.
    public let tolerance: Double

    /// The figures for the closed outlines `model` and `target` (model space), to `tolerance` > 0,
    /// reporting the two stages to `progress` when given.
    public init(model: Path, target: Path, tolerance: Double, progress: ((FitProgress) -> Void)? = nil) {
        precondition(tolerance > 0 && tolerance.isFinite, "OutlineComparison: the tolerance must be positive")
        let h = HausdorffDistance.between(model, target, tolerance: tolerance,
                                          progress: progress.map { report in { report(FitProgress(stage: .hausdorff, fraction: $0)) } })
        let a = SymmetricDifference.area(model, target, tolerance: tolerance,
                                         progress: progress.map { report in { report(FitProgress(stage: .area, fraction: $0)) } })
        hausdorff = h.value
        hausdorffUpperBound = h.upperBound
        areaDifference = a.area
        areaDifferenceBound = a.bound
        self.tolerance = tolerance
    }
}

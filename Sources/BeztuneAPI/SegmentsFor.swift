import ArcError
import _Support

/// `beztune segments-for`: the fewest equal segments per circle whose radial error stays within
/// a tolerance — relative to the radius, or absolute with a radius (the relative tolerance is
/// T/R) — with the criterion's k for that count and the error it reaches.
package struct SegmentsFor {
    /// The figures in the command's order: criterion, segments, k, tolerance (relative),
    /// max_abs_radial_error, and with a radius tolerance_abs and max_abs_radial_error_abs.
    package var figures: [(name: String, value: Figure)]

    /// A figure: a number (written in round-trip form) or a name.
    package enum Figure {
        case number(Double)
        case name(String)

        package var number: Double? {
            if case .number(let x) = self { return x }
            return nil
        }

        /// The figure as the command prints it.
        package var text: String {
            switch self {
            case .number(let x): ShortestDecimal.format(x)
            case .name(let s): s
            }
        }
    }

    /// The count for `tolerance` (at `radius` when given) and `criterion`; refused when the
    /// relative tolerance is below what the error is known to (a usage error) or no count up to
    /// ``SegmentCount/searchLimit`` reaches it.
    package init(tolerance: Double, radius: Double?, criterion: HandleCriterion) throws(APIError) {
        let relative = tolerance / (radius ?? 1)
        guard relative >= SegmentCount.smallestTolerance else {
            throw .usage("invalid --tolerance \(ShortestDecimal.format(tolerance))\(radius.map { " at radius \(ShortestDecimal.format($0))" } ?? ""): the relative tolerance \(ShortestDecimal.format(relative)) is below 1e-13, the accuracy to which the error is known")
        }
        guard let result = SegmentCount.fewest(for: criterion, tolerance: relative) else {
            throw .runtime("no segment count up to \(SegmentCount.searchLimit) reaches the relative tolerance \(ShortestDecimal.format(relative))")
        }
        figures = [("criterion", .name(criterion.rawValue)), ("segments", .number(Double(result.segments))),
                   ("k", .number(criterion.handle(segments: result.segments))), ("tolerance", .number(relative)),
                   ("max_abs_radial_error", .number(result.maximumRadialError))]
        if let radius {
            figures.append(("tolerance_abs", .number(tolerance)))
            figures.append(("max_abs_radial_error_abs", .number(result.maximumRadialError * radius)))
        }
    }
}

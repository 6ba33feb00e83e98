import _Support
import Geometry

/// A target outline that cannot be fitted: what is wrong with it, in one line that names the
/// offending element, point or count.
///
/// These are user-input errors (a file someone drew or exported), thrown by ``TargetOutline``'s
/// initialisers; they never stop the process.
public enum TargetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The SVG document could not be read, or no single outline chosen from it: the
    /// `Interchange.SVGReadError`'s line (line, element, reason; with several shapes drawn and
    /// none selected, the first candidates listed).
    case invalidSVG(String)
    /// The path data could not be parsed.
    case invalidPathData(String)
    /// The path draws nothing (no segment), or only segments of zero length.
    case emptyOutline
    /// The path has several subpaths that draw; a target outline is one closed curve.
    case severalSubpaths(Int)
    /// Point `index` (0-based) has a NaN or infinite coordinate.
    case nonFinite(index: Int)
    /// Fewer points than an outline (3) or than the fit needs.
    case tooFewPoints(count: Int, minimum: Int)
    /// Every point is the same point.
    case coincidentPoints
    /// The points lie on one line: the outline encloses no area.
    case collinearPoints
    /// The outline's extent or length overflows a double (coordinates near ±1.8e308).
    case outlineTooLarge
    /// More points than ``TargetOutline/maximumPointCount``.
    case tooManyPoints(count: Int, maximum: Int)

    public var description: String {
        switch self {
        case .invalidSVG(let reason):
            reason
        case .invalidPathData(let reason):
            "invalid path data: \(reason)"
        case .emptyOutline:
            "the path draws nothing (no segment of non-zero length)"
        case .severalSubpaths(let n):
            "the path has \(n) subpaths that draw; a target outline is one closed curve (one M…Z)"
        case .nonFinite(let index):
            "point \(index + 1) has a coordinate that is not a finite number"
        case .tooFewPoints(let count, let minimum):
            "the target has \(count) point\(count == 1 ? "" : "s"); at least \(minimum) are needed"
        case .coincidentPoints:
            "every target point is the same point: the outline has no extent"
        case .collinearPoints:
            "the target points lie on one line: the outline encloses no area"
        case .tooManyPoints(let count, let maximum):
            "the target has \(count) points; at most \(maximum) are accepted (resample the outline to fewer points)"
        case .outlineTooLarge:
            "the target's size or length overflows a double (coordinates near ±1.8e308); scale the target down"
        }
    }
}

extension TargetError: ReportableError {}

import _Support
/// Why a set of bounds was refused: one line naming the parameter (zero-based) when there is one.
public struct BoundsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The zero-based index of the offending parameter, or nil for a problem with the whole set.
    public var parameter: Int?
    public var reason: String

    public init(parameter: Int?, reason: String) {
        self.parameter = parameter
        self.reason = reason
    }

    public var description: String {
        if let parameter { return "bounds of parameter \(parameter): \(reason)" }
        return "bounds: \(reason)"
    }
}

extension BoundsError: ReportableError {}

import _Support
import Geometry
import _Support

/// Why an animation cannot be exported: one line, naming the value or the parameter at fault.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    /// True when an export option is at fault (a frame rate, tolerance, duration or type name
    /// the caller chose, or the frame count they make), not the animation.
    let isAboutOptions: Bool

    public init(_ message: String) { (self.message, isAboutOptions) = (message, false) }

    /// An export option's problem (see ``isAboutOptions``).
    init(option message: String) { (self.message, isAboutOptions) = (message, true) }

    public var description: String { message }

    /// A number as messages write it (shortest round-trip form).
    static func number(_ d: Double) -> String { ShortestDecimal.format(d) }
}

/// An export option the caller chose that cannot work is their usage mistake; an animation that
/// cannot be exported is not.
extension ExportError: ReportableError {
    package var isUsageMistake: Bool { isAboutOptions }
}

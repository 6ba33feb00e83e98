import Geometry
import _Support

/// Why an animation cannot be exported: one line, naming the value or the parameter at fault.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// A number as messages write it (shortest round-trip form).
    static func number(_ d: Double) -> String { ShortestDecimal.format(d) }
}

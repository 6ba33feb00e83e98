import _Support
import Geometry
import _Support

/// A timing function or keyframe track that cannot be built from the given values or text.
/// `description` is one line naming the offending input (quoted by `MessageText.quoted`, so it
/// stays one line whatever the input holds) and what is valid.
public struct TimingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// A number as every BezierTune output writes it (shortest round-trip, no trailing ".0").
    static func number(_ d: Double) -> String { ShortestDecimal.format(d) }
}

extension TimingError: ReportableError {}

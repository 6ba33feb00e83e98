import _Support
/// A failure to draw or encode an image, with a one-line `description`.
public struct RenderError: Error, CustomStringConvertible, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

extension RenderError: ReportableError {}

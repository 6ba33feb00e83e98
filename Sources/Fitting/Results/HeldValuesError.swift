/// Why a `held` cell could not be read (``HeldValues/parse(_:)``): the reason, without the
/// cell's location (the reader adds it).
public struct HeldValuesError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

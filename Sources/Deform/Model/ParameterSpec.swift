/// One named parameter of a ``DeformModel``: its default, its closed bounds and what it means.
///
/// A parameter with ``inherits`` set is an *override*: until it is set in a ``ParameterVector``
/// it has no value of its own and takes the current value of the parameter it names (the ball's
/// `topYFactor` follows `yFactor` until set). Overrides inherit from plain parameters only, one
/// level deep.
public struct ParameterSpec: Hashable, Sendable {
    /// The name used on the command line and in CSV (`lowerCamelCase`).
    public var name: String
    /// The value at which the model draws its rest shape. For an override, the default of the
    /// parameter it inherits from (it is unset by default).
    public var defaultValue: Double
    /// The closed range [lower, upper] of valid values; either end may be infinite.
    public var lower: Double
    public var upper: Double
    /// The parameter an override takes its value from until it is set; nil for a plain parameter.
    public var inherits: String?
    /// One line: what the parameter does, with units.
    public var doc: String

    public init(name: String, defaultValue: Double, lower: Double, upper: Double,
                inherits: String? = nil, doc: String) {
        precondition(lower <= upper && !lower.isNaN && !upper.isNaN,
                     "ParameterSpec \(name): bounds [\(lower), \(upper)] are not an interval")
        precondition(defaultValue.isFinite && defaultValue >= lower && defaultValue <= upper,
                     "ParameterSpec \(name): default \(defaultValue) outside [\(lower), \(upper)]")
        (self.name, self.defaultValue, self.lower, self.upper) = (name, defaultValue, lower, upper)
        (self.inherits, self.doc) = (inherits, doc)
    }

    /// True for an override (a parameter that inherits another's value until set).
    public var isOverride: Bool { inherits != nil }

    /// True when `value` is finite and lies in [lower, upper].
    public func admits(_ value: Double) -> Bool {
        value.isFinite && value >= lower && value <= upper
    }
}

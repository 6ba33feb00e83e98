/// Values for every parameter of a model, in the order of the model's `parameters`, with a
/// separate record of which overrides are set.
///
/// A plain parameter always has a value. An override (``ParameterSpec/inherits``) is either set,
/// with its own value, or unset, and then ``value(at:)`` returns the current value of the
/// parameter it inherits from. No value is used as an "unset" sentinel (NaN would spread through
/// arithmetic unnoticed); an unset override stores 0 and that number is never read.
///
/// Two access levels: ``set(_:to:)`` checks a user's name and value (typed throws), while
/// ``setValue(_:at:)`` is the unchecked, allocation-free update a fitter uses inside its loop
/// (bounds are the fitter's business there).
public struct ParameterVector: Hashable, Sendable {
    /// The model this vector belongs to (for messages).
    public let modelName: String
    /// The specs, in order.
    public let specs: [ParameterSpec]
    /// For each parameter, the index of the parameter it inherits from (nil for a plain one).
    public let inheritedIndex: [Int?]
    /// Stored values (0 for an unset override).
    public private(set) var storedValues: [Double]
    /// For each parameter, whether it has its own value (always true for a plain parameter).
    public private(set) var isSet: [Bool]

    /// Every parameter at its default; every override unset.
    public init(modelName: String, specs: [ParameterSpec]) {
        self.modelName = modelName
        self.specs = specs
        var inherited: [Int?] = []
        for s in specs {
            if let base = s.inherits {
                guard let b = specs.firstIndex(where: { $0.name == base }) else {
                    // Audit: specs are each model's constant table, checked by its tests.
                    preconditionFailure("parameter \(s.name) inherits from unknown parameter \(base)")
                }
                precondition(specs[b].inherits == nil, "\(s.name): overrides inherit from plain parameters only")
                inherited.append(b)
            } else {
                inherited.append(nil)
            }
        }
        precondition(Set(specs.map({ $0.name })).count == specs.count, "\(modelName): duplicate parameter names")
        inheritedIndex = inherited
        storedValues = specs.map { $0.isOverride ? 0 : $0.defaultValue }
        isSet = specs.map { !$0.isOverride }
    }

    /// The number of parameters.
    public var count: Int { specs.count }

    /// The parameter names, in order.
    public var names: [String] { specs.map({ $0.name }) }

    /// The index of the parameter called `name`, or nil.
    public func index(of name: String) -> Int? { specs.firstIndex { $0.name == name } }

    /// The index of the parameter called `name`, or an error listing the valid names.
    public func checkedIndex(of name: String) throws(ModelInputError) -> Int {
        guard let i = index(of: name) else {
            throw .unknownParameter(name: name, model: modelName, valid: names)
        }
        return i
    }

    /// The effective value of parameter `i`: its own value when set, else the value of the
    /// parameter it inherits from.
    @inlinable
    public func value(at i: Int) -> Double {
        if !isSet[i], let b = inheritedIndex[i] { return storedValues[b] }
        return storedValues[i]
    }

    /// Whether parameter `i` has its own value.
    @inlinable
    public func isSet(at i: Int) -> Bool { isSet[i] }

    /// The effective value of the parameter called `name`, or nil when there is none.
    public subscript(name: String) -> Double? {
        index(of: name).map { value(at: $0) }
    }

    /// All effective values, in order.
    public var values: [Double] { specs.indices.map { value(at: $0) } }

    /// Sets the parameter called `name` to `value` after checking the name, finiteness and the
    /// bounds. Setting an override makes it independent of the parameter it inherited from.
    public mutating func set(_ name: String, to value: Double) throws(ModelInputError) {
        let i = try checkedIndex(of: name)
        guard value.isFinite else { throw .notFinite(name: name, value: value) }
        let s = specs[i]
        guard s.admits(value) else {
            throw .outOfBounds(name: name, value: value, lower: s.lower, upper: s.upper)
        }
        setValue(value, at: i)
    }

    /// Sets parameter `i` to `value` without checks (a fitter's inner loop). An override
    /// becomes set.
    public mutating func setValue(_ value: Double, at i: Int) {
        storedValues[i] = value
        isSet[i] = true
    }

    /// Makes override `i` follow its inherited parameter again. Unsetting a plain parameter is a
    /// programmer error.
    public mutating func unset(at i: Int) {
        precondition(inheritedIndex[i] != nil, "\(specs[i].name) is not an override and cannot be unset")
        storedValues[i] = 0
        isSet[i] = false
    }

    /// Sets override `i` to the value it currently inherits (so a fitter can free it); a no-op
    /// for a set or plain parameter.
    public mutating func materialize(at i: Int) {
        if !isSet[i] { setValue(value(at: i), at: i) }
    }

    /// The first parameter whose effective value is not finite or lies outside its bounds, as
    /// an error, or nil when all are valid.
    public var boundsViolation: ModelInputError? {
        for i in specs.indices where isSet[i] {
            let v = storedValues[i], s = specs[i]
            if !v.isFinite { return .notFinite(name: s.name, value: v) }
            if !s.admits(v) { return .outOfBounds(name: s.name, value: v, lower: s.lower, upper: s.upper) }
        }
        return nil
    }

    /// The parameters between `start` (fraction 0) and `end` (fraction 1): each parameter that
    /// is set in either is set in the result to the interpolation of the two effective values,
    ///
    ///     v = a + s(b − a)  for s < ½,   v = b − (1 − s)(b − a)  otherwise,
    ///
    /// which is exact at s = 0 and s = 1; an override unset in both stays unset (and so follows
    /// its interpolated parent, which gives the same value). `fraction` may leave [0, 1]
    /// (springs and some cubic-bezier curves overshoot); nothing is clamped.
    public static func interpolating(from start: ParameterVector, to end: ParameterVector,
                                     fraction s: Double) -> ParameterVector {
        precondition(start.specs == end.specs, "interpolating parameter vectors of different models")
        var out = start
        for i in start.specs.indices where start.isSet[i] || end.isSet[i] {
            out.setValue(lerp(start.value(at: i), end.value(at: i), s), at: i)
        }
        return out
    }

    /// a + s(b − a), written exactly at s = 0 and s = 1 (see ``interpolating(from:to:fraction:)``).
    public static func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double {
        if a == b { return a }
        return s < 0.5 ? a + s * (b - a) : b - (1 - s) * (b - a)
    }
}

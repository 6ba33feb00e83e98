import _Support
import Geometry
import _Support

/// A model, parameter or progress value given by a user that the models cannot accept.
///
/// `description` is one line that names the offending input and lists what is valid, e.g.
/// `unknown parameter 'topFactor' for model 'ball' (parameters: radius, k, xFactor, …)` or
/// `yFactor = 12 is outside its bounds [0, 10]`.
public enum ModelInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No model has this name.
    case unknownModel(name: String, valid: [String])
    /// The model has no parameter of this name.
    case unknownParameter(name: String, model: String, valid: [String])
    /// The value is finite but outside the parameter's closed bounds.
    case outOfBounds(name: String, value: Double, lower: Double, upper: Double)
    /// The value is NaN or infinite.
    case notFinite(name: String, value: Double)
    /// A progress outside [0, 1], or NaN.
    case progressOutOfRange(Double)

    public var description: String {
        switch self {
        case .unknownModel(let name, let valid):
            "unknown model '\(name)' (models: \(valid.joined(separator: ", ")))"
        case .unknownParameter(let name, let model, let valid):
            "unknown parameter '\(name)' for model '\(model)' (parameters: \(valid.joined(separator: ", ")))"
        case .outOfBounds(let name, let value, let lower, let upper):
            "\(name) = \(ShortestDecimal.format(value)) is outside its bounds [\(ShortestDecimal.format(lower)), \(ShortestDecimal.format(upper))]"
        case .notFinite(let name, let value):
            "\(name) = \(ShortestDecimal.format(value)) is not a finite number"
        case .progressOutOfRange(let p):
            "progress \(ShortestDecimal.format(p)) is outside [0, 1] (give a number from 0 to 1)"
        }
    }
}

/// A model, parameter or progress value the caller gave: always the caller's usage mistake.
extension ModelInputError: ReportableError {
    package var isUsageMistake: Bool { true }
}

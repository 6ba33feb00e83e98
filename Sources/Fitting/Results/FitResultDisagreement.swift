import _Support

/// A description of a fit given by its reader (a model, free parameters, a radius, a value) that
/// a fit result's row contradicts (``FitResultRow/disagreement(model:free:radius:values:)``):
/// what was given and what the row records. ``description`` says it in the library's words; a
/// command-line tool names its own options instead.
public enum FitResultDisagreement: Equatable, Sendable, CustomStringConvertible {
    /// Another model.
    case model(given: String, recorded: String)
    /// Another set of free parameters (names as given, and as recorded).
    case free(given: [String], recorded: [String])
    /// Another radius; nil recorded: the fit's model has no radius.
    case radius(given: Double, recorded: Double?)
    /// Another value of a parameter (its name as given); nil recorded: the fit's model has no such
    /// parameter; `free`: the row's value is a fitted one.
    case value(name: String, given: Double, recorded: Double?, free: Bool)

    /// What the row records, said after `but` (`the fit's radius is 40`).
    public var recordedPart: String {
        switch self {
        case .model(_, let recorded):
            "the fit's model is \(recorded)"
        case .free(_, let recorded):
            "the fit's free parameters are \(recorded.joined(separator: ","))"
        case .radius(_, let recorded):
            recorded.map { "the fit's radius is \(ShortestDecimal.format($0))" } ?? "the fit's model has no radius"
        case .value(let name, _, let recorded, let free):
            recorded.map { "the fit's \(name) is \(ShortestDecimal.format($0))\(free ? " (fitted: it was free)" : "")" }
                ?? "the fit's model has no parameter '\(name)'"
        }
    }

    /// `model X given but the fit's model is Y`, and so on.
    public var description: String {
        let given = switch self {
        case .model(let given, _): "model \(given)"
        case .free(let given, _): "free parameters \(given.joined(separator: ","))"
        case .radius(let given, _): "radius \(ShortestDecimal.format(given))"
        case .value(let name, let given, _, _): "\(name)=\(ShortestDecimal.format(given))"
        }
        return "\(given) given but \(recordedPart)"
    }
}

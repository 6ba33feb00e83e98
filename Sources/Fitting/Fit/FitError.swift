import _Support
import Deform
import _CLibc
import Geometry

/// Why a fit cannot be set up or run: one line naming the parameter, count or box at fault.
///
/// Thrown by ``FitSetup`` (the parameter choices: the same for every target of a batch) and by
/// ``OutlineFitter`` (the target and the model together).
public enum FitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A name, value or bound the model rejects (unknown parameter, out of bounds, not finite).
    case invalidParameter(ModelInputError)
    /// No parameter is free.
    case nothingFree
    /// A parameter is named twice in the free list.
    case duplicateFree(String)
    /// The free parameters cannot be determined together (the model's reason).
    case notIdentifiable(String)
    /// A bound that is not an interval, or that excludes the parameter's value.
    case invalidBound(name: String, reason: String)
    /// The target has no more points than free parameters (the covariance needs m > n).
    case tooFewPoints(points: Int, free: Int)
    /// No translation is free and the target lies far from anything the model can draw.
    case farFromModel(target: Rect, model: Rect)
    /// A figure of the result is not a finite number (a fitted value, `rms`, `max_distance`,
    /// `hausdorff`, `area_difference`): double precision cannot represent the answer for this
    /// target (coordinates near its limits), so there is no honest result to report.
    case nonFiniteResult(figure: String, value: Double)

    /// What is wrong, one line, without advice on what to change: the first part of
    /// ``description``, which a command-line tool can follow with its own options instead.
    public var reason: String {
        switch self {
        case .invalidParameter(let e):
            e.description
        case .nothingFree:
            "no parameter is free"
        case .duplicateFree(let name):
            "parameter '\(name)' is named twice in the free list"
        case .notIdentifiable(let reason):
            reason
        case .invalidBound(let name, let reason):
            "bound of '\(name)': \(reason)"
        case .tooFewPoints(let points, let free):
            "the target has \(points) point\(points == 1 ? "" : "s") but \(free) free parameter\(free == 1 ? "" : "s"); a fit with standard errors needs at least \(free + 1) points"
        case .nonFiniteResult(let figure, let value):
            "the fit's \(figure) is \(value.isNaN ? "not a number (nan)" : value > 0 ? "infinite (inf)" : "infinite (-inf)"): the target's coordinates are beyond what double precision can fit (scale the target down)"
        case .farFromModel(let target, let model):
            "the target (x \(Self.range(target.minX, target.maxX)), y \(Self.range(target.minY, target.maxY))) is far from anything the model reaches without a pose (x \(Self.range(model.minX, model.maxX)), y \(Self.range(model.minY, model.maxY)))"
        }
    }

    /// ``reason``, and for the errors a different choice fixes, what to change in this library's
    /// terms (parameter names, the target's orientation), never a command-line option.
    public var description: String {
        switch self {
        case .nothingFree:
            "\(reason): name at least one free parameter"
        case .farFromModel:
            "\(reason); the ball's bottom point is the origin of y-up model space: free the pose (tx, ty), check the target's y axis (y-up or y-down) or its size (the radius)"
        default:
            reason
        }
    }

    static func range(_ a: Double, _ b: Double) -> String {
        PrintfDecimal.significant(a, digits: 4) + "…" + PrintfDecimal.significant(b, digits: 4)
    }
}

/// The parameter choices (free names, bounds, values) are the caller's usage mistakes; a target that
/// cannot be fitted is not.
extension FitError: ReportableError {
    package var isUsageMistake: Bool {
        switch self {
        case .invalidParameter, .nothingFree, .duplicateFree, .notIdentifiable, .invalidBound: true
        case .tooFewPoints, .farFromModel, .nonFiniteResult: false
        }
    }
}

import Deform
import Foundation
import _Support

/// The options every command that draws a model shares: the model's name, `--set NAME=VALUE`
/// end values, `--timing`, and progress values in [0, 1].
enum ModelArguments {
    /// The model called `name`, or a usage error listing the models.
    static func model(named name: String, _ arguments: ParsedArguments) throws(CLIError) -> any DeformModel {
        do throws(ModelInputError) {
            return try ModelCatalog.model(named: name)
        } catch {
            throw arguments.usage(error.description)
        }
    }

    /// The model's parameters over progress.
    ///
    /// A plain model (the ball) goes from its defaults (progress 0) to the `--set` end values
    /// (progress 1) through `--timing` (default linear). A ``SceneModel`` plays the seed's own
    /// timeline, with `--set` changing the targets of its tracks (or, for a parameter without a
    /// track, its value throughout) and `--timing` as the group timing that warps the scene's
    /// progress (``TimedProfile``).
    static func profile(_ model: any DeformModel, _ arguments: ParsedArguments) throws(CLIError) -> TimedProfile {
        var timing = TimingFunction.linear
        if let text = arguments.string("timing") {
            do throws(TimingError) {
                timing = try TimingFunction(parsing: text)
            } catch {
                throw arguments.usage("invalid value for '--timing': \(error.description)")
            }
        }
        if let scene = model as? any SceneModel {
            let targets = try endValues(arguments, model: model, from: scene.seedTargets)
            do throws(ModelInputError) {
                return TimedProfile(try scene.seedProfile(targets: targets), timing: timing)
            } catch {
                throw arguments.usage(error.description)
            }
        }
        let end = try endValues(arguments, model: model)
        return TimedProfile(ProgressProfile(start: model.defaultParameters, end: end, timing: timing))
    }

    /// The option `name` as a progress in [0, 1], or nil when absent.
    static func progress(_ name: String, _ arguments: ParsedArguments) throws(CLIError) -> Double? {
        guard let text = arguments.string(name) else { return nil }
        guard let p = Double(text.trimmingWhitespace), p >= 0, p <= 1 else {
            throw arguments.usage("invalid value '\(text)' for '--\(name)': expected a number in [0, 1]")
        }
        return p
    }

    /// `start` (default: the model's defaults) with every `--set NAME=VALUE` applied (names and
    /// bounds checked).
    static func endValues(_ arguments: ParsedArguments, model: any DeformModel,
                          from start: ParameterVector? = nil) throws(CLIError) -> ParameterVector {
        var end = start ?? model.defaultParameters
        var seen: Set<String> = []
        for assignment in arguments.strings("set") {
            guard let eq = assignment.firstIndex(of: "=") else {
                throw arguments.usage("invalid value '\(assignment)' for '--set': expected NAME=VALUE (parameters: \(end.names.joined(separator: ", ")))")
            }
            let name = String(assignment[..<eq]).trimmingWhitespace
            let text = String(assignment[assignment.index(after: eq)...])
            guard let value = Double(text.trimmingWhitespace) else {
                throw arguments.usage("invalid value '\(text)' for parameter '\(name)' in '--set': expected a number")
            }
            guard seen.insert(String(name)).inserted else {
                throw arguments.usage("parameter '\(name)' is set more than once")
            }
            do throws(ModelInputError) {
                try end.set(String(name), to: value)
            } catch {
                throw arguments.usage(error.description)
            }
        }
        return end
    }

}

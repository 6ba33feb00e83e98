import BeztuneAPI
import Deform
import Fitting
import Foundation
import _ArgumentParser
import _Support

/// The options every command that draws or fits a model shares: the model by name,
/// `--set NAME=VALUE` assignments, `--timing`.
enum ModelArguments {
    /// A model name: one of ``ModelCatalog``'s.
    static func model(_ name: String) throws(OptionValueError) -> CatalogModel {
        try ModelSetup.model(name)
    }

    /// A timing function: a spring in seconds (`ca-spring(…)`, `swiftui-spring(…)`) plays over
    /// 1 s, as `model` and `frames` draw progress without a duration.
    static func timing(_ text: String) throws(OptionValueError) -> TimingFunction {
        try ModelSetup.timing(text)
    }

    /// A timing function for an animation of `duration` seconds (``ModelSetup/timing(_:duration:)``).
    static func timing(_ text: String, duration: Double) throws(OptionValueError) -> TimingFunction {
        try ModelSetup.timing(text, duration: duration)
    }

    /// `--set NAME=VALUE`, any number of times, bound to `path`; an assignment that does not read
    /// names the parameters of the values' `model` (an option declared before, when given), and
    /// with `finite` its value must be finite.
    static func setOption<Values>(_ path: WritableKeyPath<Values, [ParameterAssignment]>,
                                  model: @escaping (Values) -> (CatalogModel)?, finite: Bool = false,
                                  inUsage: Bool = true, help: String) -> Option<Values> {
        .repeated(path, "set", "NAME=VALUE", inUsage: inUsage, help: help) { text, values in
            try ParameterAssignment.parse(text, finite: finite, parameters: model(values)?.parameters.map(\.name))
        }
    }

    /// The model placed by a pose (``ModelSetup/posed(_:set:)``).
    static func posed(_ model: CatalogModel, set assignments: [ParameterAssignment]) throws(APIError)
        -> (model: CatalogModel, set: [ParameterAssignment]) {
        try ModelSetup.posed(model, set: assignments)
    }

    /// The model's parameters over progress (``ModelSetup/profile(_:set:timing:)``).
    static func profile(_ model: CatalogModel, set assignments: [ParameterAssignment],
                        timing: TimingFunction) throws(APIError) -> TimedProfile {
        try ModelSetup.profile(model, set: assignments, timing: timing)
    }

    /// `start` (default: the model's defaults) with every assignment applied (``ModelSetup/endValues(_:model:from:)``).
    static func endValues(_ assignments: [ParameterAssignment], model: CatalogModel,
                          from start: ParameterVector? = nil) throws(APIError) -> ParameterVector {
        try ModelSetup.endValues(assignments, model: model, from: start)
    }
}

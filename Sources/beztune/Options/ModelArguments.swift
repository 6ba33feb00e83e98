import Deform
import Fitting
import Foundation
import _ArgumentParser
import _Support

/// The options every command that draws or fits a model shares: the model by name,
/// `--set NAME=VALUE` assignments, `--timing`.
enum ModelArguments {
    /// A model name: one of ``ModelCatalog``'s.
    static func model(_ name: String) throws(ModelInputError) -> CatalogModel {
        try ModelCatalog.model(named: name)
    }

    /// A timing function (``TimingFunction/init(parsing:)``): a spring in seconds
    /// (`ca-spring(…)`, `swiftui-spring(…)`) plays over 1 s, as `model` and `frames` draw
    /// progress without a duration.
    static func timing(_ text: String) throws -> TimingFunction {
        try timing(text, duration: TimingFunction.defaultSpringDuration)
    }

    /// A timing function for an animation of `duration` seconds
    /// (``TimingFunction/init(parsing:duration:)``): a spring in seconds becomes the spring
    /// per unit of progress of that duration.
    static func timing(_ text: String, duration: Double) throws -> TimingFunction {
        try OptionValue.refuseHexadecimal(text)
        return try TimingFunction(parsing: text, duration: duration)
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

    /// The model placed by a pose when any assignment names a pose parameter — `poseX`, `poseY`,
    /// `poseScale`, `poseRotation` (radians) or their aliases `tx`, `ty`, `scale`, `rotation`
    /// (``FitSetup/poseAliases``), as `beztune fit` names them — with the assignments in the
    /// model's names; else the model and the assignments as given. A scene takes no pose.
    static func posed(_ model: CatalogModel, set assignments: [ParameterAssignment]) throws(CLIError)
        -> (model: CatalogModel, set: [ParameterAssignment]) {
        let poseNames = PosedModel<BallModel>.poseSpecs.map(\.name)
        let canonical = assignments.map { a in
            ParameterAssignment(name: FitSetup.modelName(of: a.name), value: a.value)
        }
        guard let first = canonical.first(where: { poseNames.contains($0.name) }) else { return (model, assignments) }
        if model.scene != nil {
            throw .usage("\(first.name): a scene (\(model.name)) takes no pose; the pose places plain models such as the ball")
        }
        return (.posed(model), canonical)
    }

    /// The model's parameters over progress.
    ///
    /// A plain model (the ball) goes from its defaults (progress 0) to the `--set` end values
    /// (progress 1) through `timing`, a pose (``posed(_:set:)``) holding throughout. A
    /// ``SceneModel`` plays the seed's own timeline, with
    /// `--set` changing the targets of its tracks (or, for a parameter without a track, its
    /// value throughout) and `timing` as the group timing that warps the scene's progress
    /// (``TimedProfile``).
    static func profile(_ model: CatalogModel, set assignments: [ParameterAssignment],
                        timing: TimingFunction) throws -> TimedProfile {
        if let scene = model.scene {
            let targets = try endValues(assignments, model: model, from: scene.seedTargets)
            return TimedProfile(try scene.seedProfile(targets: targets), timing: timing)
        }
        // A pose (PosedModel's parameters) places the shape throughout: it is the start's too.
        let poseNames = PosedModel<BallModel>.poseSpecs.map(\.name)
        let start = try endValues(assignments.filter { poseNames.contains($0.name) }, model: model)
        let end = try endValues(assignments, model: model)
        return TimedProfile(ProgressProfile(start: start, end: end, timing: timing))
    }

    /// `start` (default: the model's defaults) with every assignment applied (names, bounds and
    /// repeats checked).
    static func endValues(_ assignments: [ParameterAssignment], model: CatalogModel,
                          from start: ParameterVector? = nil) throws -> ParameterVector {
        var end = start ?? model.defaultParameters
        var seen: Set<String> = []
        for assignment in assignments {
            guard seen.insert(assignment.name).inserted else {
                throw CLIError.usage("parameter '\(assignment.name)' is set more than once")
            }
            try end.set(assignment.name, to: assignment.value)
        }
        return end
    }
}

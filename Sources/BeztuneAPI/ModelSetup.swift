import Deform
import Fitting
import _Support

/// How every command that draws a model reads it: by name, `--set NAME=VALUE` assignments
/// (a pose among them places the shape), `--timing` — the parameters over progress.
package enum ModelSetup {
    /// A model name: one of ``ModelCatalog``'s.
    package static func model(_ name: String) throws(OptionValueError) -> CatalogModel {
        do throws(ModelInputError) {
            return try ModelCatalog.model(named: name)
        } catch {
            throw OptionValueError(error.description)
        }
    }

    /// A timing function (``TimingFunction/init(parsing:duration:)``) for an animation of
    /// `duration` seconds: a spring in seconds (`ca-spring(…)`, `swiftui-spring(…)`) becomes the
    /// spring per unit of progress of that duration; `model` and `frames` play over 1 s.
    package static func timing(_ text: String, duration: Double = TimingFunction.defaultSpringDuration) throws(OptionValueError) -> TimingFunction {
        try OptionValue.refuseHexadecimal(text)
        do throws(TimingError) {
            return try TimingFunction(parsing: text, duration: duration)
        } catch {
            throw OptionValueError(error.description)
        }
    }

    /// The model placed by a pose when any assignment names a pose parameter — `poseX`, `poseY`,
    /// `poseScale`, `poseRotation` (radians) or their aliases `tx`, `ty`, `scale`, `rotation`
    /// (``FitSetup/poseAliases``), as `beztune fit` names them — with the assignments in the
    /// model's names; else the model and the assignments as given. A scene takes no pose.
    package static func posed(_ model: CatalogModel, set assignments: [ParameterAssignment]) throws(APIError)
        -> (model: CatalogModel, set: [ParameterAssignment]) {
        let poseNames = PosedModel<BallModel>.poseSpecs.map { $0.name }
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
    /// ``SceneModel`` plays the seed's own timeline, with `--set` changing the targets of its
    /// tracks (or, for a parameter without a track, its value throughout) and `timing` as the
    /// group timing that warps the scene's progress (``TimedProfile``).
    package static func profile(_ model: CatalogModel, set assignments: [ParameterAssignment],
                                timing: TimingFunction) throws(APIError) -> TimedProfile {
        if let scene = model.scene {
            let targets = try endValues(assignments, model: model, from: scene.seedTargets)
            return TimedProfile(try usage { () throws(ModelInputError) in try scene.seedProfile(targets: targets) }, timing: timing)
        }
        // A pose (PosedModel's parameters) places the shape throughout: it is the start's too.
        let poseNames = PosedModel<BallModel>.poseSpecs.map { $0.name }
        let start = try endValues(assignments.filter { poseNames.contains($0.name) }, model: model)
        let end = try endValues(assignments, model: model)
        return TimedProfile(ProgressProfile(start: start, end: end, timing: timing))
    }

    /// `start` (default: the model's defaults) with every assignment applied (names, bounds and
    /// repeats checked).
    package static func endValues(_ assignments: [ParameterAssignment], model: CatalogModel,
                                  from start: ParameterVector? = nil) throws(APIError) -> ParameterVector {
        var end = start ?? model.defaultParameters
        var seen: [String] = []
        for assignment in assignments {
            guard !seen.contains(assignment.name) else {
                throw .usage("parameter '\(assignment.name)' is set more than once")
            }
            seen.append(assignment.name)
            try usage { () throws(ModelInputError) in try end.set(assignment.name, to: assignment.value) }
        }
        return end
    }

    /// `body`, a model input error becoming a usage error with its message.
    package static func usage<T>(_ body: () throws(ModelInputError) -> T) throws(APIError) -> T {
        do throws(ModelInputError) {
            return try body()
        } catch {
            throw .usage(error.description)
        }
    }
}

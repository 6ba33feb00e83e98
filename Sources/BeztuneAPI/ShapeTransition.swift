import Deform
import Fitting
import Interchange
import _Support

/// `export --timing`: a shape animated from a start shape to an end shape through one timing
/// function over the export's duration.
///
/// Each end is the base model and the values that make it (canonical names: the pose aliases
/// `tx`, `ty`, `scale`, `rotation` read as `poseX` …). The end is `--model … --set …` (its
/// values those set; it holds its pose constant) or a `--fit` row (every value the fit held or
/// fitted; it holds every held value constant, the pose and the radius included). The start:
///
/// - `--from rest` (the default): the model's defaults with the end's held values — the
///   shape `beztune model --set … --progress 0` draws;
/// - `--from-set NAME=VALUE …`: those values over the end's held ones;
/// - `--from-fit FIT.csv [--from-row N]`: every value of that fit (its model must be the end's).
///
/// The model is posed when either end names a pose parameter; a pose value one end leaves out
/// is the other end's (the shape deforms in place). The parameters go from start to end through
/// the timing (``ProgressProfile/init(start:end:timing:)``), as `model --timing` interpolates.
package struct ShapeTransition {
    /// One end of the transition.
    package struct End {
        /// The base model (never posed: the pose is among `values`).
        package var model: CatalogModel
        /// The values that make the shape, in the model's names.
        package var values: [(name: String, value: Double)]
        /// The values the end holds constant (the start begins from them).
        package var held: [(name: String, value: Double)]
    }

    /// The pose parameters' model names.
    static let poseNames = PosedModel<BallModel>.poseSpecs.map { $0.name }

    /// The end `--model MODEL --set …` describes: the values set, the pose held.
    package static func end(model: CatalogModel, set: [ParameterAssignment]) throws(APIError) -> End {
        if model.scene != nil {
            throw .usage("\(model.name) is a scene with its own timeline; export takes plain models (ball) or fitted results")
        }
        let values = set.map { (name: FitSetup.modelName(of: $0.name), value: $0.value) }
        return End(model: model, values: values, held: values.filter { poseNames.contains($0.name) })
    }

    /// The end a fit describes: every value set (held or fitted), the held ones kept constant.
    package static func end(of fit: FitResultRow) -> End {
        let setup = fit.setup, p = fit.parameters
        var values: [(name: String, value: Double)] = [], held: [(name: String, value: Double)] = []
        for (i, spec) in setup.model.parameters.enumerated() where p.isSet(at: i) {
            values.append((spec.name, p.value(at: i)))
            if !setup.freeIndices.contains(i) { held.append((spec.name, p.value(at: i))) }
        }
        return End(model: setup.baseModel, values: values, held: held)
    }

    /// The start `--from-set` describes for `end`: the end's held values, then `set` over them.
    /// An unknown name is the options' mistake.
    package static func start(set: [ParameterAssignment], for end: End) throws(APIError) -> [(name: String, value: Double)] {
        let known = end.model.parameters.map { $0.name } + poseNames
        var values = end.held
        for a in set {
            let name = FitSetup.modelName(of: a.name)
            guard known.contains(name) else {
                let valid = end.model.parameters.map { $0.name } + FitSetup.poseAliases.map { $0.alias }
                throw .usage("invalid --from-set '\(a.name)=\(ShortestDecimal.format(a.value))': model \(end.model.name) has no parameter '\(a.name)' (parameters: \(valid.joined(separator: ", ")))")
            }
            values.removeAll { $0.name == name }
            values.append((name, a.value))
        }
        return values
    }

    /// The animation from `start` (values over the model's defaults) to `end` through `timing`
    /// over `duration` seconds.
    package static func animation(from start: [(name: String, value: Double)], to end: End, timing: TimingFunction,
                                  duration: Double) throws(APIError) -> ShapeAnimation {
        let posed = (start + end.values).contains { poseNames.contains($0.name) }
        let model = posed ? .posed(end.model) : end.model
        func vector(_ own: [(name: String, value: Double)], other: [(name: String, value: Double)]) throws(APIError) -> ParameterVector {
            try ModelSetup.usage { () throws(ModelInputError) in
                var p = model.defaultParameters
                for (name, value) in other where poseNames.contains(name) { try p.set(name, to: value) }
                for (name, value) in own { try p.set(name, to: value) }
                return p
            }
        }
        let profile = ProgressProfile(start: try vector(start, other: end.values), end: try vector(end.values, other: start),
                                      timing: timing)
        return try ExportCall.animation { () throws(ExportError) in try ShapeAnimation(model: model, profile: profile, duration: duration) }
    }
}

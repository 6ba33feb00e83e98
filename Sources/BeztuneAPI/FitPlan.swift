import Deform
import Fitting
import LeastSquares

/// What `beztune fit` and `fit-profile` fit and how, built (and refused, as a usage error) from
/// their options before any target is read: the model with its free, held and bounded
/// parameters (``FitSetup``) and the solver's options — the loss, its scale relative to each
/// target's size when `--loss-scale` is not given, starts, seed, evaluation budget.
package struct FitPlan {
    package var setup: FitSetup
    package var options: FitOptions
    /// The loss's scale as a fraction of each target's size, when `--loss-scale` is not given.
    package var relativeLossScale: Double?
    package var lossName: String

    /// The plan for `model` with `free` (the model's default when nil), `radius` and `set`
    /// values held or started from, `bounds`, the robust `loss` (a ``RobustLoss`` name) and its
    /// `lossScale`, the symmetry weight, `starts`, `seed`, `maxEvaluations`; `parallel` lets the
    /// nearest-point searches use every core.
    package init(model: CatalogModel, free: [String]?, radius: Double?, set: [ParameterAssignment],
                 bounds: [(name: String, lower: Double, upper: Double)] = [], loss: String = "trivial",
                 lossScale: Double? = nil, symmetric: Double? = nil, starts: Int = 1, seed: UInt64 = 1,
                 maxEvaluations: Int? = nil, parallel: Bool = true) throws(APIError) {
        guard let free = free ?? model.defaultFree else {
            throw .usage("missing --free NAME,… (no default for model '\(model.name)')")
        }
        var values: [(name: String, value: Double)] = radius.map { [("radius", $0)] } ?? []
        for assignment in set {
            guard !values.contains(where: { $0.name == assignment.name }) else {
                throw .usage("parameter '\(assignment.name)' is set more than once\(assignment.name == "radius" ? " (--radius sets it too)" : "")")
            }
            values.append((assignment.name, assignment.value))
        }
        do throws(FitError) {
            setup = try FitSetup(model: model, free: free, values: values, bounds: bounds)
        } catch {
            throw .usage(FitMessages.message(error))
        }
        lossName = loss
        if lossScale != nil && loss == "trivial" {
            throw .usage("--loss-scale needs --loss huber, soft-l1, cauchy or arctan")
        }
        relativeLossScale = loss != "trivial" && lossScale == nil ? 0.005 : nil
        var options = FitOptions()
        options.loss = RobustLoss(named: loss, scale: lossScale ?? 1) ?? .trivial
        options.starts = starts
        options.seed = seed
        if let symmetric { options.symmetricWeight = symmetric }
        if let maxEvaluations { options.maxEvaluations = maxEvaluations }
        options.parallel = parallel
        self.options = options
    }

    /// The options for a target of size `size` (the default loss scale is relative to it).
    package func options(forSize size: Double) -> FitOptions {
        var o = options
        if let relativeLossScale {
            o.loss = RobustLoss(named: lossName, scale: Swift.max(relativeLossScale * size, .leastNormalMagnitude)) ?? .trivial
        }
        return o
    }
}

/// A fit's refusal as the commands word it: the library's reason, with what to change on the
/// command line where that helps (which option frees a parameter or the pose).
package enum FitMessages {
    package static func message(_ e: FitError) -> String {
        switch e {
        case .nothingFree:
            return "\(e.reason): name at least one with --free"
        case .farFromModel:
            return "\(e.reason); the ball's bottom point is the origin of y-up model space: free the pose (--free …,tx,ty), check the y axis (--y-up / --y-down) or the size (--radius)"
        default:
            return e.description
        }
    }
}

import Deform
import _CLibc
import Geometry
import LeastSquares

/// Fits a squash profile to keyframes a designer drew: the model's free parameters at every
/// keyframe, then each parameter's trajectory over progress through a timing function.
///
/// 1. **Keyframes** (``OutlineFitter``), in progress order: the first from the bounding-box guess
///    (``InitialGuess``) at the setup's values, every later one warm-started from the previous
///    keyframe's fitted values — the bounding-box solve then starts there and moves only what the
///    box sees (free parameters given a start in the setup keep the neighbour's value), so
///    neighbouring keyframes land in the same basin. When the first keyframe lies away from the
///    model, its fit finds the pose (``OutlineFitter/fit(_:setup:progress:)``); every keyframe
///    then shares it, held in the profile's setup (``ProfileFit/poseFound``).
/// 2. **Two-stage trajectories** (``TrajectoryFitter``): each free parameter's keyframe values,
///    weighted by their standard errors, fitted by p(x) = start + (end − start)·y(x) with the
///    chosen timing (``ProfileTimingKind``). Start and end are fitted, not pinned to the first
///    and last keyframe: those are measurements with errors like the others.
/// 3. **Joint** (optional, parametric timings): all keyframes' target points at once, unknowns
///    every parameter's (start, end, timing parameters), residuals the orthogonal distances of
///    every keyframe's points to the model at pₖ(xⱼ) (``JointProfileResiduals``, exact
///    Jacobian by the chain rule), started from the two-stage result; covariance s²(JᵀJ)⁻¹ as
///    in a single outline fit. It uses all the data with their own noise, so it is the better
///    estimator when the model is right; the two-stage fit shows how well each parameter alone
///    follows the timing.
///
/// Refused (``ProfileError``): a progress outside [0, 1] or NaN, two keyframes at one progress,
/// fewer keyframes than the timing's unknowns per parameter (``ProfileTimingKind/minimumKeyframes``),
/// a keyframe whose own fit cannot be set up (``FitError``, named by the keyframe's label).
public struct ProfileFitter: Sendable {
    public var options: ProfileOptions

    public init(options: ProfileOptions = ProfileOptions()) {
        self.options = options
    }

    /// Checks keyframe progress values before any target is read: each finite and in [0, 1], no
    /// two equal, at least ``ProfileTimingKind/minimumKeyframes`` for `timing`; `labels[i]` names
    /// keyframe i in the message.
    public static func validate(progress: [Double], labels: [String], timing: ProfileTimingKind) throws(ProfileError) {
        precondition(labels.count == progress.count, "ProfileFitter.validate: one label per keyframe")
        try ProfileKeyframe.validate(progress: progress, labels: labels, timing: timing)
    }

    /// Fits `setup`'s free parameters to `keyframes` (any order); `keyframeFitted`, when given, is
    /// called after each keyframe's fit (a long sequence's caller shows its progress with it).
    public func fit(_ keyframes: [ProfileKeyframe], setup: FitSetup,
                    keyframeFitted: (() -> Void)? = nil) throws(ProfileError) -> ProfileFit {
        let timing = options.timing
        let labels = keyframes.indices.map { keyframes[$0].name(index: $0) }
        try ProfileKeyframe.validate(progress: keyframes.map({ $0.progress }), labels: labels, timing: timing)
        if options.joint && !timing.isParametric { throw .jointNeedsParametricTiming(timing) }
        if timing == .perInterval {
            let keys = keyframes.filter({ $0.isKey }).count
            guard keys >= 2 else { throw .tooFewKeys(count: keys) }
        }
        let order = keyframes.indices.sorted { keyframes[$0].progress < keyframes[$1].progress }
        let sorted = order.map { keyframes[$0] }

        // 1. Every keyframe, warm-started from its neighbour. When the first keyframe lies away
        //    from the model, its fit finds the pose; every keyframe then shares that pose (held).
        let fitter = OutlineFitter(options: options.keyframe)
        var setup = setup
        var poseFound: [(name: String, value: Double)] = []
        var firstFit: OutlineFit?
        if let first = sorted.first {
            do throws(FitError) {
                let fit = try fitter.fit(first.target, setup: setup)
                if fit.poseFound.isEmpty {
                    firstFit = fit
                } else {
                    // The found names are free in the fit's setup, after the given ones.
                    poseFound = fit.poseFound.compactMap { name in
                        fit.setup.freeNames.firstIndex(of: name).map { (name, fit.values[$0]) }
                    }
                    setup = try setup.holding(poseFound)
                }
            } catch {
                throw .keyframeFit(keyframe: labels[order[0]], error)
            }
        }
        // The others share the first keyframe's placement: none finds a pose of its own.
        var shared = fitter
        shared.options.findsPose = false
        var fits: [OutlineFit] = []
        for (position, keyframe) in sorted.enumerated() {
            if position == 0, let firstFit {
                fits.append(firstFit)
                keyframeFitted?()
                continue
            }
            var start = setup
            if let previous = fits.last {
                for (k, i) in setup.freeIndices.enumerated() { start.parameters.setValue(previous.values[k], at: i) }
            }
            do throws(FitError) {
                fits.append(try shared.fit(keyframe.target, setup: start))
                keyframeFitted?()
            } catch {
                throw .keyframeFit(keyframe: labels[order[position]], error)
            }
        }

        // 2. Each parameter's trajectory through its keyframe values (per-interval: the keys'
        //    values eased between them, the easings fitted to the outlines in between).
        let progress = sorted.map({ $0.progress })
        var twoStage: [TrajectoryFit] = []
        var intervals: [IntervalEasing] = []
        if timing == .perInterval {
            (twoStage, intervals) = perInterval(setup: setup, keyframes: sorted, fits: fits)
        } else {
            let trajectoryFitter = TrajectoryFitter(kind: timing, options: options.trajectory, bounds: options.timingBounds)
            for k in 0..<setup.freeCount {
                twoStage.append(try trajectoryFitter.fit(
                    parameter: setup.freeNames[k], progress: progress, values: fits.map { $0.values[k] },
                    standardErrors: fits.map { $0.standardErrors[k] }, lower: setup.lower[k], upper: setup.upper[k]))
            }
        }
        let twoStageDistances = sorted.indices.map { j in
            Self.distances(setup: setup, keyframe: sorted[j], values: twoStage.map { $0.trajectory.value(at: progress[j]) },
                           parallel: options.keyframe.parallel)
        }

        // 3. Optionally, all keyframes at once.
        let joint = options.joint
            ? jointFit(setup: setup, keyframes: sorted, keyframeFits: fits, start: twoStage)
            : nil

        var result = ProfileFit(setup: setup, timing: timing, keyframes: sorted, inputIndices: order, keyframeFits: fits,
                                twoStage: twoStage, twoStageKeyframeRMS: twoStageDistances.map(Self.rms),
                                twoStageRMS: Self.rms(twoStageDistances.flatMap { $0 }),
                                twoStageKeyframeMax: twoStageDistances.map(Self.maximumMagnitude),
                                twoStageMax: Self.maximumMagnitude(twoStageDistances.flatMap { $0 }), joint: joint)
        result.poseFound = poseFound
        result.intervals = intervals
        return result
    }

    /// The per-interval trajectories and their intervals: the keys' fitted values, one easing per
    /// interval between consecutive keys fitted to the keyframes strictly inside it
    /// (``IntervalEasingFitter``), each compared with the named presets (``EasingPreset``).
    func perInterval(setup: FitSetup, keyframes: [ProfileKeyframe], fits: [OutlineFit]) -> ([TrajectoryFit], [IntervalEasing]) {
        let keys = keyframes.indices.filter { keyframes[$0].isKey }
        let fitter = IntervalEasingFitter(options: options.keyframe, bounds: options.timingBounds)
        var intervals: [IntervalEasing] = []
        for (i, j) in zip(keys, keys.dropFirst()) {
            let (from, to) = (keyframes[i].progress, keyframes[j].progress)
            let (a, b) = (fits[i].values, fits[j].values)
            var interval = fitter.fit(setup: setup, from: from, to: to, a: a, b: b, frames: Array(keyframes[(i + 1)..<j]))
            if interval.isFitted {
                interval.nearestPreset = EasingPreset.nearest(to: interval.easing, setup: setup, a: a, b: b,
                                                              seconds: (to - from) * options.duration)
            }
            intervals.append(interval)
        }
        // The worst status: the first interval that did not converge, else a converged one.
        let status = intervals.compactMap({ $0.status }).first { !$0.isConverged } ?? intervals.compactMap({ $0.status }).first ?? .convergedGtol
        var trajectories: [TrajectoryFit] = []
        for k in 0..<setup.freeCount {
            let values = keys.map { KeyframeTrack.Keyframe(time: keyframes[$0].progress, value: fits[$0].values[k]) }
            // Cannot fail: the keys' progress values increase and the fitted values are finite.
            guard let trajectory = try? ParameterTrajectory(keys: values, easings: intervals.map({ $0.easing })) else { continue }
            var sum = 0.0
            for (j, keyframe) in keyframes.enumerated() {
                let d = trajectory.value(at: keyframe.progress) - fits[j].values[k]
                sum += d * d
            }
            trajectories.append(TrajectoryFit(parameter: setup.freeNames[k], method: .twoStage, trajectory: trajectory,
                                              standardErrors: [], covariance: nil,
                                              rms: (sum / Double(keyframes.count)).squareRoot(), reducedChiSquare: nil,
                                              weighted: false, status: status, activeBounds: []))
        }
        return (trajectories, intervals)
    }

    /// The joint fit, from the two-stage trajectories.
    func jointFit(setup: FitSetup, keyframes: [ProfileKeyframe], keyframeFits: [OutlineFit],
                  start: [TrajectoryFit]) -> JointProfileFit {
        let kind = options.timing
        let q = kind.unknownCount
        let residuals = JointProfileResiduals(setup: setup, keyframes: keyframes, kind: kind,
                                              parallel: options.keyframe.parallel)
        let problem = LeastSquaresProblem(residualCount: residuals.residualCount, parameterCount: residuals.unknownCount,
                                          residuals: { residuals.residuals($0) },
                                          jacobian: { residuals.jacobian($0) })
        let timingBox = options.timingBounds.box(kind: kind, progress: keyframes.map({ $0.progress }))
        let held = start.map(Self.timingUnresolved)
        var lower: [Double] = [], upper: [Double] = []
        for k in 0..<setup.freeCount {
            // A held timing is fixed by equal bounds at its two-stage values (inside the box: the
            // two-stage fit had the same one).
            let timing = start[k].trajectory.timingValues
            lower += [setup.lower[k], setup.lower[k]] + (held[k] ? timing : timingBox.lower)
            upper += [setup.upper[k], setup.upper[k]] + (held[k] ? timing : timingBox.upper)
        }
        // Cannot fail: the setup's bounds and the timing ranges are intervals.
        let bounds = try? Bounds(lower: lower, upper: upper)
        let o = options.keyframe
        let solver = LevenbergMarquardt(options: .init(
            functionTolerance: o.functionTolerance, parameterTolerance: o.parameterTolerance,
            maxEvaluations: o.maxEvaluations, refinementSteps: o.refinementSteps, loss: o.loss))
        let fit = solver.minimize(problem, from: start.flatMap { $0.trajectory.unknowns }, bounds: bounds)
        let errors = fit.standardErrors
        let progress = keyframes.map({ $0.progress })
        var trajectories: [TrajectoryFit] = []
        for k in 0..<setup.freeCount {
            let range = (k * q)..<((k + 1) * q)
            let trajectory = ParameterTrajectory(unchecked: kind, unknowns: Array(fit.parameters[range]))
            var sum = 0.0
            for j in keyframes.indices {
                let d = trajectory.value(at: progress[j]) - keyframeFits[j].values[k]
                sum += d * d
            }
            var block: Matrix?
            if let c = fit.covariance?.matrix {
                var b = Matrix(rows: q, columns: q)
                for r in 0..<q { for s in 0..<q { b[r, s] = c[range.lowerBound + r, range.lowerBound + s] } }
                block = b
            }
            trajectories.append(TrajectoryFit(
                parameter: setup.freeNames[k], method: .joint, trajectory: trajectory,
                standardErrors: Array(errors[range]), covariance: block,
                rms: (sum / Double(keyframes.count)).squareRoot(), reducedChiSquare: nil, weighted: false,
                status: fit.status, activeBounds: Array(fit.activeBounds[range]), timingHeld: held[k]))
        }
        var keyframeRMS: [Double] = [], keyframeMax: [Double] = []
        for j in keyframes.indices {
            let count = keyframes[j].target.points.count
            let offset = residuals.offsets[j]
            let distances = Array(fit.residuals[offset..<(offset + count)])
            keyframeRMS.append(Self.rms(distances))
            keyframeMax.append(Self.maximumMagnitude(distances))
        }
        return JointProfileFit(trajectories: trajectories, covariance: fit.covariance, keyframeRMS: keyframeRMS,
                               rms: Self.rms(fit.residuals), keyframeMax: keyframeMax,
                               max: Self.maximumMagnitude(fit.residuals), status: fit.status, iterations: fit.iterations,
                               evaluations: fit.evaluations, cost: fit.cost)
    }

    /// True when a two-stage trajectory does not resolve its change end − start, so its timing
    /// is not identified (p depends on the timing parameters τ only through (end − start)·∂y/∂τ):
    /// |end − start| ≤ 2σ_Δ, σ_Δ² = C_ss + C_ee − 2C_se from the two-stage covariance of start
    /// and end (a change within two standard errors of 0), or |end − start| ≤ 1e-9·max(1, |start|,
    /// |end|) whatever the covariance. The joint fit holds such a parameter's timing at its
    /// two-stage values and fits only its start and end: left free, the timing parameters
    /// wander along a flat valley of the cost to the ends of their ranges and keep the solver
    /// from converging. Linear and keyframes timings have nothing to hold.
    static func timingUnresolved(_ fit: TrajectoryFit) -> Bool {
        let t = fit.trajectory
        guard !t.timingValues.isEmpty else { return false }
        let delta = abs(t.end - t.start)
        if delta <= 1e-9 * Swift.max(1, abs(t.start), abs(t.end)) { return true }
        guard let c = fit.covariance else { return false }
        let variance = c[0, 0] + c[1, 1] - 2 * c[0, 1]
        return variance.isFinite && variance >= 0 && delta <= 2 * variance.squareRoot()
    }

    /// The signed orthogonal distances of a keyframe's target points to the model at free values
    /// `values` (certified nearest points).
    static func distances(setup: FitSetup, keyframe: ProfileKeyframe, values: [Double], parallel: Bool) -> [Double] {
        guard values.allSatisfy({ $0.isFinite }) else { return [Double](repeating: .nan, count: keyframe.target.points.count) }
        let residuals = DistanceResiduals(setup: setup, targets: keyframe.target.points, outline: nil,
                                          symmetricWeight: 0, samplesPerSegment: 1, parallel: parallel)
        return residuals.residuals(values)
    }

    /// max |rᵢ| (NaN for none, or when any rᵢ is NaN).
    static func maximumMagnitude(_ r: [Double]) -> Double {
        guard !r.isEmpty, !r.contains(where: { $0.isNaN }) else { return .nan }
        return r.reduce(0) { Swift.max($0, abs($1)) }
    }

    /// √(Σr²/N) (NaN for none).
    static func rms(_ r: [Double]) -> Double {
        guard !r.isEmpty else { return .nan }
        return (r.reduce(0) { $0 + $1 * $1 } / Double(r.count)).squareRoot()
    }
}

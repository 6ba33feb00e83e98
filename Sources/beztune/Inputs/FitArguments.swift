import BeztuneAPI
import Deform
import Fitting
import Foundation
import Interchange
import LeastSquares
import _Support

/// What `beztune fit` and `fit-profile` fit and how — the same for every target of a batch, so
/// it is built (and refused, as a usage error) once, before any target is opened.
struct FitArguments {
    /// The model's setup, the solver's options and the loss scale relative to a target's size
    /// (``FitPlan``, shared with the API).
    var plan: FitPlan
    var setup: FitSetup { plan.setup }
    var options: FitOptions {
        get { plan.options }
        set { plan.options = newValue }
    }
    var samples: Int?
    var yUp: Bool
    var yDown: Bool
    var repeats: Int
    /// `--pixels-per-unit S`: device pixels per model unit for the `_px` figures.
    var pixelsPerUnit: Double
    /// The outline of an SVG document or Lottie file that is the target (a manifest row's
    /// `select` cell replaces `element`).
    var selection: TargetSelection

    /// The fit the options ask for, or the usage error they make (checked before any target is
    /// read: the parameter names, values and bounds against the model, the loss).
    init(_ choices: FitChoices) throws {
        plan = try FitPlan(model: choices.model, free: choices.free, radius: choices.radius, set: choices.set,
                           bounds: choices.bounds.map { ($0.name, $0.lower, $0.upper) }, loss: choices.loss,
                           lossScale: choices.lossScale, symmetric: choices.symmetric, starts: choices.starts,
                           seed: choices.seed, maxEvaluations: choices.maxEvaluations, parallel: !choices.serial)
        samples = choices.samples
        yUp = choices.yUp
        yDown = choices.yDown
        repeats = choices.repeats
        pixelsPerUnit = choices.pixelsPerUnit
        selection = TargetSelection(element: choices.select, layer: choices.layer, frame: choices.frame,
                                    lottieEllipses: LottieEllipseMode(rawValue: choices.lottieEllipse) ?? .exact)
    }

    /// The options for a target of size `size` (the default loss scale is relative to it).
    func options(forSize size: Double) -> FitOptions { plan.options(forSize: size) }

    /// One fit of `target` (the fastest of `--repeat` runs); with `console`, a fit that runs over
    /// a second reports its stage on standard error about once a second
    /// (`beztune fit: hausdorff 40% (2.1 s)`, `beztune fit: solving (1.0 s)`).
    func fit(_ target: TargetOutline, console: Console? = nil) throws(FitError) -> OutlineFit {
        let fitter = OutlineFitter(options: options(forSize: target.size))
        let clock = ContinuousClock()
        let start = clock.now
        var lastReport = start
        let report: ((FitProgress) -> Void)? = console.map { console in
            { progress in
                let now = clock.now
                guard now - start >= .seconds(1), now - lastReport >= .seconds(1) else { return }
                lastReport = now
                let elapsed = now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                // The solve's fraction is of the whole evaluation budget, which a converging fit
                // never uses up: it would read as stuck near 0 %, so it is left out.
                let done = progress.stage == .solving ? "" : " \(Int(100 * progress.fraction))%"
                console.printError("beztune fit: \(progress.stage.rawValue)\(done) (\(String(format: "%.1f", seconds)) s)")
            }
        }
        var best = try fitter.fit(target, setup: setup, progress: report)
        if repeats > 1 {
            var timing = fitter
            timing.options.computeComparison = false
            let progress = console.map { ProgressLines(command: "fit", console: $0) }
            defer { progress?.finish() }
            progress?.begin("repeating the fit (--repeat)", total: repeats - 1)
            for _ in 1..<repeats {
                let again = try timing.fit(target, setup: setup)
                best.seconds = Swift.min(best.seconds, again.seconds)
                progress?.advance()
            }
        }
        return best
    }
}

import Deform
import Fitting
import Foundation
import LeastSquares
import _Support

/// The options of `beztune fit` and `fit-profile` that say what to fit and how, as given.
struct FitChoices {
    var model: any DeformModel = BallModel()
    var radius: Double?
    /// `--free`; the model's ``DeformModel/defaultFree`` when absent.
    var free: [String]?
    var set: [ParameterAssignment] = []
    var bounds: [ParameterBound] = []
    var loss = "trivial"
    var lossScale: Double?
    var symmetric: Double?
    var starts = 1
    var seed: UInt64 = 1
    var maxEvaluations: Int?
    var samples: Int?
    var yUp = false
    var yDown = false
    var repeats = 1
    /// `--serial`: the nearest-point searches on the calling thread only.
    var serial = false
    /// `--select ID|N`, `--layer NAME|N`, `--frame F`: which outline of a design file.
    var select: String?
    var layer: String?
    var frame: Double?

    static let losses = ["trivial", "huber", "soft-l1", "cauchy", "arctan"]

    /// The ball's default free parameters as the help lists them.
    static var ballDefaultFree: String { (BallModel().defaultFree ?? []).joined(separator: ",") }

    /// `--seed S`: a whole number ≥ 0.
    static func seed(_ text: String) throws(OptionValueError) -> UInt64 {
        guard let s = UInt64(text.trimmingWhitespace) else { throw OptionValueError("expected a whole number ≥ 0") }
        return s
    }
}

/// `NAME=LO:HI`: narrower bounds for a free parameter (`inf`, `-inf` allowed).
struct ParameterBound: Equatable {
    var name: String
    var lower: Double
    var upper: Double

    static func parse(_ text: String) throws(OptionValueError) -> ParameterBound {
        try OptionValue.refuseHexadecimal(text)
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let range = parts.count == 2 ? parts[1].split(separator: ":", omittingEmptySubsequences: false) : []
        let name = String(parts[0].trimmingWhitespace)
        guard parts.count == 2, range.count == 2, let lo = Double(range[0].trimmingWhitespace),
              let hi = Double(range[1].trimmingWhitespace) else {
            throw OptionValueError("expected NAME=LOWER:UPPER (inf and -inf allowed)")
        }
        guard !name.isEmpty else { throw OptionValueError("the name is missing") }
        return ParameterBound(name: name, lower: lo, upper: hi)
    }
}

/// What `beztune fit` and `fit-profile` fit and how — the same for every target of a batch, so
/// it is built (and refused, as a usage error) once, before any target is opened.
struct FitArguments {
    var setup: FitSetup
    var options: FitOptions
    /// The loss's scale as a fraction of each target's size, when `--loss-scale` is not given.
    var relativeLossScale: Double?
    var lossName: String
    var samples: Int?
    var yUp: Bool
    var yDown: Bool
    var repeats: Int
    /// The outline of an SVG document or Lottie file that is the target (a manifest row's
    /// `select` cell replaces `element`).
    var selection: TargetSelection

    init(_ choices: FitChoices) throws(CLIError) {
        let model = choices.model
        guard let free = choices.free ?? model.defaultFree else {
            throw .usage("missing --free NAME,… (no default for model '\(model.name)')")
        }
        var values: [(name: String, value: Double)] = choices.radius.map { [("radius", $0)] } ?? []
        for assignment in choices.set {
            guard !values.contains(where: { $0.name == assignment.name }) else {
                throw .usage("parameter '\(assignment.name)' is set more than once\(assignment.name == "radius" ? " (--radius sets it too)" : "")")
            }
            values.append((assignment.name, assignment.value))
        }
        do throws(FitError) {
            setup = try FitSetup(model: model, free: free, values: values,
                                 bounds: choices.bounds.map { ($0.name, $0.lower, $0.upper) })
        } catch {
            throw .usage(error)
        }
        lossName = choices.loss
        if choices.lossScale != nil && lossName == "trivial" {
            throw .usage("--loss-scale needs --loss huber, soft-l1, cauchy or arctan")
        }
        relativeLossScale = lossName != "trivial" && choices.lossScale == nil ? 0.005 : nil
        var options = FitOptions()
        options.loss = Self.loss(lossName, scale: choices.lossScale ?? 1)
        options.starts = choices.starts
        options.seed = choices.seed
        if let w = choices.symmetric { options.symmetricWeight = w }
        if let n = choices.maxEvaluations { options.maxEvaluations = n }
        options.parallel = !choices.serial
        self.options = options
        samples = choices.samples
        yUp = choices.yUp
        yDown = choices.yDown
        repeats = choices.repeats
        selection = TargetSelection(element: choices.select, layer: choices.layer, frame: choices.frame)
    }

    /// The options for a target of size `size` (the default loss scale is relative to it).
    func options(forSize size: Double) -> FitOptions {
        var o = options
        if let relativeLossScale { o.loss = Self.loss(lossName, scale: Swift.max(relativeLossScale * size, .leastNormalMagnitude)) }
        return o
    }

    static func loss(_ name: String, scale a: Double) -> RobustLoss {
        switch name {
        case "huber": .huber(scale: a)
        case "soft-l1": .softL1(scale: a)
        case "cauchy": .cauchy(scale: a)
        case "arctan": .arctan(scale: a)
        default: .trivial
        }
    }

    /// One fit of `target` (the fastest of `--repeat` runs), fit errors as runtime failures.
    /// Fits `target`; with `console`, a fit that runs over a second reports its stage on
    /// standard error about once a second (`beztune fit: hausdorff 40% (2.1 s)`, `beztune fit: solving (1.0 s)`).
    func fit(_ target: TargetOutline, console: Console? = nil) throws(CLIError) -> OutlineFit {
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
        do throws(FitError) {
            var best = try fitter.fit(target, setup: setup, progress: report)
            if repeats > 1 {
                var timing = fitter
                timing.options.computeComparison = false
                for _ in 1..<repeats {
                    let again = try timing.fit(target, setup: setup)
                    best.seconds = Swift.min(best.seconds, again.seconds)
                }
            }
            return best
        } catch {
            throw .runtime(error)
        }
    }
}

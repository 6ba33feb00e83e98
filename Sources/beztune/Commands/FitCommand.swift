import DataFiles
import Fitting
import Foundation
import Geometry
import Render

/// `beztune fit`: least-squares fit of a model's parameters to a target outline (an SVG path, path
/// data or a CSV point list), or to every target of a manifest.
enum Fit {
    struct Options: CommandOptions {
        var target: String?
        var pathData: String?
        var targets: String?
        var batch = BatchOptions()
        var fit = FitChoices()
        var csv: String?
        var residuals: String?
        var png: String?
        var size = ImageSize(width: 720, height: 720)
        var whiskerScale: Double?
    }

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "fit",
            abstract: "Fit a model's parameters to a target outline: values with standard errors, residuals and how far the fit still is.",
            options: [
                .value(\.target, "target", "FILE",
                       help: "The target: an SVG document (the shape it draws, or --select's), a Lottie animation (.json, one layer at --frame), a CSV of points (columns x,y) or a file of SVG path data.",
                       parse: OptionValue.text),
                .value(\.pathData, "path", "D", help: "The target as SVG path data, e.g. 'M0 0 C…Z'.", parse: OptionValue.text),
                .value(\.targets, "targets", "MANIFEST",
                       help: "Fit every target of a CSV manifest: a 'file' column (relative to the manifest's folder) and an optional 'select' column (a row's --select); its other columns are copied into each row. One row per target.",
                       parse: OptionValue.text),
            ] + BatchOptions.options(\.batch) + [
                .value(\.fit.select, "select", "ID|N",
                       help: "SVG target: the shape to fit, by element id (a <g>'s id takes every shape inside it) or by its number among the drawn shapes; needed when the document draws several (the error lists them).",
                       parse: OptionValue.text),
                .value(\.fit.frame, "frame", "F",
                       help: "Lottie target: the composition frame whose outline is fitted (between the layer's ip and op; fractional frames interpolate).",
                       parse: OptionValue.number),
                .value(\.fit.layer, "layer", "NAME|N", inUsage: false,
                       help: "Lottie target: the shape layer, by name or by position in 'layers' (0-based); needed when there are several.",
                       parse: OptionValue.text),
                .value(\.fit.samples, "samples", "N", inUsage: false,
                       help: "Points sampled uniformly by arc length along a path target (default 720); for a CSV target, resample its polygon to N points (default: the points as given).",
                       parse: OptionValue.wholeNumber(in: 3...1_000_000)),
                .flag(\.fit.yUp, "y-up", inUsage: false,
                      help: "SVG, Lottie and path data: keep the y axis as written (default: y-down SVG space, flipped into y-up model space)."),
                .flag(\.fit.yDown, "y-down", inUsage: false,
                      help: "CSV points: they are y-down (screen) coordinates; flip them (default: y-up model space; a CSV fit warns when the points fit much better mirrored)."),
                .value(\.fit.model, "model", "MODEL", help: "The model to fit (default ball; see 'beztune model --list').",
                       parse: ModelArguments.model),
                .value(\.fit.radius, "radius", "R", help: "The ball's radius (the same as --set radius=R; default 50).",
                       parse: OptionValue.positive),
                .value(\.fit.free, "free", "NAME,…",
                       help: "The parameters to fit (default for the ball: \(FitChoices.ballDefaultFree)). Pose: tx, ty (translation), scale, rotation (radians).",
                       parse: OptionValue.nameList),
                ModelArguments.setOption(\.fit.set, model: { $0.fit.model }, finite: true,
                                         help: "A fixed parameter's value, or a free parameter's starting value (instead of the guess from the bounding box); repeatable."),
                .repeated(\.fit.bounds, "bound", "NAME=LO:HI", inUsage: false,
                          help: "Narrow a free parameter's bounds (the model's bounds by default; inf allowed); repeatable.",
                          parse: ParameterBound.parse),
                .value(\.fit.loss, "loss", "LOSS",
                       help: "Loss on the distances: trivial (least squares, default), huber, soft-l1, cauchy, arctan.",
                       parse: OptionValue.choice(among: FitChoices.losses)),
                .value(\.fit.lossScale, "loss-scale", "A", inUsage: false,
                       help: "The robust loss's scale in model units: distances well below it count fully (default 0.5 % of the target's size).",
                       parse: OptionValue.positive),
                .value(\.fit.symmetric, "symmetric", "W", inUsage: false,
                       help: "Also fit distances from the model to the target outline, weighted W against the target-to-model ones (default 0: off).",
                       parse: OptionValue.nonNegative("a number")),
                .value(\.fit.starts, "starts", "N", inUsage: false,
                       help: "Starts: the guess and N−1 seeded perturbations of it; the lowest cost wins (default 1).",
                       parse: OptionValue.wholeNumber(in: 1...1000)),
                .value(\.fit.seed, "seed", "S", inUsage: false, help: "Seed of the perturbations (default 1).", parse: FitChoices.seed),
                .value(\.fit.maxEvaluations, "max-evaluations", "N", inUsage: false,
                       help: "Residual evaluations allowed per start (default 500).",
                       parse: OptionValue.wholeNumber(in: 1...1_000_000)),
                .value(\.csv, "csv", "FILE",
                       help: "Write one CSV row (with --targets: one per target, to standard output when --csv is absent).",
                       parse: OptionValue.text),
                .value(\.residuals, "residuals", "FILE",
                       help: "Write per target point: x,y,nearest_x,nearest_y,distance,segment,t (model space).",
                       parse: OptionValue.text),
                .value(\.png, "png", "FILE",
                       help: "Draw target, fit, guides and residual whiskers (SVG when FILE ends in .svg: the fitted outline is the element 'fit', the target's 'target', for --select).",
                       parse: OptionValue.text),
                .value(\.size, "size", "WxH", inUsage: false, help: "Picture size in pixels (default 720x720).", parse: ImageSize.parse),
                .value(\.whiskerScale, "whisker-scale", "F", inUsage: false,
                       help: "Draw residual whiskers F times their length (default 1, or larger when the longest would be under 6 pixels).",
                       parse: OptionValue.positive),
                .value(\.fit.repeats, "repeat", "K", inUsage: false,
                       help: "Fit K times and report the fastest wall time in seconds (for benchmarks; the result is the same).",
                       parse: OptionValue.wholeNumber(in: 1...100_000)),
                .flag(\.fit.serial, "serial", inUsage: false,
                      help: "Do the nearest-point searches on one thread, not split over every processor (for benchmarks; the result is the same)."),
            ],
            rules: [
                .exclusive(["target", "path", "targets"], required: true, noun: "target"),
                .exclusive(["y-up", "y-down"]),
            ] + BatchOptions.rules(batch: "targets", "a batch of fits") + [
                .excludes(["residuals", "png"], option: "targets", reason: "it draws one fit"),
                .excludes(["select"], option: "path", reason: "path data is one path"),
                .requires(["frame", "layer"], option: "target", reason: "a Lottie animation's frame"),
            ],
            discussion: """
                Model space is y-up with the ball's bottom point at the origin; SVG and Lottie input
                (y-down) is flipped into it (y ↦ −y) unless --y-up, CSV points are taken as model
                space unless --y-down. A CSV fit also fits the points mirrored upside down and warns
                when that fit's rms is below a quarter of the fitted one.

                An SVG document is read as a renderer draws it: transforms, nested <svg>, <use>,
                circle, ellipse, rect, line, polyline, polygon and path, without what is not drawn
                (<defs>, <clipPath>, <mask>, …, display none, visibility hidden); coordinates stay
                in the document's user units. A Lottie .json is read at --frame: its shape layer's
                paths, ellipses and rectangles with their keyframes, group, layer and parent
                transforms.
                A target drawn elsewhere needs the pose: --free …,tx,ty (translation), scale,
                rotation (radians, counter-clockwise). --set fixes a parameter, or starts a free one.

                Residuals are the signed orthogonal distances from the target points to the model
                path, at certified nearest points (warm-started across iterations), with an exact
                Jacobian. Starts: the free parameters are first chosen so that the model's bounding
                box matches the target's. Standard errors are sqrt(diag(s²(JᵀJ)⁻¹)), s² = SSR/(m−n)
                (nan for a parameter that ends on a bound).

                Figures: rms is the unweighted RMS of the distances from the target points to the
                fitted path, whatever the loss; max_distance their maximum; hausdorff the Hausdorff
                distance between the fitted outline and the target outline (the path, or the
                polygon through the CSV points), certified to 1e-6 of the target's size;
                area_difference the area inside exactly one of the two (outlines flattened within
                that tolerance); iterations and evaluations are summed over the starts; status is
                the solver's (converged_ftol, converged_xtol, converged_gtol, max_evaluations, …;
                error for a batch target that could not be fitted, with the reason in 'message');
                seconds the wall time of the fit. --csv columns: the free values, <name>_stderr for
                each, rms,max_distance,hausdorff,area_difference,iterations,evaluations,status,seconds.

                Example: beztune fit --target examples/squash-0.5.svg --model ball --radius 50 --free xFactor,yFactor,topYFactor,k --png fit.png
                """)
    }

    static var command: Command { Command(declaration, run: run) }

    static func run(_ options: Options, console: Console) throws(CLIError) {
        let fit = try FitArguments(options.fit)
        if let manifest = options.targets {
            try FitBatch.run(manifest: manifest, fit, csvFile: options.csv, batch: options.batch, console: console)
            return
        }
        if let file = options.target { try checkDesignFileOptions(file: file, options.fit) }
        let outputs = try RunOutputs(files: [options.csv, options.residuals, options.png], inputs: [options.target],
                                     console: console)
        let target = if let file = options.target { try fit.target(file: file) } else { try fit.target(pathData: options.pathData ?? "") }
        let result = try fit.fit(target, console: console)
        var mirroredWarning: String?
        if let file = options.target, TargetFormat(fileName: file) == .csvPoints {
            mirroredWarning = MirroredFit.warning(fit, target: target, result: result, given: fit.orientation)
        }
        try outputs.checkStreams()

        // Everything is computed before the first file is written.
        var csv = CSVWriter(header: FitReport.header(free: fit.setup.freeNames))
        csv.appendRow(FitReport.fields(result))
        let residuals = options.residuals.map { _ in FitReport.residuals(result, target: target) }
        var picture: Data?
        if let png = options.png {
            picture = try FitReport.picture(result, target: target, modelName: fit.setup.model.name,
                                            width: options.size.width, height: options.size.height,
                                            whiskerScale: options.whiskerScale, format: ImageFormat(forFile: png))
        }
        try outputs.stage(csv.text, for: options.csv)
        if let residuals { try outputs.stage(residuals, for: options.residuals) }
        if let picture { try outputs.stage(picture, for: options.png) }
        outputs.write(FitReport.table(result, target: target))
        if !result.converged {
            console.printError("beztune fit: warning: the fit did not converge (\(result.status.rawValue)); the figures describe the last point reached")
        }
        if let mirroredWarning { console.printError("beztune fit: warning: \(mirroredWarning)") }
        try outputs.commit()
    }

    /// `--frame` and `--layer` only with a Lottie target, which needs `--frame`; `--select` only
    /// with an SVG document or path-data file (not a CSV or Lottie target). A `.json` file that is
    /// BezierTune's own document is refused first (exit 1), `--frame` or not: no frame makes it a
    /// target.
    static func checkDesignFileOptions(file: String, _ fit: FitChoices) throws(CLIError) {
        let format = TargetFormat(fileName: file)
        if format == .lottie {
            try FitArguments.refuseAnimationDocument(file)
            guard fit.frame != nil else {
                throw .usage("\(file) is a Lottie animation (.json): give --frame F, the frame whose outline is fitted")
            }
            if fit.select != nil { throw .usage("--select chooses a shape of an SVG document; for a Lottie layer use --layer") }
        } else {
            if fit.frame != nil { throw .usage("--frame goes with a Lottie target (a .json file)") }
            if fit.layer != nil { throw .usage("--layer goes with a Lottie target (a .json file)") }
            if format == .csvPoints && fit.select != nil { throw .usage("--select chooses a shape of an SVG document, not of a CSV point list") }
        }
    }
}

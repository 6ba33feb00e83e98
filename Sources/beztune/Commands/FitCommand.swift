import DataFiles
import Fitting
import Foundation
import Geometry
import Render
import _ArgumentParser
import _Support

/// `beztune fit`: least-squares fit of a model's parameters to a target outline (an SVG path, path
/// data or a CSV point list), or to every target of a manifest.
enum FitCommand: BeztuneCommand {
    static let name = "fit"
    static let abstract = "Fit a model's parameters to a target outline: values with standard errors, residuals and how far the fit still is."

    static var options: [Option<Options>] {
        [
            .text(\.target, "target", "FILE",
                  help: "The target: an SVG document (the shape it draws, or --select's), a Lottie animation (.json, one layer at --frame), a CSV of points (columns x,y) or a file of SVG path data."),
            .text(\.pathData, "path", "D", help: "The target as SVG path data, e.g. 'M0 0 C…Z'."),
            .text(\.targets, "targets", "MANIFEST",
                  help: "Fit every target of a CSV manifest: a 'file' column (relative to the manifest's folder) and an optional 'select' column (a row's --select); its other columns are copied into each row. One row per target."),
        ] + BatchOptions.options(\.batch) + [
            FitChoices.select, FitChoices.frame, FitChoices.layer, FitChoices.lottieEllipse, FitChoices.samples, FitChoices.yUp,
            FitChoices.yDown, FitChoices.model, FitChoices.radius, FitChoices.free, FitChoices.set,
            FitChoices.bound, FitChoices.loss, FitChoices.lossScale, FitChoices.symmetric, FitChoices.starts,
            FitChoices.seed, FitChoices.maxEvaluations, FitChoices.pixelsPerUnit,
        ].map { $0.embedded(in: \.fit) } + [
            .text(\.csv, "csv", "FILE",
                  help: "Write one CSV row (with --targets: one per target, to standard output when --csv is absent)."),
            .text(\.residuals, "residuals", "FILE",
                  help: "Write per target point: x,y,nearest_x,nearest_y,distance,segment,t (model space)."),
            .text(\.png, "png", "FILE",
                  help: "Draw target, fit, guides and residual whiskers (SVG when FILE ends in .svg: the fitted outline is the element 'fit', the target's 'target', for --select)."),
            .value(\.size, "size", "WxH", inUsage: false, help: "Picture size in pixels (default 720x720).", parse: ImageSize.parse),
            .value(\.whiskerScale, "whisker-scale", "F", inUsage: false,
                   help: "Draw residual whiskers F times their length (default 1, or larger when the longest would be under 6 pixels).",
                   parse: OptionValue.positive),
        ] + [FitChoices.repeats, FitChoices.serial].map { $0.embedded(in: \.fit) }
    }

    static var rules: [OptionRule<Options>] {
        [.exclusive([\.target, \.pathData, \.targets], required: true, noun: "target")]
            + FitChoices.rules.map { $0.embedded(in: \.fit) }
            + BatchOptions.rules(\.batch, batch: \.targets, "a batch of fits", csv: \.csv) + [
                .excludes([\.residuals, \.png], option: \.targets, reason: "it draws one fit"),
                .excludes([\.fit.select], option: \.pathData, reason: "path data is one path"),
                .requires([\.fit.frame, \.fit.layer], option: \.target, reason: "a Lottie animation's frame"),
            ]
    }

    static let discussion = """
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
        The pose: --free …,tx,ty (translation), scale, rotation (radians, counter-clockwise).
        A target drawn away from everything the model reaches without a pose gets one
        found: tx,ty (and scale when the radius is held and the free parameters leave it
        identifiable) are freed, started from the target's bounding box and fitted, the
        table names them (pose_found) and the CSV has their columns; with --targets such a
        row is refused instead (every row has the same columns). --set fixes a parameter,
        or starts a free one.

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
        each, rms,max_distance,hausdorff,area_difference,iterations,evaluations,status,seconds
        (with --targets: the manifest's columns first, then these and message), then what
        the fit was, so that 'beztune export --fit' draws it without repeating options:
        model, radius (its value, fitted or held; empty for a model without one; when
        radius is free, its value column), held (every --radius and --set value of a
        parameter not free, as NAME=VALUE;…, every digit) and, when posed,
        pose_tx,pose_ty,pose_scale,pose_rotation (the whole pose, free or held), then
        pixels_per_unit,rms_px,max_distance_px,hausdorff_px: --pixels-per-unit S (default 1)
        and S × rms, max_distance and hausdorff, the distances in device pixels when one model
        unit is drawn S pixels wide (3 for a design-size shape on an @3x screen). S is not the
        pose parameter 'scale' (which sizes the model before it is compared).

        Example: beztune fit --target examples/squash-0.5.svg --model ball --radius 50 --free xFactor,yFactor,topYFactor,k --png fit.png
        """

    /// The options checked together before any target is read: the fit they ask for.
    struct Checked {
        var options: Options
        var fit: FitArguments
        /// The `--target` file's format as its name says it, nil for any other name (and for
        /// `--path` and `--targets`).
        var format: TargetFormat?
    }

    static func validate(_ options: Options) throws -> Checked {
        let checked = Checked(options: options, fit: try FitArguments(options.fit),
                              format: options.target.flatMap(TargetFormat.init(fileName:)))
        if options.target != nil, checked.format != .lottie {
            try checkDesignFileOptions(format: checked.format, options.fit)
        }
        return checked
    }

    static func run(_ checked: Checked, console: Console) throws {
        let (options, fit) = (checked.options, checked.fit)
        if let manifest = options.targets {
            try FitBatch.run(manifest: manifest, fit, csvFile: options.csv, batch: options.batch, console: console)
            return
        }
        let format = checked.format
        if let file = options.target, format == .lottie { try checkLottieOptions(file: file, options.fit) }
        let outputs = try RunOutputs(files: [options.csv, options.residuals, options.png], inputs: [options.target],
                                     console: console)
        let target = if let file = options.target { try fit.target(file: file) } else { try fit.target(pathData: options.pathData ?? "") }
        let result = try fit.fit(target, console: console)
        let mirroredWarning = format == .csvPoints ? MirroredFit.warning(fit, target: target, result: result, given: fit.orientation, console: console) : nil
        try outputs.checkStreams()

        // Everything is computed before the first file is written.
        // The fit's own setup: it frees the pose when the target lies away from the model.
        let columns = FitResultColumns(setup: result.setup, pixelsPerUnit: fit.pixelsPerUnit)
        var csv = CSVWriter(header: columns.header)
        csv.appendRow(columns.fields(result))
        let residuals = options.residuals.map { _ in FitReport.residuals(result, target: target) }
        var picture: Data?
        if let png = options.png {
            picture = try FitReport.picture(result, target: target, modelName: result.setup.model.name,
                                            width: options.size.width, height: options.size.height,
                                            whiskerScale: options.whiskerScale, format: ImageFormat(forFile: png))
        }
        try outputs.stage(csv.text, for: options.csv)
        if let residuals { try outputs.stage(residuals, for: options.residuals) }
        if let picture { try outputs.stage(picture, for: options.png) }
        outputs.write(FitReport.table(result, target: target, pixelsPerUnit: fit.pixelsPerUnit))
        if !result.converged {
            console.printError("beztune fit: warning: the fit did not converge (\(result.status.rawValue)); the figures describe the last point reached")
        }
        if let mirroredWarning { console.printError("beztune fit: warning: \(mirroredWarning)") }
        try outputs.commit()
    }

    /// `--frame` and `--layer` only with a Lottie target; `--select` only with an SVG document
    /// or path-data file, not a CSV point list (checked before any input is read).
    static func checkDesignFileOptions(format: TargetFormat?, _ fit: FitChoices) throws(CLIError) {
        if fit.frame != nil { throw .usage("--frame goes with a Lottie target (a .json file)") }
        if fit.layer != nil { throw .usage("--layer goes with a Lottie target (a .json file)") }
        if format == .csvPoints && fit.select != nil {
            throw .usage("--select chooses a shape of an SVG document, not of a CSV point list")
        }
    }

    /// A Lottie target needs `--frame` and takes no `--select`; BezierTune's own document, a
    /// `.json` file too, is refused first (exit 1), `--frame` or not: no frame makes it a target.
    static func checkLottieOptions(file: String, _ fit: FitChoices) throws(CLIError) {
        try FitArguments.refuseAnimationDocument(file)
        guard fit.frame != nil else {
            throw .usage("\(file) is a Lottie animation (.json): give --frame F, the frame whose outline is fitted")
        }
        if fit.select != nil { throw .usage("--select chooses a shape of an SVG document; for a Lottie layer use --layer") }
    }

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

}

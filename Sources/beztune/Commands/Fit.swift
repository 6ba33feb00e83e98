import DataFiles
import Fitting
import Foundation
import Geometry

/// `beztune fit`: least-squares fit of a model's parameters to a target outline (an SVG path, path
/// data or a CSV point list), or to every target of a manifest.
enum Fit {
    static let spec = CommandSpec(
        name: "fit",
        abstract: "Fit a model's parameters to a target outline: values with standard errors, residuals and how far the fit still is.",
        synopsis: "(--target FILE | --path D | --targets MANIFEST) [--model MODEL] [--radius R] [--free NAME,…] [--set NAME=VALUE …] [--loss LOSS] [--csv FILE] [--residuals FILE] [--png FILE] [options]",
        options: [
            .init(name: "target", arity: .single(valueName: "FILE"),
                  help: "The target: an SVG file (its first <path>), a CSV of points (columns x,y) or a file of SVG path data."),
            .init(name: "path", arity: .single(valueName: "D"), help: "The target as SVG path data, e.g. 'M0 0 C…Z'."),
            .init(name: "targets", arity: .single(valueName: "MANIFEST"),
                  help: "Fit every target of a CSV manifest: a 'file' column (relative to the manifest's folder); its other columns are copied into each row. One row per target."),
        ] + BatchOptions.options + [
            .init(name: "samples", arity: .single(valueName: "N"),
                  help: "Points sampled uniformly by arc length along a path target (default 720); for a CSV target, resample its polygon to N points (default: the points as given)."),
            .init(name: "y-up", arity: .flag,
                  help: "SVG and path data: keep the y axis as written (default: y-down SVG space, flipped into y-up model space)."),
            .init(name: "y-down", arity: .flag, help: "CSV points: they are y-down (screen) coordinates; flip them (default: y-up model space)."),
            .init(name: "model", arity: .single(valueName: "MODEL"), help: "The model to fit (default ball; see 'beztune model --list')."),
            .init(name: "radius", arity: .single(valueName: "R"), help: "The ball's radius (the same as --set radius=R; default 50)."),
            .init(name: "free", arity: .single(valueName: "NAME,…"),
                  help: "The parameters to fit (default for the ball: xFactor,yFactor,topYFactor,k). Pose: tx, ty (translation), scale, rotation (radians)."),
            .init(name: "set", arity: .repeated(valueName: "NAME=VALUE"),
                  help: "A fixed parameter's value, or a free parameter's starting value (instead of the guess from the bounding box); repeatable."),
            .init(name: "bound", arity: .repeated(valueName: "NAME=LO:HI"),
                  help: "Narrow a free parameter's bounds (the model's bounds by default; inf allowed); repeatable."),
            .init(name: "loss", arity: .single(valueName: "LOSS"),
                  help: "Loss on the distances: trivial (least squares, default), huber, soft-l1, cauchy, arctan."),
            .init(name: "loss-scale", arity: .single(valueName: "A"),
                  help: "The robust loss's scale in model units: distances well below it count fully (default 0.5 % of the target's size)."),
            .init(name: "symmetric", arity: .single(valueName: "W"),
                  help: "Also fit distances from the model to the target outline, weighted W against the target-to-model ones (default 0: off)."),
            .init(name: "starts", arity: .single(valueName: "N"),
                  help: "Starts: the guess and N−1 seeded perturbations of it; the lowest cost wins (default 1)."),
            .init(name: "seed", arity: .single(valueName: "S"), help: "Seed of the perturbations (default 1)."),
            .init(name: "max-evaluations", arity: .single(valueName: "N"),
                  help: "Residual evaluations allowed per start (default 500)."),
            .init(name: "csv", arity: .single(valueName: "FILE"),
                  help: "Write one CSV row (with --targets: one per target, to standard output when --csv is absent)."),
            .init(name: "residuals", arity: .single(valueName: "FILE"),
                  help: "Write per target point: x,y,nearest_x,nearest_y,distance,segment,t (model space)."),
            .init(name: "png", arity: .single(valueName: "FILE"),
                  help: "Draw target, fit, guides and residual whiskers (SVG when FILE ends in .svg)."),
            .init(name: "size", arity: .single(valueName: "WxH"), help: "Picture size in pixels (default 720x720)."),
            .init(name: "whisker-scale", arity: .single(valueName: "F"),
                  help: "Draw residual whiskers F times their length (default 1, or larger when the longest would be under 6 pixels)."),
            .init(name: "repeat", arity: .single(valueName: "K"),
                  help: "Fit K times and report the fastest wall time in seconds (for benchmarks; the result is the same)."),
        ],
        exclusive: [["target", "path", "targets"], ["y-up", "y-down"]],
        discussion: """
            Model space is y-up with the ball's bottom point at the origin; SVG input is flipped
            into it (y ↦ −y) unless --y-up, CSV points are taken as model space unless --y-down.
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

    static let command = Beztune.Command(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let fit = try FitArguments(arguments)
        let (width, height) = try Frames.readSize(arguments, default: (720, 720))
        let whiskerScale = try arguments.positiveDouble("whisker-scale")
        if let manifest = arguments.string("targets") {
            for option in ["residuals", "png"] where arguments.string(option) != nil {
                throw arguments.usage("--\(option) draws one fit; it cannot be used with --targets")
            }
            let batch = try BatchOptions(arguments)
            try FitBatch.run(manifest: manifest, fit, csvFile: arguments.string("csv"), shard: batch.shard,
                             resume: batch.resume, checkpointInterval: batch.checkpoint, console: console)
            return
        }
        for option in ["shard", "checkpoint"] where arguments.string(option) != nil {
            throw arguments.usage("--\(option) goes with --targets MANIFEST (a batch of fits)")
        }
        if arguments.flag("resume") { throw arguments.usage("--resume goes with --targets MANIFEST (a batch of fits)") }
        guard arguments.string("target") != nil || arguments.string("path") != nil else {
            throw arguments.usage("missing target: give --target FILE, --path D or --targets MANIFEST")
        }
        let target: TargetOutline
        do throws(FitTarget.Failure) {
            if let file = arguments.string("target") {
                target = try FitTarget.read(file: file, fit)
            } else {
                target = try FitTarget.read(pathData: arguments.string("path") ?? "", fit)
            }
        } catch {
            throw .runtime(error.message)
        }
        let result = try fitOnce(target, fit)

        // Everything is computed before the first file is written.
        var csv = CSVWriter(header: FitReport.header(free: fit.setup.freeNames))
        csv.appendRow(FitReport.fields(result))
        let residuals = arguments.string("residuals").map { _ in FitReport.residuals(result, target: target) }
        var picture: Data?
        if let png = arguments.string("png") {
            picture = try FitReport.picture(result, target: target, modelName: fit.setup.model.name,
                                            width: width, height: height, whiskerScale: whiskerScale,
                                            format: png.lowercased().hasSuffix(".svg") ? .svg : .png)
        }
        if let file = arguments.string("csv") { try OutputFiles.write(csv.text, to: file) }
        if let file = arguments.string("residuals"), let residuals { try OutputFiles.write(residuals, to: file) }
        if let file = arguments.string("png"), let picture { try OutputFiles.write(picture, to: file) }
        console.writeOutput(FitReport.table(result, target: target))
        if !result.converged {
            console.printError("beztune fit: warning: the fit did not converge (\(result.status.rawValue)); the figures describe the last point reached")
        }
    }

    /// One fit of `target` (the fastest of `--repeat` runs), with fit errors as runtime errors.
    static func fitOnce(_ target: TargetOutline, _ fit: FitArguments) throws(CLIError) -> OutlineFit {
        let fitter = OutlineFitter(options: fit.options(forSize: target.size))
        do throws(FitError) {
            var best = try fitter.fit(target, setup: fit.setup)
            if fit.repeats > 1 {
                var timing = fitter
                timing.options.computeComparison = false
                for _ in 1..<fit.repeats {
                    let again = try timing.fit(target, setup: fit.setup)
                    best.seconds = Swift.min(best.seconds, again.seconds)
                }
            }
            return best
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }
}

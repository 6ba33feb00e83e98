import Deform
import Fitting
import Foundation
import Geometry
import Interchange
import _Support

/// `beztune export`: a shape or a fitted animation as one file an app or page takes — clean SVG
/// outlines, animated SVG, CSS, Swift (UIKit and Core Animation, SwiftUI), Lottie or
/// BezierTune's own JSON document (``ExportFormat``; the names of `--format` and of the options
/// are a contract).
enum Export {
    struct Options: CommandOptions {
        var format = ExportFormat.svg  // required
        var out = ""  // required
        var model: (any DeformModel)?
        var radius: Double?
        var free: [String]?
        var set: [ParameterAssignment] = []
        var fit: String?
        var row: Int?
        var profileDir: String?
        var document: String?
        var method: TrajectoryFit.Method?
        var duration: Double?
        var fps = 60.0
        var progress: Double?
        var tolerance = ShapeKeyframes.Options().relativeTolerance
        var typeName: String?
    }

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "export",
            abstract: "Write a shape or a fitted animation for an app or a page: SVG, animated SVG, CSS, Swift (UIKit, SwiftUI), Lottie or JSON.",
            options: [
                .value(\.format, "format", "FORMAT", required: true, usageValue: "FORMAT",
                       help: "The output's format: \(ExportFormat.names).",
                       parse: formatName),
                .value(\.out, "out", "FILE", required: true, help: "The output file, written atomically.", parse: OptionValue.text),
                .value(\.model, "model", "MODEL",
                       help: "A still shape of this model at its defaults and --set values (pose included); with --fit, the fit's model (default ball).",
                       parse: ModelArguments.model),
                .value(\.fit, "fit", "FIT.csv",
                       help: "A 'beztune fit --csv' result (a batch's too, with --row): the still shape at its values, with their standard errors; give the fit's --model, --free, --radius and --set.",
                       parse: OptionValue.text),
                .value(\.profileDir, "profile-dir", "DIR",
                       help: "A 'beztune fit-profile' output folder (settings.csv, timing.csv, profile.csv): the fitted animation, each parameter on its own timing.",
                       parse: OptionValue.text),
                .value(\.document, "document", "FILE",
                       help: "BezierTune's own document (an 'export --format json' file).", parse: OptionValue.text),
                .value(\.row, "row", "N", inUsage: false,
                       help: "With --fit: the 1-based data row of a batch CSV (needed when it has more than one).",
                       parse: OptionValue.wholeNumber(in: 1...Int(Int32.max))),
                .value(\.radius, "radius", "R", inUsage: false, help: "The ball's radius (the same as --set radius=R; default 50).",
                       parse: OptionValue.positive),
                .value(\.free, "free", "NAME,…", inUsage: false,
                       help: "With --fit: the fit's free parameters, as given to 'beztune fit' (default the model's: for the ball \(FitChoices.ballDefaultFree)).",
                       parse: OptionValue.nameList),
                ModelArguments.setOption(\.set, model: { $0.model }, finite: true, inUsage: false,
                                         help: "A parameter's value (pose: tx, ty, scale, rotation); with --fit, a held value as given to 'beztune fit'; repeatable."),
                .value(\.method, "method", "METHOD", inUsage: false, usageValue: "two-stage|joint",
                       help: "With --profile-dir: the trajectories replayed, two-stage or joint (default joint when timing.csv has it).",
                       parse: OptionValue.choice(of: TrajectoryFit.Method.self)),
                .value(\.duration, "duration", "SECONDS",
                       help: "The animation's length in seconds (default 1; for --profile-dir the profile's, for --document the document's).",
                       parse: OptionValue.positive),
                .value(\.fps, "fps", "N", help: "Frames per second of the svg frames and of Lottie (default 60; at most 1000).",
                       parse: framesPerSecond),
                .value(\.progress, "progress", "P", inUsage: false,
                       help: "svg: one frame at this progress in [0, 1] (default: every frame at --fps over --duration).",
                       parse: OptionValue.unitInterval),
                .value(\.tolerance, "tolerance", "T", inUsage: false,
                       help: "The keyframe formats' and CSS linear()'s tolerance, a fraction of the shape's size in (0, 1) (default 0.001).",
                       parse: tolerance),
                .value(\.typeName, "type-name", "NAME", inUsage: false,
                       help: "swift-uikit, swiftui: the generated Swift type's name (default the model's: BallAnimation, BallShape).",
                       parse: swiftTypeName),
            ],
            rules: [
                .exclusive(["fit", "profile-dir", "document"]),
                .excludes(["model", "set", "radius", "free"], option: "profile-dir", reason: "the folder's settings.csv holds them"),
                .excludes(["model", "set", "radius", "free"], option: "document", reason: "the document holds them"),
                .requires(["row", "free"], option: "fit", reason: "they describe the fit"),
                .requires(["method"], option: "profile-dir", reason: "a fitted profile's trajectories"),
            ],
            discussion: """
                Input: one of --model MODEL (with --set NAME=VALUE …: a still shape), --fit FIT.csv
                (a fit result, with the fit's --model, --free, --radius and --set; a CSV whose
                parameter columns are not that model's free parameters is refused), --profile-dir DIR
                (a fitted profile, replayed as 'beztune frames --profile-dir' plays it) or
                --document FILE. Coordinates are y-down user space (SVG, CSS, Lottie, UIKit): the
                model's y-up space flipped, the pose applied.

                Formats:
                  svg           clean outlines, nothing else drawn: one <path id="frame-NNNN"> per
                                frame (--fps × --duration, ends included), or <path id="outline"> for
                                a still shape or one frame (--progress)
                  svg-animated  one <path> with SMIL <animate attributeName="d"> (values, keyTimes,
                                keySplines, calcMode="spline")
                  css           cubic-bezier() per parameter, linear() for springs and other timings
                                (the fewest stops within 1e-3), and @keyframes animating d: path(…)
                  swift-uikit   func path(progress:) -> UIBezierPath / CGPath with the fitted
                                constants and timings inlined, and a CAKeyframeAnimation builder
                                (CGPath values, keyTimes, CAMediaTimingFunction(controlPoints:))
                  swiftui       a Shape with animatableData; .linear(duration:) with the timings in
                                the Shape, or .timingCurve/.spring for one shared timing left out
                  lottie        a Lottie JSON: one shape layer, path keyframes with easing i/o, fr, ip,
                                op, w, h
                  json          BezierTune's own document (model, parameters, pose, timings,
                                standard errors), read back by --document

                Keyframe formats (svg-animated, css, swift-uikit, lottie) carry one easing per
                interval: with one shared timing the keyframes are the fitted ones with that easing;
                with per-parameter timings they are split until the export stays within 1e-3 of the
                size of the shape at every time (--tolerance), and the count is printed. One file is written, and
                nothing when anything fails.

                Example: beztune export --model ball --set yFactor=0.8 --set tx=100 --set ty=-200 --format svg --out ball.svg
                Example: beztune export --profile-dir profile --format css --out squash.css
                """)
    }

    static var command: Command { Command(declaration, run: run) }

    /// `--format`: a name of ``ExportFormat``.
    static func formatName(_ text: String) throws(OptionValueError) -> ExportFormat {
        do throws(ExportError) {
            return try ExportFormat(name: text)
        } catch {
            throw OptionValueError(error.description)
        }
    }

    /// `--fps`: a positive number of frames per second up to 1000.
    static func framesPerSecond(_ text: String) throws(OptionValueError) -> Double {
        guard let v = Double(text.trimmingWhitespace), v.isFinite, v > 0, v <= ExportOptions.maximumFramesPerSecond else {
            throw OptionValueError("expected a positive number of frames per second up to 1000")
        }
        return v
    }

    /// `--tolerance`: a number in (0, 1).
    static func tolerance(_ text: String) throws(OptionValueError) -> Double {
        guard let t = Double(text.trimmingWhitespace), t.isFinite, t > 0, t < 1 else {
            throw OptionValueError("expected a fraction of the size in (0, 1)")
        }
        return t
    }

    /// `--type-name`: a Swift type name as ``ExportOptions/validate()`` accepts it.
    static func swiftTypeName(_ text: String) throws(OptionValueError) -> String {
        do throws(ExportError) {
            try ExportOptions(typeName: text).validate()
        } catch {
            throw OptionValueError(error.description)
        }
        return text
    }

    static func run(_ options: Options, console: Console) throws(CLIError) {
        if options.progress != nil && options.format != .svg {
            throw .usage("--progress applies to --format svg only (the other formats carry the whole animation)")
        }
        // The output is checked before any work: never one of the inputs, its folder writable.
        let profileFiles = options.profileDir.map(ProfileFolder.files(in:)) ?? []
        let outputs = try RunOutputs(files: [options.out], inputs: [options.document, options.fit] + profileFiles, console: console)
        let animation: ShapeAnimation
        if let folder = options.profileDir {
            animation = try AnimationInputs.profile(folder, method: options.method, duration: options.duration)
        } else if let file = options.document {
            animation = try AnimationInputs.document(file, duration: options.duration)
        } else if let file = options.fit {
            var choices = FitChoices()
            choices.model = options.model ?? BallModel()
            (choices.radius, choices.free, choices.set) = (options.radius, options.free, options.set)
            animation = try withDuration(AnimationInputs.fitResult(file, row: options.row, FitArguments(choices)), options.duration)
        } else if let model = options.model {
            animation = try withDuration(AnimationInputs.still(model, set: options.set, radius: options.radius), options.duration)
        } else {
            throw .usage("missing input: give --model MODEL, --fit FIT.csv, --profile-dir DIR or --document FILE")
        }
        let frames = (options.fps * animation.duration).rounded()
        if options.format == .svg && options.progress == nil || options.format == .lottie, frames > ExportOptions.maximumFrames {
            throw .usage("--duration \(ShortestDecimal.format(animation.duration)) at --fps \(ShortestDecimal.format(options.fps)) is more than 1000000 frames")
        }
        if options.typeName != nil && ![.swiftUIKit, .swiftUI].contains(options.format) {
            throw .usage("--type-name applies to --format swift-uikit and swiftui only")
        }
        var exportOptions = ExportOptions(framesPerSecond: options.fps, progress: options.progress,
                                          linearEasingTolerance: options.tolerance, typeName: options.typeName)
        exportOptions.keyframes.relativeTolerance = options.tolerance
        let text: String
        var summary = options.format.rawValue
        do throws(ExportError) {
            text = try options.format.render(animation, options: exportOptions)
            if [.svgAnimated, .css, .swiftUIKit, .lottie].contains(options.format) && !animation.isStill {
                let plan = try ShapeKeyframes(animation, options: exportOptions.keyframes)
                summary += ", \(plan.keyframes.count) keyframes within \(FitReport.format(plan.deviation / animation.size, digits: 3)) of the size (tolerance \(ShortestDecimal.format(exportOptions.keyframes.relativeTolerance)))"
            } else if options.format == .svg {
                summary += animation.isStill ? ", one outline"
                    : options.progress.map { ", the frame at progress \(ShortestDecimal.format($0))" }
                    ?? ", \(Int(max(1, frames)) + 1) frames at \(ShortestDecimal.format(options.fps)) per second"
            }
        } catch {
            throw .runtime(error.description)
        }
        try outputs.stage(text, for: options.out)
        outputs.print("wrote \(options.out) (\(summary), \(ShortestDecimal.format(animation.duration)) s)")
        try outputs.commit()
    }

    /// `animation` over `duration` seconds when given.
    static func withDuration(_ animation: ShapeAnimation, _ duration: Double?) throws(CLIError) -> ShapeAnimation {
        guard let duration else { return animation }
        do throws(ExportError) {
            return try ShapeAnimation(model: animation.model, profile: animation.profile, duration: duration,
                                      keyframeTimes: animation.keyframeTimes, standardErrors: animation.standardErrors)
        } catch {
            throw .usage(error.description)
        }
    }
}

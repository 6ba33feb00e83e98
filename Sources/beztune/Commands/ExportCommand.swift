import BeztuneAPI
import DataFiles
import Deform
import Fitting
import Foundation
import Geometry
import Interchange
import _ArgumentParser
import _Support

/// `beztune export`: a shape or a fitted animation as one file an app or page takes — clean SVG
/// outlines, animated SVG, CSS, Swift (UIKit and Core Animation, SwiftUI), Lottie or
/// BezierTune's own JSON document (``ExportFormat``; the names of `--format` and of the options
/// are a contract).
enum ExportCommand: BeztuneCommand {
    static let name = "export"
    static let abstract = "Write a shape or a fitted animation for an app or a page: SVG, animated SVG, CSS, Swift (UIKit, SwiftUI), Lottie or JSON."

    static var options: [Option<Options>] {
        [
            .value(\.format, "format", "FORMAT", required: true, usageValue: "FORMAT",
                   help: "The output's format: \(ExportFormat.names).",
                   parse: formatName),
            .text(\.out, "out", "FILE", required: true, help: "The output file, written atomically."),
            .value(\.model, "model", "MODEL",
                   help: "A still shape of this model at its defaults and --set values (pose included); with --fit, the fit's model (default: the file's, else ball).",
                   parse: ModelArguments.model),
            .text(\.fit, "fit", "FIT.csv",
                  help: "A 'beztune fit --csv' result (a batch's too, with --row): the still shape at its values, with their standard errors, at the fit's model, radius and held values, which the file records (an older file needs the fit's --model, --free, --radius and --set)."),
            .text(\.profileDir, "profile-dir", "DIR",
                  help: "A 'beztune fit-profile' output folder (settings.csv, timing.csv, profile.csv): the fitted animation, each parameter on its own timing."),
            .text(\.document, "document", "FILE",
                  help: "BezierTune's own document (an 'export --format json' file)."),
            .value(\.row, "row", "N", inUsage: false,
                   help: "With --fit: the 1-based data row of a batch CSV (needed when it has more than one).",
                   parse: OptionValue.wholeNumber(in: 1...Int(Int32.max))),
            .value(\.radius, "radius", "R", inUsage: false, help: "The ball's radius (the same as --set radius=R; default 50).",
                   parse: OptionValue.positive),
            .value(\.free, "free", "NAME,…", inUsage: false,
                   help: "With --fit: the fit's free parameters, as given to 'beztune fit' (default: the file's parameter columns; for an older file the model's, for the ball \(FitChoices.ballDefaultFree)).",
                   parse: OptionValue.nameList),
            ModelArguments.setOption(\.set, model: { $0.model }, finite: true, inUsage: false,
                                     help: "A parameter's value (pose: tx, ty, scale, rotation); with --fit, a value of the fit, as given to 'beztune fit' (it must agree with the file); repeatable."),
            .value(\.method, "method", "METHOD", inUsage: false, usageValue: "two-stage|joint",
                   help: "With --profile-dir: the trajectories replayed, two-stage or joint (default joint when timing.csv has it).",
                   parse: OptionValue.choice(of: TrajectoryFit.Method.self)),
            .text(\.timing, "timing", "TIMING",
                  help: "With --model or --fit: animate from --from (default the model at rest) to that shape through this timing over --duration: \(TimingFunction.validForms)."),
            .value(\.from, "from", "rest", inUsage: false,
                   help: "With --timing: start from the model at rest — its defaults, with the end's held values (the pose; a fit's held values) (the default).",
                   parse: OptionValue.choice(of: TransitionStart.self)),
            .repeated(\.fromSet, "from-set", "NAME=VALUE", inUsage: false,
                      help: "With --timing: start from the shape with these values over the end's held ones; repeatable.",
                      parse: { text throws(OptionValueError) in try ParameterAssignment.parse(text, finite: true) }),
            .text(\.fromFit, "from-fit", "FIT.csv", inUsage: false,
                  help: "With --timing: start from this fit's shape (a 'beztune fit --csv' result of the same model; a batch's with --from-row)."),
            .value(\.fromRow, "from-row", "N", inUsage: false,
                   help: "With --from-fit: the 1-based data row of a batch CSV (needed when it has more than one).",
                   parse: OptionValue.wholeNumber(in: 1...Int(Int32.max))),
            .value(\.duration, "duration", "SECONDS",
                   help: "The animation's length in seconds (default 1; for --profile-dir the profile's, for --document the document's).",
                   parse: OptionValue.positive),
            .value(\.fps, "fps", "N", help: "Frames per second of the svg frames and of Lottie (default: a profile's keyframe source's, e.g. its Lottie file's, else 60; at most 1000).",
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
        ]
    }

    static var rules: [OptionRule<Options>] {
        [
            .exclusive([\.fit, \.profileDir, \.document]),
            .exclusive([\.from, \.fromSet, \.fromFit]),
            .excludes([\.model, \.set, \.radius, \.free, \.timing], option: \.profileDir, reason: "the folder's settings.csv and timing.csv hold them"),
            .excludes([\.model, \.set, \.radius, \.free, \.timing], option: \.document, reason: "the document holds them"),
            .requires([\.from, \.fromSet, \.fromFit], option: \.timing, reason: "they give the animation's start"),
            .requires([\.fromRow], option: \.fromFit, reason: "it chooses that file's row"),
            .requires([\.row, \.free], option: \.fit, reason: "they describe the fit"),
            .requires([\.method], option: \.profileDir, reason: "a fitted profile's trajectories"),
        ]
    }

    static let discussion = """
        Input: one of --model MODEL (with --set NAME=VALUE …: a still shape), --fit FIT.csv
        (a fit result: the file records the fit's model, free parameters, radius and held
        values; a --model, --free, --radius or --set given must agree with it. A file
        written before fits recorded them needs the fit's --model, --free, --radius and
        --set, and one whose parameter columns are not that model's free parameters is
        refused), --profile-dir DIR
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

        --timing TIMING animates --model's (or --fit's) shape from the model at rest (its
        defaults with the end's held values: the pose, a fit's held values; --from rest)
        or from --from-set NAME=VALUE … through TIMING over --duration, as 'beztune
        model --set … --timing TIMING --progress P' draws each moment. TIMING is any form
        'beztune model --timing' takes.

        Keyframe formats (svg-animated, css, swift-uikit, lottie) carry one easing per
        interval: with one shared timing the keyframes are the fitted ones with that easing;
        with per-parameter timings they are split until the export stays within 1e-3 of the
        size of the shape at every time (--tolerance), and the count is printed. One file is written, and
        nothing when anything fails.

        Example: beztune export --model ball --set yFactor=0.8 --set tx=100 --set ty=-200 --format svg --out ball.svg
        Example: beztune export --profile-dir profile --format css --out squash.css
        Example: beztune export --fit fit.csv --format svg --out fit.svg
        Example: beztune export --model ball --set yFactor=0.8 --timing ease-out --duration 0.3 --format swiftui --out Squash.swift
        """

    /// `--format`, `--fps`, `--tolerance`, `--type-name`: read as the API reads them (``ExportCall``).
    static func formatName(_ text: String) throws(OptionValueError) -> ExportFormat { try ExportCall.format(text) }
    static func framesPerSecond(_ text: String) throws(OptionValueError) -> Double { try ExportCall.framesPerSecond(text) }
    static func tolerance(_ text: String) throws(OptionValueError) -> Double { try ExportCall.tolerance(text) }
    static func swiftTypeName(_ text: String) throws(OptionValueError) -> String { try ExportCall.swiftTypeName(text) }

    /// What to export, checked before any input is read: the input (a still shape is made here;
    /// a fit result — with the fit's options checked against it, or for an older file made into
    /// its setup — a profile folder and a document are read when the command runs) and the
    /// options of the format.
    struct Checked {
        enum Input {
            /// A still shape, or with `--timing` the transition to it (``ShapeTransition``).
            case still(ShapeAnimation)
            case fit(String, row: Int?)
            case profile(String)
            case document(String)
        }

        var options: Options
        var input: Input
        var exportOptions: ExportOptions
        /// `--timing`, read with the duration.
        var timing: TimingFunction?
    }

    static func validate(_ options: Options) throws -> Checked {
        let exportOptions = try ExportCall.options(format: options.format, fps: options.fps, progress: options.progress,
                                                   tolerance: options.tolerance, typeName: options.typeName)
        var timing: TimingFunction?
        if let text = options.timing {
            do {
                timing = try ModelArguments.timing(text, duration: options.duration ?? 1)
            } catch {
                throw InvalidOptionValue(option: "timing", text: text, problem: error)
            }
        }
        let input: Checked.Input
        if let folder = options.profileDir {
            input = .profile(folder)
        } else if let file = options.document {
            input = .document(file)
        } else if let file = options.fit {
            input = .fit(file, row: options.row)
        } else if let model = options.model {
            let still = try AnimationInputs.still(model, set: options.set, radius: options.radius, duration: options.duration)
            if let timing {
                let end = try ShapeTransition.end(model: model, set: AnimationInputs.assignments(options.set, radius: options.radius))
                let start = try ShapeTransition.start(set: options.fromSet, for: end)
                input = .still(try ShapeTransition.animation(from: start, to: end, timing: timing, duration: options.duration ?? 1))
            } else {
                input = .still(still)
            }
        } else {
            throw CLIError.usage("missing input: give --model MODEL, --fit FIT.csv, --profile-dir DIR or --document FILE")
        }
        return Checked(options: options, input: input, exportOptions: exportOptions, timing: timing)
    }

    static func run(_ checked: Checked, console: Console) throws {
        let options = checked.options
        // The output is checked before any input is read: never one of the inputs, its folder writable.
        let profileFiles = options.profileDir.map(FittedProfileFolder.files(in:)) ?? []
        let outputs = try RunOutputs(files: [options.out], inputs: [options.document, options.fit, options.fromFit] + profileFiles,
                                     console: console)
        var exportOptions = checked.exportOptions
        var animation: ShapeAnimation
        switch checked.input {
        case .still(let still):
            animation = still
            if let timing = checked.timing, let file = options.fromFit, let model = options.model {
                // The end is the still shape of the options; the start, the fit's.
                let end = try ShapeTransition.end(model: model, set: AnimationInputs.assignments(options.set, radius: options.radius))
                animation = try ExportCall.transition(to: end, fromFit: try FitResultTable(contentsOf: URL(fileURLWithPath: file)),
                                                      fromRow: options.fromRow, fromSet: [], timing: timing, duration: options.duration ?? 1)
            }
        case .fit(let file, let row):
            if let timing = checked.timing {
                let fitted = try AnimationInputs.fitRow(file, row: row, model: options.model, free: options.free,
                                                        radius: options.radius, set: options.set)
                let fromFit = try options.fromFit.map { file throws(FitResultError) in try FitResultTable(contentsOf: URL(fileURLWithPath: file)) }
                animation = try ExportCall.transition(to: ShapeTransition.end(of: fitted), fromFit: fromFit, fromRow: options.fromRow,
                                                      fromSet: options.fromSet, timing: timing, duration: options.duration ?? 1)
            } else {
                animation = try AnimationInputs.fitResult(file, row: row, model: options.model, free: options.free,
                                                          radius: options.radius, set: options.set, duration: options.duration)
            }
        case .profile(let folder):
            let replay = try AnimationInputs.profile(folder, method: options.method, duration: options.duration, requireConvergence: true)
            animation = replay.animation
            // The keyframes' own frame rate (a Lottie source's), unless --fps says otherwise.
            if options.fps == nil, let rate = replay.frameRate, rate <= ExportOptions.maximumFramesPerSecond {
                exportOptions.framesPerSecond = rate
            }
            outputs.print("timings: \(replay.choice.reason)")
        case .document(let file):
            animation = try AnimationInputs.document(file, duration: options.duration)
        }
        let exported = try options.format.export(animation, options: exportOptions)
        try outputs.stage(exported.text, for: options.out)
        outputs.print("wrote \(options.out) (\(summary(exported, options.format, animation, exportOptions)), \(ShortestDecimal.format(animation.duration)) s)")
        try outputs.commit()
    }

    /// What the file holds, after its format's name: the keyframes and how close they stay, the
    /// SVG outlines, or nothing more.
    static func summary(_ exported: ExportedFile, _ format: ExportFormat, _ animation: ShapeAnimation,
                        _ options: ExportOptions) -> String {
        var summary = format.rawValue
        if let plan = exported.keyframes, !animation.isStill {
            summary += ", \(plan.keyframes.count) keyframes within \(FitReport.format(plan.deviation / animation.size, digits: 3)) of the size (tolerance \(ShortestDecimal.format(options.keyframes.relativeTolerance)))"
        } else if let outlines = exported.outlineCount {
            summary += animation.isStill ? ", one outline"
                : options.progress.map { ", the frame at progress \(ShortestDecimal.format($0))" }
                ?? ", \(outlines) frames at \(ShortestDecimal.format(options.framesPerSecond)) per second"
        }
        return summary
    }

    struct Options: CommandOptions {
        var format = ExportFormat.svg  // required
        var out = ""  // required
        var model: (CatalogModel)?
        var radius: Double?
        var free: [String]?
        var set: [ParameterAssignment] = []
        var fit: String?
        var row: Int?
        var profileDir: String?
        var document: String?
        var method: TrajectoryFit.Method?
        var duration: Double?
        var fps: Double?
        var progress: Double?
        var tolerance = ShapeKeyframes.Options().relativeTolerance
        var typeName: String?
        var timing: String?
        var from: TransitionStart?
        var fromSet: [ParameterAssignment] = []
        var fromFit: String?
        var fromRow: Int?
    }

    /// `--from`'s named starts.
    enum TransitionStart: String, CaseIterable {
        case rest
    }

}

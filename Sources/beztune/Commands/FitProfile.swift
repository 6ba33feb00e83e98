import Fitting
import Foundation
import Geometry
import Interchange
import Render
import _ProcessLayer

/// `beztune fit-profile`: a squash profile fitted to the keyframes of a manifest — every
/// keyframe's parameters, then each parameter's trajectory through a timing function — with
/// `profile.csv`, `timing.csv`, frames, a contact sheet and `profile.png` in one folder.
enum FitProfile {
    struct Options: CommandOptions {
        var keyframes: String?
        var profiles: String?
        var lottie: String?
        var frames: FrameSteps?
        var out = ""  // required
        var csv: String?
        var batch = BatchOptions()
        var timing = ProfileTimingKind.cubicBezier
        var joint = false
        var fit = FitChoices()
        var size = ImageSize(width: 480, height: 480)
        var duration = 1.0
    }

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "fit-profile",
            abstract: "Fit a squash profile to drawn keyframes: each keyframe's parameters, then each parameter's timing curve.",
            options: [
                .value(\.keyframes, "keyframes", "MANIFEST",
                       help: "CSV with columns progress,file and optionally select: one keyframe per row, progress in [0, 1], the file (SVG, CSV points or path data, as for 'beztune fit --target') relative to the manifest's folder, select its shape (default --select); other columns are ignored.",
                       parse: OptionValue.text),
                .value(\.lottie, "lottie", "FILE",
                       help: "The keyframes from a Lottie animation (.json): the shape layer's outline at every frame from ip to op (or --frames), frame f at progress (f − ip)/(op − ip), ip and op the layer's.",
                       parse: OptionValue.text),
                .value(\.profiles, "profiles", "LIST",
                       help: "Fit many profiles: a CSV with a 'keyframes' column (manifests relative to the list's folder) and an optional 'name' column (default: the manifest's name without .csv); each profile goes to DIR/NAME/, and one summary CSV row per parameter and method to --csv (standard output without it).",
                       parse: OptionValue.text),
                .value(\.out, "out", "DIR", required: true, help: "Output folder, created when missing.", parse: OptionValue.text),
                .value(\.csv, "csv", "FILE", inUsage: false,
                       help: "With --profiles: the summary CSV (the list's columns, profile, then those of timing.csv, then message).",
                       parse: OptionValue.text),
            ] + BatchOptions.options(\.batch) + [
                .value(\.fit.layer, "layer", "NAME|N", inUsage: false,
                       help: "With --lottie: the shape layer, by name or by position in 'layers' (0-based); needed when there are several.",
                       parse: OptionValue.text),
                .value(\.frames, "frames", "A:B:STEP", inUsage: false,
                       help: "With --lottie: frames A, A+STEP, … up to B (default: every frame from the layer's ip to op; STEP defaults to 1).",
                       parse: FrameSteps.parse),
                .value(\.fit.select, "select", "ID|N", inUsage: false,
                       help: "SVG keyframes: the shape of each document, by element id or number, for the rows without a 'select' cell.",
                       parse: OptionValue.text),
                .value(\.timing, "timing", "KIND", usageValue: ProfileTimingKind.allCases.map(\.rawValue).joined(separator: "|"),
                       help: "Timing of every parameter's trajectory: cubic-bezier (default), spring, linear or keyframes.",
                       parse: OptionValue.choice(of: ProfileTimingKind.self)),
                .value(\.duration, "duration", "SECONDS",
                       help: "The animation's length in seconds, for the springs in platform terms (timing.csv, standard output) and for replaying the profile (settings.csv; default 1).",
                       parse: OptionValue.positive),
                .flag(\.joint, "joint",
                      help: "Also fit all keyframes' points at once with the timing parameters as the unknowns; both results are reported."),
                .value(\.fit.model, "model", "MODEL", help: "The model to fit (default ball; see 'beztune model --list').",
                       parse: ModelArguments.model),
                .value(\.fit.radius, "radius", "R", help: "The ball's radius (the same as --set radius=R; default 50).",
                       parse: OptionValue.positive),
                .value(\.fit.free, "free", "NAME,…",
                       help: "The parameters that follow the profile (default for the ball: \(FitChoices.ballDefaultFree)); the others are held.",
                       parse: OptionValue.nameList),
                ModelArguments.setOption(\.fit.set, model: { $0.fit.model }, finite: true, inUsage: false,
                                         help: "A held parameter's value, or a free parameter's start at the first keyframe; repeatable."),
                .repeated(\.fit.bounds, "bound", "NAME=LO:HI", inUsage: false,
                          help: "Narrow a free parameter's bounds (keyframe values, start and end); repeatable.",
                          parse: ParameterBound.parse),
                .value(\.fit.samples, "samples", "N", inUsage: false,
                       help: "Points sampled by arc length along each path keyframe (default 720); for CSV keyframes, resample to N.",
                       parse: OptionValue.wholeNumber(in: 3...1_000_000)),
                .flag(\.fit.yUp, "y-up", inUsage: false, help: "SVG, Lottie and path data: keep the y axis as written (default: flip y-down SVG space)."),
                .flag(\.fit.yDown, "y-down", inUsage: false, help: "CSV points: they are y-down (screen) coordinates; flip them."),
                .value(\.fit.starts, "starts", "N", inUsage: false,
                       help: "Starts of each keyframe fit: the warm start and N−1 seeded perturbations (default 1).",
                       parse: OptionValue.wholeNumber(in: 1...1000)),
                .value(\.fit.seed, "seed", "S", inUsage: false, help: "Seed of the perturbations (default 1).", parse: FitChoices.seed),
                .value(\.fit.maxEvaluations, "max-evaluations", "N", inUsage: false,
                       help: "Residual evaluations allowed per keyframe fit and for the joint fit (default 500).",
                       parse: OptionValue.wholeNumber(in: 1...1_000_000)),
                .value(\.size, "size", "WxH", inUsage: false, help: "Frame size in pixels (default 480x480).", parse: ImageSize.parse),
            ],
            rules: [
                .exclusive(["y-up", "y-down"]),
                .exclusive(["keyframes", "profiles", "lottie"], required: true),
                .requires(["layer", "frames"], option: "lottie", reason: "they choose its layer and frames"),
                .excludes(["select"], option: "lottie", reason: "a Lottie layer is chosen by --layer"),
                .requires(["shard", "csv", "checkpoint", "resume"], option: "profiles", reason: "a batch of profiles"),
                .requires(["resume", "checkpoint"], option: "csv", reason: "the batch's rows are kept there"),
            ],
            discussion: """
                Every keyframe is fitted as by 'beztune fit', in progress order, each started from the
                previous keyframe's values. Then each free parameter p follows
                p(x) = start + (end − start)·y(x) over progress x, fitted to its keyframe values by
                least squares weighted by their standard errors (unweighted when one is 0 or nan):
                cubic-bezier y has control points x1, y1, x2, y2 with 0 ≤ x1, x2 ≤ 1 (CSS); spring y
                is a damped spring released from 0 towards 1 with natural frequency omega (rad per
                unit of progress, at most the keyframes' Nyquist frequency π·(K−1)/(x_K−x_1)),
                damping ratio zeta ≥ 0 and initial velocity v0 — end is its rest value, shown at
                progress 1 as 'beztune frames' plays a spring; linear y = x; keyframes is the
                piecewise-linear curve through the keyframe values (rms 0). Start and end are
                fitted, not pinned to the first and last keyframe. --joint refits every parameter's
                start, end and timing to all keyframes' points at once, from the two-stage result:
                the better estimate when the model is right.

                Writes DIR/profile.csv (progress; per free parameter its keyframe value, _stderr,
                _timing (the two-stage curve there) and _joint; fit_rms, profile_rms, joint_rms:
                RMS distances of the keyframe's points to its own fit, to the two-stage and to the
                joint profile's outline; status, file), DIR/timing.csv (one row per parameter and
                method: parameter,start,end,timing,x1,y1,x2,y2,omega,zeta,v0,rms — rms of the
                keyframe values about the curve, in parameter units; then method, standard errors,
                reduced_chi2, distance_rms, status; then, for a spring, the spring over --duration D
                seconds in platform terms: duration, ca_mass, ca_stiffness, ca_damping,
                ca_initial_velocity, ca_settling_duration (CASpringAnimation; the settling duration
                is ours: the last time the spring is 1e-3 of the distance from its end),
                swiftui_response, swiftui_damping_fraction, swiftui_duration, swiftui_bounce
                (SwiftUI Spring(response:dampingRatio:) and Spring(duration:bounce:)),
                android_stiffness, android_damping_ratio (SpringForce)), DIR/settings.csv
                (setting,value: the model, free and held parameters, timing, joint, duration and
                the fit's options; 'beztune frames --profile-dir' and 'beztune export
                --profile-dir' replay the profile from the folder), DIR/frames/frame_0000.png …
                (each keyframe's target against the profile's outline), DIR/contact.png and
                DIR/profile.png (per parameter: keyframe values with ±1σ bars and the fitted
                curves). Nothing is written
                unless everything was computed; DIR/.beztune-outputs records the files written, and
                a later run replaces or removes only those. A manifest that cannot be used (missing column or
                file, duplicate or out-of-range progress, fewer keyframes than the timing's unknowns
                per parameter) exits with 1 and names the row; a bad option exits with 2.

                --profiles LIST fits every listed manifest the same way, each into DIR/NAME/; a
                profile that cannot be fitted gets one summary row with status 'error' and the
                reason in 'message', and the batch goes on. With --shard I/N a run does the I-th
                of N contiguous blocks of the list: the N summary files, concatenated in order
                without repeated headers, equal the unsharded run's.

                Example: beztune fit-profile --keyframes examples/squash-keyframes.csv --model ball --free yFactor,topYFactor,xFactor --timing cubic-bezier --out profile
                """)
    }

    static var command: Command { Command(declaration, run: run) }

    static func run(_ options: Options, console: Console) throws(CLIError) {
        let settings = try FitProfileSettings(options)
        if let list = options.profiles {
            try FitProfileBatch.run(list: list, settings, out: options.out, csvFile: options.csv, batch: options.batch, console: console)
            return
        }
        let outputs: FitProfileOutputs
        let folder: FolderOutput
        let run: RunOutputs
        if let file = options.lottie {
            // The frame count follows from the animation: the folder is planned once it is read,
            // before the fit.
            let sequence = try FitProfileLottie.sequence(file: file, layer: options.fit.layer, frames: options.frames)
            folder = try RunOutputs.folder(options.out, names: FitProfileOutputs.names(frames: sequence.frames.count))
            run = try RunOutputs(files: [], folders: [folder], inputs: [file], console: console)
            outputs = try FitProfileOutputs(lottie: sequence, file: file, settings)
        } else {
            let manifest = options.keyframes ?? ""
            // The folder is planned before the fit: its names follow from the manifest's rows.
            let keyframeManifest = try FitProfileManifest.read(manifest, timing: settings.timing)
            folder = try RunOutputs.folder(options.out, names: FitProfileOutputs.names(frames: keyframeManifest.rows.count))
            run = try RunOutputs(files: [], folders: [folder], inputs: [manifest] + keyframeManifest.rows.map(\.path),
                                 console: console)
            outputs = try FitProfileOutputs(manifest: manifest, settings)
        }
        try outputs.stage(in: run, folder: folder)
        run.write(FitProfileReport.table(outputs.result, duration: settings.duration))
        run.print("wrote profile.csv, timing.csv, settings.csv, \(outputs.frames.count) frames, contact.png and profile.png to \(options.out)")
        for warning in outputs.warnings { console.printError("beztune fit-profile: warning: \(warning)") }
        try run.commit()
    }
}

/// The options of `beztune fit-profile` that apply to every profile of a run.
struct FitProfileSettings {
    var timing: ProfileTimingKind
    var joint: Bool
    var fit: FitArguments
    var width: Int
    var height: Int
    /// `--duration`, seconds.
    var duration: Double
    /// The model as named (`--model`, without the pose).
    var modelName: String

    init(_ options: FitProfile.Options) throws(CLIError) {
        timing = options.timing
        duration = options.duration
        modelName = options.fit.model.name
        joint = options.joint
        if joint && !timing.isParametric {
            throw .usage("--joint needs a timing with unknowns (cubic-bezier, spring or linear); with keyframes the joint fit is the keyframe fits themselves")
        }
        fit = try FitArguments(options.fit)
        (width, height) = (options.size.width, options.size.height)
    }
}

/// One profile fitted and everything written about it, computed before any file is written.
struct FitProfileOutputs {
    var result: ProfileFit
    var profileCSV: String
    var timingCSV: String
    var settingsCSV: String
    var frames: [Data]
    var contact: Data
    var chart: Data

    init(manifest: String, _ settings: FitProfileSettings) throws(CLIError) {
        let keyframeManifest = try FitProfileManifest.read(manifest, timing: settings.timing)
        let keyframes = try FitProfileManifest.keyframes(keyframeManifest, settings.fit)
        try self.init(keyframes: keyframes, files: keyframeManifest.rows.map(\.file), settings)
    }

    /// The profile of a Lottie layer's outline at the frames of `sequence`, read from `file`.
    init(lottie sequence: LottieKeyframeSequence, file: String, _ settings: FitProfileSettings) throws(CLIError) {
        let keyframes = try FitProfileLottie.keyframes(sequence, settings)
        try self.init(keyframes: keyframes, files: keyframes.map { $0.label ?? file }, settings)
    }

    /// The profile of `keyframes`; `files[i]` is keyframe i's entry in profile.csv's file column.
    init(keyframes: [ProfileKeyframe], files: [String], _ settings: FitProfileSettings) throws(CLIError) {
        var keyframeOptions = settings.fit.options
        keyframeOptions.computeComparison = false
        let fitter = ProfileFitter(options: ProfileOptions(timing: settings.timing, joint: settings.joint, keyframe: keyframeOptions))
        do throws(ProfileError) {
            result = try fitter.fit(keyframes, setup: settings.fit.setup)
        } catch {
            throw .runtime(error)
        }
        profileCSV = FitProfileReport.profile(result, files: files)
        timingCSV = FitProfileReport.timing(result, duration: settings.duration)
        settingsCSV = ProfileFolder.settingsText(modelName: settings.modelName, settings)
        let pictures = FitProfilePictures.frames(result, width: settings.width, height: settings.height)
        frames = []
        do throws(RenderError) {
            for f in pictures { frames.append(try f.render(.png)) }
            contact = try ContactSheet(frames: pictures).render(.png)
            chart = try FitProfilePictures.profileChart(result)
        } catch {
            throw .runtime(error)
        }
    }

    /// The files of a profile's folder: `frames/frame_NNNN.png` for each keyframe, contact.png,
    /// profile.png, profile.csv, timing.csv, settings.csv. Frames of an earlier run with more keyframes are
    /// stale files of the folder's record, removed when the run commits (``FolderOutput``).
    static func names(frames count: Int) -> [String] {
        (0..<count).map { "frames/" + FrameFiles.frameName($0, .png) }
            + ["contact.png", "profile.png", "profile.csv", "timing.csv", ProfileFolder.settingsName]
    }

    /// Stages every file of ``names(frames:)`` in `folder`, a folder output of `run`.
    func stage(in run: RunOutputs, folder: FolderOutput) throws(CLIError) {
        for (i, data) in frames.enumerated() {
            try run.stage(data, for: folder.path(of: "frames/" + FrameFiles.frameName(i, .png)))
        }
        try run.stage(contact, for: folder.path(of: "contact.png"))
        try run.stage(chart, for: folder.path(of: "profile.png"))
        try run.stage(profileCSV, for: folder.path(of: "profile.csv"))
        try run.stage(timingCSV, for: folder.path(of: "timing.csv"))
        try run.stage(settingsCSV, for: folder.path(of: ProfileFolder.settingsName))
    }

    /// Writes the folder `out` for this profile alone, all or nothing (a batch's profile).
    func write(to out: String, inputs: [String], console: Console) throws(CLIError) {
        let folder = try RunOutputs.folder(out, names: Self.names(frames: frames.count))
        let run = try RunOutputs(files: [], folders: [folder], inputs: inputs, console: console)
        try stage(in: run, folder: folder)
        try run.commit()
    }

    /// Fits that did not converge, one message each.
    var warnings: [String] {
        var out: [String] = []
        for (j, k) in result.keyframeFits.enumerated() where !k.converged {
            out.append("the fit of \(result.keyframes[j].label ?? "keyframe \(j + 1)") did not converge (\(k.status.rawValue))")
        }
        for t in result.twoStage + (result.joint?.trajectories ?? []) {
            if let status = t.status, !status.isConverged {
                out.append("the \(t.method.rawValue) trajectory of \(t.parameter) did not converge (\(status.rawValue))")
            }
        }
        return out
    }
}

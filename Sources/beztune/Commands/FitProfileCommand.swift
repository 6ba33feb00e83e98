import BeztuneAPI
import DataFiles
import Fitting
import Foundation
import Geometry
import Interchange
import Render
import _ArgumentParser
import _Support

/// `beztune fit-profile`: a squash profile fitted to the keyframes of a manifest — every
/// keyframe's parameters, then each parameter's trajectory through a timing function — with
/// `profile.csv`, `timing.csv`, frames, a contact sheet and `profile.png` in one folder.
enum FitProfileCommand: BeztuneCommand {
    static let name = "fit-profile"
    static let abstract = "Fit a squash profile to drawn keyframes: each keyframe's parameters, then each parameter's timing curve."

    static var options: [Option<Options>] {
        [
            .text(\.keyframes, "keyframes", "MANIFEST",
                  help: "CSV with columns progress,file and optionally select and key: one keyframe per row, progress in [0, 1], the file (SVG, CSV points or path data, as for 'beztune fit --target') relative to the manifest's folder, select its shape (default --select), key 1 on the keys of --timing per-interval (0 or empty elsewhere); other columns are ignored."),
            .text(\.lottie, "lottie", "FILE",
                  help: "The keyframes from a Lottie animation (.json): the shape layer's outline at every frame from its first to its last keyframe (or --frames), frame f at progress (f − k₀)/(k₁ − k₀), k₀ and k₁ the first and last keyframe of what moves the outline (the layer's ip and op when nothing is keyframed); the file's frame rate and key span give the duration and the exports' frame rate."),
            .text(\.profiles, "profiles", "LIST",
                  help: "Fit many profiles: a CSV with a 'keyframes' column (manifests relative to the list's folder) and an optional 'name' column (default: the manifest's name without .csv); each profile goes to DIR/NAME/, and one summary CSV row per parameter and method to --csv (standard output without it)."),
            .text(\.out, "out", "DIR", required: true, help: "Output folder, created when missing."),
            .text(\.csv, "csv", "FILE", inUsage: false,
                  help: "With --profiles: the summary CSV (the list's columns, profile, then those of timing.csv, then message)."),
        ] + BatchOptions.options(\.batch) + [
            FitChoices.layer.embedded(in: \.fit).help("With --lottie: the shape layer, by name or by position in 'layers' (0-based); needed when there are several."),
            FitChoices.lottieEllipse.embedded(in: \.fit),
            .value(\.frames, "frames", "A:B:STEP", inUsage: false,
                   help: "With --lottie: frames A, A+STEP, … up to B (default: every frame from the first to the last keyframe, or from ip to op; STEP defaults to 1).",
                   parse: FrameSteps.parse),
            FitChoices.select.embedded(in: \.fit).inUsage(false)
                .help("SVG keyframes: the shape of each document, by element id or number, for the rows without a 'select' cell."),
            .value(\.timing, "timing", "KIND", usageValue: ProfileTimingKind.allCases.map(\.rawValue).joined(separator: "|"),
                   help: "Timing of every parameter's trajectory: cubic-bezier (default), spring, linear or keyframes; or per-interval: the model at each key (a Lottie file's keyframes, a manifest's rows with key 1) and one cubic-bezier easing per interval between keys, shared by every parameter, fitted to the outlines between them.",
                   parse: OptionValue.choice(of: ProfileTimingKind.self)),
            .value(\.duration, "duration", "SECONDS",
                   help: "The animation's length in seconds, for the springs in platform terms (timing.csv, standard output) and for replaying the profile (settings.csv; default: a Lottie file's first to last keyframe at its frame rate, else 1).",
                   parse: OptionValue.positive),
            .flag(\.joint, "joint",
                  help: "Also fit all keyframes' points at once with the timing parameters as the unknowns; both results are reported."),
        ] + [
            FitChoices.model,
            FitChoices.radius,
            FitChoices.free.help("The parameters that follow the profile (default for the ball: \(FitChoices.ballDefaultFree)); the others are held."),
            FitChoices.set.inUsage(false).help("A held parameter's value, or a free parameter's start at the first keyframe; repeatable."),
            FitChoices.bound.help("Narrow a free parameter's bounds (keyframe values, start and end), or set the range of a timing parameter for every trajectory: x1, x2 (within [0, 1]; default 0:1), y1, y2 (default -2:3), omega (rad per unit of progress, > 0; default 0.5:1000, and at most the Nyquist frequency), zeta (≥ 0; default 0:10), v0 (default -50:50); repeatable."),
            FitChoices.samples.help("Points sampled by arc length along each path keyframe (default 720); for CSV keyframes, resample to N."),
            FitChoices.yUp.help("SVG, Lottie and path data: keep the y axis as written (default: flip y-down SVG space)."),
            FitChoices.yDown.help("CSV points: they are y-down (screen) coordinates; flip them."),
            FitChoices.starts.help("Starts of each keyframe fit: the warm start and N−1 seeded perturbations (default 1)."),
            FitChoices.seed,
            FitChoices.maxEvaluations.help("Residual evaluations allowed per keyframe fit and for the joint fit (default 500)."),
            FitChoices.pixelsPerUnit.help("The replayed outline's distances in device pixels too (profile_rms_px, profile_max_px): \(PixelsPerUnit.meaning) (default 1)."),
        ].map { $0.embedded(in: \.fit) } + [
            .value(\.size, "size", "WxH", inUsage: false, help: "Frame size in pixels (default 480x480).", parse: ImageSize.parse),
        ]
    }

    static var rules: [OptionRule<Options>] {
        FitChoices.rules.map { $0.embedded(in: \.fit) } + [
            .exclusive([\.keyframes, \.profiles, \.lottie], required: true),
            .requires([\.fit.layer, \.frames], option: \.lottie, reason: "they choose its layer and frames"),
            .excludes([\.fit.select], option: \.lottie, reason: "a Lottie layer is chosen by --layer"),
            .requires([\.batch.shard, \.csv, \.batch.checkpoint, \.batch.resume], option: \.profiles, reason: "a batch of profiles"),
            .requires([\.batch.resume, \.batch.checkpoint], option: \.csv, reason: "the batch's rows are kept there"),
        ]
    }

    static let discussion = """
        Every keyframe is fitted as by 'beztune fit', in progress order, each started from the
        previous keyframe's values. Then each free parameter p follows
        p(x) = start + (end − start)·y(x) over progress x, fitted to its keyframe values by
        least squares weighted by their standard errors (unweighted when one is 0 or nan):
        cubic-bezier y has control points x1, y1, x2, y2 with 0 ≤ x1, x2 ≤ 1 (CSS) and
        −2 ≤ y1, y2 ≤ 3; spring y is a damped spring released from 0 towards 1 with natural
        frequency 0.5 ≤ omega ≤ 1000 (rad per unit of progress, so omega/D rad/s over
        --duration D, and at most the keyframes' Nyquist frequency π·(K−1)/(x_K−x_1)),
        damping ratio 0 ≤ zeta ≤ 10 and initial velocity −50 ≤ v0 ≤ 50 — end is its rest
        value, shown at progress 1 as 'beztune frames' plays a spring. These ranges are
        bounds of the solver, in the two-stage and the joint fit; --bound NAME=LO:HI with a
        timing parameter's name sets one for every parameter. linear y = x; keyframes is the
        piecewise-linear curve through the keyframe values (rms 0). Start and end are
        fitted, not pinned to the first and last keyframe. --joint refits every parameter's
        start, end and timing to all keyframes' points at once, from the two-stage result:
        the better estimate when the model is right. A parameter whose two-stage change
        end − start is within two standard errors of 0 keeps its two-stage timing in the
        joint fit (only its start and end are refitted): its timing is not identified.
        Every timing.csv row has the solver's status; a fit whose status does not start
        with converged_ gets one warning line on standard error.

        --timing per-interval keys the animation as designers do: the keys are a Lottie
        layer's keyframes (what moves its outline; they are added to --frames where the
        steps miss them) or a manifest's rows with key 1, the model is fitted at every
        keyframe, and between consecutive keys i and i+1 every parameter follows
        p = pᵢ + (pᵢ₊₁ − pᵢ)·E(s), one cubic-bezier E per interval shared by the whole
        shape (a Lottie path keyframe's o/i, a CSS keyframe, a CAKeyframeAnimation timing
        function), fitted to the outlines of the keyframes strictly between the keys
        (orthogonal distances, as in 'beztune fit'). An interval with no keyframe between
        its keys keeps linear timing, with a warning. DIR/intervals.csv has one row per
        interval: interval, from, to, timing, x1, y1, x2, y2, frames, rms, max_distance,
        status, the control points' standard errors, preset and preset_distance (the
        nearest of linear, ease — Core Animation's default —, ease-in, ease-out,
        ease-in-out and SwiftUI's default spring over the interval's seconds, and the
        largest distance its outline would be from the fitted one, model units). Its
        exports carry exactly the keys, with these easings (svg-animated splits an
        interval whose easing leaves the unit square, which SMIL cannot carry).

        A target away from everything the model reaches without a pose gets one found
        (as in 'beztune fit'): on the first keyframe, then held for every keyframe and
        recorded in settings.csv (pose_found in the summary).

        Writes DIR/profile.csv (progress; per free parameter its keyframe value, _stderr,
        _timing (the two-stage curve there) and _joint; fit_rms, profile_rms, joint_rms:
        RMS distances of the keyframe's points to its own fit, to the two-stage and to the
        joint profile's outline; status, file; then pixels_per_unit, profile_max (the
        largest distance of the keyframe's points to the two-stage profile's outline at its
        progress), profile_rms_px, profile_max_px (× --pixels-per-unit S: device pixels
        when a model unit is drawn S pixels wide; S is not the pose parameter 'scale') and
        with --joint joint_max, joint_rms_px, joint_max_px), DIR/timing.csv (one row per parameter and
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
        unless everything was computed; DIR/.beztune-outputs records the files written under
        this command line, and a later fit-profile replaces or removes only those (files
        another command wrote there are refused, exit 1). A manifest that cannot be used (missing column or
        file, duplicate or out-of-range progress, fewer keyframes than the timing's unknowns
        per parameter) exits with 1 and names the row; a bad option exits with 2. At most
        10000 keyframes and 7200000 outline points (keyframes × --samples) in all; a long
        fit says how far it is on standard error every few seconds.

        --profiles LIST fits every listed manifest the same way, each into DIR/NAME/; a
        profile that cannot be fitted gets one summary row with status 'error' and the
        reason in 'message', and the batch goes on. With --shard I/N a run does the I-th
        of N contiguous blocks of the list: the N summary files, concatenated in order
        without repeated headers, equal the unsharded run's.

        Example: beztune fit-profile --keyframes examples/squash-keyframes.csv --model ball --free yFactor,topYFactor,xFactor --timing cubic-bezier --out profile
        """

    static func validate(_ options: Options) throws -> FitProfileSettings { try FitProfileSettings(options) }

    static func run(_ settings: FitProfileSettings, console: Console) throws {
        let options = settings.options
        if let list = options.profiles {
            try FitProfileBatch.run(list: list, settings, out: options.out, csvFile: options.csv, batch: options.batch, console: console)
            return
        }
        let progress = ProgressLines(command: "fit-profile", console: console)
        defer { progress.finish() }
        progress.begin(options.lottie == nil ? "reading the manifest" : "reading the Lottie file")
        // The keyframes are counted before anything is fitted: the folder's files follow from
        // their number, and it is planned before the fit.
        let source = if let file = options.lottie {
            try KeyframeSource.lottie(file, layer: options.fit.layer, frames: options.frames, timing: settings.timing)
        } else {
            try KeyframeSource.manifest(options.keyframes ?? "", timing: settings.timing)
        }
        try source.checkCost(samples: options.fit.samples ?? TargetOutline.defaultSampleCount,
                             optionsChoseIt: options.frames != nil || options.fit.samples != nil)
        var settings = settings
        if case .lottie(_, let sequence) = source { settings.sourceTiming = (sequence.duration, sequence.frameRate) }
        let folder = try RunOutputs.folder(options.out, names: FitProfileOutputs.names(frames: source.count,
                                                                                     intervals: settings.timing == .perInterval),
                                            console: console)
        let run = try RunOutputs(files: [], folders: [folder], inputs: source.inputs, console: console)
        let outputs = try FitProfileOutputs(source, settings, progress: progress)
        try outputs.stage(in: run, folder: folder, progress: progress)
        progress.finish()
        run.write(FitProfileReport.table(outputs.result, duration: settings.duration, pixelsPerUnit: settings.fit.pixelsPerUnit))
        let intervals = outputs.intervalsCSV == nil ? "" : " intervals.csv,"
        run.print("wrote profile.csv, timing.csv, settings.csv,\(intervals) \(outputs.frames.count) frames, contact.png and profile.png to \(options.out)")
        for warning in outputs.warnings { console.printError("beztune fit-profile: warning: \(warning)") }
        try run.commit()
    }

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
        var duration: Double?
    }

}

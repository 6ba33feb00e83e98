import CSV
import Deform
import Fitting
import Interchange
import LeastSquares
import _Support

/// `fitProfile({lottie, layer?, frames?} | {keyframes: [{progress, svg | path | points, select?,
/// label?, key?}], …})`: `beztune fit-profile` of a Lottie layer's frames or of keyframe outlines
/// given as text or points (the manifest's rows), with its options (`timing`, `duration`,
/// `joint`, `model`, `radius`, `free`, `set`, `bound`, `samples`, `yUp`/`yDown`, `select`,
/// `lottieEllipse`, `starts`, `seed`, `maxEvaluations`, `pixelsPerUnit`), answered with the texts
/// of the files it writes — `profile` (profile.csv), `timing` (timing.csv), `settings`
/// (settings.csv) and for a per-interval profile `intervals` (intervals.csv) — and its warnings.
/// Those texts are what `exportText({profile: …})` replays, as `export --profile-dir` replays
/// the folder. The pictures (frames, contact sheet, chart) are the command line's.
package enum FitProfileCall {
    package static let keys = ["lottie", "layer", "frames", "keyframes", "timing", "duration", "joint", "model", "radius",
                               "free", "set", "bound", "samples", "yUp", "yDown", "select", "lottieEllipse", "starts",
                               "seed", "maxEvaluations", "pixelsPerUnit"]
    /// The picture size the command records in settings.csv by default (`--size`; no picture here).
    static let recordedSize = "480x480"

    package static func fitProfile(_ a: CallArguments) throws(APIError) -> JSONValue {
        let given = ["lottie", "keyframes"].filter { a.has($0) }
        guard given.count == 1 else {
            throw .usage(given.isEmpty ? "missing keyframes: give lottie or keyframes"
                                       : "--lottie and --keyframes cannot be used together")
        }
        if !a.has("lottie") {
            for key in ["layer", "frames"] where a.has(key) {
                throw .usage("--\(key) goes with --lottie FILE (they choose its layer and frames)")
            }
        } else if a.has("select") {
            throw .usage("--select cannot be used with --lottie FILE (a Lottie layer is chosen by --layer)")
        }
        let timing = try a.value("timing", OptionValue.choice(of: ProfileTimingKind.self)) ?? .cubicBezier
        let joint = try a.flag("joint")
        if joint && !timing.isParametric {
            throw .usage("--joint needs a timing with unknowns (cubic-bezier, spring or linear); with keyframes the joint fit is the keyframe fits themselves")
        }
        let model = try a.value("model", ModelSetup.model) ?? .ball
        var modelBounds: [(name: String, lower: Double, upper: Double)] = []
        var timingBounds = TimingBounds()
        for bound in try a.values("bound", ParameterBound.parse) {
            if TimingBounds.names.contains(bound.name) {
                do throws(ProfileError) {
                    try timingBounds.setRange(of: bound.name, lower: bound.lower, upper: bound.upper)
                } catch {
                    throw .usage(error.description)
                }
            } else {
                modelBounds.append((bound.name, bound.lower, bound.upper))
            }
        }
        let starts = try a.value("starts", OptionValue.wholeNumber(in: 1...1000)) ?? 1
        let seed = try a.value("seed", OptionValue.seed) ?? 1
        let plan = try FitPlan(model: model, free: try a.list("free", OptionValue.nameList), radius: try a.value("radius", OptionValue.positive),
                               set: try ModelCalls.assignments(a, "set", finite: true, model: model), bounds: modelBounds,
                               starts: starts, seed: seed,
                               maxEvaluations: try a.value("maxEvaluations", OptionValue.wholeNumber(in: 1...100_000)))
        let samples = try a.value("samples", OptionValue.wholeNumber(in: 3...1_000_000))
        let (yUp, yDown) = (try a.flag("yUp"), try a.flag("yDown"))
        if yUp && yDown { throw .usage("--y-up and --y-down cannot be used together") }
        let orientation: TargetOrientation? = yUp ? .yUp : yDown ? .yDown : nil
        let ellipses = LottieEllipseMode(rawValue: try a.value("lottieEllipse", OptionValue.choice(among: ["exact", "player"])) ?? "exact") ?? .exact
        let pixelsPerUnit = try a.value("pixelsPerUnit", PixelsPerUnit.parse) ?? 1
        let durationOption = try a.value("duration", OptionValue.positive)

        let keyframes: [ProfileKeyframe]
        let files: [String]
        var sourceTiming: (duration: Double, frameRate: Double)?
        if let text = try a.text("lottie") {
            let frames = try a.value("frames", FrameSteps.parse)
            let sequence = try lottieSequence(text, layer: try a.text("layer"), frames: frames, timing: timing)
            try checkCost(count: sequence.frames.count, samples: samples ?? TargetOutline.defaultSampleCount,
                          what: "\(sequence.frames.count) frames", optionsChoseIt: frames != nil || samples != nil)
            do throws(LottieSequenceError) {
                keyframes = try sequence.keyframes(sampleCount: samples ?? TargetOutline.defaultSampleCount,
                                                   orientation: orientation, ellipses: ellipses)
            } catch {
                throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
            }
            do throws(ProfileError) {
                try ProfileFitter.validate(progress: keyframes.map { $0.progress }, labels: keyframes.map { $0.label ?? "" }, timing: timing)
            } catch {
                throw .usage(error.description)
            }
            files = keyframes.map { $0.label ?? "lottie" }
            sourceTiming = (sequence.duration, sequence.frameRate)
        } else {
            (keyframes, files) = try self.keyframes(a, select: try a.text("select"), samples: samples, orientation: orientation,
                                                    ellipses: ellipses)
        }
        let duration = durationOption ?? sourceTiming?.duration ?? 1

        var keyframeOptions = plan.options
        keyframeOptions.computeComparison = false
        var options = ProfileOptions(timing: timing, joint: joint, keyframe: keyframeOptions, timingBounds: timingBounds)
        options.duration = duration
        let result: ProfileFit
        do throws(ProfileError) {
            result = try ProfileFitter(options: options).fit(keyframes, setup: plan.setup)
        } catch {
            if case .keyframeFit(let keyframe, let fit) = error {
                throw .runtime("\(keyframe): \(FitMessages.message(fit))")
            }
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
        let recorded = recordedSettings(modelName: model.name, setup: result.setup, duration: duration,
                                        frameRate: sourceTiming?.frameRate, timing: timing, joint: joint, samples: samples,
                                        yUp: yUp, yDown: yDown, options: plan.options, size: recordedSize)
        var answer = JSONObject([
            ("profile", .string(ProfileKeyframeTable.csvText(result, files: files, pixelsPerUnit: pixelsPerUnit))),
            ("timing", .string(ProfileTimingTable.csvText(result, duration: duration))),
            ("settings", .string(recorded.csvText)),
        ])
        if timing == .perInterval { answer.append("intervals", .string(ProfileIntervalTable.csvText(result))) }
        answer.append("warnings", .array(result.warnings.map { .string($0) }))
        return .object(answer)
    }

    /// settings.csv's rows (``ProfileSettings``): the model, its setup, the duration and frame
    /// rate, and the options that made the profile — `size` the pictures' (`--size WxH`).
    package static func recordedSettings(modelName: String, setup: FitSetup, duration: Double, frameRate: Double?,
                                         timing: ProfileTimingKind, joint: Bool, samples: Int?, yUp: Bool, yDown: Bool,
                                         options: FitOptions, size: String) -> ProfileSettings {
        ProfileSettings(modelName: modelName, setup: setup, duration: duration, frameRate: frameRate, recorded: [
            .timing: .text(timing.rawValue),
            .joint: .text(joint ? "true" : "false"),
            .samples: samples.map(CSVField.int) ?? .empty,
            .orientation: .text(yUp ? "y-up" : yDown ? "y-down" : ""),
            .starts: .int(options.starts),
            .seed: .text(String(options.seed)),
            .maxEvaluations: .int(options.maxEvaluations),
            .size: .text(size),
        ])
    }

    /// A per-interval profile needs two keys among the frames: refused naming the layer (the
    /// caller adds the file).
    package static func requireKeys(_ sequence: LottieKeyframeSequence, framesGiven: Bool) throws(APIError) {
        let keys = sequence.keys.count
        guard keys < 2 else { return }
        throw .runtime("\(sequence.layer.label): \(keys) keyframe\(keys == 1 ? "" : "s") move the outline\(framesGiven ? " within --frames" : ""): a per-interval profile needs at least two keys")
    }

    /// The frames of the Lottie text's layer, as `fit-profile --lottie` reads them.
    static func lottieSequence(_ text: String, layer: String?, frames: FrameSteps?, timing: ProfileTimingKind) throws(APIError) -> LottieKeyframeSequence {
        let shapeLayer: LottieShapeLayer
        do throws(LottieError) {
            let document = try LottieDocument(parsing: Array(text.utf8), source: "the Lottie text")
            shapeLayer = try document.shapeLayer(layer.map { LottieLayerSelection(argument: $0) })
        } catch {
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
        let sequence: LottieKeyframeSequence
        do throws(LottieSequenceError) {
            sequence = try LottieKeyframeSequence(layer: shapeLayer, from: frames?.from, to: frames?.to,
                                                  step: frames?.step ?? 1, includingKeys: timing == .perInterval)
        } catch {
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
        if timing == .perInterval { try requireKeys(sequence, framesGiven: frames != nil) }
        return sequence
    }

    /// `keyframes: [{progress, svg | path | points, select?, label?, key?}]`: each a target as
    /// `fit` takes it, at its progress; `label` names it in messages and profile.csv (default
    /// `keyframe N`), `key` marks a per-interval profile's keys.
    static func keyframes(_ a: CallArguments, select: String?, samples: Int?, orientation: TargetOrientation?,
                          ellipses: LottieEllipseMode) throws(APIError) -> ([ProfileKeyframe], [String]) {
        guard let items = a.object["keyframes"]?.array, !items.isEmpty else {
            throw .usage("invalid --keyframes: expected an array of {progress, svg | path | points} objects")
        }
        guard items.count <= LottieKeyframeSequence.maximumFrameCount else {
            throw .usage("invalid --keyframes: \(items.count) keyframes, more than \(LottieKeyframeSequence.maximumFrameCount)")
        }
        try checkCost(count: items.count, samples: samples ?? TargetOutline.defaultSampleCount, what: "\(items.count) keyframes",
                      optionsChoseIt: samples != nil)
        var keyframes: [ProfileKeyframe] = []
        var files: [String] = []
        for (i, item) in items.enumerated() {
            let k = try CallArguments(item, known: ["progress", "svg", "path", "points", "select", "label", "key"])
            let label = try k.text("label") ?? "keyframe \(i + 1)"
            let progress = try k.require(try k.value("progress", OptionValue.unitInterval), "progress", "P")
            let sources = ["svg", "path", "points"].filter { k.has($0) }
            guard sources.count == 1 else { throw .usage("\(label): give one of svg, path and points") }
            let target: TargetOutline
            do throws(APIError) {
                target = try FitCall.outline(k, source: sources[0], select: try k.text("select") ?? select, samples: samples,
                                             orientation: orientation, ellipses: ellipses)
            } catch {
                throw APIError(message: "\(label): \(error.message)", isUsageMistake: error.isUsageMistake)
            }
            keyframes.append(ProfileKeyframe(progress: progress, target: target, label: label, isKey: try k.flag("key")))
            files.append(label)
        }
        return (keyframes, files)
    }

    /// The most outline points a profile fit takes in all (keyframes × samples): what bounds the
    /// fit's memory.
    package static let maximumPoints = 7_200_000

    /// Refuses more keyframes (``LottieKeyframeSequence/maximumFrameCount``: the command line
    /// fits, draws and writes each as a frame — about 25 ms and 230 kB at 720 points on a 2-core
    /// machine, so 10,000 take minutes and about 2.3 GB) or outline points than a profile fit
    /// takes, before any is read: a usage error when the options chose the count (`--frames`,
    /// `--samples`), the input's otherwise. `what` names the keyframes in the message.
    package static func checkCost(count: Int, samples: Int, what: String, optionsChoseIt: Bool) throws(APIError) {
        let points = count.multipliedReportingOverflow(by: samples)
        guard count > LottieKeyframeSequence.maximumFrameCount || points.overflow || points.partialValue > maximumPoints else { return }
        let message = "\(what) at \(samples) points each is more than a profile fit takes (at most \(LottieKeyframeSequence.maximumFrameCount) keyframes and \(maximumPoints) points in all); fit fewer frames (--frames A:B:STEP) or fewer points (--samples N)"
        throw APIError(message: message, isUsageMistake: optionsChoseIt)
    }
}

import BeztuneAPI
import DataFiles
import Fitting
import Foundation
import Interchange
import _ProcessLayer
import _Support

/// Where the keyframes of a `fit-profile` come from: a keyframe manifest (`--keyframes`:
/// ``KeyframeManifest``, columns `progress` and `file`, files relative to the manifest's folder)
/// or a Lottie layer's outline at a sequence of frames (`--lottie FILE [--layer] [--frames]`:
/// `LottieKeyframeSequence`). Read before the output folder is planned: the folder's files
/// follow from the number of keyframes.
///
/// A file that cannot be read or an outline that cannot be fitted is a runtime failure naming
/// it (the manifest's messages name its line); a Lottie layer that does not exist or must be
/// chosen, and frames outside the layer's, are usage errors (`--layer` and `--frames` are at
/// fault).
enum KeyframeSource {
    case manifest(KeyframeManifest)
    case lottie(file: String, LottieKeyframeSequence)

    /// The manifest at `path`, its rows checked in row order (progress a number, file named and
    /// present), then together (progress in [0, 1], no two equal, enough for `timing`).
    static func manifest(_ path: String, timing: ProfileTimingKind) throws(KeyframeManifestError) -> KeyframeSource {
        .manifest(try KeyframeManifest(contentsOfFile: path, timing: timing))
    }

    /// The frames `frames` (default: every frame from ip to op) of the shape layer `layer` of the
    /// Lottie file `file`.
    /// A per-interval profile (`timing`) takes every keyframe of the layer among its frames, and
    /// needs two of them.
    static func lottie(_ file: String, layer: String?, frames: FrameSteps?, timing: ProfileTimingKind) throws -> KeyframeSource {
        let text = try TextFile.read(URL(fileURLWithPath: file), kind: "Lottie file")
        let document = try LottieDocument(parsing: Array(text.utf8), source: file)
        let shapeLayer = try document.shapeLayer(layer.map(LottieLayerSelection.init(argument:)))
        let sequence = try LottieKeyframeSequence(layer: shapeLayer, from: frames?.from, to: frames?.to,
                                                  step: frames?.step ?? 1, includingKeys: timing == .perInterval)
        if timing == .perInterval, sequence.keys.count < 2 {
            throw CLIError.runtime("\(file): \(shapeLayer.label): \(sequence.keys.count) keyframe\(sequence.keys.count == 1 ? "" : "s") move the outline\(frames == nil ? "" : " within --frames"): a per-interval profile needs at least two keys")
        }
        return .lottie(file: file, sequence)
    }

    /// The most keyframes a profile fit takes: each is fitted, drawn and written as a frame (about
    /// 25 ms and 230 kB at 720 points on a 2-core machine), so 10,000 take minutes (with progress
    /// lines) and about 2.3 GB.
    static let maximumCount = LottieKeyframeSequence.maximumFrameCount
    /// The most points all keyframes together may have (keyframes × --samples): what bounds the
    /// fit's memory.
    static let maximumPoints = 7_200_000

    /// Refuses a profile whose cost the limits do not admit (``maximumCount`` keyframes,
    /// ``maximumPoints`` points at `samples` points a keyframe); a usage error when `--frames`
    /// or `--samples` chose it (`optionsChoseIt`), a runtime failure of the file otherwise.
    func checkCost(samples: Int, optionsChoseIt: Bool) throws(CLIError) {
        let points = count.multipliedReportingOverflow(by: samples)
        guard count > Self.maximumCount || points.overflow || points.partialValue > Self.maximumPoints else { return }
        let what = switch self {
        case .manifest(let manifest): "\(manifest.manifest): \(count) keyframes"
        case .lottie(let file, _): "\(file): \(count) frames"
        }
        let message = "\(what) at \(samples) points each is more than a profile fit takes (at most \(Self.maximumCount) keyframes and \(Self.maximumPoints) points in all); fit fewer frames (--frames A:B:STEP) or fewer points (--samples N)"
        throw optionsChoseIt ? .usage(message) : .runtime(message)
    }

    /// The number of keyframes.
    var count: Int {
        switch self {
        case .manifest(let manifest): manifest.rows.count
        case .lottie(_, let sequence): sequence.frames.count
        }
    }

    /// The files the keyframes are read from: inputs of the run, never its outputs.
    var inputs: [String] {
        switch self {
        case .manifest(let manifest): [manifest.manifest] + manifest.rows.map(\.path)
        case .lottie(let file, _): [file]
        }
    }

    /// Each keyframe, with its entry in profile.csv's file column: a manifest row's target read
    /// as `beztune fit` reads one (SVG, CSV points, path data, with `--samples`,
    /// `--y-up`/`--y-down` and the row's `select` cell, else `--select`; BezierTune's own
    /// document refused), labelled with its row; a Lottie frame's outline, labelled with the file
    /// and frame.
    func keyframes(_ settings: FitProfileSettings) throws -> (keyframes: [ProfileKeyframe], files: [String]) {
        let fit = settings.fit
        switch self {
        case .manifest(let manifest):
            for row in manifest.rows where TargetFormat(fileName: row.path) == .lottie {
                try inContext("\(manifest.manifest) line \(row.line)") { () throws(CLIError) in
                    try FitArguments.refuseAnimationDocument(row.path)
                }
            }
            let keyframes = try manifest.keyframes(selecting: fit.selection, sampleCount: fit.samples,
                                                   orientation: fit.orientation)
            return (keyframes, manifest.rows.map(\.file))
        case .lottie(let file, let sequence):
            let keyframes = try sequence.keyframes(sampleCount: fit.samples ?? TargetOutline.defaultSampleCount,
                                                   orientation: fit.orientation, ellipses: fit.selection.lottieEllipses)
            // Too few frames for the timing: the frames asked for are at fault.
            try inContext(sequence.layer.source, usage: true) { () throws(ProfileError) in
                try ProfileFitter.validate(progress: keyframes.map(\.progress), labels: keyframes.map { $0.label ?? "" },
                                           timing: settings.timing)
            }
            return (keyframes, keyframes.map { $0.label ?? file })
        }
    }
}

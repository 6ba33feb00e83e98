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
        if timing == .perInterval {
            do throws(APIError) {
                try FitProfileCall.requireKeys(sequence, framesGiven: frames != nil)
            } catch {
                throw CLIError.runtime("\(file): \(error.message)")
            }
        }
        return .lottie(file: file, sequence)
    }

    /// Refuses more keyframes or outline points than a profile fit takes
    /// (``FitProfileCall/checkCost(count:samples:what:optionsChoseIt:)``), naming the manifest or file.
    func checkCost(samples: Int, optionsChoseIt: Bool) throws(APIError) {
        let what = switch self {
        case .manifest(let manifest): "\(manifest.manifest): \(count) keyframes"
        case .lottie(let file, _): "\(file): \(count) frames"
        }
        try FitProfileCall.checkCost(count: count, samples: samples, what: what, optionsChoseIt: optionsChoseIt)
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

import Fitting

/// Reading the keyframe manifest of `beztune fit-profile` (`KeyframeManifest`: columns
/// `progress` and `file`, one keyframe per row, files relative to the manifest's folder). Every
/// problem is one runtime error naming the manifest line (and file).
enum FitProfileManifest {
    /// The manifest at `manifest`, its rows checked in row order (progress a number, file named
    /// and present), then together (progress in [0, 1], no two equal, enough for `timing`).
    static func read(_ manifest: String, timing: ProfileTimingKind) throws(CLIError) -> KeyframeManifest {
        do throws(KeyframeManifestError) {
            return try KeyframeManifest(contentsOfFile: manifest, timing: timing)
        } catch {
            throw .runtime(error)
        }
    }

    /// Each row's keyframe: its target read as `beztune fit` reads one (SVG, CSV points, path
    /// data, with `--samples`, `--y-up`/`--y-down` and the row's `select` cell, else `--select`;
    /// BezierTune's own document refused),
    /// labelled with its row.
    static func keyframes(_ manifest: KeyframeManifest, _ fit: FitArguments) throws(CLIError) -> [ProfileKeyframe] {
        for row in manifest.rows where TargetFormat(fileName: row.path) == .lottie {
            do throws(CLIError) {
                try FitArguments.refuseAnimationDocument(row.path)
            } catch {
                throw .runtime("\(manifest.manifest) line \(row.line): \(error.message)")
            }
        }
        do throws(KeyframeManifestError) {
            return try manifest.keyframes(selecting: fit.selection, sampleCount: fit.samples, orientation: fit.orientation)
        } catch {
            throw .runtime(error)
        }
    }
}

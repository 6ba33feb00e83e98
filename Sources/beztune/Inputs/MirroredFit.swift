import Fitting

/// The orientation check of a CSV fit: the target is fitted again mirrored upside down
/// (`TargetOutline.mirroredVertically()`), and when that fit's rms is below a quarter of the fitted rms
/// the points were most likely read in the wrong orientation. The run still succeeds (exit 0):
/// the check only warns.
enum MirroredFit {
    /// The warning to print, or nil. A mirrored fit that fails gives no warning. The mirrored fit
    /// runs once (not `--repeat` times), its progress lines, if long, on `console`.
    static func warning(_ fit: FitArguments, target: TargetOutline, result: OutlineFit,
                        given: TargetOrientation?, console: Console? = nil) -> String? {
        var once = fit
        once.repeats = 1
        guard let mirrored = try? target.mirroredVertically(),
              let other = try? once.fit(mirrored, console: console), other.rms < 0.25 * result.rms else { return nil }
        let advice = given == .yDown ? "they may be y-up model coordinates: drop --y-down" : "they may be y-down screen coordinates: pass --y-down"
        return "the points fit much better mirrored upside down (rms \(FitReport.format(other.rms, digits: 4)) against \(FitReport.format(result.rms, digits: 4)) as read); \(advice)"
    }
}

import BeztuneAPI
import DataFiles
import Fitting

/// The options of `beztune fit-profile` that apply to every profile of a run.
struct FitProfileSettings {
    /// The options as given.
    var options: FitProfileCommand.Options
    /// What each keyframe fit fits and how.
    var fit: FitArguments
    /// The ranges of the timing parameters: the defaults, with the `--bound`s that name one.
    var timingBounds = TimingBounds()

    /// The settings the options ask for, or the usage error they make (checked before any
    /// keyframe is read).
    init(_ options: FitProfileCommand.Options) throws {
        if options.joint && !options.timing.isParametric {
            throw CLIError.usage("--joint needs a timing with unknowns (cubic-bezier, spring or linear); with keyframes the joint fit is the keyframe fits themselves")
        }
        self.options = options
        // `--bound` names a model parameter or a timing parameter (x1 … v0, no model has one).
        var choices = options.fit
        choices.bounds = options.fit.bounds.filter { !TimingBounds.names.contains($0.name) }
        for bound in options.fit.bounds where TimingBounds.names.contains(bound.name) {
            try timingBounds.setRange(of: bound.name, lower: bound.lower, upper: bound.upper)
        }
        fit = try FitArguments(choices)
    }

    var timing: ProfileTimingKind { options.timing }
    var joint: Bool { options.joint }
    /// The keyframes' source's own length and frame rate (a Lottie file's: first to last key at
    /// its `fr`), set once the source is read; `--duration` overrides the length.
    var sourceTiming: (duration: Double, frameRate: Double)?
    /// `--duration`, else the source's length, else 1 s.
    var duration: Double { options.duration ?? sourceTiming?.duration ?? 1 }
    /// The frames' size in pixels (`--size`).
    var width: Int { options.size.width }
    var height: Int { options.size.height }
    /// The model as named (`--model`, without the pose).
    var modelName: String { options.fit.model.name }

    /// What the folder's `settings.csv` records: what replays the profile, and the run's options.
    var recorded: ProfileSettings {
        FitProfileCall.recordedSettings(modelName: modelName, setup: fit.setup, duration: duration, frameRate: sourceTiming?.frameRate,
                                        timing: timing, joint: joint, samples: fit.samples, yUp: fit.yUp, yDown: fit.yDown,
                                        options: fit.options, size: "\(width)x\(height)")
    }
}

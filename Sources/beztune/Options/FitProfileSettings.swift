import Fitting

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

    /// The options as given.
    var options: FitProfileCommand.Options

    /// The settings the options ask for, or the usage error they make (checked before any
    /// keyframe is read).
    init(_ options: FitProfileCommand.Options) throws {
        self.options = options
        timing = options.timing
        duration = options.duration
        modelName = options.fit.model.name
        joint = options.joint
        if joint && !timing.isParametric {
            throw CLIError.usage("--joint needs a timing with unknowns (cubic-bezier, spring or linear); with keyframes the joint fit is the keyframe fits themselves")
        }
        fit = try FitArguments(options.fit)
        (width, height) = (options.size.width, options.size.height)
    }
}

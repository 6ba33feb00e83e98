/// The settings of a `fit-profile` output folder, by their names in `settings.csv`'s `setting`
/// column (a file layout others read: the names are kept exactly). `model`, `free`, `set`,
/// `duration` and `frame_rate` replay the profile (``FittedProfileFolder``); the others record the
/// fit's options for the reader.
public enum ProfileSetting: String, CaseIterable, Sendable {
    /// The base model's name.
    case model
    /// The free parameters as given, comma-separated.
    case free
    /// One row per held parameter: `NAME=VALUE` (model names, every digit).
    case set
    case timing, joint
    /// Seconds (`--duration`).
    case duration
    case samples, orientation, starts, seed
    case maxEvaluations = "max_evaluations"
    case size
    /// Frames per second of the keyframes' source (a Lottie file's `fr`); empty otherwise.
    /// Exports from the folder default to it.
    case frameRate = "frame_rate"
}

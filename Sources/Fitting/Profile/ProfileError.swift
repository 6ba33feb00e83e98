import _Support
import Geometry
import _Support

/// Why a profile fit cannot be set up or run: one line naming the keyframe (by its
/// ``ProfileKeyframe/label``, else `keyframe N`, 1-based in the order given) or the count at
/// fault.
public enum ProfileError: Error, Sendable, CustomStringConvertible {
    /// A progress that is NaN, infinite or outside [0, 1].
    case progressOutOfRange(keyframe: String, progress: Double)
    /// Two keyframes at the same progress (the later one named, and the earlier one).
    case duplicateProgress(keyframe: String, earlier: String, progress: Double)
    /// Fewer keyframes than the timing kind needs (``ProfileTimingKind/minimumKeyframes``).
    case tooFewKeyframes(count: Int, needed: Int, timing: ProfileTimingKind)
    /// A keyframe's own fit could not be set up or run.
    case keyframeFit(keyframe: String, FitError)
    /// A joint fit was asked for with a timing kind that has no unknowns.
    case jointNeedsParametricTiming(ProfileTimingKind)
    /// A timing parameter's range that cannot be used (``TimingBounds/setRange(of:lower:upper:)``).
    case timingBound(name: String, lower: Double, upper: Double, reason: String)
    /// A `per-interval` profile with fewer than two keys (``ProfileKeyframe/isKey``).
    case tooFewKeys(count: Int)

    public var description: String {
        switch self {
        case .progressOutOfRange(let k, let p):
            "\(k): progress \(ShortestDecimal.format(p)) is outside [0, 1]"
        case .duplicateProgress(let k, let earlier, let p):
            "\(k): progress \(ShortestDecimal.format(p)) repeats that of \(earlier); every keyframe needs its own progress"
        case .tooFewKeyframes(let count, let needed, let timing):
            timing.isParametric
                ? "\(count) keyframe\(count == 1 ? "" : "s") but the \(timing) timing has \(needed) unknowns per parameter (\(timing.unknownNames.joined(separator: ", "))): give at least \(needed) keyframes"
                : "\(count) keyframe\(count == 1 ? "" : "s"): a \(timing) profile needs at least \(needed)"
        case .keyframeFit(let k, let error):
            "\(k): \(error.description)"
        case .jointNeedsParametricTiming(let timing):
            "a joint fit needs a timing with unknowns (cubic-bezier, spring, linear); with \(timing) the joint fit is the per-keyframe fits"
        case .timingBound(let name, let lower, let upper, let reason):
            "bound \(name)=\(ShortestDecimal.format(lower)):\(ShortestDecimal.format(upper)): \(reason)"
        case .tooFewKeys(let count):
            "\(count) key\(count == 1 ? "" : "s"): a per-interval profile needs at least two keys, the easings run between them"
        }
    }
}

/// A joint fit without unknowns and an unusable timing range are the caller's usage mistakes, and a keyframe's fit error is what the
/// fit error is; the keyframes themselves are data.
extension ProfileError: ReportableError {
    package var isUsageMistake: Bool {
        switch self {
        case .jointNeedsParametricTiming, .timingBound: true
        case .keyframeFit(_, let error): error.isUsageMistake
        case .progressOutOfRange, .duplicateProgress, .tooFewKeyframes, .tooFewKeys: false
        }
    }
}

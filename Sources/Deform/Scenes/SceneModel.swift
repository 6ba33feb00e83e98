import Geometry

/// How one subpath of a ``SceneModel`` is meant to be painted.
public enum SubpathPaint: Hashable, Sendable, CustomStringConvertible {
    /// A region (a ball, a mask, water): filled; outlined too when drawn for inspection.
    case filled
    /// A line (a line segment, a partly drawn border): stroked only. Filling it would fill the
    /// polygon its points happen to span, which the seed never shows.
    case stroked

    public var description: String { self == .filled ? "filled" : "stroked" }
}

/// A ``DeformModel`` of one of the seed articles' animations: several parts, each one subpath of
/// the model's single `Path` (fixed verbs, analytic Jacobian, as for the ball), driven by one
/// progress through the seed's own timeline of per-parameter keyframe tracks.
///
/// Conventions every scene follows:
/// - ``DeformModel/defaultParameters`` are the scene's first frame (progress 0 of the seed).
/// - ``seedTargets`` are the defaults with every animated parameter at the value the seed
///   animates it to (the end value, or the extreme of a track that goes there and back).
/// - ``seedProfile(targets:)`` is the seed's timeline with those targets: a track's keyframes
///   are the parameter's first-frame value, its target, or fixed numbers, as each scene
///   documents; a parameter without a track keeps its value in `targets` throughout. So
///   `beztune model --set NAME=VALUE` changes where a track goes, or a size for the whole
///   animation.
/// - Lines have a stroke start and end (fractions along the line, as `CAShapeLayer`'s
///   `strokeStart`/`strokeEnd`): the drawn segment runs from the point at the start fraction
///   to the point at the end fraction, which is what Core Animation shows when end ≥ start
///   (when end < start it shows nothing; the model draws the segment backwards).
public protocol SceneModel: DeformModel {
    /// The paint of every subpath, in subpath order (one per move-to of ``DeformModel/verbs``).
    var subpathPaints: [SubpathPaint] { get }
    /// The defaults with every animated parameter at its seed target.
    var seedTargets: ParameterVector { get }
    /// The seed's timeline with the given targets (a parameter vector of this model).
    ///
    /// - Throws: ``ModelInputError`` when a target or a keyframe value derived from one lies
    ///   outside its parameter's bounds.
    func seedProfile(targets: ParameterVector) throws(ModelInputError) -> ProgressProfile
}

extension SceneModel {
    /// The seed's animation itself: ``seedProfile(targets:)`` with ``seedTargets``.
    public var seedProfile: ProgressProfile {
        do {
            return try seedProfile(targets: seedTargets)
        } catch {
            // Audit: the seed's constant targets, not user input (user targets take the
            // throwing seedProfile(targets:)); the scene tests build every seed profile.
            preconditionFailure("\(name): the seed's own targets are invalid: \(error)")
        }
    }

    /// The parameters of the seed's animation at progress `p` (an error for p outside [0, 1]).
    public func seedParameters(atProgress p: Double) throws(ModelInputError) -> ParameterVector {
        try seedProfile.parameters(at: p)
    }

    /// The path of the seed's animation at progress `p`.
    public func seedPath(atProgress p: Double) throws(ModelInputError) -> Path {
        path(parameters: try seedParameters(atProgress: p))
    }
}

/// One parameter's keyframes in a scene's seed timeline, with values given relative to the
/// parameter's first-frame value and its target, so that a target set by the user moves the
/// whole track (see ``SceneModel``).
struct SceneTrack: Sendable {
    /// A keyframe value.
    enum Value: Sendable {
        /// The parameter's first-frame value (its default).
        case start
        /// The parameter's target.
        case target
        /// The target times a fixed factor (a wave that swings to +target and −target).
        case scaledTarget(Double)
        /// A fixed number (a part that pops in from nothing).
        case constant(Double)
    }

    /// The parameter's name.
    let parameter: String
    /// (progress, value) pairs, progress strictly increasing in [0, 1].
    let keys: [(time: Double, value: Value)]
    /// One timing function per interval, or one for all.
    let timings: [TimingFunction]

    init(_ parameter: String, _ keys: [(time: Double, value: Value)], timing: TimingFunction = .linear) {
        self.init(parameter, keys, timings: [timing])
    }

    init(_ parameter: String, _ keys: [(time: Double, value: Value)], timings: [TimingFunction]) {
        (self.parameter, self.keys, self.timings) = (parameter, keys, timings)
    }

    /// The track for a parameter whose first-frame value is `start` and whose target is `target`.
    func resolved(start: Double, target: Double) -> KeyframeTrack {
        let frames = keys.map { key in
            let v: Double = switch key.value {
            case .start: start
            case .target: target
            case .scaledTarget(let f): f * target
            case .constant(let c): c
            }
            return KeyframeTrack.Keyframe(time: key.time, value: v)
        }
        do {
            return try KeyframeTrack(keyframes: frames, timings: timings)
        } catch {
            // Audit: keyframe times and timings are the seed's constants; values are the finite
            // first-frame value, constants, or a finite target (checked by `profile`) times a
            // factor of magnitude ≤ 1 (LoadingModel's are k/10 and ±1): all finite, so this
            // cannot fail for any user target.
            preconditionFailure("scene track \(parameter): \(error)")
        }
    }

    /// The profile of `tracks` over `targets` (every parameter without a track keeps its value
    /// there), with first-frame values from `defaults`.
    ///
    /// - Throws: the first parameter of `targets` outside its bounds, or the first keyframe
    ///   value outside its parameter's bounds.
    static func profile(_ tracks: [SceneTrack], defaults: ParameterVector,
                        targets: ParameterVector) throws(ModelInputError) -> ProgressProfile {
        precondition(defaults.specs == targets.specs, "\(defaults.modelName): targets of another model")
        if let problem = targets.boundsViolation { throw problem }
        var named: [String: KeyframeTrack] = [:]
        for t in tracks {
            guard let i = defaults.index(of: t.parameter) else {
                // Audit: tracks name the model's own parameters (constants).
                preconditionFailure("\(defaults.modelName): a track for unknown parameter \(t.parameter)")
            }
            named[t.parameter] = t.resolved(start: defaults.value(at: i), target: targets.value(at: i))
        }
        return try ProgressProfile(base: targets, tracks: named)
    }

    /// `defaults` with each named parameter set to its target.
    static func targets(_ values: [String: Double], defaults: ParameterVector) -> ParameterVector {
        var out = defaults
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            do {
                try out.set(name, to: value)
            } catch {
                // Audit: `values` are the seed's constant targets.
                preconditionFailure("\(defaults.modelName): invalid seed target: \(error)")
            }
        }
        return out
    }
}

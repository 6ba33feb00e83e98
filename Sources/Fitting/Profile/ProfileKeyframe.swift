/// One keyframe of an animation a designer drew: its progress and its outline.
public struct ProfileKeyframe: Sendable {
    /// The progress x ∈ [0, 1] the outline belongs to.
    public var progress: Double
    public var target: TargetOutline
    /// How messages name it (a manifest row and file, say); nil: `keyframe N` (1-based, in the
    /// order given).
    public var label: String?
    /// True for a key of a `per-interval` profile (a Lottie keyframe, a manifest row with key 1):
    /// the model is fitted there and the easings run between consecutive keys. Other profiles
    /// ignore it.
    public var isKey: Bool

    public init(progress: Double, target: TargetOutline, label: String? = nil, isKey: Bool = false) {
        self.progress = progress
        self.target = target
        self.label = label
        self.isKey = isKey
    }
}

extension ProfileKeyframe {
    /// Checks keyframe progress values for a profile of kind `timing`: each finite and in
    /// [0, 1], no two equal, and at least ``ProfileTimingKind/minimumKeyframes`` of them.
    /// `labels[i]` names keyframe i in the messages.
    static func validate(progress: [Double], labels: [String], timing: ProfileTimingKind) throws(ProfileError) {
        var seen: [Double: Int] = [:]
        for (i, p) in progress.enumerated() {
            guard p.isFinite, p >= 0, p <= 1 else { throw .progressOutOfRange(keyframe: labels[i], progress: p) }
            if let earlier = seen[p] {
                throw .duplicateProgress(keyframe: labels[i], earlier: labels[earlier], progress: p)
            }
            seen[p] = i
        }
        guard progress.count >= timing.minimumKeyframes else {
            throw .tooFewKeyframes(count: progress.count, needed: timing.minimumKeyframes, timing: timing)
        }
    }

    /// `label`, or `keyframe N` (1-based).
    func name(index: Int) -> String { label ?? "keyframe \(index + 1)" }
}

/// A model's parameters as a function of one progress p ∈ [0, 1] — the seed's single
/// `progress` driving the whole squash.
///
/// Each parameter either has a ``KeyframeTrack`` or keeps its value in ``base``. The simple
/// form, ``init(start:end:timing:)``, gives every parameter that differs between `start` and
/// `end` (or is set in either, for overrides) the two-keyframe track start → end through one
/// timing function; the circle at progress 0 is the model's defaults. An override without a
/// track and unset in `base` keeps following its parent, track and all.
///
/// Values are not clamped to the bounds: a spring's overshoot is the point of a spring.
public struct ProgressProfile: Hashable, Sendable {
    /// The values of parameters without a track (and which overrides are set).
    public let base: ParameterVector
    /// The track of each parameter, by index, or nil.
    public let tracks: [KeyframeTrack?]

    /// Every parameter that differs interpolates from `start` (progress 0) to `end`
    /// (progress 1) through `timing`.
    public init(start: ParameterVector, end: ParameterVector, timing: TimingFunction = .linear) {
        self.init(start: start, end: end) { a, b in KeyframeTrack(from: a, to: b, timing: timing) }
    }

    /// Every parameter that moves — one that differs between `start` and `end`, or an override
    /// set in either — gets the track `track(startᵢ, endᵢ)`; the others keep `start`'s values.
    public init<E: Error>(start: ParameterVector, end: ParameterVector,
                          track: (Double, Double) throws(E) -> KeyframeTrack) throws(E) {
        precondition(start.specs == end.specs, "start and end belong to different models")
        var tracks = [KeyframeTrack?](repeating: nil, count: start.count)
        for i in 0..<start.count {
            let isOverride = start.inheritedIndex[i] != nil
            if isOverride ? (start.isSet(at: i) || end.isSet(at: i)) : start.value(at: i) != end.value(at: i) {
                tracks[i] = try track(start.value(at: i), end.value(at: i))
            }
        }
        self.base = start
        self.tracks = tracks
    }

    /// Tracks by parameter name over `base`; every keyframe value is checked against its
    /// parameter's bounds.
    public init(base: ParameterVector, tracks named: [String: KeyframeTrack]) throws(ModelInputError) {
        var tracks = [KeyframeTrack?](repeating: nil, count: base.count)
        for (name, track) in named.sorted(by: { $0.key < $1.key }) {
            let i = try base.checkedIndex(of: name)
            let spec = base.specs[i]
            for k in track.keyframes where !spec.admits(k.value) {
                throw .outOfBounds(name: name, value: k.value, lower: spec.lower, upper: spec.upper)
            }
            tracks[i] = track
        }
        self.base = base
        self.tracks = tracks
    }

    /// The parameters at progress `p`; an error for p outside [0, 1] or NaN.
    public func parameters(at p: Double) throws(ModelInputError) -> ParameterVector {
        guard p >= 0 && p <= 1 else { throw .progressOutOfRange(p) }
        var out = base
        for (i, track) in tracks.enumerated() {
            if let track { out.setValue(track.value(at: p), at: i) }
        }
        return out
    }
}

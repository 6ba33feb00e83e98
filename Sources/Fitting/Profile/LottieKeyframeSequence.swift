import _Support
import _CLibc
import Geometry
import Interchange

/// A Lottie layer's outline at a sequence of frames as the keyframes of a profile fit, progress
/// running as the designer keyed it: from the first to the last keyframe of what moves the
/// outline (``Interchange/LottieShapeLayer/keyframeTimes``: paths, ellipses, rectangles, group
/// and layer transforms), frame f at progress x = (f − k₀)/(k₁ − k₀). Only when fewer than two
/// keyframes move it does the layer's life span it, x = (f − ip)/(op − ip) (ip, op its in and
/// out points, `Interchange.LottieShapeLayer.frameRange`). After Effects exports `op` one frame
/// past the last key, so mapping by ip/op would squeeze the designer's timing.
///
/// The frames are `from`, `from + step`, `from + 2·step`, … up to `to` (each computed as
/// from + k·step, never by accumulation; `to` itself is included when it is within 1e-9·step
/// of the last one, which then is `to`), by default every frame of that span; each must lie in
/// the span and in [ip, op], where the outline is drawn. The animation lasts
/// (k₁ − k₀)/``frameRate`` seconds (``duration``).
public struct LottieKeyframeSequence: Sendable {
    public let layer: LottieShapeLayer
    /// The frames, increasing.
    public let frames: [Double]
    /// The frames progress 0 and 1 fall on: the first and last keyframe, or ip and op.
    public let span: ClosedRange<Double>
    /// True when ``span`` is the keyframes' (not the layer's ip and op).
    public let spanIsKeyed: Bool
    /// The keyframe times among ``frames`` (the keys of a `per-interval` profile).
    public let keys: [Double]

    /// The most frames a sequence may have (a profile fit fits every one, about 25 ms and 230 kB
    /// each at 720 samples a frame: 10,000 frames take minutes and about 2.3 GB).
    public static let maximumFrameCount = 10_000

    /// The sequence from `from` (nil: the span's start) to `to` (nil: its end) by `step` frames
    /// (> 0, finite).
    /// - Throws: ``LottieSequenceError`` when the range leaves the span or the layer's frames,
    ///   is empty or backwards, or has more than ``maximumFrameCount`` frames.
    ///
    /// With `includingKeys` (a `per-interval` profile) every keyframe time within the frames'
    /// range is among the frames, added where the steps miss it.
    public init(layer: LottieShapeLayer, from: Double? = nil, to: Double? = nil, step: Double = 1,
                includingKeys: Bool = false) throws(LottieSequenceError) {
        precondition(step > 0 && step.isFinite, "LottieKeyframeSequence: the step must be positive and finite")
        let range = layer.frameRange
        let keys = layer.keyframeTimes
        let keyed = keys.count >= 2 && keys[keys.count - 1] > keys[0]
        let span = keyed ? keys[0]...keys[keys.count - 1] : range
        // Frames are drawn within [ip, op] and have progress in [0, 1] within the span.
        let lo = Swift.max(span.lowerBound, range.lowerBound), hi = Swift.min(span.upperBound, range.upperBound)
        guard hi >= lo else {
            throw LottieSequenceError(frames: layer.source, layer: layer.label,
                                      reason: "the keyframes (frames \(Self.format(span.lowerBound)) to \(Self.format(span.upperBound))) lie outside the layer's frames \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) (ip to op)")
        }
        let drawn = lo...hi
        let first = from ?? drawn.lowerBound, last = to ?? drawn.upperBound
        for f in [first, last] where !drawn.contains(f) {
            let reason = keyed
                ? "frame \(Self.format(f)) is outside the keyframes' frames \(Self.format(drawn.lowerBound)) to \(Self.format(drawn.upperBound)) (first to last key, within ip to op)"
                : "frame \(Self.format(f)) is outside the layer's frames \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) (ip to op)"
            throw LottieSequenceError(frames: layer.source, layer: layer.label, reason: reason)
        }
        guard span.upperBound > span.lowerBound else {
            throw LottieSequenceError(frames: layer.source, layer: layer.label,
                                      reason: "the layer has a single frame (ip = op = \(Self.format(range.lowerBound))): no progress to fit")
        }
        guard last >= first else {
            throw LottieSequenceError(frames: layer.source, layer: layer.label,
                                      reason: "the frames run backwards (from \(Self.format(first)) to \(Self.format(last)))")
        }
        let steps = ((last - first) / step * (1 + 1e-12) + 1e-9).rounded(.down)
        guard steps < Double(Self.maximumFrameCount) else {
            // The caller's mistake when the caller chose the frames; else the file's length.
            let reason = "\(Self.format(first)) to \(Self.format(last)) by \(Self.format(step)) is more than \(Self.maximumFrameCount) frames"
            if from != nil || to != nil || step != 1 {
                throw LottieSequenceError(frames: layer.source, layer: layer.label, reason: reason)
            }
            throw LottieSequenceError(source: layer.source, layer: layer.label,
                                      reason: reason + ": take fewer frames, or a longer step")
        }
        var frames = (0...Int(steps)).map { first + Double($0) * step }
        // The last frame may round a hair past `to` (or fall a hair short of it): it is `to`.
        if let end = frames.last, abs(end - last) <= 1e-9 * step { frames[frames.count - 1] = last }
        let inRange = keyed ? keys.filter { $0 >= first && $0 <= last } : []
        if includingKeys { frames = Array(Set(frames + inRange)).sorted() }
        let present = Set(frames)
        self.keys = inRange.filter { present.contains($0) }
        self.layer = layer
        self.frames = frames
        self.span = span
        self.spanIsKeyed = keyed
    }

    /// x = (f − k₀)/(k₁ − k₀) over ``span``.
    public func progress(ofFrame f: Double) -> Double {
        (f - span.lowerBound) / (span.upperBound - span.lowerBound)
    }

    /// The composition's frame rate (frames per second), as the file gives it.
    public var frameRate: Double { layer.frameRate }

    /// The seconds from progress 0 to 1: the span's frames at the file's frame rate.
    public var duration: Double { (span.upperBound - span.lowerBound) / layer.frameRate }

    /// Every frame's outline as a keyframe, labelled `FILE frame F` (y-down Lottie coordinates
    /// flipped into model space unless `orientation` is `.yUp`); ellipses exact unless
    /// `ellipses` is `.player` (``TargetOutline/init(exactPath:sampleCount:)``).
    public func keyframes(sampleCount: Int, orientation: TargetOrientation? = nil,
                          ellipses: LottieEllipseMode = .exact) throws(LottieSequenceError) -> [ProfileKeyframe] {
        let orientation = orientation ?? TargetFormat.lottie.defaultOrientation
        var out: [ProfileKeyframe] = []
        out.reserveCapacity(frames.count)
        for f in frames {
            let label = "\(layer.source) frame \(Self.format(f))"
            let path: ExactPath
            do throws(LottieError) {
                path = try layer.exactOutline(atFrame: f, ellipses: ellipses)
            } catch {
                throw LottieSequenceError(source: layer.source, layer: nil, reason: error.description, quoted: true)
            }
            do throws(TargetError) {
                let target = try TargetOutline(exactPath: orientation.modelSpace(path), sampleCount: sampleCount)
                out.append(ProfileKeyframe(progress: progress(ofFrame: f), target: target, label: label, isKey: keys.contains(f)))
            } catch {
                throw LottieSequenceError(source: layer.source, layer: layer.label, reason: "frame \(Self.format(f)): \(error.description)")
            }
        }
        return out
    }

    /// A frame number as messages and labels show it: an integer without a decimal point, else
    /// the shortest round-trip form.
    static func format(_ f: Double) -> String {
        f == f.rounded() && abs(f) < 1e15 ? String(Int(f)) : "\(f)"
    }
}

/// Why a sequence of Lottie frames cannot be made or read: one line naming the file and layer.
public struct LottieSequenceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var source: String
    public var layer: String?
    public var reason: String
    /// True when `reason` is already a whole message (a `LottieError`'s, naming file and layer).
    var quoted = false
    /// True when the frames asked for are at fault (outside the layer's, backwards, too many),
    /// not the outline at one of them.
    var isAboutFrames = false

    public init(source: String, layer: String?, reason: String) {
        (self.source, self.layer, self.reason) = (source, layer, reason)
    }

    init(source: String, layer: String?, reason: String, quoted: Bool) {
        (self.source, self.layer, self.reason, self.quoted) = (source, layer, reason, quoted)
    }

    /// A sequence whose frames cannot be taken from the layer: the caller's choice of frames.
    init(frames source: String, layer: String?, reason: String) {
        (self.source, self.layer, self.reason, isAboutFrames) = (source, layer, reason, true)
    }

    public var description: String {
        if quoted { return reason }
        return layer.map { "\(source): \($0): \(reason)" } ?? "\(source): \(reason)"
    }
}

/// Frames asked for that the layer does not have are the caller's usage mistake; an outline that
/// cannot be read at a frame is the file's.
extension LottieSequenceError: ReportableError {
    package var isUsageMistake: Bool { isAboutFrames }
}

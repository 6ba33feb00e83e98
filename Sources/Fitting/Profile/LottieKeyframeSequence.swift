import _Support
import Foundation
import Geometry
import Interchange

/// A Lottie layer's outline at a sequence of frames as the keyframes of a profile fit: frame f
/// has progress x = (f − ip)/(op − ip), where ip and op are the layer's in and out points
/// (`Interchange.LottieShapeLayer.frameRange`, on which the outline is defined), so the layer's
/// whole life maps onto progress 0 … 1.
///
/// The frames are `from`, `from + step`, `from + 2·step`, … up to `to` (each computed as
/// from + k·step, never by accumulation; `to` itself is included when it is within 1e-9·step
/// of the last one, which then is `to`), by default every frame from ip to op.
public struct LottieKeyframeSequence: Sendable {
    public let layer: LottieShapeLayer
    /// The frames, increasing.
    public let frames: [Double]

    /// The most frames a sequence may have (a profile fit fits every one).
    public static let maximumFrameCount = 100_000

    /// The sequence from `from` (nil: ip) to `to` (nil: op) by `step` frames (> 0, finite).
    /// - Throws: ``LottieSequenceError`` when the range leaves the layer's frames, is empty or
    ///   backwards, or has more than ``maximumFrameCount`` frames.
    public init(layer: LottieShapeLayer, from: Double? = nil, to: Double? = nil, step: Double = 1) throws(LottieSequenceError) {
        precondition(step > 0 && step.isFinite, "LottieKeyframeSequence: the step must be positive and finite")
        let range = layer.frameRange
        let first = from ?? range.lowerBound, last = to ?? range.upperBound
        for f in [first, last] where !range.contains(f) {
            throw LottieSequenceError(frames: layer.source, layer: layer.label,
                                      reason: "frame \(Self.format(f)) is outside the layer's frames \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) (ip to op)")
        }
        guard range.upperBound > range.lowerBound else {
            throw LottieSequenceError(frames: layer.source, layer: layer.label,
                                      reason: "the layer has a single frame (ip = op = \(Self.format(range.lowerBound))): no progress to fit")
        }
        guard last >= first else {
            throw LottieSequenceError(frames: layer.source, layer: layer.label,
                                      reason: "the frames run backwards (from \(Self.format(first)) to \(Self.format(last)))")
        }
        let steps = ((last - first) / step * (1 + 1e-12) + 1e-9).rounded(.down)
        guard steps < Double(Self.maximumFrameCount) else {
            throw LottieSequenceError(frames: layer.source, layer: layer.label,
                                      reason: "\(Self.format(first)) to \(Self.format(last)) by \(Self.format(step)) is more than \(Self.maximumFrameCount) frames")
        }
        var frames = (0...Int(steps)).map { first + Double($0) * step }
        // The last frame may round a hair past `to` (or fall a hair short of it): it is `to`.
        if let end = frames.last, abs(end - last) <= 1e-9 * step { frames[frames.count - 1] = last }
        self.layer = layer
        self.frames = frames
    }

    /// x = (f − ip)/(op − ip).
    public func progress(ofFrame f: Double) -> Double {
        let r = layer.frameRange
        return (f - r.lowerBound) / (r.upperBound - r.lowerBound)
    }

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
                out.append(ProfileKeyframe(progress: progress(ofFrame: f), target: target, label: label))
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

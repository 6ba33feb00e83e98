import _Support
import Geometry
import Interchange

extension TargetOutline {
    /// A target from a Lottie animation: the outline of the shape layer `selection.layer` (nil:
    /// the only shape layer) at composition frame `selection.frame`
    /// (`Interchange.LottieShapeLayer.outline(atFrame:)`: keyframes eased as the players ease
    /// them, layer, group and parent transforms applied), sampled with `sampleCount` points
    /// uniformly by arc length. Lottie is y-down like SVG: the outline is flipped into y-up model
    /// space unless `orientation` is `.yUp` (nil: ``TargetFormat/lottie``'s default, y-down).
    /// Ellipses are sampled exactly (`ellipses` `.exact`, ``init(exactPath:sampleCount:)``) or
    /// as lottie-web draws them (`.player`: four cubics with handle 0.5519).
    ///
    /// - Throws: ``TargetLottieError/layer(_:)`` when the layer or frame cannot be read (the
    ///   `LottieError` names the file, the layer and the JSON path), ``TargetLottieError/noFrame``
    ///   without a frame, ``TargetLottieError/target(_:)`` when the outline is no target.
    public init(lottie document: LottieDocument, selecting selection: TargetSelection,
                sampleCount: Int, orientation: TargetOrientation? = nil,
                ellipses: LottieEllipseMode = .exact) throws(TargetLottieError) {
        guard let frame = selection.frame else { throw .noFrame }
        let path: ExactPath
        do throws(LottieError) {
            let layer = try document.shapeLayer(selection.layer.map(LottieLayerSelection.init(argument:)))
            path = try layer.exactOutline(atFrame: frame, ellipses: ellipses)
        } catch {
            throw .layer(error)
        }
        let orientation = orientation ?? TargetFormat.lottie.defaultOrientation
        do throws(TargetError) {
            try self.init(exactPath: orientation.modelSpace(path), sampleCount: sampleCount)
        } catch {
            throw .target(error)
        }
    }
}

/// Why a Lottie frame is no target.
public enum TargetLottieError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document, the layer or the frame (one line naming the file, layer and JSON path).
    case layer(LottieError)
    /// No frame was given: a Lottie file is an animation, its target one frame of it.
    case noFrame
    /// The outline at the frame cannot be fitted (no extent, several subpaths, …).
    case target(TargetError)

    public var description: String {
        switch self {
        case .layer(let error): error.description
        case .noFrame: "a Lottie animation needs the frame whose outline is the target"
        case .target(let error): error.description
        }
    }
}

extension TargetLottieError: ReportableError {
    package var isUsageMistake: Bool {
        if case .layer(let error) = self { return error.isUsageMistake }
        return false
    }
}

/// The handle factors the Lottie players draw an ellipse (`el`) with: four cubics through the
/// top, right, bottom and left points whose handles are k·radius long. A quarter circle's
/// midpoint-exact factor is 4(√2 − 1)/3 = 0.5522847…; the players write it rounded:
///
/// - lottie-web: `roundCorner = 0.5519` in `player/js/utils/common.js`, used by
///   `EllShapeProperty.convertEllToPath` and for the corners of `RectShapeProperty`
///   (`player/js/utils/shapes/ShapeProperty.js`).
/// - lottie-ios: `EllipseNode.ControlPointConstant: CGFloat = 0.55228`
///   (`Sources/Private/MainThread/NodeRenderSystem/Nodes/PathNodes/EllipseNode.swift`; the
///   Objective-C 2.x `LOTEllipseShapeLayer.m` had `kEllipseControlPointPercentage = 0.55228`).
/// - lottie-android: `EllipseContent.ELLIPSE_CONTROL_POINT_PERCENTAGE = 0.55228f`.
///
/// `LottieEllipse` draws lottie-web's; the exact ellipse is what the designer drew
/// (`LottieEllipseMode`).
public enum LottiePlayerHandle: String, CaseIterable, Sendable {
    case lottieWeb = "lottie-web"
    case lottieIOS = "lottie-ios"
    case lottieAndroid = "lottie-android"

    /// The factor k the player multiplies each radius by to place an ellipse's handles.
    public var factor: Double {
        switch self {
        case .lottieWeb: 0.5519
        case .lottieIOS, .lottieAndroid: 0.55228
        }
    }
}

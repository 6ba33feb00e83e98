/// The handle factors the Lottie players draw an ellipse with (handle length / semi-axis, one
/// cubic per quarter), by name, for `--k lottie-web` and `--k lottie-ios`:
///
/// - `lottie-web`: 0.5519 — lottie-web `player/js/utils/common.js`, `roundCorner = 0.5519`,
///   used for ellipses (`ShapeProperty`'s ellipse: `cPoint = roundCorner`) and rounded corners.
/// - `lottie-ios`: 0.55228 — lottie-ios `EllipseNode.swift`,
///   `static let ControlPointConstant: CGFloat = 0.55228` (`controlPoint = half * ControlPointConstant`).
/// - `lottie-android`: 0.55228 — lottie-android `EllipseContent.java`,
///   `ELLIPSE_CONTROL_POINT_PERCENTAGE = 0.55228f` (a `float`; the player multiplies in single
///   precision, the figure here is the decimal constant as written).
///
/// Neither is the midpoint factor 4/3·(√2 − 1) = 0.5522847… nor the minimax 0.5519150…: with
/// four segments the radial error max |r(t)/R − 1| is 2.0404e-4 for 0.5519 (inside at the worst
/// point) and 2.7143e-4 for 0.55228 (outside), as `beztune error --k lottie-web --k lottie-ios`
/// reports. The Lottie reader draws an ellipse with lottie-web's when asked for the player's
/// drawing instead of the exact ellipse.
public enum PlayerHandleConstant: String, CaseIterable, Sendable {
    case lottieWeb = "lottie-web"
    case lottieIOS = "lottie-ios"
    case lottieAndroid = "lottie-android"

    /// The factor as the player's source writes it.
    public var value: Double {
        switch self {
        case .lottieWeb: 0.5519
        case .lottieIOS, .lottieAndroid: 0.55228
        }
    }

    /// The names, in declaration order, for messages and help.
    public static let names = allCases.map({ $0.rawValue })
}

/// How a Lottie ellipse (`el`) becomes a target: as the exact ellipse the designer drew, or as
/// the player's drawing of it (lottie-web's four cubics with handle 0.5519,
/// `PlayerHandleConstant.lottieWeb`).
public enum LottieEllipseMode: String, CaseIterable, Sendable {
    /// The exact ellipse (`AffineEllipticalArc`s through every transform): the default.
    case exact
    /// lottie-web's four cubics, as every version before exact ellipses read it.
    case player
}

/// An sRGB colour with alpha, components in [0, 1].
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// From a 0xRRGGBB literal.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    public static let white = Color(hex: 0xFFFFFF)
    public static let black = Color(hex: 0x000000)
    public static let gray = Color(hex: 0x888888)
    public static let lightGray = Color(hex: 0xE4E4E4)

    /// Eight colours that stay apart for colour-blind readers (Okabe & Ito, "Color Universal
    /// Design", 2008), used in order for series and approximations.
    public static let palette: [Color] = [
        Color(hex: 0x0072B2), Color(hex: 0xD55E00), Color(hex: 0x009E73), Color(hex: 0xCC79A7),
        Color(hex: 0xE69F00), Color(hex: 0x56B4E9), Color(hex: 0xF0E442), Color(hex: 0x000000),
    ]
}

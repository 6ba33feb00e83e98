import Geometry
import ArcError
import Foundation
import Testing

/// The Lottie players' ellipse handles by name (`--k lottie-web`, `--k lottie-ios`): the constants
/// as the players' sources write them, and their radial error against an independent reference.
@Suite("players' handle constants")
struct PlayerHandleConstantTests {
    @Test("the names parse as the players' constants, trimmed like criterion names")
    func names() throws {
        #expect(try HandleFactor(parsing: "lottie-web") == .value(0.5519))
        #expect(try HandleFactor(parsing: " lottie-ios ") == .value(0.55228))
        #expect(try HandleFactor(parsing: "lottie-android") == .value(0.55228))
        #expect(try HandleFactor(parsing: "lottie-web").handle(segments: 8) == 0.5519)
        #expect(PlayerHandleConstant.names == ["lottie-web", "lottie-ios", "lottie-android"])
    }

    /// Quarter circle (four segments), unit radius: max and min of r(t) − 1 and max |r(t) − 1|,
    /// from Resources/reference-player-handles.py (mpmath at 40 digits: r² is a degree-6
    /// polynomial, its extremes at the ends and the real roots of d(r²)/dt from
    /// mpmath.polyroots), rounded to 20 digits.
    @Test("radial error of 0.5519 and 0.55228 against mpmath", arguments: [
        ("lottie-web", 0.00019332946897237936591, -0.00020404441081079156154, 0.00020404441081079156154),
        ("lottie-ios", 0.0002714349305581254972, -2.5189781726255170819e-6, 0.0002714349305581254972),
    ])
    func radialError(_ name: String, _ maximum: Double, _ minimum: Double, _ magnitude: Double) throws {
        let k = try HandleFactor(parsing: name).handle(segments: 4)
        let radial = ArcErrorReport(CircularArc(segments: 4, handle: k)).radial
        // The error is a difference of numbers near 1: a few ulps of 1 absolute.
        let tolerance = 8 * Double.ulpOfOne
        #expect(abs(radial.maximum - maximum) <= tolerance)
        #expect(abs(radial.minimum - minimum) <= tolerance)
        #expect(abs(radial.maximumMagnitude - magnitude) <= tolerance)
    }
}

import Deform
import Geometry
import _Support

/// The `swiftui` export: a Swift source file (`import SwiftUI`) with a `Shape`, by default
/// `BallShape`, whose `animatableData` drives the animation, and the `Animation` to drive it
/// with (`static let animation`). Exactly one of two forms, never both:
/// - **timings inlined**: `animatableData` is the progress p ∈ [0, 1] and every parameter's
///   timing curve is inside the shape (``SwiftBallSource``); animate p from 0 to 1 with
///   `.linear(duration: D)`. Used for per-parameter timings (and a still shape);
/// - **one shared timing left out**: when every parameter follows one timing T
///   (``ShapeAnimation/sharedTiming``), `animatableData` is the fraction s = T(p) of the way from
///   the start values to the end values, the shape interpolates the parameters by s, and SwiftUI
///   plays T: `.timingCurve(x1, y1, x2, y2, duration: D)` for a cubic-bezier,
///   `.spring(response:dampingFraction:)` for a spring released at rest (``SwiftUISpring``: response
///   2πD/ω, damping fraction ζ) or `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`
///   when it starts moving (v₀ ≠ 0; mass 1, stiffness (ω/D)², damping 2ζω/D, velocity v₀/D),
///   `.linear(duration: D)` for linear. A SwiftUI spring runs until it settles, past D; the
///   library (and Core Animation) show the end values at p = 1.
///
/// `path(in:)` draws in the exports' user coordinates (points, y down) moved so that the
/// animation's bounding box (`bounds`) has its corner at `rect`'s origin; the shape is not scaled.
public struct SwiftUISourceExport: Sendable {
    /// The source file.
    public let text: String
    /// The generated type's name.
    public let typeName: String
    /// True when the shared timing is left out of the shape (`animatableData` is the fraction).
    public let timingLeftOut: Bool

    public init(_ animation: ShapeAnimation, options: ExportOptions = ExportOptions()) throws(ExportError) {
        let source = try SwiftBallSource(animation, format: .swiftUI, options: options, typeSuffix: "Shape")
        let name = source.typeName
        let lit = SwiftBallSource.literal, f = ShortestDecimal.format
        let d = animation.duration
        let shared = animation.sharedTiming
        let steps: Bool = { if case .steps? = shared { true } else { false } }()
        let leftOut = shared != nil && !steps
        let animationExpression: String
        switch shared {
        case .cubicBezier(let c)? where leftOut:
            animationExpression = ".timingCurve(\([c.x1, c.y1, c.x2, c.y2].map(lit).joined(separator: ", ")), duration: \(lit(d)))"
        case .spring(let s)? where leftOut:
            if s.initialVelocity == 0 {
                let swiftUI = try Self.spring(s, duration: d)
                animationExpression = ".spring(response: \(lit(swiftUI.response)), dampingFraction: \(lit(swiftUI.dampingRatio)))"
            } else {
                let swiftUI = try Self.spring(s, duration: d)
                animationExpression = ".interpolatingSpring(mass: 1, stiffness: \(lit(swiftUI.stiffness)), damping: \(lit(swiftUI.damping)), initialVelocity: \(lit(swiftUI.initialVelocity)))"
            }
        default:
            animationExpression = ".linear(duration: \(lit(d)))"
        }
        let variable = leftOut ? "fraction" : "progress"
        let what = leftOut
            ? "the fraction s of the way from the start values to the end values (\(shared?.description ?? "") of the progress, played by `animation`)"
            : "the progress p ∈ [0, 1] (clamped), every parameter on its own timing; play it with `animation`, linear"
        var out = """
        // BezierTune export (swiftui): model \(animation.model.name), \(f(d)) s. Animate `\(variable)` from 0 to 1
        // with `\(name).animation`\(leftOut ? " (the shared timing, left out of the shape)" : " (the timings are inlined in the shape)").
        // Coordinates: points, y down, as in the SVG export, with `bounds`' corner at the rect's origin.
        import SwiftUI

        struct \(name): Shape {
            /// \(what).
            var \(variable): Double

            var animatableData: Double {
                get { \(variable) }
                set { \(variable) = newValue }
            }

            /// How to animate `\(variable)` from 0 to 1.
            static let animation: Animation = \(animationExpression)

            /// The bounding box of the outline over the animation.
            static let bounds = \(source.boundsLiteral)

            func path(in rect: CGRect) -> Path {

        """
        if leftOut {
            out += "        let s = \(variable)\n"
            out += source.parameterDeclarations(indent: "        ", progress: nil, fraction: "s", qualifier: "Self.")
        } else {
            out += "        let p = min(1, max(0, \(variable)))\n"
            if animation.isStill { out += "        _ = p\n" }
            out += source.parameterDeclarations(indent: "        ", progress: animation.isStill ? nil : "p", fraction: nil, qualifier: "Self.")
        }
        out += "        let dx = rect.minX - Self.bounds.minX, dy = rect.minY - Self.bounds.minY\n"
        out += "        var path = Path()\n"
        out += source.drawingStatements(indent: "        ", path: "path", offset: ("dx", "dy"), qualifier: "Self.")
        out += "        return path\n    }\n\n"
        out += source.geometryHelpers(indent: "    ", lerp: leftOut)
        if !leftOut { out += source.trackFunctions(indent: "    ") }
        out += "}\n"
        text = out
        typeName = name
        timingLeftOut = leftOut
    }

    static func spring(_ s: SpringTiming, duration: Double) throws(ExportError) -> SwiftUISpring {
        do throws(TimingError) {
            return try SwiftUISpring(s, duration: duration)
        } catch {
            throw ExportError(error.description)
        }
    }
}

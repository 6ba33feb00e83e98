import Deform
import Geometry
import _Support

/// The `swift-uikit` export: a Swift source file (`import UIKit`) with one enum, by default
/// `BallAnimation`, holding
/// - `static func cgPath(progress:) -> CGPath` and `static func path(progress:) -> UIBezierPath`:
///   the outline at progress p ∈ [0, 1] (clamped) with the fitted constants and every
///   parameter's timing curve inlined (``SwiftBallSource``), in points, y down (the exports' user
///   coordinates), `bounds` the animation's bounding box;
/// - `static func keyframeAnimation() -> CAKeyframeAnimation` for a `CAShapeLayer`'s `path`:
///   `values` the outlines (`cgPath(progress:)`) at the keyframes of ``ShapeKeyframes``,
///   `keyTimes` their progress, `timingFunctions` one `CAMediaTimingFunction(controlPoints:)`
///   per interval (Core Animation takes Float control points), `calculationMode` linear,
///   `duration` the animation's. With one shared timing the keyframes are the fitted ones and
///   each function is that timing on its interval; otherwise they are dense enough to stay
///   within the tolerance (the header comment states the count and the tolerance).
///
/// Only the ball model (posed or not) is written (see ``SwiftBallSource``).
public struct UIKitSourceExport: Sendable {
    /// The source file.
    public let text: String
    /// The keyframes `keyframeAnimation()` carries.
    public let plan: ShapeKeyframes
    /// The generated type's name.
    public let typeName: String

    public init(_ animation: ShapeAnimation, options: ExportOptions = ExportOptions()) throws(ExportError) {
        let source = try SwiftBallSource(animation, format: .swiftUIKit, options: options, typeSuffix: "Animation")
        let name = source.typeName
        let plan = try ShapeKeyframes(animation, options: options.keyframes)
        let f = ShortestDecimal.format, lit = SwiftBallSource.literal
        var out = """
        // BezierTune export (swift-uikit): model \(animation.model.name), \(f(animation.duration)) s.
        // cgPath(progress:) draws the outline with every fitted constant and timing curve inlined;
        // keyframeAnimation() carries \(plan.keyframes.count) keyframes and stays within \(f(plan.tolerance)) points of it
        // (\(f(options.keyframes.relativeTolerance)) of its size; measured \(f(plan.deviation)) between keyframes).
        // Coordinates: points, y down, as in the SVG export; bounds is the animation's bounding box.
        import UIKit

        enum \(name) {
            /// The animation's length in seconds (progress 0 → 1).
            static let duration: CFTimeInterval = \(lit(animation.duration))

            /// The bounding box of the outline over the animation.
            static let bounds = \(source.boundsLiteral)

            /// The outline at progress p ∈ [0, 1] (clamped).
            static func cgPath(progress: Double) -> CGPath {
                let p = min(1, max(0, progress))

        """
        out += source.parameterDeclarations(indent: "        ", progress: animation.isStill ? nil : "p", fraction: nil)
        if animation.isStill { out += "        _ = p\n" }
        out += "        let path = CGMutablePath()\n"
        out += source.drawingStatements(indent: "        ", path: "path")
        out += """
                return path
            }

            /// The outline at progress p as a UIBezierPath.
            static func path(progress: Double) -> UIBezierPath {
                UIBezierPath(cgPath: cgPath(progress: progress))
            }

            /// A keyframe animation of a CAShapeLayer's path: the outlines at the key times, one
            /// timing function per interval.
            static func keyframeAnimation() -> CAKeyframeAnimation {
                let animation = CAKeyframeAnimation(keyPath: "path")
                let keyTimes: [Double] = [\(plan.keyframes.map { lit($0.progress) }.joined(separator: ", "))]
                animation.values = keyTimes.map { cgPath(progress: $0) }
                animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
                animation.timingFunctions = [

        """
        for e in plan.easings {
            out += "            CAMediaTimingFunction(controlPoints: \([e.x1, e.y1, e.x2, e.y2].map(lit).joined(separator: ", "))),\n"
        }
        out += """
                ]
                animation.calculationMode = .linear
                animation.duration = duration
                return animation
            }


        """
        out += source.geometryHelpers(indent: "    ", lerp: false)
        out += source.trackFunctions(indent: "    ")
        out += "}\n"
        text = out
        self.plan = plan
        typeName = name
    }
}

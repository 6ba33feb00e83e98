import Deform
import Geometry
import _Support

/// The `svg-animated` export: one `<path id="shape">` whose `d` is animated by SMIL (SVG 1.1
/// §19.2.9, "calcMode", "keyTimes", "keySplines"):
///
///     <animate attributeName="d" dur="Ds" fill="freeze" calcMode="spline"
///              values="d₀;d₁;…;dₙ" keyTimes="p₀;p₁;…;pₙ" keySplines="x1 y1 x2 y2;…"/>
///
/// with the keyframes and easings of ``ShapeKeyframes`` (one spline per interval; SMIL allows
/// control points in [0, 1] only, so the plan keeps them there: ``ShapeKeyframes/Options/unitIntervalEasings``).
/// It plays once from the document's start and freezes on the last outline. A still shape is
/// the `<path>` alone. Coordinates and view box as in ``SVGFramesExport``.
public struct SVGAnimationExport: Sendable {
    /// The document.
    public let text: String
    /// The keyframes it carries.
    public let plan: ShapeKeyframes

    public init(_ animation: ShapeAnimation, options: ExportOptions = ExportOptions()) throws(ExportError) {
        var planOptions = options.keyframes
        planOptions.unitIntervalEasings = true
        let plan = try ShapeKeyframes(animation, options: planOptions)
        let box = SVGViewBox(animation)
        let f = ShortestDecimal.format
        var out = box.header(comment: "BezierTune export: model \(animation.model.name), \(plan.keyframes.count) keyframes over \(f(animation.duration)) s, within \(f(plan.tolerance)) of the model (measured \(f(plan.deviation)))")
        if plan.keyframes.count == 1 {
            out += "  <path id=\"shape\" d=\"\(plan.keyframes[0].outline.svgPathData)\" \(box.style)/>\n"
        } else {
            out += "  <path id=\"shape\" d=\"\(plan.keyframes[0].outline.svgPathData)\" \(box.style)>\n"
            out += "    <animate attributeName=\"d\" dur=\"\(f(animation.duration))s\" fill=\"freeze\" calcMode=\"spline\"\n"
            out += "      values=\"" + plan.keyframes.map(\.outline.svgPathData).joined(separator: ";") + "\"\n"
            out += "      keyTimes=\"" + plan.keyframes.map { f($0.progress) }.joined(separator: ";") + "\"\n"
            out += "      keySplines=\"" + plan.easings.map { "\(f($0.x1)) \(f($0.y1)) \(f($0.x2)) \(f($0.y2))" }.joined(separator: ";") + "\"/>\n"
            out += "  </path>\n"
        }
        out += "</svg>\n"
        text = out
        self.plan = plan
    }
}

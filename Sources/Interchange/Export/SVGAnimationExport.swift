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

    /// `seconds` (positive, finite) as a SMIL Timecount value, the digits of its shortest
    /// round-trip decimal without an exponent (SMIL 3.0 §5.4.1: `Timecount ("." Fraction)?`;
    /// `1e-07` is written 0.0000001, `1e+21` as 22 digits).
    static func clockValue(_ seconds: Double) -> String {
        let text = ShortestDecimal.format(seconds)
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...]) else {
            return text
        }
        let mantissa = text[..<e]
        let digits = mantissa.filter { $0 != "." }
        // The decimal point's position in `digits` once the exponent is applied.
        let point = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
        if point <= 0 { return "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return digits + String(repeating: "0", count: point - digits.count) }
        return String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
    }

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
            out += "    <animate attributeName=\"d\" dur=\"\(Self.clockValue(animation.duration))s\" fill=\"freeze\" calcMode=\"spline\"\n"
            out += "      values=\"" + plan.keyframes.map({ $0.outline.svgPathData }).joined(separator: ";") + "\"\n"
            out += "      keyTimes=\"" + plan.keyframes.map { f($0.progress) }.joined(separator: ";") + "\"\n"
            out += "      keySplines=\"" + plan.easings.map { "\(f($0.x1)) \(f($0.y1)) \(f($0.x2)) \(f($0.y2))" }.joined(separator: ";") + "\"/>\n"
            out += "  </path>\n"
        }
        out += "</svg>\n"
        text = out
        self.plan = plan
    }
}

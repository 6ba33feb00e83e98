import Deform
import Geometry
import _Support

/// The `css` export: a style sheet that animates an SVG `<path class="beztune-shape">` through
/// the animation (CSS Animations Level 1 `@keyframes`; the `d` property with `path()` from SVG 2,
/// §9.3.1 "The d property"), and every animated parameter with its own timing.
///
/// - `@keyframes beztune-shape`: at each keyframe of ``ShapeKeyframes`` (percentage 100·pᵢ)
///   `d: path("…")` and the interval's easing as `animation-timing-function`
///   (`cubic-bezier(x1, y1, x2, y2)`, or `linear`);
/// - per animated parameter `name`: a registered custom property `--beztune-name` (`@property`,
///   syntax `<number>`, CSS Properties and Values API Level 1) and `@keyframes beztune-name`
///   over its track's key times, each interval with its timing as CSS writes it:
///   `cubic-bezier()` for a cubic-bezier, `linear`, `steps(n, position)`, and for a spring — which
///   `cubic-bezier()` cannot express — `linear()` stops within ``ExportOptions/linearEasingTolerance``
///   of the spring's curve in y (``LinearEasing``). These tell a page (or a check) each
///   parameter's value; the outline itself is the `d` animation;
/// - `.beztune-shape`: all of these animations, `duration`, `linear`, once, `both` (held before
///   and after).
///
/// Coordinates: user units of the view box the header comment names (the `svg` export's).
public struct CSSExport: Sendable {
    /// The style sheet.
    public let text: String
    /// The keyframes of the `d` animation.
    public let plan: ShapeKeyframes
    /// The CSS easing of each interval of each animated parameter's track, by parameter name.
    public let parameterEasings: [(name: String, easings: [String])]

    public init(_ animation: ShapeAnimation, options: ExportOptions = ExportOptions()) throws(ExportError) {
        let plan = try ShapeKeyframes(animation, options: options.keyframes)
        let f = ShortestDecimal.format
        let box = SVGViewBox(animation)
        let duration = f(animation.duration) + "s"
        var out = "/* BezierTune export: model \(animation.model.name), \(plan.keyframes.count) keyframes over \(duration), within \(f(plan.tolerance)) of the model (measured \(f(plan.deviation))).\n"
        out += "   Use with <svg viewBox=\"\(f(box.minX)) \(f(box.minY)) \(f(box.width)) \(f(box.height))\"><path class=\"beztune-shape\"/></svg>. */\n\n"
        var animations = ["beztune-shape \(duration) linear both"]
        var easingsByParameter: [(name: String, easings: [String])] = []
        let names = animation.model.parameters.map({ $0.name })
        for (i, track) in animation.profile.tracks.enumerated() {
            guard let track else { continue }
            let property = "--beztune-\(names[i])"
            out += "@property \(property) {\n  syntax: \"<number>\";\n  inherits: false;\n  initial-value: \(f(track.keyframes[0].value));\n}\n\n"
            let easings = track.timings.map { Self.easing($0, tolerance: options.linearEasingTolerance) }
            easingsByParameter.append((names[i], easings))
            var frames = track.keyframes.map { (percent: $0.time * 100, value: $0.value) }
            if frames[0].percent > 0 { frames.insert((0, frames[0].value), at: 0) }
            if frames[frames.count - 1].percent < 100 { frames.append((100, frames[frames.count - 1].value)) }
            out += "@keyframes beztune-\(names[i]) {\n"
            let offset = track.keyframes[0].time > 0 ? 1 : 0
            for (k, frame) in frames.enumerated() {
                out += "  \(f(frame.percent))% { \(property): \(f(frame.value));"
                let interval = k - offset
                if interval >= 0 && interval < easings.count { out += " animation-timing-function: \(easings[interval]);" }
                out += " }\n"
            }
            out += "}\n\n"
            animations.append("beztune-\(names[i]) \(duration) linear both")
        }
        out += "@keyframes beztune-shape {\n"
        for (k, keyframe) in plan.keyframes.enumerated() {
            out += "  \(f(keyframe.progress * 100))% { d: path(\"\(keyframe.outline.svgPathData)\");"
            if k < plan.easings.count { out += " animation-timing-function: \(Self.easing(plan.easings[k]));" }
            out += " }\n"
        }
        if plan.keyframes.count == 1 {
            out += "  100% { d: path(\"\(plan.keyframes[0].outline.svgPathData)\"); }\n"
        }
        out += "}\n\n"
        out += ".beztune-shape {\n  d: path(\"\(plan.keyframes[0].outline.svgPathData)\");\n  \(box.cssStyle)\n"
        out += "  animation: " + animations.joined(separator: ",\n    ") + ";\n}\n"
        text = out
        self.plan = plan
        parameterEasings = easingsByParameter
    }

    /// The CSS text of a timing function: `linear`, `cubic-bezier(…)`, `steps(n, position)`, or
    /// for a spring `linear(…)` within `tolerance` (``LinearEasing``).
    public static func easing(_ timing: TimingFunction, tolerance: Double = LinearEasing.defaultTolerance) -> String {
        switch timing {
        case .linear: "linear"
        case .cubicBezier(let c): easing(c)
        case .steps(let s): "steps(\(s.count), \(s.position.rawValue))"
        case .spring: LinearEasing(approximating: timing, tolerance: tolerance).description
        }
    }

    /// `cubic-bezier(x1, y1, x2, y2)`, or `linear` for (0, 0, 1, 1).
    public static func easing(_ c: CubicBezierTiming) -> String {
        if c == .linear01 { return "linear" }
        let f = ShortestDecimal.format
        return "cubic-bezier(\(f(c.x1)), \(f(c.y1)), \(f(c.x2)), \(f(c.y2)))"
    }
}

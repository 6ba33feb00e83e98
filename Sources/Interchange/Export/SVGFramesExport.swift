import _CLibc
import Deform
import Geometry
import _Support

/// The `svg` export: the animation's clean outlines in an SVG document, user coordinates y
/// down with the pose applied (``ShapeAnimation/outline(at:)``), nothing else drawn — no
/// guides, no text, no `<defs>` — so that every `<path>` is a candidate outline for a reader.
///
/// With ``ExportOptions/progress`` the document holds the one outline at that progress,
/// `<path id="outline">`; otherwise one `<path id="frame-NNNN">` per frame i = 0…n at progress
/// i/n, n = round(fps × duration) (``ExportOptions/frameIntervals(duration:)``), NNNN the frame
/// number zero-padded to four digits (more when n ≥ 10000). A still shape is one `outline`.
/// The `viewBox` is the animation's bounding box (``ShapeAnimation/boundingBox``) grown by 5 %
/// of its size on every side, and `width`/`height` are the viewBox's, so one user unit is one
/// pixel. Path data is absolute, every number the shortest that reads back to the same Double
/// (``Geometry/Path/svgPathData``).
public struct SVGFramesExport: Sendable {
    /// The document.
    public let text: String
    /// The ids of the paths, in document order.
    public let ids: [String]

    public init(_ animation: ShapeAnimation, options: ExportOptions = ExportOptions()) throws(ExportError) {
        var paths: [(id: String, progress: Double)] = []
        if animation.isStill {
            paths = [("outline", options.progress ?? 0)]
        } else if let p = options.progress {
            paths = [("outline", p)]
        } else {
            let n = try options.frameIntervals(duration: animation.duration)
            let digits = max(4, String(n).count)
            for i in 0...n {
                let number = String(i)
                paths.append(("frame-" + String(repeating: "0", count: digits - number.count) + number, Double(i) / Double(n)))
            }
        }
        let box = SVGViewBox(animation)
        var out = box.header(comment: paths.count == 1
            ? "BezierTune export: model \(animation.model.name) at progress \(ExportError.number(paths[0].progress))"
            : "BezierTune export: model \(animation.model.name), \(paths.count) frames at \(ExportError.number(options.framesPerSecond)) frames per second over \(ExportError.number(animation.duration)) s, frame i at progress i/\(paths.count - 1)")
        for (id, p) in paths {
            out += "  <path id=\"\(id)\" d=\"\(animation.outline(at: p).svgPathData)\" \(box.style)/>\n"
        }
        out += "</svg>\n"
        text = out
        ids = paths.map({ $0.id })
    }
}

/// The view box every SVG export uses: the animation's bounding box grown by 5 % of its size.
struct SVGViewBox {
    let minX, minY, width, height, strokeWidth: Double

    init(_ animation: ShapeAnimation) {
        let b = animation.boundingBox, margin = 0.05 * animation.size
        minX = b.minX - margin
        minY = b.minY - margin
        width = b.width + 2 * margin
        height = b.height + 2 * margin
        strokeWidth = animation.size / 200
    }

    /// The outline's presentation: no fill, a thin black stroke.
    var style: String { "fill=\"none\" stroke=\"black\" stroke-width=\"\(ShortestDecimal.format(strokeWidth))\"" }

    /// The same as CSS declarations.
    var cssStyle: String { "fill: none; stroke: black; stroke-width: \(ShortestDecimal.format(strokeWidth));" }

    /// The XML declaration and the `<svg>` start tag with its view box, then a comment.
    func header(comment: String) -> String {
        let f = ShortestDecimal.format
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(f(minX)) \(f(minY)) \(f(width)) \(f(height))" width="\(f(width))" height="\(f(height))">
          <!-- \(comment.replacingEvery("--", with: "- -")) -->

        """
    }
}

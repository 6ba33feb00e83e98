import Geometry
import _Support

extension TargetOutline {
    /// A target from the first `<path>` of an SVG document (its `d`), sampled with
    /// `sampleCount` points uniformly by arc length. SVG space is y-down: the path is flipped
    /// into y-up model space (y ↦ −y) unless `yUp`. A path with a `transform` (or inside a
    /// transformed group) is refused rather than fitted in the wrong coordinates.
    public init(svgDocument text: String, sampleCount: Int, yUp: Bool = false) throws(TargetError) {
        let document: SVGDocument
        do throws(SVGDocumentError) {
            document = try SVGDocument(parsing: text)
        } catch {
            throw .invalidSVG(error.description)
        }
        guard let element = document.paths.first(where: { !$0.data.trimmingWhitespace.isEmpty }) else {
            throw .noPath
        }
        guard !element.hasTransform else { throw .transformed(line: element.line) }
        try self.init(pathData: element.data, sampleCount: sampleCount, yUp: yUp)
    }

    /// A target from SVG path data (`M… C… Z`), flipped from y-down SVG space into y-up model
    /// space unless `yUp`.
    public init(pathData: String, sampleCount: Int, yUp: Bool = false) throws(TargetError) {
        let path: Path
        do throws(SVGPathError) {
            path = try Path(svgPathData: pathData)
        } catch {
            throw .invalidPathData(error.description)
        }
        try self.init(path: yUp ? path : path.transformed(by: .flipY), sampleCount: sampleCount)
    }
}

import Geometry
import _Support

extension TargetOutline {
    /// A target from the first `<path>` of an SVG document (its `d`), sampled with
    /// `sampleCount` points uniformly by arc length. SVG space is y-down: the path is flipped
    /// into y-up model space (``TargetOrientation``) unless `orientation` is `.yUp` (nil:
    /// ``TargetFormat/svgDocument``'s default, y-down). A path with a `transform` (or inside a
    /// transformed group) is refused rather than fitted in the wrong coordinates.
    public init(svgDocument text: String, sampleCount: Int,
                orientation: TargetOrientation? = nil) throws(TargetError) {
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
        try self.init(pathData: element.data, sampleCount: sampleCount,
                      orientation: orientation ?? TargetFormat.svgDocument.defaultOrientation)
    }

    /// A target from SVG path data (`M… C… Z`), flipped from y-down SVG space into y-up model
    /// space unless `orientation` is `.yUp` (nil: ``TargetFormat/pathData``'s default, y-down).
    public init(pathData: String, sampleCount: Int,
                orientation: TargetOrientation? = nil) throws(TargetError) {
        let path: Path
        do throws(SVGPathError) {
            path = try Path(svgPathData: pathData)
        } catch {
            throw .invalidPathData(error.description)
        }
        let orientation = orientation ?? TargetFormat.pathData.defaultOrientation
        try self.init(path: orientation.modelSpace(path), sampleCount: sampleCount)
    }
}

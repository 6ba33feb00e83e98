import Geometry
import Interchange

extension TargetOutline {
    /// How the arcs of an SVG target (`A` commands, circles, ellipses, rounded rectangles) become
    /// cubics: ⌈sweep/90°⌉ midpoint-exact cubics per arc, exactly as `Path(svgPathData:)` makes
    /// them, so that a document's `<path>` and its `d` given as `--path` are the same target bit
    /// for bit (and the README's figures for `examples/squash-*.svg` stay as they were).
    public static let svgArcApproximation = SVGDrawing.ArcApproximation.quarterTurns

    /// A target from the shapes an SVG document draws (`Interchange.SVGDrawing`: transforms,
    /// nested `<svg>`, basic shapes, `<use>`, hidden content), in the outer document's user
    /// units, sampled with `sampleCount` points uniformly by arc length.
    ///
    /// `selection.element` chooses the shape (an id, or its 1-based number among the drawn
    /// shapes; an id of a group takes every shape inside it, which as several subpaths is
    /// refused by ``init(path:sampleCount:)``); without it the document must draw exactly one
    /// shape, else the error lists the candidates. SVG space is y-down: the outline is flipped
    /// into y-up model space (``TargetOrientation``) unless `orientation` is `.yUp` (nil:
    /// ``TargetFormat/svgDocument``'s default, y-down).
    public init(svgDocument text: String, selecting selection: TargetSelection = TargetSelection(),
                sampleCount: Int, orientation: TargetOrientation? = nil) throws(TargetError) {
        let outline: SVGOutline
        do throws(SVGReadError) {
            var options = SVGDrawing.Options()
            options.arcApproximation = Self.svgArcApproximation
            let drawing = try SVGDrawing(parsing: text, options: options)
            outline = try drawing.outline(selecting: selection.element.map(SVGSelection.init))
        } catch {
            throw .invalidSVG(error.description)
        }
        let orientation = orientation ?? TargetFormat.svgDocument.defaultOrientation
        try self.init(path: orientation.modelSpace(outline.path), sampleCount: sampleCount)
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

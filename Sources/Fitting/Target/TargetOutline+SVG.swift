import Geometry
import Interchange

extension TargetOutline {
    /// How the arcs of an SVG document (`A` commands, circles, ellipses, rounded rectangles) are
    /// drawn: ⌈sweep/90°⌉ midpoint-exact cubics per arc, exactly as `Path(svgPathData:)` makes
    /// them. Targets are not sampled on these cubics but on the exact arcs kept beside them
    /// (`SVGOutline.exactPath`), so a document's `<path>` and its `d` given as `--path` are the
    /// same target bit for bit.
    public static let svgArcApproximation = SVGDrawing.ArcApproximation.quarterTurns

    /// A target from the shapes an SVG document draws (`Interchange.SVGDrawing`: transforms,
    /// nested `<svg>`, basic shapes, `<use>`, hidden content), in the outer document's user
    /// units, sampled with `sampleCount` points uniformly by arc length — on the exact circles,
    /// ellipses, rounded corners and arcs (``init(exactPath:sampleCount:)``).
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
        try self.init(exactPath: orientation.modelSpace(outline.exactPath), sampleCount: sampleCount)
    }

    /// A target from SVG path data (`M… C… Z`), flipped from y-down SVG space into y-up model
    /// space unless `orientation` is `.yUp` (nil: ``TargetFormat/pathData``'s default, y-down).
    /// Its `A` arcs are sampled exactly (``init(exactPath:sampleCount:)``).
    public init(pathData: String, sampleCount: Int,
                orientation: TargetOrientation? = nil) throws(TargetError) {
        let exact: ExactPath
        do throws(SVGPathError) {
            exact = try ExactPath.parsing(svgPathData: pathData, arcs: .quarterTurns(.midpointExact)).exact
        } catch {
            throw .invalidPathData(error.description)
        }
        let orientation = orientation ?? TargetFormat.pathData.defaultOrientation
        try self.init(exactPath: orientation.modelSpace(exact), sampleCount: sampleCount)
    }
}

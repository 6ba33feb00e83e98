import _ProcessLayer
import DataFiles
import Fitting
import Foundation
import Geometry
import Interchange
import _ArgumentParser
import _Support

/// `beztune path-info`: segment count, exact bounding box and arc length of a path.
enum PathInfoCommand: BeztuneCommand {
    static let name = "path-info"
    static let abstract = "Segment count, exact bounding box and arc length of a path."

    static var options: [Option<Options>] {
        PathInput.options(\.input) + [
            .text(\.svgFile, "svg-file", "FILE",
                  help: "An SVG document: the shape it draws (transforms applied, in the document's user units), or --select's; adds rows viewbox, width and height (not to the CSV)."),
            .text(\.select, "select", "ID|N",
                  help: "With --svg-file: the shape, by element id (a <g>'s id takes every shape inside it) or by its number among the drawn shapes."),
            .value(\.accuracy, "accuracy", "A",
                   help: "Absolute accuracy of the arc length, in path units (default 1e-11 of the path's size, the larger side of its bounding box: 1e-9 for a path 100 units across); the error bound is proven, not estimated.",
                   parse: OptionValue.positive),
            .value(\.flatten, "flatten", "TOL",
                   help: "Also flatten the path to polylines within TOL path units (positive) and add the column flattened_points.",
                   parse: OptionValue.positive),
            .value(\.format, "format", "FORMAT", usageValue: "table|csv|svg",
                   help: "Standard output as 'table' (default), 'csv' (the --csv row) or 'svg' (the path as absolute SVG path data, arcs as cubics).",
                   parse: OptionValue.choice(among: ["table", "csv", "svg"])),
            .text(\.csv, "csv", "FILE",
                  help: "Write one CSV row: segments,min_x,min_y,max_x,max_y,length[,flattened_points]."),
        ]
    }

    static var rules: [OptionRule<Options>] {
        [
            .exclusive([\.input.path, \.input.file, \.svgFile], required: true, noun: "input"),
            .requires([\.select], option: \.svgFile, reason: "it chooses a shape of the document"),
        ]
    }

    static let discussion = """
        The bounding box is exact (roots of the derivative, not samples) and is given in model
        space: y-up, so an SVG path's y is negated unless --y-up is given.
        The length is adaptive Gauss-Legendre quadrature with a proven error bound (at most
        the accuracy; the run fails when rounding or the subdivision limit prevents that).
        --flatten TOL counts the vertices of polylines guaranteed to stay within TOL of the
        path: each subpath's vertices once (a closed subpath does not repeat its start).
        Circles, ellipses, rounded corners and elliptical arcs (A, in path data or in an
        --svg-file document, through every transform) are measured exactly: the box from the
        arcs' extreme points in closed form, the length by adaptive Gauss-Legendre quadrature
        of the ellipse's speed (checked against elliptic integrals, not proven). The segment
        count, --flatten and --format svg use the drawn path (each arc as quarter-turn
        cubics). --svg-file reads the document as 'beztune fit --target' does and shows the
        outer <svg>'s viewBox, width and height as written ('none' when absent): the
        coordinates are its user units, not rescaled.
        """

    static let header = ["segments", "min_x", "min_y", "max_x", "max_y", "length"]

    /// The default accuracy of the length, relative to the path's size (the larger side of its
    /// bounding box): an absolute default fails on a large path, whose length's rounding alone
    /// exceeds it (a circle of radius 10,000 is 62,832 units long, and 1e-9 of it is below
    /// double precision's resolution there), and is needlessly coarse on a small one. A given
    /// `--accuracy` stays absolute.
    static let defaultRelativeAccuracy = 1e-11

    /// The accuracy the length is computed to: `given`, or ``defaultRelativeAccuracy`` times the
    /// larger side of `box` (the smallest positive normal number for a path of zero size, whose
    /// length is zero).
    static func accuracy(given: Double?, box: Rect) -> Double {
        given ?? Swift.max(defaultRelativeAccuracy * Swift.max(box.width, box.height), Double.leastNormalMagnitude)
    }

    static func run(_ options: Options, console: Console) throws {
        let (format, flattenTolerance) = (options.format, options.flatten)
        let outputs = try RunOutputs(files: [options.csv], inputs: [options.input.file, options.svgFile], console: console)
        var path: Path
        /// The path with its arcs exact, which the length and box measure.
        var exact: ExactPath?
        var documentRows: [(String, String)] = []
        if let file = options.svgFile {
            let (outline, drawing) = try svgOutline(file: file, select: options.select)
            let flip: Geometry.AffineTransform = options.input.yUp ? .identity : .flipY
            path = outline.path.transformed(by: flip)
            exact = outline.exactPath.transformed(by: flip)
            documentRows = [("viewbox", drawing.viewBox?.description ?? "none"),
                            ("width", drawing.width?.description ?? "none"),
                            ("height", drawing.height?.description ?? "none")]
        } else {
            let parsed = try options.input.readBoth()
            path = parsed.path
            exact = parsed.exact
        }
        guard let box = exact?.boundingBox ?? path.boundingBox else {
            throw CLIError.runtime("\((options.input.file ?? options.svgFile).map { "\($0): " } ?? "")the path draws nothing: it has no segments")
        }
        let accuracy = Self.accuracy(given: options.accuracy, box: box)
        let length = exact?.arcLength(accuracy: accuracy) ?? path.arcLength(accuracy: accuracy)
        guard length.length.isFinite else {
            throw CLIError.runtime("the arc length overflows (beyond 1.8e308): the coordinates are too large (box \(box))")
        }
        guard length.converged else {
            throw CLIError.runtime("arc length did not reach accuracy \(ShortestDecimal.format(accuracy))\(options.accuracy == nil ? " (the default, 1e-11 of the path's size)" : "") (\(length.length) ± \(length.errorEstimate), \(length.status)); pass a larger --accuracy")
        }
        var columns = header
        var fields: [CSVField] = [.int(path.segmentCount), .double(box.minX), .double(box.minY),
                                  .double(box.maxX), .double(box.maxY), .double(length.length)]
        if let tolerance = flattenTolerance {
            // Counted, not stored: a fine tolerance on a large path costs time, not all the memory.
            let flat = Flattening(tolerance: tolerance).pointCount(of: path)
            guard flat.status == .guaranteed else {
                throw CLIError.runtime("cannot flatten within \(tolerance): \(flat.status == .roundingLimited ? "finer than the rounding of the coordinates" : "more than \(Flattening(tolerance: tolerance).maxSegments) segments per curve"); pass a larger --flatten")
            }
            columns.append("flattened_points")
            fields.append(.int(flat.pointCount))
        }
        var csv = CSVWriter(header: columns)
        csv.appendRow(fields)
        try outputs.stage(csv.text, for: options.csv)
        switch format {
        case "csv":
            outputs.write(csv.text)
        case "svg":
            outputs.print(options.input.yUp ? path.svgPathData : path.transformed(by: .flipY).svgPathData)
        default:
            outputs.write(TextTable.keyValue(zip(columns, fields.map(\.rawText)).map { ($0, $1) } + documentRows))
        }
        try outputs.commit()
    }

    /// The outline `select` names in the SVG document at `file` (y-down, user units), read as
    /// `fit --target` reads one; a file that cannot be read or a selection that matches nothing
    /// is a runtime failure naming the file.
    static func svgOutline(file: String, select: String?) throws -> (SVGOutline, SVGDrawing) {
        let text = try TextFile.read(URL(fileURLWithPath: file), kind: "SVG file")
        return try inContext(file) { () throws(SVGReadError) in
            var svgOptions = SVGDrawing.Options()
            svgOptions.arcApproximation = TargetOutline.svgArcApproximation
            let drawing = try SVGDrawing(parsing: text, options: svgOptions)
            return (try drawing.outline(selecting: select.map(SVGSelection.init)), drawing)
        }
    }

    struct Options: CommandOptions {
        var input = PathInput()
        var svgFile: String?
        var select: String?
        /// nil: ``defaultRelativeAccuracy`` of the path's size.
        var accuracy: Double?
        var flatten: Double?
        var format = "table"
        var csv: String?
    }

}

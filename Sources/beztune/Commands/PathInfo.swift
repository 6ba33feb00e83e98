import DataFiles
import Foundation
import Geometry

/// `beztune path-info`: segment count, exact bounding box and arc length of a path.
enum PathInfo {
    struct Options: CommandOptions {
        var input = PathInput()
        var accuracy = 1e-9
        var flatten: Double?
        var format = "table"
        var csv: String?
    }

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "path-info",
            abstract: "Segment count, exact bounding box and arc length of a path.",
            options: PathInput.options(\.input) + [
                .value(\.accuracy, "accuracy", "A",
                       help: "Absolute accuracy of the arc length, in path units (default 1e-9); the error bound is proven, not estimated.",
                       parse: OptionValue.positive),
                .value(\.flatten, "flatten", "TOL",
                       help: "Also flatten the path to polylines within TOL path units (positive) and add the column flattened_points.",
                       parse: OptionValue.positive),
                .value(\.format, "format", "FORMAT", usageValue: "table|csv|svg",
                       help: "Standard output as 'table' (default), 'csv' (the --csv row) or 'svg' (the path as absolute SVG path data, arcs as cubics).",
                       parse: OptionValue.choice(among: ["table", "csv", "svg"])),
                .value(\.csv, "csv", "FILE",
                       help: "Write one CSV row: segments,min_x,min_y,max_x,max_y,length[,flattened_points].",
                       parse: OptionValue.text),
            ],
            rules: [PathInput.rule],
            discussion: """
                The bounding box is exact (roots of the derivative, not samples) and is given in model
                space: y-up, so an SVG path's y is negated unless --y-up is given.
                The length is adaptive Gauss-Legendre quadrature with a proven error bound (at most
                the accuracy; the run fails when rounding or the subdivision limit prevents that).
                --flatten TOL counts the vertices of polylines guaranteed to stay within TOL of the
                path: each subpath's vertices once (a closed subpath does not repeat its start).
                """)
    }

    static var command: Command { Command(declaration, run: run) }

    static let header = ["segments", "min_x", "min_y", "max_x", "max_y", "length"]

    static func run(_ options: Options, console: Console) throws(CLIError) {
        let (format, accuracy, flattenTolerance) = (options.format, options.accuracy, options.flatten)
        let path = try options.input.read()
        guard let box = path.boundingBox else {
            throw .runtime("the path draws nothing: it has no segments")
        }
        let length = path.arcLength(accuracy: accuracy)
        guard length.length.isFinite else {
            throw .runtime("the arc length overflows (beyond 1.8e308): the coordinates are too large (box \(box))")
        }
        guard length.converged else {
            throw .runtime("arc length did not reach accuracy \(accuracy) (\(length.length) ± \(length.errorEstimate), \(length.status)); pass a larger --accuracy")
        }
        var columns = header
        var fields: [CSVField] = [.int(path.segmentCount), .double(box.minX), .double(box.minY),
                                  .double(box.maxX), .double(box.maxY), .double(length.length)]
        if let tolerance = flattenTolerance {
            // Counted, not stored: a fine tolerance on a large path costs time, not all the memory.
            let flat = Flattening(tolerance: tolerance).pointCount(of: path)
            guard flat.status == .guaranteed else {
                throw .runtime("cannot flatten within \(tolerance): \(flat.status == .roundingLimited ? "finer than the rounding of the coordinates" : "more than \(Flattening(tolerance: tolerance).maxSegments) segments per curve"); pass a larger --flatten")
            }
            columns.append("flattened_points")
            fields.append(.int(flat.pointCount))
        }
        var csv = CSVWriter(header: columns)
        csv.appendRow(fields)
        if let file = options.csv {
            try OutputFiles.write(csv.text, to: file)
        }
        switch format {
        case "csv":
            console.writeOutput(csv.text)
        case "svg":
            console.print(options.input.yUp ? path.svgPathData : path.transformed(by: .flipY).svgPathData)
        default:
            console.writeOutput(TextTable.keyValue(zip(columns, fields.map(\.rawText)).map { ($0, $1) }))
        }
    }
}

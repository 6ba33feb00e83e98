import Foundation
import Geometry
import Render

/// `beztune path-info`: segment count, exact bounding box and arc length of a path.
enum PathInfo {
    static let spec = CommandSpec(
        name: "path-info",
        abstract: "Segment count, exact bounding box and arc length of a path.",
        synopsis: PathInput.synopsis + " [--accuracy A] [--format table|csv|svg] [--csv FILE]",
        options: PathInput.options + [
            .init(name: "accuracy", arity: .single(valueName: "A"),
                  help: "Absolute accuracy of the arc length, in path units (default 1e-9)."),
            .init(name: "format", arity: .single(valueName: "FORMAT"),
                  help: "Standard output as 'table' (default), 'csv' (the --csv row) or 'svg' (the path as absolute SVG path data, arcs as cubics)."),
            .init(name: "csv", arity: .single(valueName: "FILE"),
                  help: "Write one CSV row: segments,min_x,min_y,max_x,max_y,length."),
        ],
        exclusive: [PathInput.exclusive],
        discussion: """
            The bounding box is exact (roots of the derivative, not samples) and is given in model
            space: y-up, so an SVG path's y is negated unless --y-up is given.
            """)

    static let command = Beztune.Command(spec: spec, run: run)

    static let header = ["segments", "min_x", "min_y", "max_x", "max_y", "length"]

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let format = try arguments.choice("format", among: ["table", "csv", "svg"]) ?? "table"
        let accuracy = try arguments.positiveDouble("accuracy") ?? 1e-9
        let path = try PathInput.read(arguments)
        guard let box = path.boundingBox else {
            throw .runtime("the path draws nothing: it has no segments")
        }
        let length = path.arcLength(accuracy: accuracy)
        guard length.converged else {
            throw .runtime("arc length did not reach accuracy \(accuracy) (estimate \(length.length) ± \(length.errorEstimate)); pass a larger --accuracy")
        }
        let fields: [CSVField] = [.int(path.segmentCount), .double(box.minX), .double(box.minY),
                                  .double(box.maxX), .double(box.maxY), .double(length.length)]
        var csv = CSVWriter(header: header)
        csv.appendRow(fields)
        if let file = arguments.string("csv") {
            try OutputFiles.write(csv.text, to: file)
        }
        switch format {
        case "csv":
            console.writeOutput(csv.text)
        case "svg":
            console.print(arguments.flag("y-up") ? path.svgPathData : path.transformed(by: .flipY).svgPathData)
        default:
            console.writeOutput(TextTable.keyValue(zip(header, fields.map(\.rawText)).map { ($0, $1) }))
        }
    }
}

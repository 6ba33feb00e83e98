import _ProcessLayer
import DataFiles
import Foundation
import Geometry
import _ArgumentParser
import _Support

/// The input-path convention every command shares: `--path 'M…'` or `--path-file FILE` (SVG path
/// data), converted from y-down SVG space to y-up model space unless `--y-up` is given.
struct PathInput {
    /// `--path`, read as it is parsed (bad data is a usage error): the drawn path and the same
    /// with its `A` arcs exact.
    var path: Parsed?
    /// `--path-file`, read when the command runs (a bad file is a runtime failure).
    var file: String?
    var yUp = false

    /// `--path`, `--path-file` and `--y-up`, bound to the input at `input`.
    static func options<Values>(_ input: WritableKeyPath<Values, PathInput>) -> [Option<Values>] {
        [
            .value(input.appending(path: \.path), "path", "D", help: "SVG path data, e.g. 'M0 0 C10 0 20 10 20 20'.",
                   parse: pathData),
            .text(input.appending(path: \.file), "path-file", "FILE", help: "A file holding SVG path data."),
            .flag(input.appending(path: \.yUp), "y-up",
                  help: "Keep the path's y axis as written (default: SVG is y-down and is flipped into y-up model space)."),
        ]
    }

    /// Path data read into the path it draws (arcs as quarter-turn cubics, `Path(svgPathData:)`)
    /// and the same path with its arcs exact (`ExactPath`).
    struct Parsed {
        var path: Path
        var exact: ExactPath
    }

    /// SVG path data, in its own (SVG) coordinates.
    static func pathData(_ text: String) throws(SVGPathError) -> Parsed {
        let (path, exact) = try ExactPath.parsing(svgPathData: text, arcs: .quarterTurns(.midpointExact))
        return Parsed(path: path, exact: exact)
    }

    /// The path named on the command line, in model space.
    func read() throws -> Path {
        try readBoth().path
    }

    /// The path named on the command line and the same with its arcs exact, in model space.
    func readBoth() throws -> Parsed {
        var parsed = Parsed(path: Path(), exact: ExactPath())
        if let given = self.path {
            parsed = given
        } else if let file {
            let data = try TextFile.read(URL(fileURLWithPath: file))
            parsed = try inContext(file) { () throws(SVGPathError) in try Self.pathData(data) }
        }
        guard !yUp else { return parsed }
        return Parsed(path: parsed.path.transformed(by: .flipY), exact: parsed.exact.transformed(by: .flipY))
    }
}

import DataFiles
import Foundation
import Geometry

/// The input-path convention every command shares: `--path 'M…'` or `--path-file FILE` (SVG path
/// data), converted from y-down SVG space to y-up model space unless `--y-up` is given.
enum PathInput {
    static let options: [CommandSpec.Option] = [
        .init(name: "path", arity: .single(valueName: "D"), help: "SVG path data, e.g. 'M0 0 C10 0 20 10 20 20'."),
        .init(name: "path-file", arity: .single(valueName: "FILE"), help: "A file holding SVG path data."),
        .init(name: "y-up", arity: .flag,
              help: "Keep the path's y axis as written (default: SVG is y-down and is flipped into y-up model space)."),
    ]
    static let exclusive = ["path", "path-file"]
    static let synopsis = "(--path D | --path-file FILE) [--y-up]"

    /// The path named on the command line, in model space.
    static func read(_ arguments: ParsedArguments) throws(CLIError) -> Path {
        let data: String
        let origin: String
        let isArgument: Bool
        if let inline = arguments.string("path") {
            (data, origin, isArgument) = (inline, "--path", true)
        } else if let file = arguments.string("path-file") {
            do throws(FileReadError) {
                data = try TextFile.read(URL(fileURLWithPath: file))
            } catch {
                throw .runtime(error.description)
            }
            (origin, isArgument) = (file, false)
        } else {
            throw arguments.usage("missing input: give --path or --path-file")
        }
        let path: Path
        do throws(SVGPathError) {
            path = try Path(svgPathData: data)
        } catch {
            let message = "\(origin): invalid path data: \(error.description)"
            throw isArgument ? arguments.usage(message) : .runtime(message)
        }
        return arguments.flag("y-up") ? path : path.transformed(by: .flipY)
    }
}

import DataFiles
import Deform
import Foundation
import Geometry

/// `beztune model`: lists the deformation models and their parameters, or prints one frame of a
/// model — the path at a progress between its rest shape (progress 0) and the end values given
/// with `--set` (progress 1), through a timing function; for a seed scene (``SceneModel``), the
/// frame of the seed's own animation at that progress.
enum Model {
    static let formats = ["svg", "csv"]

    static let spec = CommandSpec(
        name: "model",
        abstract: "List the deformation models, or print one frame of a model as SVG path data or control points.",
        synopsis: "--list | --name MODEL [--progress P] [--set NAME=VALUE …] [--timing T] [--format svg|csv] [--y-up] [--csv FILE]",
        options: [
            .init(name: "list", arity: .flag,
                  help: "List every model with its parameters, defaults, bounds and descriptions."),
            .init(name: "name", arity: .single(valueName: "MODEL"), help: "The model to draw (see --list)."),
            .init(name: "progress", arity: .single(valueName: "P"),
                  help: "Progress in [0, 1]: 0 is the rest shape (a scene's first frame), 1 the --set end values (a scene's last frame) (default 1)."),
            .init(name: "set", arity: .repeated(valueName: "NAME=VALUE"),
                  help: "End value (at progress 1) of a parameter, within its bounds; for a scene, the target of its track or its value throughout; repeatable."),
            .init(name: "timing", arity: .single(valueName: "T"),
                  help: "Timing function from progress to change (default linear; for a scene, warps the whole timeline): \(TimingFunction.validForms)."),
            .init(name: "format", arity: .single(valueName: "FORMAT"),
                  help: "Standard output as 'svg' (path data, default) or 'csv' (control points)."),
            .init(name: "y-up", arity: .flag,
                  help: "Write SVG path data in y-up model space (default: flipped to y-down SVG space)."),
            .init(name: "csv", arity: .single(valueName: "FILE"),
                  help: "Also write the control points as CSV: index,x,y,kind (model space)."),
        ],
        exclusive: [["list", "name"]],
        discussion: """
            Model space is y-up with the ball's bottom point at the origin (the circle's centre is
            (0, radius)). Every parameter interpolates from its default (the circle) to its --set
            value; parameters not set keep their default. An override such as topYFactor follows
            its global factor (yFactor) until it is set, so --set yFactor=0.8 squashes the whole
            ball and --set topYFactor=0.6 only the top anchor and its handles. In --list an
            override's default names the parameter it follows.

            Timing: cubic-bezier needs x1, x2 in [0, 1] (CSS); spring(omega,zeta,v0) is a damped
            spring with natural frequency omega in radians per unit of progress, damping ratio
            zeta (1 is critical) and initial velocity v0 (default 0); it overshoots, and values
            are not clamped to the bounds on the way.

            Scenes (fallingLine, loading, bubbleReveal, plumBlossom) are the seed articles' other
            animations: several parts, each a subpath of one path, driven by the seed's own
            timeline of per-parameter keyframe tracks (each parameter's description gives its
            seed track). Progress 0 is the seed's first frame (the defaults), 1 its last. --set
            changes where a track goes (its target: the end value, or the extreme of a track that
            goes there and back) or, for a parameter without a track (a size), its value
            throughout; --timing warps the scene's progress as a CAAnimationGroup's timing
            function does, each track keeping its own timing inside.

            CSV columns: index (0-based, in path order), x, y (model space), kind (anchor: a
            move-to or segment end point; handle: a control point).

            Example: beztune model --name ball --progress 0.5 --set yFactor=0.8 --set topYFactor=0.6 --timing easeInEaseOut
            Example: beztune model --name fallingLine --progress 0.75 --set squash=0.7
            """)

    static let command = Beztune.Command(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        if arguments.flag("list") {
            let others = spec.options.map(\.name).filter {
                $0 != "list" && (arguments.string($0) != nil || arguments.flag($0))
            }
            if let other = others.first { throw arguments.usage("--list takes no other options (got --\(other))") }
            console.writeOutput(listing)
            return
        }
        guard let name = arguments.string("name") else {
            throw arguments.usage("missing model: give --list or --name MODEL (models: \(ModelCatalog.names.joined(separator: ", ")))")
        }
        let model = try ModelArguments.model(named: name, arguments)
        let format = try arguments.choice("format", among: formats) ?? "svg"
        if format == "csv" && arguments.flag("y-up") {
            throw arguments.usage("--y-up applies to --format svg only (CSV control points are always in model space)")
        }
        let progress = try readProgress(arguments)
        let profile = try ModelArguments.profile(model, arguments)
        let parameters: ParameterVector
        do throws(ModelInputError) {
            parameters = try profile.parameters(at: progress)
        } catch {
            throw arguments.usage(error.description)
        }
        let path = model.path(parameters: parameters)
        guard path.isFinite else {
            throw .runtime("the model's coordinates overflow (beyond ±1.8e308) at these parameters; use smaller values")
        }
        let csv = controlPointCSV(path)
        if let file = arguments.string("csv") {
            try OutputFiles.write(csv, to: file)
        }
        switch format {
        case "csv":
            console.writeOutput(csv)
        default:
            console.print(arguments.flag("y-up") ? path.svgPathData : path.transformed(by: .flipY).svgPathData)
        }
    }

    /// `--progress`: a number in [0, 1] (default 1).
    static func readProgress(_ arguments: ParsedArguments) throws(CLIError) -> Double {
        try ModelArguments.progress("progress", arguments) ?? 1
    }

    /// The `--list` table: one row per parameter of every model.
    static var listing: String {
        var rows: [[String]] = []
        for model in ModelCatalog.all {
            for p in model.parameters {
                rows.append([model.name, p.name, p.inherits ?? ShortestDecimal.format(p.defaultValue),
                             ShortestDecimal.format(p.lower), ShortestDecimal.format(p.upper), p.doc])
            }
        }
        return TextTable.render(header: ["model", "parameter", "default", "lower", "upper", "description"], rows: rows)
    }

    /// The stored points of `path` as CSV: index,x,y,kind (anchor or handle), in model space.
    static func controlPointCSV(_ path: Path) -> String {
        var csv = CSVWriter(header: ["index", "x", "y", "kind"])
        var k = 0
        for verb in path.verbs {
            for j in 0..<verb.pointCount {
                let kind: CSVField = j == verb.pointCount - 1 ? "anchor" : "handle"
                csv.appendRow([.int(k), .double(path.xs[k]), .double(path.ys[k]), kind])
                k += 1
            }
        }
        return csv.text
    }
}

import BeztuneAPI
import DataFiles
import Deform
import Foundation
import Geometry
import _ArgumentParser
import _Support

/// `beztune model`: lists the deformation models and their parameters, or prints one frame of a
/// model — the path at a progress between its rest shape (progress 0) and the end values given
/// with `--set` (progress 1), through a timing function; for a seed scene (``SceneModel``), the
/// frame of the seed's own animation at that progress.
enum ModelCommand: BeztuneCommand {
    static let name = "model"
    static let abstract = "List the deformation models, or print one frame of a model as SVG path data or control points."

    static var options: [Option<Options>] {
        [
            .flag(\.list, "list", help: "List every model with its parameters, defaults, bounds and descriptions."),
            .value(\.model, "name", "MODEL", help: "The model to draw (see --list).", parse: ModelArguments.model),
            .value(\.progress, "progress", "P",
                   help: "Progress in [0, 1]: 0 is the rest shape (a scene's first frame), 1 the --set end values (a scene's last frame) (default 1).",
                   parse: OptionValue.unitInterval),
            ModelArguments.setOption(\.set, model: { $0.model },
                                     help: "End value (at progress 1) of a parameter, within its bounds; for a scene, the target of its track or its value throughout; a pose parameter (tx, ty, scale, rotation) places the shape throughout; repeatable."),
            .value(\.timing, "timing", "T",
                   help: "Timing function from progress to change (default linear; for a scene, warps the whole timeline): \(TimingFunction.validForms); ca-spring and swiftui-spring are in seconds and play over 1 s here.",
                   parse: ModelArguments.timing),
            .value(\.format, "format", "FORMAT", usageValue: "svg|csv",
                   help: "Standard output as 'svg' (path data, default) or 'csv' (control points).",
                   parse: OptionValue.choice(among: ["svg", "csv"])),
            .flag(\.yUp, "y-up", help: "Write SVG path data in y-up model space (default: flipped to y-down SVG space)."),
            .text(\.csv, "csv", "FILE", help: "Also write the control points as CSV: index,x,y,kind (model space)."),
        ]
    }

    static var rules: [OptionRule<Options>] {
        [.exclusive([\.list, \.model], required: true, noun: "model",
                           hint: "models: \(ModelCatalog.names.joined(separator: ", "))"),
                .alone(\.list)]
    }

    static let discussion = """
        Model space is y-up with the ball's bottom point at the origin (the circle's centre is
        (0, radius)). Every parameter interpolates from its default (the circle) to its --set
        value; parameters not set keep their default. An override such as topYFactor follows
        its global factor (yFactor) until it is set, so --set yFactor=0.8 squashes the whole
        ball and --set topYFactor=0.6 only the top anchor and its handles. In --list an
        override's default names the parameter it follows.

        Pose: --set tx=X, ty=Y (translation, model units), scale=S (about the model origin)
        and rotation=A (radians, counter-clockwise in model space) — or poseX, poseY,
        poseScale, poseRotation — place the shape as 'beztune fit --free …,tx,ty' fits it:
        P′ = (tx, ty) + scale·R(rotation)·P, at every progress, so a fitted outline prints
        in the target's own coordinates.

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
        """

    /// What to print: the listing, or one frame of a model — its parameters at `--progress`,
    /// checked before any work.
    enum Checked {
        case list
        case frame(Options, model: CatalogModel, parameters: ParameterVector)
    }

    static func validate(_ options: Options) throws -> Checked {
        guard let named = options.model else { return .list }
        if options.format == "csv" && options.yUp {
            throw CLIError.usage("--y-up applies to --format svg only (CSV control points are always in model space)")
        }
        let (model, set) = try ModelArguments.posed(named, set: options.set)
        let profile = try ModelArguments.profile(model, set: set, timing: options.timing)
        return .frame(options, model: model, parameters: try profile.parameters(at: options.progress))
    }

    static func run(_ checked: Checked, console: Console) throws {
        guard case .frame(let options, let model, let parameters) = checked else {
            console.writeOutput(listing)
            return
        }
        let outputs = try RunOutputs(files: [options.csv], console: console)
        let path = model.path(parameters: parameters)
        guard path.isFinite else {
            throw CLIError.runtime("the model's coordinates overflow (beyond ±1.8e308) at these parameters; use smaller values")
        }
        let csv = controlPointCSV(path)
        try outputs.stage(csv, for: options.csv)
        switch options.format {
        case "csv":
            outputs.write(csv)
        default:
            outputs.print(options.yUp ? path.svgPathData : path.transformed(by: .flipY).svgPathData)
        }
        try outputs.commit()
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
        for p in ControlPoints.of(path) {
            csv.appendRow([.int(p.index), .double(p.x), .double(p.y), p.isAnchor ? "anchor" : "handle"])
        }
        return csv.text
    }

    struct Options: CommandOptions {
        var list = false
        var model: (CatalogModel)?
        var progress = 1.0
        var set: [ParameterAssignment] = []
        var timing = TimingFunction.linear
        var format = "svg"
        var yUp = false
        var csv: String?
    }

}

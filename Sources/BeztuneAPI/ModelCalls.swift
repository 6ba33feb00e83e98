import Deform
import Geometry
import Interchange
import _Support

/// The model calls: `models` (`beztune model --list`), `modelPath` and `modelPoints`
/// (`beztune model --name … [--format csv]`) and `modelFrames` (the outlines `beztune frames`
/// draws), with the commands' options, defaults and messages.
package enum ModelCalls {
    /// The options naming one frame of a model: `model` stands for `--name` (`frames`'s
    /// `--model`), the rest as `beztune model` spells them.
    static let frameKeys = ["model", "progress", "set", "timing", "keys", "yUp"]

    /// `models()`: one object per parameter of every model — model, parameter, default (a
    /// number, or the name of the parameter an override follows), lower, upper, description.
    package static func models(_ a: CallArguments) throws(APIError) -> JSONValue {
        var rows: [JSONValue] = []
        for model in ModelCatalog.all {
            for p in model.parameters {
                rows.append(.object(JSONObject([
                    ("model", .string(model.name)), ("parameter", .string(p.name)),
                    ("default", p.inherits.map { JSONValue.string($0) } ?? .number(p.defaultValue)),
                    ("lower", .number(p.lower)), ("upper", .number(p.upper)), ("description", .string(p.doc)),
                ])))
            }
        }
        return .array(rows)
    }

    /// `modelPath({model, progress?, set?, timing?, yUp?})`: the SVG path data `beztune model`
    /// prints (y-down unless `yUp`), without its newline.
    package static func modelPath(_ a: CallArguments) throws(APIError) -> JSONValue {
        let (path, yUp) = try framePath(a)
        return .string(yUp ? path.svgPathData : path.transformed(by: .flipY).svgPathData)
    }

    /// `modelPoints({model, progress?, set?, timing?})`: the control points `beztune model
    /// --format csv` writes, one object per point: index, x, y (model space), kind (anchor or
    /// handle).
    package static func modelPoints(_ a: CallArguments) throws(APIError) -> JSONValue {
        if try a.flag("yUp") {
            throw .usage("--y-up applies to --format svg only (CSV control points are always in model space)")
        }
        let (path, _) = try framePath(a)
        return .array(ControlPoints.of(path).map { p in
            .object(JSONObject([("index", .number(Double(p.index))), ("x", .number(p.x)), ("y", .number(p.y)),
                                ("kind", .string(p.isAnchor ? "anchor" : "handle"))]))
        })
    }

    /// `modelFrames({model, set?, timing?, from?, to?, count?, yUp?})`: the outlines of
    /// `beztune frames --model …` — `count` frames (default 30, at most 10000) evenly spaced in
    /// progress from `from` to `to` (default 0…1), ends included — as `{progress: [p…], paths:
    /// [path data…]}`, each path as `modelPath` gives it at that progress.
    package static func modelFrames(_ a: CallArguments) throws(APIError) -> JSONValue {
        let (model, profile) = try animation(a, option: "model")
        let from = try a.value("from", OptionValue.unitInterval) ?? 0
        let to = try a.value("to", OptionValue.unitInterval) ?? 1
        let count = try a.value("count", OptionValue.wholeNumber(in: 1...10_000, of: "frames")) ?? 30
        let yUp = try a.flag("yUp")
        var progress: [JSONValue] = [], paths: [JSONValue] = []
        for i in 0..<count {
            let p = count == 1 ? from : from + (to - from) * Double(i) / Double(count - 1)
            let path = try checkedPath(model, try ModelSetup.usage { () throws(ModelInputError) in try profile.parameters(at: p) })
            progress.append(.number(p))
            paths.append(.string(yUp ? path.svgPathData : path.transformed(by: .flipY).svgPathData))
        }
        return .object(JSONObject([("progress", .array(progress)), ("paths", .array(paths))]))
    }

    /// The model named by `model`, posed by any pose assignment, and its parameters over progress;
    /// `option` is the command's name for `model` in messages (`beztune model`'s `--name`,
    /// `frames`' `--model`).
    static func animation(_ a: CallArguments, option: String = "name") throws(APIError) -> (CatalogModel, TimedProfile) {
        let named = try a.require(try a.value("model", option: option, ModelSetup.model), "model", "MODEL", option: option)
        let set = try assignments(a, "set", finite: false, model: named)
        let timing = try a.value("timing") { t throws(OptionValueError) in try ModelSetup.timing(t) } ?? .linear
        let (model, posedSet) = try ModelSetup.posed(named, set: set)
        guard let keys = a.object["keys"], keys != .null else {
            return (model, try ModelSetup.profile(model, set: posedSet, timing: timing))
        }
        // Studio's per-interval keys (KeyedTiming) in place of one timing, for a plain model.
        if a.has("timing") { throw .usage("timing and keys exclude each other: give one") }
        if model.scene != nil { throw .usage("keys time a plain model such as the ball; a scene (\(model.name)) plays its own tracks") }
        let keyed = try KeyedTiming(keys)
        let linear = try ModelSetup.profile(model, set: posedSet, timing: .linear).profile
        return (model, TimedProfile(try keyed.profile(start: linear.base, end: try ModelSetup.usage { () throws(ModelInputError) in try linear.parameters(at: 1) })))
    }

    /// The path of the frame the arguments name, and `yUp`.
    static func framePath(_ a: CallArguments) throws(APIError) -> (Path, yUp: Bool) {
        let (model, profile) = try animation(a)
        let progress = try a.value("progress", OptionValue.unitInterval) ?? 1
        let parameters = try ModelSetup.usage { () throws(ModelInputError) in try profile.parameters(at: progress) }
        return (try checkedPath(model, parameters), try a.flag("yUp"))
    }

    /// The model's path at `parameters`, refused when its coordinates overflow.
    static func checkedPath(_ model: CatalogModel, _ parameters: ParameterVector) throws(APIError) -> Path {
        let path = model.path(parameters: parameters)
        guard path.isFinite else {
            throw .runtime("the model's coordinates overflow (beyond ±1.8e308) at these parameters; use smaller values")
        }
        return path
    }

    /// `--set` assignments given as an object (`{yFactor: 0.8}`, members in order) or as
    /// `NAME=VALUE` texts; each read by the command line's parser, so a value that does not
    /// read is refused as `invalid --set 'NAME=VALUE': …`.
    static func assignments(_ a: CallArguments, _ key: String, finite: Bool, model: CatalogModel?) throws(APIError) -> [ParameterAssignment] {
        let names = model?.parameters.map { $0.name }
        let texts: [String]
        if let members = try? a.object(key) {
            var list: [String] = []
            for (name, value) in members.members {
                guard let text = try CallArguments.text(of: value, key: key) else {
                    throw .usage("invalid --\(OptionName.longOption(key)) '\(name)': expected a number, not null")
                }
                list.append("\(name)=\(text)")
            }
            texts = list
        } else {
            texts = try a.texts(key)
        }
        var out: [ParameterAssignment] = []
        for text in texts {
            out.append(try CallArguments.parse(text, key: key) { t throws(OptionValueError) in
                try ParameterAssignment.parse(t, finite: finite, parameters: names)
            })
        }
        return out
    }
}

import Deform
import Fitting
import Interchange
import _Support

/// `exportText({format, model, …})`: the text `beztune export --format FORMAT --model MODEL …
/// --out FILE` writes, for a still shape (`set`, `radius`, `duration`) or, with `timing`, the
/// transition to it from the rest shape or `fromSet` values (as `model --timing` draws it),
/// with the format's options (`fps`, `progress`, `tolerance`, `typeName`).
package enum ExportCall {
    package static let keys = ["format", "model", "set", "radius", "duration", "fps", "progress", "tolerance",
                               "typeName", "timing", "from", "fromSet"]

    /// `--format`: a name of ``ExportFormat``.
    package static func format(_ text: String) throws(OptionValueError) -> ExportFormat {
        do throws(ExportError) {
            return try ExportFormat(name: text)
        } catch {
            throw OptionValueError(error.description)
        }
    }

    /// `--fps`: a positive number of frames per second up to 1000.
    package static func framesPerSecond(_ text: String) throws(OptionValueError) -> Double {
        try OptionValue.refuseHexadecimal(text)
        guard let v = Double(text.trimmingWhitespace), v.isFinite, v > 0, v <= ExportOptions.maximumFramesPerSecond else {
            throw OptionValueError("expected a positive number of frames per second up to 1000")
        }
        return v
    }

    /// `--tolerance`: a number in (0, 1).
    package static func tolerance(_ text: String) throws(OptionValueError) -> Double {
        try OptionValue.refuseHexadecimal(text)
        guard let t = Double(text.trimmingWhitespace), t.isFinite, t > 0, t < 1 else {
            throw OptionValueError("expected a fraction of the size in (0, 1)")
        }
        return t
    }

    /// `--type-name`: a Swift type name as ``ExportOptions/validate()`` accepts it.
    package static func swiftTypeName(_ text: String) throws(OptionValueError) -> String {
        do throws(ExportError) {
            try ExportOptions(typeName: text).validate()
        } catch {
            throw OptionValueError(error.description)
        }
        return text
    }

    /// The format's options a call or a command gives, checked against the format.
    package static func options(format: ExportFormat, fps: Double?, progress: Double?, tolerance: Double?,
                                typeName: String?) throws(APIError) -> ExportOptions {
        if progress != nil && format != .svg {
            throw .usage("--progress applies to --format svg only (the other formats carry the whole animation)")
        }
        if typeName != nil && format != .swiftUIKit && format != .swiftUI {
            throw .usage("--type-name applies to --format swift-uikit and swiftui only")
        }
        let relative = tolerance ?? ShapeKeyframes.Options().relativeTolerance
        var options = ExportOptions(framesPerSecond: fps ?? 60, progress: progress, linearEasingTolerance: relative, typeName: typeName)
        options.keyframes.relativeTolerance = relative
        return options
    }

    /// The still shape of `named` with `given` assignments and `radius` (as `--set radius=R`,
    /// first), a pose placing it, over `duration` seconds when given.
    package static func still(_ named: CatalogModel, set given: [ParameterAssignment], radius: Double?,
                              duration: Double?) throws(APIError) -> ShapeAnimation {
        let assignments = try self.assignments(given, radius: radius)
        let (model, set) = try ModelSetup.posed(named, set: assignments)
        if model.scene != nil {
            throw .usage("\(model.name) is a scene with its own timeline; export takes plain models (ball) or fitted results")
        }
        let parameters = try ModelSetup.endValues(set, model: model)
        let still = try animation { () throws(ExportError) in try ShapeAnimation(model: model, parameters: parameters) }
        guard let duration else { return still }
        return try animation { () throws(ExportError) in try ShapeAnimation(model: model, profile: still.profile, duration: duration) }
    }

    /// `--set` with `--radius R` as `radius=R` first; the radius set both ways is the options'
    /// mistake.
    package static func assignments(_ given: [ParameterAssignment], radius: Double?) throws(APIError) -> [ParameterAssignment] {
        guard let radius else { return given }
        if given.contains(where: { $0.name == "radius" }) { throw .usage("parameter 'radius' is set more than once (--radius sets it too)") }
        return [ParameterAssignment(name: "radius", value: radius)] + given
    }

    /// `body`'s animation, an export error becoming the usage error it reports.
    package static func animation(_ body: () throws(ExportError) -> ShapeAnimation) throws(APIError) -> ShapeAnimation {
        do throws(ExportError) {
            return try body()
        } catch {
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
    }

    package static func exportText(_ a: CallArguments) throws(APIError) -> JSONValue {
        let format = try a.require(try a.value("format", ExportCall.format), "format", "FORMAT")
        let duration = try a.value("duration", OptionValue.positive)
        let timingText = try a.text("timing")
        var timing: TimingFunction?
        if let timingText {
            timing = try CallArguments.parse(timingText, key: "timing") { t throws(OptionValueError) in
                try ModelSetup.timing(t, duration: duration ?? 1)
            }
        }
        let fromSet = try ModelCalls.assignments(a, "fromSet", finite: true, model: nil)
        if try a.value("from", OptionValue.choice(among: ["rest"])) != nil && !fromSet.isEmpty {
            throw .usage("--from and --from-set exclude each other: give one")
        }
        if !fromSet.isEmpty && timing == nil { throw .usage("--from-set goes with --timing (the start of the transition)") }
        let options = try self.options(format: format, fps: try a.value("fps", framesPerSecond),
                                       progress: try a.value("progress", OptionValue.unitInterval),
                                       tolerance: try a.value("tolerance", tolerance), typeName: try a.value("typeName", swiftTypeName))
        guard let model = try a.value("model", ModelSetup.model) else {
            throw .usage("missing input: give --model MODEL")
        }
        let set = try ModelCalls.assignments(a, "set", finite: true, model: nil)
        let radius = try a.value("radius", OptionValue.positive)
        var animation = try still(model, set: set, radius: radius, duration: duration)
        if let timing {
            let end = try ShapeTransition.end(model: model, set: try assignments(set, radius: radius))
            let start = try ShapeTransition.start(set: fromSet, for: end)
            animation = try ShapeTransition.animation(from: start, to: end, timing: timing, duration: duration ?? 1)
        }
        do throws(ExportError) {
            return .string(try format.export(animation, options: options).text)
        } catch {
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
    }
}

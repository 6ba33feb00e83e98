import CSV
import Deform
import Fitting
import Interchange
import _Support

/// `exportText({format, model, …})`: the text `beztune export --format FORMAT --model MODEL …
/// --out FILE` writes, for a still shape (`set`, `radius`, `duration`) or, with `timing`, the
/// transition to it from the rest shape or `fromSet` values (as `model --timing` draws it),
/// with the format's options (`fps`, `progress`, `tolerance`, `typeName`).
package enum ExportCall {
    package static let keys = ["format", "model", "set", "radius", "free", "fit", "row", "document", "profile", "method", "duration", "fps",
                               "progress", "tolerance", "typeName", "timing", "from", "fromSet", "fromFit", "fromRow"]

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

    /// `exportText({format, model | fit | document, …})`: the text `beztune export` writes for
    /// the same options, file-valued ones given as text — `fit` (a `beztune fit --csv` result,
    /// `row` choosing its data row), `fromFit` (the start of a transition, `fromRow`), `document`
    /// (an `export --format json` document).
    package static func exportText(_ a: CallArguments) throws(APIError) -> JSONValue {
        try exclusive(a, ["fit", "profile", "document"])
        try exclusive(a, ["from", "fromSet", "fromFit"])
        try excludes(a, ["model", "set", "radius", "free", "timing"], option: "profile", "{settings, timing, profile}",
                     reason: "the folder's settings.csv and timing.csv hold them")
        try excludes(a, ["model", "set", "radius", "free", "timing"], option: "document", "FILE", reason: "the document holds them")
        try requires(a, ["method"], option: "profile", "{settings, timing, profile}", reason: "a fitted profile's trajectories")
        try requires(a, ["from", "fromSet", "fromFit"], option: "timing", "TIMING", reason: "they give the animation's start")
        try requires(a, ["fromRow"], option: "fromFit", "FIT.csv", reason: "it chooses that file's row")
        try requires(a, ["row", "free"], option: "fit", "FIT.csv", reason: "they describe the fit")
        let format = try a.require(try a.value("format", ExportCall.format), "format", "FORMAT")
        let duration = try a.value("duration", OptionValue.positive)
        var timing: TimingFunction?
        if let text = try a.text("timing") {
            timing = try CallArguments.parse(text, key: "timing") { t throws(OptionValueError) in
                try ModelSetup.timing(t, duration: duration ?? 1)
            }
        }
        _ = try a.value("from", OptionValue.choice(among: ["rest"]))
        let fps = try a.value("fps", framesPerSecond)
        var options = try self.options(format: format, fps: fps,
                                       progress: try a.value("progress", OptionValue.unitInterval),
                                       tolerance: try a.value("tolerance", tolerance), typeName: try a.value("typeName", swiftTypeName))
        let model = try a.value("model", ModelSetup.model)
        let set = try ModelCalls.assignments(a, "set", finite: true, model: nil)
        let fromSet = try ModelCalls.assignments(a, "fromSet", finite: true, model: nil)
        let radius = try a.value("radius", OptionValue.positive)
        let free = try a.list("free", OptionValue.nameList)
        let row = try a.value("row", OptionValue.wholeNumber(in: 1...Int(Int32.max)))
        let fromRow = try a.value("fromRow", OptionValue.wholeNumber(in: 1...Int(Int32.max)))
        let animation: ShapeAnimation
        if let tables = try a.object("profile") {
            let fitted = try profile(tables)
            let method = try a.value("method", OptionValue.choice(of: TrajectoryFit.Method.self))
            animation = try profileError { () throws(ProfileFolderError) in
                let choice = try fitted.choice(method: method, requireConvergence: true)
                return try fitted.animation(method: choice.method, duration: duration)
            }
            // The keyframes' own frame rate (a Lottie source's), unless fps says otherwise.
            if fps == nil, let rate = fitted.settings.frameRate, rate <= ExportOptions.maximumFramesPerSecond {
                options.framesPerSecond = rate
            }
        } else if let text = try a.text("document") {
            animation = try self.animation { () throws(ExportError) in try document(text, duration: duration) }
        } else if let text = try a.text("fit") {
            let fitted = try FitResultInput.row(in: try table(text, "fit"), row: row, model: model, free: free, radius: radius, set: set)
            if let timing {
                animation = try transition(to: ShapeTransition.end(of: fitted), fromFit: try a.text("fromFit").map { t throws(APIError) in try table(t, "fromFit") },
                                           fromRow: fromRow, fromSet: fromSet, timing: timing, duration: duration ?? 1)
            } else {
                animation = try self.animation { () throws(ExportError) in try FitResultInput.animation(of: fitted, duration: duration) }
            }
        } else if let model {
            let still = try self.still(model, set: set, radius: radius, duration: duration)
            if let timing {
                let end = try ShapeTransition.end(model: model, set: try assignments(set, radius: radius))
                animation = try transition(to: end, fromFit: try a.text("fromFit").map { t throws(APIError) in try table(t, "fromFit") },
                                           fromRow: fromRow, fromSet: fromSet, timing: timing, duration: duration ?? 1)
            } else {
                animation = still
            }
        } else {
            throw .usage("missing input: give --model MODEL, --fit FIT.csv, --profile-dir DIR or --document FILE")
        }
        do throws(ExportError) {
            return .string(try format.export(animation, options: options).text)
        } catch {
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
    }

    /// BezierTune's own document (`export --format json`), over `duration` seconds when given
    /// (else its own).
    package static func document(_ text: String, duration: Double?) throws(ExportError) -> ShapeAnimation {
        let document = try AnimationDocument(parsing: text).animation
        guard let duration else { return document }
        return try ShapeAnimation(model: document.model, profile: document.profile, duration: duration,
                                  keyframeTimes: document.keyframeTimes, standardErrors: document.standardErrors)
    }

    /// The transition to `end` through `timing` over `duration` seconds, from data row `fromRow`
    /// of the fit result `fromFit` (`--from-fit`, a fit of the end's model that converged) or
    /// else from the `fromSet` values (the end's held values otherwise: the rest shape, posed).
    package static func transition(to end: ShapeTransition.End, fromFit: FitResultTable?, fromRow: Int?,
                                   fromSet: [ParameterAssignment], timing: TimingFunction, duration: Double) throws(APIError) -> ShapeAnimation {
        let start = if let fromFit {
            ShapeTransition.end(of: try FitResultInput.row(in: fromFit, row: fromRow, option: "--from-row", expecting: end.model)).values
        } else {
            try ShapeTransition.start(set: fromSet, for: end)
        }
        return try ShapeTransition.animation(from: start, to: end, timing: timing, duration: duration)
    }

    /// A fitted profile given as the texts of a `fit-profile` folder's files: `settings`,
    /// `timing`, `profile` (settings.csv, timing.csv, profile.csv) and, for a per-interval
    /// profile, `intervals` (intervals.csv) — what `fitProfile` answers (its `warnings` are
    /// passed over, so its answer can be given as it is).
    package static func profile(_ files: JSONObject) throws(APIError) -> FittedProfile {
        for key in files.keys where !["settings", "timing", "profile", "intervals", "warnings"].contains(key) {
            throw .usage("invalid --profile: unknown file '\(key)' (settings, timing, profile, intervals)")
        }
        func table(_ key: String, _ name: String) throws(APIError) -> CSVTable? {
            guard let v = files[key], v != .null else { return nil }
            guard let text = v.string else { throw .usage("invalid --profile: \(key) must be the text of \(name)") }
            do throws(CSVError) {
                return try CSVTable(parsing: text, source: "profile/\(name)")
            } catch {
                throw .runtime(error.description)
            }
        }
        func required(_ key: String, _ name: String) throws(APIError) -> CSVTable {
            guard let t = try table(key, name) else { throw .usage("invalid --profile: no \(key) (the text of \(name))") }
            return t
        }
        let settings = try required("settings", ProfileSettings.fileName)
        let timing = try required("timing", ProfileTimingTable.fileName)
        let profile = try required("profile", ProfileKeyframeTable.fileName)
        let intervals = try table("intervals", ProfileIntervalTable.fileName)
        return try profileError { () throws(ProfileFolderError) in
            try FittedProfile(folder: "profile", settings: settings, timing: timing, profile: profile, intervals: intervals)
        }
    }

    static func profileError<T>(_ body: () throws(ProfileFolderError) -> T) throws(APIError) -> T {
        do throws(ProfileFolderError) {
            return try body()
        } catch {
            throw .runtime(error.description)
        }
    }

    /// A fit result given as CSV text, named `source` in messages.
    static func table(_ text: String, _ source: String) throws(APIError) -> FitResultTable {
        let table: CSVTable
        do throws(CSVError) {
            table = try CSVTable(parsing: text, source: source)
        } catch {
            throw .runtime(error.description)
        }
        return try FitResultInput.reported { () throws(FitResultError) in try FitResultTable(table) }
    }

    // The command line's rules between options, worded as its parser words them.
    static func exclusive(_ a: CallArguments, _ keys: [String]) throws(APIError) {
        let given = keys.filter { a.has($0) }
        if given.count > 1 {
            throw .usage("--\(OptionName.longOption(given[0])) and --\(OptionName.longOption(given[1])) cannot be used together")
        }
    }

    static func excludes(_ a: CallArguments, _ keys: [String], option: String, _ value: String, reason: String) throws(APIError) {
        guard a.has(option), let other = keys.first(where: { a.has($0) }) else { return }
        throw .usage("--\(OptionName.longOption(other)) cannot be used with --\(OptionName.longOption(option)) \(value) (\(reason))")
    }

    static func requires(_ a: CallArguments, _ keys: [String], option: String, _ value: String, reason: String) throws(APIError) {
        guard !a.has(option), let other = keys.first(where: { a.has($0) }) else { return }
        throw .usage("--\(OptionName.longOption(other)) goes with --\(OptionName.longOption(option)) \(value) (\(reason))")
    }
}

import DataFiles
import Deform
import Fitting
import Foundation
import Geometry
import Interchange
import _ArgumentParser
import _Support

/// A `fit-profile` output folder read back for replay (`frames --profile-dir`,
/// `export --profile-dir`): DIR/settings.csv (the model, the free and held parameters and the
/// options of the run), DIR/timing.csv (each free parameter's fitted trajectory per method) and
/// DIR/profile.csv (the keyframes' progress values, and their fitted values for a `keyframes`
/// timing). A folder without any of the three is refused (exit 1) naming the file.
///
/// The replayed parameter p at progress x is the fitted trajectory's, as `profile.csv`'s
/// `NAME_timing` (two-stage) and `NAME_joint` columns give it at each keyframe: for a parametric
/// timing the two-keyframe track start → end through the fitted easing (``KeyframeTrack/init(from:to:timing:)``,
/// start + (end − start)·y(x) written exactly at both ends), for `keyframes` the linear track
/// through the keyframe values; the other parameters keep their held values.
struct ProfileFolder {
    /// The settings file's name.
    static let settingsName = "settings.csv"

    /// The three files a replay reads from `folder`: inputs of the run, never its outputs.
    static func files(in folder: String) -> [String] {
        ["profile.csv", "timing.csv", settingsName].map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    }

    /// The model placed as fitted, every held value, and the free parameters.
    let setup: FitSetup
    /// `fit-profile --duration`, seconds.
    let duration: Double
    /// The keyframes' progress values (`profile.csv`).
    let keyframeTimes: [Double]
    /// Each method's trajectories, in free-parameter order.
    let trajectories: [TrajectoryFit.Method: [ParameterTrajectory]]

    /// Reads DIR's three files (see the type's documentation).
    init(_ folder: String) throws {
        let dir = URL(fileURLWithPath: folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIError.runtime("\(folder): no such folder (give a 'beztune fit-profile' output folder)")
        }
        func table(_ name: String) throws -> CSVTable {
            let file = dir.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw CLIError.runtime("\(folder): no \(name): not a 'beztune fit-profile' output folder (run fit-profile again to write it)")
            }
            return try CSVTable(contentsOf: file)
        }
        let settings = try table(Self.settingsName)
        let timing = try table("timing.csv")
        let profile = try table("profile.csv")
        // settings.csv
        try settings.requireColumns(["setting", "value"])
        let key = try settings.columnIndex("setting"), value = try settings.columnIndex("value")
        var model: (any DeformModel)?
        var free: [String]?
        var held: [(name: String, value: Double)] = []
        var duration: Double?
        for r in settings.rows.indices {
            let text = settings.string(row: r, column: value).trimmingWhitespace
            switch String(settings.string(row: r, column: key).trimmingWhitespace) {
            case ProfileSetting.model.rawValue:
                model = try inContext(settings.cellLocation(row: r, column: value)) { () throws(ModelInputError) in
                    try ModelCatalog.model(named: String(text))
                }
            case ProfileSetting.free.rawValue:
                free = text.split(separator: ",").map { String($0.trimmingWhitespace) }
            case ProfileSetting.set.rawValue:
                let a = try inContext(settings.cellLocation(row: r, column: value)) { () throws(OptionValueError) in
                    try ParameterAssignment.parse(String(text), finite: true)
                }
                held.append((a.name, a.value))
            case ProfileSetting.duration.rawValue:
                let d = try settings.double(row: r, column: value)
                guard d > 0 else { throw settings.cellError(row: r, column: value, "the duration must be positive") }
                duration = d
            default:
                break  // the run's options, recorded for the reader
            }
        }
        guard let model, let free, let duration else {
            throw CSVError(.columns, source: settings.source,
                           reason: "needs the settings model, free and duration (written by 'beztune fit-profile')")
        }
        setup = try inContext(settings.source) { () throws(FitError) in try FitSetup(model: model, free: free, values: held) }
        self.duration = duration

        // profile.csv: the keyframes
        let progress = try profile.columnIndex("progress")
        keyframeTimes = try profile.rows.indices.map { r throws(CSVError) in try profile.double(row: r, column: progress) }

        // timing.csv: one row per free parameter and method
        try timing.requireColumns(FitProfileReport.timingColumns + ["method"])
        let column = try ["parameter", "method", "timing", "start", "end"].map { c throws(CSVError) in try timing.columnIndex(c) }
        var found: [TrajectoryFit.Method: [String: ParameterTrajectory]] = [:]
        for r in timing.rows.indices {
            let name = String(timing.string(row: r, column: column[0]).trimmingWhitespace)
            guard setup.freeNames.contains(name) else {
                throw timing.cellError(row: r, column: column[0], "'\(name)' is not a free parameter of settings.csv (\(setup.freeNames.joined(separator: ", ")))")
            }
            let methodText = timing.string(row: r, column: column[1]).trimmingWhitespace
            guard let method = TrajectoryFit.Method(rawValue: String(methodText)) else {
                throw timing.cellError(row: r, column: column[1], "expected two-stage or joint")
            }
            let kindText = timing.string(row: r, column: column[2]).trimmingWhitespace
            guard let kind = ProfileTimingKind(rawValue: String(kindText)) else {
                throw timing.cellError(row: r, column: column[2], "expected \(ProfileTimingKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var unknowns: [Double] = [], keyframes: [KeyframeTrack.Keyframe] = []
            if kind.isParametric {
                unknowns = [try timing.double(row: r, column: column[3]), try timing.double(row: r, column: column[4])]
                for t in kind.timingParameterNames { unknowns.append(try timing.double(row: r, column: try timing.columnIndex(t))) }
            } else {
                let values = try profile.columnIndex(name)
                for j in profile.rows.indices {
                    keyframes.append(KeyframeTrack.Keyframe(time: keyframeTimes[j], value: try profile.double(row: j, column: values)))
                }
            }
            found[method, default: [:]][name] = try inContext(timing.cellLocation(row: r, column: column[2])) { () throws(TimingError) in
                kind.isParametric
                    ? try ParameterTrajectory(kind: kind, unknowns: unknowns) : try ParameterTrajectory(keyframes: keyframes)
            }
        }
        var trajectories: [TrajectoryFit.Method: [ParameterTrajectory]] = [:]
        for (method, byName) in found {
            let missing = setup.freeNames.filter { byName[$0] == nil }
            guard missing.isEmpty else {
                throw CSVError(.columns, source: timing.source,
                               reason: "no \(method.rawValue) row for \(missing.joined(separator: ", "))")
            }
            trajectories[method] = setup.freeNames.compactMap { byName[$0] }
        }
        guard !trajectories.isEmpty else { throw CSVError(.columns, source: timing.source, reason: "no trajectory rows") }
        self.trajectories = trajectories
    }

    /// The method replayed when none is asked for: joint when `timing.csv` has it, else two-stage.
    var defaultMethod: TrajectoryFit.Method { trajectories[.joint] != nil ? .joint : .twoStage }

    /// The fitted animation of `method` (default ``defaultMethod``) over `duration` seconds
    /// (default the profile's).
    func animation(method: TrajectoryFit.Method?, duration: Double?, folder: String) throws -> ShapeAnimation {
        let method = method ?? defaultMethod
        guard let fits = trajectories[method] else {
            throw CLIError.runtime("\(folder)/timing.csv has no \(method.rawValue) rows (fit-profile ran without --joint); use --method two-stage")
        }
        var tracks: [String: KeyframeTrack] = [:]
        for (k, trajectory) in fits.enumerated() {
            let track: KeyframeTrack
            if let timing = trajectory.timingFunction {
                track = KeyframeTrack(from: trajectory.start, to: trajectory.end, timing: timing)
            } else {
                track = try inContext("\(folder)/profile.csv") { () throws(TimingError) in
                    try KeyframeTrack(keyframes: trajectory.keyframes)
                }
            }
            tracks[setup.modelName(ofFree: k)] = track
        }
        return try inContext(folder) {
            let profile = try ProgressProfile(base: setup.parameters, tracks: tracks)
            return try ShapeAnimation(model: setup.model, profile: profile, duration: duration ?? self.duration,
                                      keyframeTimes: keyframeTimes)
        }
    }
}

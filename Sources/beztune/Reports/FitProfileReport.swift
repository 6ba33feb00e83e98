import DataFiles
import Deform
import Fitting
import Foundation
import Geometry
import _Support

/// The tables `beztune fit-profile` writes: `profile.csv` (per keyframe), `timing.csv` (per
/// parameter and method) and the summary on standard output.
enum FitProfileReport {
    /// The contract's columns of `timing.csv`, then the extras.
    static let timingColumns = ["parameter", "start", "end", "timing", "x1", "y1", "x2", "y2", "omega", "zeta", "v0", "rms"]
    static let timingExtras = ["method", "start_stderr", "end_stderr", "x1_stderr", "y1_stderr", "x2_stderr", "y2_stderr",
                               "omega_stderr", "zeta_stderr", "v0_stderr", "reduced_chi2", "distance_rms", "status"]

    /// `timing.csv`: one row per free parameter and method (two-stage first, then joint); a
    /// spring row also in platform terms for an animation of `duration` seconds
    /// (``PlatformSpringColumns``, empty for other timings).
    static func timing(_ fit: ProfileFit, duration: Double) -> String {
        var csv = CSVWriter(header: timingColumns + timingExtras + PlatformSpringColumns.names)
        let names = ["x1", "y1", "x2", "y2", "omega", "zeta", "v0"]
        for method in TrajectoryFit.Method.allCases {
            guard let fits = fit.trajectories(method) else { continue }
            let distance = method == .twoStage ? fit.twoStageRMS : fit.joint?.rms ?? .nan
            for t in fits {
                let trajectory = t.trajectory
                let timingNames = trajectory.kind.timingParameterNames
                func value(_ name: String) -> CSVField {
                    timingNames.firstIndex(of: name).map { .double(trajectory.timingValues[$0]) } ?? .empty
                }
                func error(_ name: String) -> CSVField { t.standardError(of: name).map(CSVField.double) ?? .empty }
                var row: [CSVField] = [.text(t.parameter), .double(trajectory.start), .double(trajectory.end),
                                       .text(trajectory.kind.rawValue)]
                row += names.map(value)
                row.append(.double(t.rms))
                row.append(.text(method.rawValue))
                row += (["start", "end"] + names).map(error)
                row.append(t.reducedChiSquare.map(CSVField.double) ?? .empty)
                row.append(.double(distance))
                row.append(t.status.map { .text($0.rawValue) } ?? .empty)
                row += PlatformSpringColumns.fields(trajectory.timingFunction, duration: duration)
                csv.appendRow(row)
            }
        }
        return csv.text
    }

    /// `profile.csv`: one row per keyframe in progress order — the progress; for each free
    /// parameter its fitted value, standard error, two-stage timing value (and joint value); the
    /// RMS distances of the keyframe's points to its own fit, to the two-stage profile (and to the
    /// joint one); the keyframe fit's status and file.
    static func profile(_ fit: ProfileFit, files: [String]) -> String {
        let names = fit.setup.freeNames
        let joint = fit.joint
        var header = ["progress"]
        for name in names {
            header += [name, name + "_stderr", name + "_timing"]
            if joint != nil { header.append(name + "_joint") }
        }
        header += ["fit_rms", "profile_rms"] + (joint != nil ? ["joint_rms"] : []) + ["status", "file"]
        var csv = CSVWriter(header: header)
        for (j, keyframe) in fit.keyframes.enumerated() {
            let x = keyframe.progress, own = fit.keyframeFits[j]
            var row: [CSVField] = [.double(x)]
            for k in names.indices {
                row += [.double(own.values[k]), .double(own.standardErrors[k]), .double(fit.twoStage[k].trajectory.value(at: x))]
                if let joint { row.append(.double(joint.trajectories[k].trajectory.value(at: x))) }
            }
            row += [.double(own.rms), .double(fit.twoStageKeyframeRMS[j])]
            if let joint { row.append(.double(joint.keyframeRMS[j])) }
            row += [.text(own.status.rawValue), .text(files[fit.inputIndices[j]])]
            csv.appendRow(row)
        }
        return csv.text
    }

    /// `settings.csv`: `setting,value` rows — `model` (the base model's name), `free` (the free
    /// parameters as given, comma-separated), one `set` row per held parameter (`NAME=VALUE`,
    /// model names, every digit), `timing`, `joint`, `duration` (seconds, `--duration`), then the
    /// fit's options as given (`samples`, `orientation`, `starts`, `seed`, `max_evaluations`,
    /// `size`; recorded for the reader, not needed to replay).
    static func settings(_ settings: FitProfileSettings) -> String {
        let setup = settings.fit.setup
        var csv = CSVWriter(header: ["setting", "value"])
        func row(_ key: ProfileSetting, _ value: CSVField) { csv.appendRow([.text(key.rawValue), value]) }
        row(.model, .text(settings.modelName))
        row(.free, .text(setup.freeNames.joined(separator: ",")))
        for (i, spec) in setup.model.parameters.enumerated() where !setup.freeIndices.contains(i) && setup.parameters.isSet(at: i) {
            row(.set, .text("\(spec.name)=\(ShortestDecimal.format(setup.parameters.value(at: i)))"))
        }
        let fit = settings.fit
        row(.timing, .text(settings.timing.rawValue))
        row(.joint, .text(settings.joint ? "true" : "false"))
        row(.duration, .double(settings.duration))
        row(.samples, fit.samples.map(CSVField.int) ?? .empty)
        row(.orientation, .text(fit.yUp ? "y-up" : fit.yDown ? "y-down" : ""))
        row(.starts, .int(fit.options.starts))
        row(.seed, .text(String(fit.options.seed)))
        row(.maxEvaluations, .int(fit.options.maxEvaluations))
        row(.size, .text("\(settings.width)x\(settings.height)"))
        return csv.text
    }

    /// The summary printed on standard output: one line per parameter and method, then for
    /// spring timings the springs in platform terms over `duration` seconds.
    static func table(_ fit: ProfileFit, duration: Double) -> String {
        var rows: [[String]] = []
        for method in TrajectoryFit.Method.allCases {
            guard let fits = fit.trajectories(method) else { continue }
            for t in fits {
                let trajectory = t.trajectory
                let timing = trajectory.kind.isParametric
                    ? zip(trajectory.kind.timingParameterNames, trajectory.timingValues)
                        .map { "\($0)=\(FitReport.format($1, digits: 6))" }.joined(separator: " ")
                    : trajectory.kind == .keyframes ? "(through \(fit.keyframes.count) keyframes)" : ""
                rows.append([t.parameter, method.rawValue, trajectory.kind.rawValue,
                             FitReport.format(trajectory.start, digits: 6), FitReport.format(trajectory.end, digits: 6),
                             timing, FitReport.format(t.rms, digits: 4)])
            }
        }
        var text = TextTable.render(header: ["parameter", "method", "timing", "start", "end", "timing parameters", "rms"], rows: rows)
        var pairs: [(String, String)] = [("keyframes", String(fit.keyframes.count)),
                                         ("profile_rms", FitReport.format(fit.twoStageRMS))]
        if let joint = fit.joint {
            pairs += [("joint_rms", FitReport.format(joint.rms)), ("joint_status", joint.status.rawValue)]
        }
        text += "\n" + TextTable.keyValue(pairs)
        var springs: [[String]] = []
        for method in TrajectoryFit.Method.allCases {
            for t in fit.trajectories(method) ?? [] {
                guard let values = PlatformSpringColumns.values(t.trajectory.timingFunction, duration: duration) else { continue }
                springs.append([t.parameter, method.rawValue] + values.map { FitReport.format($0, digits: 6) })
            }
        }
        if !springs.isEmpty {
            text += "\nsprings over \(ShortestDecimal.format(duration)) s (--duration):\n"
            text += TextTable.render(header: ["parameter", "method"] + PlatformSpringColumns.names.dropFirst(), rows: springs)
        }
        return text
    }
}

import DataFiles
import Deform
import Fitting
import Foundation
import Geometry
import _Support

/// The summary `beztune fit-profile` prints on standard output (the folder's tables are
/// Fitting's: ``ProfileKeyframeTable``, ``ProfileTimingTable``, ``ProfileSettings``).
enum FitProfileReport {
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

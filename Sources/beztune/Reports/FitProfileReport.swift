import DataFiles
import Deform
import Fitting
import Foundation
import Geometry
import _Support

/// The summary `beztune fit-profile` prints on standard output (the folder's tables are
/// Fitting's: ``ProfileKeyframeTable``, ``ProfileTimingTable``, ``ProfileSettings``).
enum FitProfileReport {
    /// The summary printed on standard output: one line per parameter and method; the overall
    /// distances of the keyframes' target points to the replayed outline (each point against
    /// the profile's outline at its keyframe's progress, over every keyframe's points):
    /// `profile_rms` (RMS), `profile_max` (largest), in model units and × `pixelsPerUnit`
    /// (`_px`), and the joint fit's the same way; one line per keyframe with its own; then for
    /// spring timings the springs in platform terms over `duration` seconds.
    static func table(_ fit: ProfileFit, duration: Double, pixelsPerUnit s: Double = 1) -> String {
        var rows: [[String]] = []
        for method in TrajectoryFit.Method.allCases {
            guard let fits = fit.trajectories(method) else { continue }
            for t in fits {
                let trajectory = t.trajectory
                let timing = trajectory.kind.isParametric
                    ? zip(trajectory.kind.timingParameterNames, trajectory.timingValues)
                        .map { "\($0)=\(FitReport.format($1, digits: 6))" }.joined(separator: " ")
                    : trajectory.kind == .keyframes ? "(through \(fit.keyframes.count) keyframes)"
                    : trajectory.kind == .perInterval ? "(\(trajectory.keyframes.count) keys, the intervals' easings below)" : ""
                rows.append([t.parameter, method.rawValue, trajectory.kind.rawValue,
                             FitReport.format(trajectory.start, digits: 6), FitReport.format(trajectory.end, digits: 6),
                             timing, FitReport.format(t.rms, digits: 4)])
            }
        }
        var text = TextTable.render(header: ["parameter", "method", "timing", "start", "end", "timing parameters", "rms"], rows: rows)
        if !fit.intervals.isEmpty {
            // One easing per interval between keys, shared by every parameter.
            let intervalRows = fit.intervals.enumerated().map { i, interval -> [String] in
                let easing: String
                if case .cubicBezier(let c) = interval.easing {
                    easing = "cubic-bezier(" + [c.x1, c.y1, c.x2, c.y2].map { FitReport.format($0, digits: 6) }.joined(separator: ", ") + ")"
                } else {
                    easing = "linear (no keyframe between the keys)"
                }
                return [String(i + 1), FitReport.format(interval.from, digits: 6), FitReport.format(interval.to, digits: 6),
                        String(interval.frameCount), easing,
                        interval.isFitted ? FitReport.format(interval.rms, digits: 4) : "",
                        interval.isFitted ? FitReport.format(interval.maxDistance, digits: 4) : "",
                        interval.status?.rawValue ?? "",
                        interval.nearestPreset.map { "\($0.name) \(FitReport.format($0.distance, digits: 4))" } ?? ""]
            }
            text += "\nintervals (one easing each, every parameter):\n"
            text += TextTable.render(header: ["interval", "from", "to", "frames", "easing", "rms", "max", "status", "nearest preset (distance)"],
                                     rows: intervalRows)
        }
        var pairs: [(String, String)] = [("keyframes", String(fit.keyframes.count)),
                                         ("profile_rms", FitReport.format(fit.twoStageRMS)),
                                         ("profile_max", FitReport.format(fit.twoStageMax)),
                                         ("pixels_per_unit", FitReport.format(s)),
                                         ("profile_rms_px", FitReport.format(s * fit.twoStageRMS)),
                                         ("profile_max_px", FitReport.format(s * fit.twoStageMax))]
        if !fit.poseFound.isEmpty {
            // Found, not asked for: every keyframe shares it (settings.csv holds it).
            pairs.append(("pose_found", fit.poseFound.map { "\($0.name)=\(FitReport.format($0.value))" }.joined(separator: " ")))
        }
        if let joint = fit.joint {
            pairs += [("joint_rms", FitReport.format(joint.rms)), ("joint_max", FitReport.format(joint.max)),
                      ("joint_rms_px", FitReport.format(s * joint.rms)), ("joint_max_px", FitReport.format(s * joint.max)),
                      ("joint_status", joint.status.rawValue)]
        }
        text += "\n" + TextTable.keyValue(pairs)
        text += "\nthe replayed outline's distance to each keyframe's points:\n"
        text += TextTable.render(header: keyframeHeader(joint: fit.joint != nil), rows: keyframeRows(fit, pixelsPerUnit: s))
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

    /// The per-keyframe table's columns (profile.csv's names).
    static func keyframeHeader(joint: Bool) -> [String] {
        ["progress", "profile_rms", "profile_max", "profile_rms_px", "profile_max_px"]
            + (joint ? ["joint_rms", "joint_max", "joint_rms_px", "joint_max_px"] : [])
    }

    /// One row per keyframe (progress order): its distances as profile.csv has them, 6 digits.
    static func keyframeRows(_ fit: ProfileFit, pixelsPerUnit s: Double) -> [[String]] {
        fit.keyframes.indices.map { j in
            var v = [fit.keyframes[j].progress, fit.twoStageKeyframeRMS[j], fit.twoStageKeyframeMax[j],
                     s * fit.twoStageKeyframeRMS[j], s * fit.twoStageKeyframeMax[j]]
            if let joint = fit.joint {
                v += [joint.keyframeRMS[j], joint.keyframeMax[j], s * joint.keyframeRMS[j], s * joint.keyframeMax[j]]
            }
            return v.map { FitReport.format($0) }
        }
    }
}

import LeastSquares
import CSV
import Deform
import _Support

/// A `fit-profile` folder's `profile.csv`: one row per keyframe in progress order — the progress;
/// for each free parameter its fitted value, standard error, two-stage timing value (and joint
/// value); the RMS distances of the keyframe's points to its own fit, to the two-stage profile
/// (and to the joint one); the keyframe fit's status and file; then (appended later: no column
/// before them moved) the replayed outline's distance in more units — `pixels_per_unit` (S),
/// `profile_max`, `profile_rms_px`, `profile_max_px` and, with a joint fit, `joint_max`,
/// `joint_rms_px`, `joint_max_px`.
///
/// The profile distances are those of the keyframe's target points to the outline the profile
/// replays at the keyframe's progress (the model at the method's trajectories' values there:
/// two-stage for `profile_*`, joint for `joint_*`), each point to its nearest point on that
/// outline: `profile_rms` = √(Σ dᵢ²/N), `profile_max` = maxᵢ dᵢ over the keyframe's N points, in
/// model units; the `_px` columns are S × them, device pixels when a model unit is drawn S
/// pixels wide (`--pixels-per-unit`; not the pose parameter `scale`).
public struct ProfileKeyframeTable: Sendable {
    /// The file's name in the folder.
    public static let fileName = "profile.csv"

    /// The file's text for `fit`; `files[i]` is keyframe input i's entry in the `file` column;
    /// `pixelsPerUnit` (S, finite and > 0) the device pixels per model unit of the `_px` columns.
    public static func csvText(_ fit: ProfileFit, files: [String], pixelsPerUnit s: Double = 1) -> String {
        precondition(s.isFinite && s > 0, "ProfileKeyframeTable: pixels per unit must be finite and > 0")
        let names = fit.setup.freeNames
        let joint = fit.joint
        var header = ["progress"]
        for name in names {
            header += [name, name + "_stderr", name + "_timing"]
            if joint != nil { header.append(name + "_joint") }
        }
        header += ["fit_rms", "profile_rms"] + (joint != nil ? ["joint_rms"] : []) + ["status", "file"]
        header += ["pixels_per_unit", "profile_max", "profile_rms_px", "profile_max_px"]
            + (joint != nil ? ["joint_max", "joint_rms_px", "joint_max_px"] : [])
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
            row += [.double(s), .double(fit.twoStageKeyframeMax[j]), .double(s * fit.twoStageKeyframeRMS[j]),
                    .double(s * fit.twoStageKeyframeMax[j])]
            if let joint {
                row += [.double(joint.keyframeMax[j]), .double(s * joint.keyframeRMS[j]), .double(s * joint.keyframeMax[j])]
            }
            csv.appendRow(row)
        }
        return csv.text
    }

    /// The keyframes' progress values.
    public let progress: [Double]
    /// The table, for the keyframe values of a `keyframes` timing.
    let table: CSVTable

    /// Reads the `progress` column of `table`.
    public init(reading table: CSVTable) throws(ProfileFolderError) {
        self.table = table
        progress = try ProfileFolderError.reading { () throws(CSVError) in
            let column = try table.columnIndex("progress")
            return try table.rows.indices.map { r throws(CSVError) in try table.double(row: r, column: column) }
        }
    }

    /// The first keyframe whose own fit did not converge (its `status` not starting with
    /// `converged_`; a table without the column has none): where it is and how it ended.
    public var firstUnconvergedKeyframe: (location: String, status: String)? {
        guard let column = table.header.firstIndex(of: "status") else { return nil }
        for r in table.rows.indices {
            let status = String(table.string(row: r, column: column).trimmingWhitespace)
            if !status.isEmpty, !status.hasPrefix("converged_") {
                let file = table.header.firstIndex(of: "file").map { " (\(table.string(row: r, column: $0)))" } ?? ""
                return ("\(table.source) line \(table.lineNumbers[r])\(file)", status)
            }
        }
        return nil
    }

    /// The fitted keyframe values of free parameter `name` (its column), at ``progress``.
    public func keyframes(of name: String) throws(ProfileFolderError) -> [KeyframeTrack.Keyframe] {
        try ProfileFolderError.reading { () throws(CSVError) in
            let column = try table.columnIndex(name)
            return try table.rows.indices.map { j throws(CSVError) in
                KeyframeTrack.Keyframe(time: progress[j], value: try table.double(row: j, column: column))
            }
        }
    }
}

import LeastSquares
import CSV
import Deform
import _Support

/// A `fit-profile` folder's `timing.csv`: one row per free parameter and method (two-stage first,
/// then joint) — the contract's columns (``columns``), then the extras (``extras``: the method,
/// standard errors, χ²/ν, the method's `distance_rms` and the fit's `status`), then a spring's
/// platform values (``PlatformSpringColumns``, empty for other timings). The names are a file
/// layout others read: kept exactly; new columns only ever appended.
public enum ProfileTimingTable {
    /// The file's name in the folder.
    public static let fileName = "timing.csv"
    /// The contract's columns.
    public static let columns = ["parameter", "start", "end", "timing", "x1", "y1", "x2", "y2", "omega", "zeta", "v0", "rms"]
    /// The columns after the contract's, before the platform springs'.
    public static let extras = ["method", "start_stderr", "end_stderr", "x1_stderr", "y1_stderr", "x2_stderr", "y2_stderr",
                                "omega_stderr", "zeta_stderr", "v0_stderr", "reduced_chi2", "distance_rms", "status"]
    /// Every column, in order.
    public static var header: [String] { columns + extras + PlatformSpringColumns.names }

    /// The timing parameters' columns, in order.
    static let timingNames = ["x1", "y1", "x2", "y2", "omega", "zeta", "v0"]

    /// The file's text for `fit`, springs in platform terms over `duration` seconds.
    public static func csvText(_ fit: ProfileFit, duration: Double) -> String {
        var csv = CSVWriter(header: header)
        for method in TrajectoryFit.Method.allCases {
            guard let fits = fit.trajectories(method) else { continue }
            let distance = method == .twoStage ? fit.twoStageRMS : fit.joint?.rms ?? .nan
            for t in fits {
                let trajectory = t.trajectory
                let names = trajectory.kind.timingParameterNames
                func value(_ name: String) -> CSVField {
                    names.firstIndex(of: name).map { .double(trajectory.timingValues[$0]) } ?? .empty
                }
                func error(_ name: String) -> CSVField { t.standardError(of: name).map(CSVField.double) ?? .empty }
                var row: [CSVField] = [.text(t.parameter), .double(trajectory.start), .double(trajectory.end),
                                       .text(trajectory.kind.rawValue)]
                row += timingNames.map(value)
                row.append(.double(t.rms))
                row.append(.text(method.rawValue))
                row += (["start", "end"] + timingNames).map(error)
                row.append(t.reducedChiSquare.map(CSVField.double) ?? .empty)
                row.append(.double(distance))
                row.append(t.status.map { .text($0.rawValue) } ?? .empty)
                row += PlatformSpringColumns.fields(trajectory.timingFunction, duration: duration)
                csv.appendRow(row)
            }
        }
        return csv.text
    }

    /// Reads `table`: each method's trajectories in `setup`'s free-parameter order, a `keyframes`
    /// timing through `keyframes`' values. `status` and `distance_rms` are optional columns (a
    /// folder written before they were is still read).
    ///
    /// - Throws: ``ProfileFolderError`` naming the cell: a parameter that is not free, an
    ///   unknown method or timing, a value that is not a number or not a valid timing, a method
    ///   without a row for every free parameter, a parameter with two rows of one method, or no
    ///   rows at all.
    ///
    /// A `per-interval` row takes its keys from `intervals` (``ProfileIntervalTable``: their
    /// `from` and `to`) and their values from `keyframes`' rows at those progress values; a
    /// folder without `intervals.csv` cannot replay one.
    public static func read(_ table: CSVTable, setup: FitSetup, keyframes: ProfileKeyframeTable,
                            intervals: [ProfileIntervalTable.Row]? = nil) throws(ProfileFolderError) -> [TrajectoryFit.Method: [RecordedTrajectory]] {
        let column = try ProfileFolderError.reading { () throws(CSVError) in
            try table.requireColumns(columns + ["method"])
            return try ["parameter", "method", "timing", "start", "end"].map { c throws(CSVError) in try table.columnIndex(c) }
        }
        let statusColumn = table.header.firstIndex(of: "status")
        let distanceColumn = table.header.firstIndex(of: "distance_rms")
        var found: [TrajectoryFit.Method: [String: RecordedTrajectory]] = [:]
        for r in table.rows.indices {
            let name = String(table.string(row: r, column: column[0]).trimmingWhitespace)
            guard setup.freeNames.contains(name) else {
                throw ProfileFolderError(table.cellError(row: r, column: column[0],
                    "'\(name)' is not a free parameter of settings.csv (\(setup.freeNames.joined(separator: ", ")))"))
            }
            let methodText = table.string(row: r, column: column[1]).trimmingWhitespace
            guard let method = TrajectoryFit.Method(rawValue: String(methodText)) else {
                throw ProfileFolderError(table.cellError(row: r, column: column[1], "expected two-stage or joint"))
            }
            guard found[method]?[name] == nil else {
                throw ProfileFolderError(table.cellError(row: r, column: column[0],
                    "a second \(method.rawValue) row for '\(name)' (each parameter has one row per method)"))
            }
            let kindText = table.string(row: r, column: column[2]).trimmingWhitespace
            guard let kind = ProfileTimingKind(rawValue: String(kindText)) else {
                throw ProfileFolderError(table.cellError(row: r, column: column[2],
                    "expected \(ProfileTimingKind.allCases.map({ $0.rawValue }).joined(separator: ", "))"))
            }
            let trajectory: ParameterTrajectory
            if kind.isParametric {
                let unknowns = try ProfileFolderError.reading { () throws(CSVError) in
                    var unknowns = [try table.double(row: r, column: column[3]), try table.double(row: r, column: column[4])]
                    for t in kind.timingParameterNames { unknowns.append(try table.double(row: r, column: try table.columnIndex(t))) }
                    return unknowns
                }
                trajectory = try ProfileFolderError.reading(table.cellLocation(row: r, column: column[2])) { () throws(TimingError) in
                    try ParameterTrajectory(kind: kind, unknowns: unknowns)
                }
            } else if kind == .perInterval {
                guard let intervals else {
                    throw ProfileFolderError(table.cellError(row: r, column: column[2],
                        "a per-interval timing needs the folder's \(ProfileIntervalTable.fileName) (run fit-profile again to write it)"))
                }
                let all = try keyframes.keyframes(of: name)
                var keys: [KeyframeTrack.Keyframe] = []
                for time in [intervals[0].from] + intervals.map({ $0.to }) {
                    guard let key = all.first(where: { $0.time == time }) else {
                        throw ProfileFolderError(table.cellError(row: r, column: column[2],
                            "\(ProfileIntervalTable.fileName) has a key at progress \(ShortestDecimal.format(time)), which \(ProfileKeyframeTable.fileName) has no row for"))
                    }
                    keys.append(key)
                }
                trajectory = try ProfileFolderError.reading(table.cellLocation(row: r, column: column[2])) { () throws(TimingError) in
                    try ParameterTrajectory(keys: keys, easings: intervals.map({ $0.easing }))
                }
            } else {
                let values = try keyframes.keyframes(of: name)
                trajectory = try ProfileFolderError.reading(table.cellLocation(row: r, column: column[2])) { () throws(TimingError) in
                    try ParameterTrajectory(keyframes: values)
                }
            }
            let status = statusColumn.map { String(table.string(row: r, column: $0).trimmingWhitespace) } ?? ""
            let distance = try distanceColumn.flatMap { c throws(ProfileFolderError) -> Double? in
                table.string(row: r, column: c).trimmingWhitespace.isEmpty ? nil
                    : try ProfileFolderError.reading { () throws(CSVError) in try table.double(row: r, column: c, allowNonFinite: true) }
            }
            found[method, default: [:]][name] = RecordedTrajectory(parameter: name, method: method, trajectory: trajectory,
                                                                   status: status, distanceRMS: distance)
        }
        var trajectories: [TrajectoryFit.Method: [RecordedTrajectory]] = [:]
        for (method, byName) in found {
            let missing = setup.freeNames.filter { byName[$0] == nil }
            guard missing.isEmpty else {
                throw ProfileFolderError(CSVError(.columns, source: table.source,
                                                  reason: "no \(method.rawValue) row for \(missing.joined(separator: ", "))"))
            }
            trajectories[method] = setup.freeNames.compactMap { byName[$0] }
        }
        guard !trajectories.isEmpty else {
            throw ProfileFolderError(CSVError(.columns, source: table.source, reason: "no trajectory rows"))
        }
        return trajectories
    }
}
